// AddReluCast, SubReluCast, MulCast and AddDeqRelu: an add, subtract or multiply and a conversion
// in one instruction, count and level-0 forms, with the pairs CANN lists for the 910B and 310P
// (src -> dst): AddReluCast/SubReluCast float -> half, half -> int8_t, int16_t -> int8_t;
// MulCast half -> int8_t, uint8_t; AddDeqRelu int32_t -> half (with SetDeqScale's scale). The
// numerics are vec::FusedCast's (opsim/sim/vector_fused_cast_unit.h). Level-0 forms: the source
// (the wider type) sets the lanes per repeat; each operand strides in blocks of its own type.
// MulAddDst<T, U> too: CANN declares it with a dst type T and a source type U, the same-type
// forms running vec::Fused, half sources into a float dst vec::MulAddDstHalfToFloat.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_math.h"
#include "opsim/sim/vector_fused_cast_unit.h"

namespace opsim::sim::detail {

struct FusedCastCtx {
  vec::FusedCastOp op;
  DType src;
  DType dst;
  float deq_scale;  // AddDeqRelu: the DEQSCALE register at the call
};
// The lane kernel (sources a, b; n results of ctx.dst).
void FusedCastLanes(const void* ctx, uint8_t* dst, const uint8_t* const* srcs, size_t n);
// The count form (a negative count is a fault).
void FusedCastCount(const char* name, vec::FusedCastOp op, const UbRef& dst, DType dst_type,
                    uint32_t dst_eb, const UbRef& a, const UbRef& b, DType src_type,
                    uint32_t src_eb, int64_t count);
// The level-0 form: d and s[2] carry their own element sizes.
void FusedCastRepeat(const char* name, vec::FusedCastOp op, DType src_type, DType dst_type,
                     uint32_t src_eb, const MaskArg& mask, uint8_t repeat, const RepeatOperand& d,
                     const RepeatOperand* s);

template <typename T, typename U>
constexpr bool kReluCastPair = (std::is_same_v<T, half> && std::is_same_v<U, float>) ||
                               (std::is_same_v<T, int8_t> && std::is_same_v<U, half>) ||
                               (std::is_same_v<T, int8_t> && std::is_same_v<U, int16_t>);
template <typename T, typename U>
constexpr bool kMulCastPair = std::is_same_v<U, half> &&
                              (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>);
template <typename T, typename U>
constexpr bool kDeqReluPair = std::is_same_v<T, half>&& std::is_same_v<U, int32_t>;

template <typename T, typename U>
void FusedCast0(const char* name, vec::FusedCastOp op, const AscendC::LocalTensor<T>& dst,
                const AscendC::LocalTensor<U>& a, const AscendC::LocalTensor<U>& b,
                const MaskArg& mask, uint8_t repeat, const AscendC::BinaryRepeatParams& p) {
  using D = AscendC::PrimT<T>;  // a TensorTrait named as the API's template argument
  using S = AscendC::PrimT<U>;
  const RepeatOperand d{dst.ref(), p.dstBlkStride, p.dstRepStride, sizeof(D)};
  const RepeatOperand s[2] = {{a.ref(), p.src0BlkStride, p.src0RepStride, sizeof(S)},
                              {b.ref(), p.src1BlkStride, p.src1RepStride, sizeof(S)}};
  FusedCastRepeat(name, op, AscendC::DTypeOf<S>(), AscendC::DTypeOf<D>(), sizeof(S), mask, repeat,
                  d, s);
}

template <typename T, typename U>
void FusedCastN(const char* name, vec::FusedCastOp op, const AscendC::LocalTensor<T>& dst,
                const AscendC::LocalTensor<U>& a, const AscendC::LocalTensor<U>& b, int64_t count) {
  using D = AscendC::PrimT<T>;
  using S = AscendC::PrimT<U>;
  FusedCastCount(name, op, dst.ref(), AscendC::DTypeOf<D>(), sizeof(D), a.ref(), b.ref(),
                 AscendC::DTypeOf<S>(), sizeof(S), count);
}

// MulAddDst of half sources into a float dst (64 lanes a repeat); the page allows no overlap of
// dst with a source in this form, a fault here.
void MulAddDstMixedCount(const UbRef& dst, const UbRef& a, const UbRef& b, int64_t count);
void MulAddDstMixedRepeat(const MaskArg& mask, uint8_t repeat, const RepeatOperand& d,
                          const RepeatOperand* s);

// The pairs opsim computes: one float type, or half into float. Which of them the chip takes is
// OPSIM_A2_TAKES_PAIR's (the 910B: half, float, half -> float).
template <typename T, typename U>
constexpr bool kMulAddDstPair = (std::is_same_v<T, U> && kIsFloatElem<T>) ||
                                (std::is_same_v<T, float> && std::is_same_v<U, half>);

template <typename T, typename U>
void MulAddDst0(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& a,
                const AscendC::LocalTensor<U>& b, const MaskArg& mask, uint8_t repeat,
                const AscendC::BinaryRepeatParams& p) {
  if constexpr (std::is_same_v<T, U>) {
    Fused0<false>(vec::FusedOp::kMulAddDst, "MulAddDst", dst, a, b, mask, repeat, p);
  } else {
    const RepeatOperand d{dst.ref(), p.dstBlkStride, p.dstRepStride, sizeof(T)};
    const RepeatOperand s[2] = {{a.ref(), p.src0BlkStride, p.src0RepStride, sizeof(U)},
                                {b.ref(), p.src1BlkStride, p.src1RepStride, sizeof(U)}};
    MulAddDstMixedRepeat(mask, repeat, d, s);
  }
}

}  // namespace opsim::sim::detail

