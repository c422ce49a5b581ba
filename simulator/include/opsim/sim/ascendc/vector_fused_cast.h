// AddReluCast and SubReluCast: dst = convert(max(a op b, 0)) in one instruction, count and
// level-0 forms. Pairs (src -> dst): float -> half, half -> int8_t. The sum or difference is
// exact in float32 for these sources; float -> half rounds to nearest even (Cast's CAST_NONE);
// half -> int8_t rounds the result to half, then converts as Cast half -> int8_t with CAST_NONE.
// (int16_t -> int8_t, which Ascend C also lists, is not modelled: 16-bit integers have no dtype
// in the vector unit yet.)
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/vector_mask.h"

namespace opsim::sim::detail {

struct FusedCastCtx {
  bool sub;
  DType src;
  DType dst;
};
// The lane kernel (sources a, b; n results of ctx.dst).
void FusedCastLanes(const void* ctx, uint8_t* dst, const uint8_t* const* srcs, size_t n);
void FusedCastCount(const char* name, const FusedCastCtx& ctx, const UbRef& dst, uint32_t dst_eb,
                    const UbRef& a, const UbRef& b, uint32_t src_eb, uint32_t count);

template <typename T, typename U>
constexpr bool kFusedCastPair = (std::is_same_v<T, half> && std::is_same_v<U, float>) ||
                                (std::is_same_v<T, int8_t> && std::is_same_v<U, half>);

template <typename T, typename U>
void FusedCast0(const char* name, bool sub, const AscendC::LocalTensor<T>& dst,
                const AscendC::LocalTensor<U>& a, const AscendC::LocalTensor<U>& b,
                const MaskArg& mask, uint8_t repeat, const AscendC::BinaryRepeatParams& p) {
  static_assert(kFusedCastPair<T, U>,
                "AddReluCast/SubReluCast convert float to half or half to int8_t");
  const FusedCastCtx ctx{sub, AscendC::DTypeOf<U>(), AscendC::DTypeOf<T>()};
  // The source (the wider type) sets the lanes per repeat; each operand strides in its own type.
  const RepeatOperand d{dst.ref(), p.dstBlkStride, p.dstRepStride, sizeof(T)};
  const RepeatOperand s[2] = {{a.ref(), p.src0BlkStride, p.src0RepStride, sizeof(U)},
                              {b.ref(), p.src1BlkStride, p.src1RepStride, sizeof(U)}};
  RunRepeat(name, sizeof(U), mask, repeat, d, s, 2, FusedCastLanes, &ctx);
}

}  // namespace opsim::sim::detail

namespace AscendC {

#define OPSIM_FUSED_CAST(Name, Sub)                                                              \
  template <typename T, typename U>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,   \
            const uint32_t count) {                                                              \
    static_assert(opsim::sim::detail::kFusedCastPair<T, U>,                                      \
                  #Name " converts float to half or half to int8_t");                            \
    const opsim::sim::detail::FusedCastCtx ctx{Sub, DTypeOf<U>(), DTypeOf<T>()};                 \
    opsim::sim::detail::FusedCastCount(#Name, ctx, dst.ref(), sizeof(T), src0.ref(), src1.ref(), \
                                       sizeof(U), count);                                        \
  }                                                                                              \
  template <typename T, typename U, bool isSetMask = true>                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,   \
            const uint64_t mask[], const uint8_t repeatTimes, const BinaryRepeatParams& p) {     \
    opsim::sim::detail::FusedCast0(#Name, Sub, dst, src0, src1,                                  \
                                   opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes, p); \
  }                                                                                              \
  template <typename T, typename U, bool isSetMask = true>                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,   \
            const uint64_t mask, const uint8_t repeatTimes, const BinaryRepeatParams& p) {       \
    opsim::sim::detail::FusedCast0(#Name, Sub, dst, src0, src1,                                  \
                                   opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes, p); \
  }
OPSIM_FUSED_CAST(AddReluCast, false)
OPSIM_FUSED_CAST(SubReluCast, true)
#undef OPSIM_FUSED_CAST

}  // namespace AscendC
