// Gather (by byte offsets), Gatherb (32 B blocks by byte offsets), GatherMask (compaction by a bit
// pattern) and CreateVecIndex: count and level-0 forms. These move bytes, not numbers, so any
// element width the chip lists works, including int16_t/uint16_t. Runs element by element
// (simulator/src/runtime/vector_gather.cc).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector_mask.h"

namespace AscendC {

// Reserved by Ascend C for later versions of the instruction; both behave the same.
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;
// The spelling of CANN's 8.0 headers, which older kernels name.
constexpr GatherMaskMode defaultGahterMaskMode = defaultGatherMaskMode;

// Strides in 32 B blocks; repeatTimes repeats (normal mode: 256 B of src0 each).
struct GatherMaskParams {
  GatherMaskParams() = default;
  GatherMaskParams(uint8_t src0BlockStrideIn, uint16_t repeatTimesIn, uint16_t src0RepeatStrideIn,
                   uint8_t src1RepeatStrideIn)
      : src0BlockStride(src0BlockStrideIn),
        repeatTimes(repeatTimesIn),
        src0RepeatStride(src0RepeatStrideIn),
        src1RepeatStride(src1RepeatStrideIn) {}
  uint8_t src0BlockStride = 1;
  uint16_t repeatTimes = 0;
  uint16_t src0RepeatStride = 0;
  uint8_t src1RepeatStride = 0;
};

// Gatherb's strides in 32 B blocks (dstBlkStride 0 is taken as 1). The other fields are
// reserved by CANN ("已废弃，不对其进行业务处理") and have no effect.
struct GatherRepeatParams {
  GatherRepeatParams() = default;
  GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
      : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
  uint32_t blockNumber = 8;
  uint16_t dstRepStride = 8;
  uint8_t dstBlkStride = 1;
  uint8_t src0BlkStride = 1;
  uint8_t src1BlkStride = 1;
  uint8_t src0RepStride = 8;
  uint8_t src1RepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
};

}  // namespace AscendC

namespace opsim::sim::detail {

template <typename T>
constexpr bool kIsGatherElem = sizeof(T) == 2 || sizeof(T) == 4;

// Gather count form: dst[i] = the element at byte srcBase + offset[i] of src.
void GatherCount(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t src_base,
                 uint32_t elem_bytes, uint32_t count);
// Level-0: lane i of repeat r reads offset[r * lanes + i] and writes dst at
// r * dstRepStride blocks + i elements (lanes = 256 B / sizeof(T)).
void GatherRepeat(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t src_base,
                  uint32_t elem_bytes, const MaskArg& mask, int32_t repeat, uint16_t dst_rep);

// Gatherb: repeat r, block j moves the 32 B at byte offset[r * 8 + j] of src to dst block
// r * dstRepStride + j * dstBlkStride.
void GatherbRun(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t repeat,
                uint32_t dst_blk, uint32_t dst_rep);

struct GatherMaskArgs {
  uint32_t elem_bytes;
  bool reduce_mode;   // counter mode: `mask` elements per repeat
  uint32_t mask;      // ignored in normal mode
  uint8_t pattern;    // 1..7: a built-in pattern; 0: the pattern tensor
  const UbRef* bits;  // the pattern tensor (pattern == 0)
  AscendC::GatherMaskParams params;
};
// Returns the number of elements written to dst (rsvdCnt).
uint64_t GatherMaskRun(const UbRef& dst, const UbRef& src0, const GatherMaskArgs& args);

// CreateVecIndex: `write` stores first + k at element `at` of dst for k = 0, 1, ...
using IndexWriter = void (*)(uint8_t* dst, uint64_t at, const void* first, uint64_t k);
void VecIndexCount(const UbRef& dst, uint32_t elem_bytes, IndexWriter write, const void* first,
                   uint32_t count);
void VecIndexRepeat(const UbRef& dst, uint32_t elem_bytes, IndexWriter write, const void* first,
                    const MaskArg& mask, int32_t repeat, uint16_t blk_stride, uint8_t rep_stride);

template <typename T>
void WriteIndex(uint8_t* dst, uint64_t at, const void* first, uint64_t k) {
  T v;
  if constexpr (std::is_integral_v<T>) {
    // Integers wrap as the chip's integer adder does.
    using U = std::make_unsigned_t<T>;
    v = static_cast<T>(static_cast<U>(*static_cast<const T*>(first)) + static_cast<U>(k));
  } else {
    // One rounding of first + k (exact in float32 for the lane counts an instruction reaches).
    v = static_cast<T>(static_cast<float>(*static_cast<const T*>(first)) + static_cast<float>(k));
  }
  std::memcpy(dst + at * sizeof(T), static_cast<const void*>(&v), sizeof(T));
}

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
            const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
            const uint32_t count) {
  static_assert(opsim::sim::detail::kIsGatherElem<PrimT<T>>, "Gather takes 16- or 32-bit elements");
  OPSIM_A2_TAKES(kGather, PrimT<T>, "Gather");
  opsim::sim::detail::GatherCount(dst.ref(), src.ref(), srcOffset.ref(), srcBaseAddr,
                                  sizeof(PrimT<T>), count);
}
#define OPSIM_GATHER_L0(MaskType)                                                                \
  template <typename T>                                                                          \
  void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,                              \
              const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr, MaskType mask, \
              const uint8_t repeatTimes, const uint16_t dstRepStride) {                          \
    static_assert(opsim::sim::detail::kIsGatherElem<PrimT<T>>,                                   \
                  "Gather takes 16- or 32-bit elements");                                        \
    OPSIM_A2_TAKES(kGather, PrimT<T>, "Gather");                                                 \
    opsim::sim::detail::GatherRepeat(dst.ref(), src.ref(), srcOffset.ref(), srcBaseAddr,         \
                                     sizeof(PrimT<T>), opsim::sim::detail::MaskOf<true>(mask),   \
                                     repeatTimes, dstRepStride);                                 \
  }