namespace AscendC {

#define OPSIM_MUL_ADD_DST_PAIR(T, U)                                                 \
  static_assert(opsim::sim::detail::kMulAddDstPair<T, U>,                            \
                "MulAddDst takes one float type, or half sources into a float dst"); \
  OPSIM_A2_TAKES_PAIR(kMulAddDst, U, T, "MulAddDst")

// dst = src0 * src1 + dst, T the dst's element type and U the sources' (either may be a
// TensorTrait, as CANN's PrimT<T> takes it).
template <typename T, typename U>
void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
               const int32_t& count) {
  OPSIM_TRAITS_AS_PRIM(T, U, MulAddDst<PrimT<T>, PrimT<U>>(dst, src0, src1, count)) {
    OPSIM_MUL_ADD_DST_PAIR(T, U);
    if constexpr (std::is_same_v<T, U>) {
      opsim::sim::detail::FusedCount<false>(opsim::sim::vec::FusedOp::kMulAddDst, "MulAddDst", dst,
                                            src0, src1.data(), &src1.ref(), true, count);
    } else {
      opsim::sim::detail::MulAddDstMixedCount(dst.ref(), src0.ref(), src1.ref(), count);
    }
  }
}
template <typename T, typename U, bool isSetMask = true>
void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
               const uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {
  OPSIM_TRAITS_AS_PRIM(
      T, U, MulAddDst<PrimT<T>, PrimT<U>, isSetMask>(dst, src0, src1, mask, repeatTime, p)) {
    OPSIM_MUL_ADD_DST_PAIR(T, U);
    opsim::sim::detail::MulAddDst0(dst, src0, src1, opsim::sim::detail::MaskOf<isSetMask>(mask),
                                   repeatTime, p);
  }
}
template <typename T, typename U, bool isSetMask = true>
void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
               const uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p) {
  OPSIM_TRAITS_AS_PRIM(
      T, U, MulAddDst<PrimT<T>, PrimT<U>, isSetMask>(dst, src0, src1, mask, repeatTime, p)) {
    OPSIM_MUL_ADD_DST_PAIR(T, U);
    opsim::sim::detail::MulAddDst0(dst, src0, src1, opsim::sim::detail::MaskOf<isSetMask>(mask),
                                   repeatTime, p);
  }
}
#undef OPSIM_MUL_ADD_DST_PAIR

