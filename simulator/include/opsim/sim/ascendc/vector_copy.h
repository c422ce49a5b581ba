// Copy: UB -> UB on the V pipe, level-0 form (mask, repeatTimes, CopyRepeatParams). Moves bits,
// so 16- and 32-bit elements of any kind, int16_t/uint16_t included.
#pragma once

#include <cstdint>
#include <cstring>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/vector_mask.h"

namespace AscendC {

// Strides in 32 B blocks: between a repeat's blocks (dstStride, srcStride) and between repeats
// (dstRepeatSize, srcRepeatSize).
struct CopyRepeatParams {
  CopyRepeatParams() = default;
  CopyRepeatParams(uint16_t dstStrideIn, uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                   uint16_t srcRepeatSizeIn)
      : dstStride(dstStrideIn),
        srcStride(srcStrideIn),
        dstRepeatSize(dstRepeatSizeIn),
        srcRepeatSize(srcRepeatSizeIn) {}
  uint16_t dstStride = 1;
  uint16_t srcStride = 1;
  uint16_t dstRepeatSize = 8;
  uint16_t srcRepeatSize = 8;
};

}  // namespace AscendC

namespace opsim::sim::detail {
struct CopyCtx {
  uint32_t elem_bytes;
};
inline void CopyLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  std::memcpy(d, s[0], n * static_cast<const CopyCtx*>(c)->elem_bytes);
}
template <typename T>
void CopyRepeat(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                const MaskArg& mask, uint8_t repeat, const AscendC::CopyRepeatParams& p) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Copy takes 16- or 32-bit elements");
  const CopyCtx ctx{sizeof(T)};
  if (!Cur().mask_counter) {
    const RepeatOperand d{dst.ref(), p.dstStride, p.dstRepeatSize};
    const RepeatOperand s{src.ref(), p.srcStride, p.srcRepeatSize};
    RunRepeat("Copy", sizeof(T), mask, repeat, d, &s, 1, CopyLanes, &ctx);
    return;
  }
  // Counter mode: the count's blocks follow one another at the block stride (each group of 8
  // blocks 8 x stride on), and each of repeatTime repeats copies the whole count again from
  // its repeat size on: CANN's model of the A2 instruction (asc-devkit dav_3510
  // VecCopyLevel0VFImpl; the copy_ub2ub sample's golden and README: repeatTime x mask elements).
  constexpr uint32_t kPerBlock = 32 / sizeof(T);
  for (uint32_t r = 0; r < repeat; ++r) {
    const RepeatOperand d{dst[r * p.dstRepeatSize * kPerBlock].ref(), p.dstStride,
                          8u * p.dstStride};
    const RepeatOperand s{src[r * p.srcRepeatSize * kPerBlock].ref(), p.srcStride,
                          8u * p.srcStride};
    RunRepeat("Copy", sizeof(T), mask, 1, d, &s, 1, CopyLanes, &ctx);
  }
}
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
          const uint8_t repeatTimes, const CopyRepeatParams& repeatParams) {
  opsim::sim::detail::CopyRepeat<PrimT<T>>(dst, src, opsim::sim::detail::MaskOf<isSetMask>(mask),
                                           repeatTimes, repeatParams);
}
template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask,
          const uint8_t repeatTimes, const CopyRepeatParams& repeatParams) {
  opsim::sim::detail::CopyRepeat<PrimT<T>>(dst, src, opsim::sim::detail::MaskOf<isSetMask>(mask),
                                           repeatTimes, repeatParams);
}

}  // namespace AscendC