OPSIM_GATHER_L0(const uint64_t*)
OPSIM_GATHER_L0(const uint64_t)
#undef OPSIM_GATHER_L0

// 8 blocks of 32 B per repeat, each from its own byte offset of src. uint16_t and uint32_t: the
// types CANN lists for the A2/A3 generation. Like CANN's implementation, it resets the vector
// mask first (every lane on).
template <typename T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src,
             const LocalTensor<uint32_t>& offset, const uint8_t repeatTime,
             const GatherRepeatParams& repeatParams) {
  static_assert(std::is_same_v<PrimT<T>, uint16_t> || std::is_same_v<PrimT<T>, uint32_t>,
                "Gatherb takes uint16_t or uint32_t on the 910B generation");
  ResetMask();
  opsim::sim::detail::GatherbRun(dst.ref(), src.ref(), offset.ref(), repeatTime,
                                 repeatParams.dstBlkStride, repeatParams.dstRepStride);
}

// The pattern tensor's bits choose src0's elements (bit i of a repeat: element i).
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                const LocalTensor<U>& src1Pattern, const bool reduceMode, const uint32_t mask,
                const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt) {
  static_assert(opsim::sim::detail::kIsGatherElem<PrimT<T>>,
                "GatherMask takes 16- or 32-bit elements");
  OPSIM_A2_TAKES(kGather, PrimT<T>, "GatherMask");
  static_assert(std::is_same_v<PrimT<U>, uint16_t> || std::is_same_v<PrimT<U>, uint32_t>,
                "GatherMask's src1Pattern is uint16_t or uint32_t");
  static_assert(sizeof(PrimT<U>) == sizeof(PrimT<T>),
                "GatherMask's src1Pattern is uint16_t for 16-bit elements, uint32_t for 32-bit");
  const opsim::sim::detail::GatherMaskArgs args{sizeof(PrimT<T>),   reduceMode,      mask, 0,
                                                &src1Pattern.ref(), gatherMaskParams};
  rsvdCnt = opsim::sim::detail::GatherMaskRun(dst.ref(), src0.ref(), args);
}
// A built-in pattern: 1 even elements, 2 odd, 3..6 element 0..3 of every four, 7 all.
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                const bool reduceMode, const uint32_t mask,
                const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt) {
  static_assert(opsim::sim::detail::kIsGatherElem<PrimT<T>>,
                "GatherMask takes 16- or 32-bit elements");
  OPSIM_A2_TAKES(kGather, PrimT<T>, "GatherMask");
  const opsim::sim::detail::GatherMaskArgs args{sizeof(PrimT<T>), reduceMode, mask,
                                                src1Pattern,      nullptr,    gatherMaskParams};
  rsvdCnt = opsim::sim::detail::GatherMaskRun(dst.ref(), src0.ref(), args);
}

template <typename T>
void CreateVecIndex(const LocalTensor<T>& dst, const T& firstValue, const uint32_t count) {
  static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t> ||
                    std::is_same_v<T, half> || std::is_same_v<T, float>,
                "CreateVecIndex takes int16_t, int32_t, half or float");
  opsim::sim::detail::VecIndexCount(dst.ref(), sizeof(T), opsim::sim::detail::WriteIndex<T>,
                                    &firstValue, count);
}
#define OPSIM_VEC_INDEX_L0(MaskType)                                                            \
  template <typename T>                                                                         \
  void CreateVecIndex(const LocalTensor<T>& dst, const T& firstValue, MaskType mask,            \
                      const uint8_t repeatTimes, const uint16_t dstBlkStride,                   \
                      const uint8_t dstRepStride) {                                             \
    static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t> ||                   \
                      std::is_same_v<T, half> || std::is_same_v<T, float>,                      \
                  "CreateVecIndex takes int16_t, int32_t, half or float");                      \
    opsim::sim::detail::VecIndexRepeat(dst.ref(), sizeof(T), opsim::sim::detail::WriteIndex<T>, \
                                       &firstValue, opsim::sim::detail::MaskOf<true>(mask),     \
                                       repeatTimes, dstBlkStride, dstRepStride);                \
  }
OPSIM_VEC_INDEX_L0(const uint64_t*)
OPSIM_VEC_INDEX_L0(const uint64_t)
#undef OPSIM_VEC_INDEX_L0

}  // namespace AscendC