#define OPSIM_FUSED_CAST(Name, Op, Pair, Rule)                                                   \
  template <typename T, typename U>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,   \
            const uint32_t count) {                                                              \
    static_assert(opsim::sim::detail::Pair<PrimT<T>, PrimT<U>>, #Name Rule);                     \
    opsim::sim::detail::FusedCastN(#Name, opsim::sim::vec::FusedCastOp::Op, dst, src0, src1,     \
                                   count);                                                       \
  }                                                                                              \
  template <typename T, typename U, bool isSetMask = true>                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,   \
            const uint64_t mask[], const uint8_t repeatTimes, const BinaryRepeatParams& p) {     \
    static_assert(opsim::sim::detail::Pair<PrimT<T>, PrimT<U>>, #Name Rule);                     \
    opsim::sim::detail::FusedCast0(#Name, opsim::sim::vec::FusedCastOp::Op, dst, src0, src1,     \
                                   opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes, p); \
  }                                                                                              \
  template <typename T, typename U, bool isSetMask = true>                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,   \
            const uint64_t mask, const uint8_t repeatTimes, const BinaryRepeatParams& p) {       \
    static_assert(opsim::sim::detail::Pair<PrimT<T>, PrimT<U>>, #Name Rule);                     \
    opsim::sim::detail::FusedCast0(#Name, opsim::sim::vec::FusedCastOp::Op, dst, src0, src1,     \
                                   opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes, p); \
  }
OPSIM_FUSED_CAST(AddReluCast, kAddRelu, kReluCastPair,
                 " converts float to half, half to int8_t or int16_t to int8_t")
OPSIM_FUSED_CAST(SubReluCast, kSubRelu, kReluCastPair,
                 " converts float to half, half to int8_t or int16_t to int8_t")
OPSIM_FUSED_CAST(MulCast, kMul, kMulCastPair, " converts half to int8_t or uint8_t")
#undef OPSIM_FUSED_CAST

// AddDeqRelu's documented forms: dst = max(deq(src0 + src1), 0), deq the SetDeqScale(half) scale.
inline void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                       const LocalTensor<int32_t>& src1, const int32_t& count) {
  opsim::sim::detail::FusedCastN("AddDeqRelu", opsim::sim::vec::FusedCastOp::kAddDeqRelu, dst, src0,
                                 src1, count);
}
template <bool isSetMask = true>
void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                const LocalTensor<int32_t>& src1, const uint64_t mask[], const uint8_t repeatTime,
                const BinaryRepeatParams& p) {
  opsim::sim::detail::FusedCast0("AddDeqRelu", opsim::sim::vec::FusedCastOp::kAddDeqRelu, dst, src0,
                                 src1, opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTime, p);
}
template <bool isSetMask = true>
void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                const LocalTensor<int32_t>& src1, const uint64_t mask, const uint8_t repeatTime,
                const BinaryRepeatParams& p) {
  opsim::sim::detail::FusedCast0("AddDeqRelu", opsim::sim::vec::FusedCastOp::kAddDeqRelu, dst, src0,
                                 src1, opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTime, p);
}
// The (T, U) forms: CANN's spelling for TensorTrait operands, the same instruction.
template <typename T, typename U>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                const int32_t& count) {
  static_assert(opsim::sim::detail::kDeqReluPair<PrimT<T>, PrimT<U>>,
                "AddDeqRelu adds int32_t into half");
  opsim::sim::detail::FusedCastN("AddDeqRelu", opsim::sim::vec::FusedCastOp::kAddDeqRelu, dst, src0,
                                 src1, count);
}
template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                const uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p) {
  static_assert(opsim::sim::detail::kDeqReluPair<PrimT<T>, PrimT<U>>,
                "AddDeqRelu adds int32_t into half");
  AddDeqRelu<isSetMask>(dst, src0, src1, mask, repeatTime, p);
}
template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                const uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p) {
  static_assert(opsim::sim::detail::kDeqReluPair<PrimT<T>, PrimT<U>>,
                "AddDeqRelu adds int32_t into half");
  AddDeqRelu<isSetMask>(dst, src0, src1, mask, repeatTime, p);
}

}  // namespace AscendC
