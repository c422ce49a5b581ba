// Math, activation and logic instructions (count forms) and the level-0 (mask, repeatTimes,
// RepeatParams) forms of every elementwise instruction. Numerics: opsim/sim/vector_unit.h.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::detail {
[[noreturn]] void RaiseBadCount(const char* instr, int64_t count, const char* rule);
// Cast's level-0 forms between half and int4b_t (vector_cast_int4.cc): to_int4 half -> int4b_t.
void CastInt4Repeat(const UbRef& dst, const UbRef& src, bool to_int4, AscendC::RoundMode mode,
                    const MaskArg& mask, int32_t repeat, const AscendC::UnaryRepeatParams& p);

template <typename T>
constexpr bool kIsFloatElem = std::is_same_v<T, float> || std::is_same_v<T, half> ||
                              std::is_same_v<T, bfloat16_t> || std::is_same_v<T, double>;
template <typename T>
constexpr bool kIsIntElem = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Lane kernels (non-template, so each is compiled once) and their contexts.
struct MathCtx {
  vec::MathOp op;
  DType dtype;
};
inline void MathLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const MathCtx*>(c);
  vec::Math(x->op, x->dtype, d, s[0], n);
}
struct AbsCtx {
  DType dtype;
};
inline void AbsLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  vec::Unary(vec::UnaryOp::kAbs, static_cast<const AbsCtx*>(c)->dtype, d, s[0], n);
}
struct BinaryCtx {
  vec::BinaryOp op;
  DType dtype;
};
inline void BinaryLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const BinaryCtx*>(c);
  vec::Binary(x->op, x->dtype, d, s[0], s[1], n);
}
struct ScalarCtx {
  vec::ScalarOp op;
  DType dtype;
  const void* scalar;
};
inline void ScalarLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const ScalarCtx*>(c);
  vec::Scalar(x->op, x->dtype, d, s[0], x->scalar, n);
}
struct BitCtx {
  vec::BitOp op;
  size_t bytes;
};
inline void BitLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const BitCtx*>(c);
  vec::Bitwise(x->op, x->bytes, d, s[0], x->op == vec::BitOp::kNot ? s[0] : s[1], n);
}
struct ShiftCtx {
  bool left;
  size_t bytes;
  bool is_signed;
  uint32_t shift;
};
inline void ShiftLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const ShiftCtx*>(c);
  vec::Shift(x->left, x->bytes, x->is_signed, d, s[0], x->shift, n);
}
struct LeakyCtx {
  DType dtype;
  double alpha;
};
inline void LeakyLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const LeakyCtx*>(c);
  vec::LeakyRelu(x->dtype, d, s[0], x->alpha, n);
}

struct CastCtx {
  DType dst;
  DType src;
  vec::Round round;
  bool deq;  // int32 -> half with CAST_NONE: scale by DEQSCALE
  float deq_scale;
};
inline void CastLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const CastCtx*>(c);
  if (x->deq) {
    vec::DeqInt32ToHalf(reinterpret_cast<uint16_t*>(d), reinterpret_cast<const int32_t*>(s[0]),
                        x->deq_scale, n);
    return;
  }
  vec::Cast(x->dst, d, x->src, s[0], x->round, n);
}
struct FillCtx {
  DType dtype;
  const void* value;
};
inline void FillLanes(const void* c, uint8_t* d, const uint8_t* const*, size_t n) {
  const auto* x = static_cast<const FillCtx*>(c);
  vec::Fill(x->dtype, d, x->value, n);
}

// Count form of a one-source instruction through a lane kernel.
template <typename T>
void UnaryCount(const char* name, LaneKernel kernel, const void* ctx,
                const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                int32_t count) {
  if (count < 0) RaiseBadCount(name, count, "count must be >= 0");
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  VectorOpLanes(name, dst.ref(), bytes, &src.ref(), &bytes, 1, static_cast<uint64_t>(count), [&] {
    const uint8_t* s[1] = {reinterpret_cast<const uint8_t*>(src.data())};
    kernel(ctx, reinterpret_cast<uint8_t*>(dst.data()), s, static_cast<size_t>(count));
  });
}
template <typename T>
void BinaryCount(const char* name, LaneKernel kernel, const void* ctx,
                 const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& a,
                 const AscendC::LocalTensor<T>& b, int32_t count) {
  if (count < 0) RaiseBadCount(name, count, "count must be >= 0");
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  const UbRef srcs[2] = {a.ref(), b.ref()};
  const uint64_t src_bytes[2] = {bytes, bytes};
  VectorOpLanes(name, dst.ref(), bytes, srcs, src_bytes, 2, static_cast<uint64_t>(count), [&] {
    const uint8_t* s[2] = {reinterpret_cast<const uint8_t*>(a.data()),
                           reinterpret_cast<const uint8_t*>(b.data())};
    kernel(ctx, reinterpret_cast<uint8_t*>(dst.data()), s, static_cast<size_t>(count));
  });
}

template <typename T>
void Unary0(const char* name, LaneKernel kernel, const void* ctx,
            const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
            const MaskArg& mask, uint8_t repeat, const AscendC::UnaryRepeatParams& p) {
  const RepeatOperand d{dst.ref(), p.dstBlkStride, p.dstRepStride};
  const RepeatOperand s{src.ref(), p.srcBlkStride, p.srcRepStride};
  RunRepeat(name, sizeof(T), mask, repeat, d, &s, 1, kernel, ctx);
}
template <typename T>
void Binary0(const char* name, LaneKernel kernel, const void* ctx,
             const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& a,
             const AscendC::LocalTensor<T>& b, const MaskArg& mask, uint8_t repeat,
             const AscendC::BinaryRepeatParams& p) {
  const RepeatOperand d{dst.ref(), p.dstBlkStride, p.dstRepStride};
  const RepeatOperand s[2] = {{a.ref(), p.src0BlkStride, p.src0RepStride},
                              {b.ref(), p.src1BlkStride, p.src1RepStride}};
  RunRepeat(name, sizeof(T), mask, repeat, d, s, 2, kernel, ctx);
}

template <typename T>
MathCtx MathOf(vec::MathOp op) {
  return MathCtx{op, AscendC::DTypeOf<T>()};
}
template <typename T>
ShiftCtx ShiftOf(bool left, T shift) {
  static_assert(kIsIntElem<T>, "ShiftLeft/ShiftRight take integer tensors");
  const int64_t s = static_cast<int64_t>(shift);
  return ShiftCtx{left, sizeof(T), std::is_signed_v<T>, s < 0 ? 0u : static_cast<uint32_t>(s)};
}

}  // namespace opsim::sim::detail

namespace AscendC {

// ---- Count forms of the math and logic instructions ----

#define OPSIM_MATH_COUNT(Name, Op)                                                                 \
  template <typename T>                                                                            \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {          \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>>(dst, src, count)) {                                         \
      static_assert(opsim::sim::detail::kIsFloatElem<T>, #Name " takes float tensors");            \
      OPSIM_A2_TAKES(kFloatMath, T, #Name);                                                        \
      const auto ctx = opsim::sim::detail::MathOf<T>(opsim::sim::vec::MathOp::Op);                 \
      opsim::sim::detail::UnaryCount(#Name, opsim::sim::detail::MathLanes, &ctx, dst, src, count); \
    }                                                                                              \
  }
OPSIM_MATH_COUNT(Exp, kExp)
OPSIM_MATH_COUNT(Ln, kLn)
OPSIM_MATH_COUNT(Sqrt, kSqrt)
OPSIM_MATH_COUNT(Rsqrt, kRsqrt)
OPSIM_MATH_COUNT(Reciprocal, kReciprocal)
#undef OPSIM_MATH_COUNT

template <typename T>
void Relu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
  OPSIM_TRAIT_AS_PRIM(Relu<PrimT<T>>(dst, src, count)) {
    static_assert(opsim::sim::detail::kIsFloatElem<T> || std::is_same_v<T, int32_t> ||
                      std::is_same_v<T, int8_t> || std::is_same_v<T, int64_t>,
                  "Relu takes float or signed integer tensors");
    OPSIM_A2_TAKES(kRelu, T, "Relu");
    const auto ctx = opsim::sim::detail::MathOf<T>(opsim::sim::vec::MathOp::kRelu);
    opsim::sim::detail::UnaryCount("Relu", opsim::sim::detail::MathLanes, &ctx, dst, src, count);
  }
}

template <typename T, typename U>
void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue,
               const int32_t& count) {
  OPSIM_TRAIT_AS_PRIM(LeakyRelu<PrimT<T>>(dst, src, scalarValue, count)) {
    static_assert(opsim::sim::detail::kIsFloatElem<T>, "LeakyRelu takes float tensors");
    OPSIM_A2_TAKES(kFloatMath, T, "LeakyRelu");
    const opsim::sim::detail::LeakyCtx ctx{DTypeOf<T>(),
                                           static_cast<double>(static_cast<float>(scalarValue))};
    opsim::sim::detail::UnaryCount("LeakyRelu", opsim::sim::detail::LeakyLanes, &ctx, dst, src,
                                   count);
  }
}

template <typename T>
void Not(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
  OPSIM_TRAIT_AS_PRIM(Not<PrimT<T>>(dst, src, count)) {
    static_assert(opsim::sim::detail::kIsIntElem<T>, "Not takes integer tensors");
    OPSIM_A2_TAKES(kLogicRepeat, T, "Not");
    const opsim::sim::detail::BitCtx ctx{opsim::sim::vec::BitOp::kNot, sizeof(T)};
    opsim::sim::detail::UnaryCount("Not", opsim::sim::detail::BitLanes, &ctx, dst, src, count);
  }
}

#define OPSIM_BIT_COUNT(Name, Op)                                                           \
  template <typename T>                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,    \
            const int32_t& count) {                                                         \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>>(dst, a, b, count)) {                                 \
      static_assert(opsim::sim::detail::kIsIntElem<T>, #Name " takes integer tensors");     \
      OPSIM_A2_TAKES(kLogicCount, T, #Name);                                                \
      const opsim::sim::detail::BitCtx ctx{opsim::sim::vec::BitOp::Op, sizeof(T)};          \
      opsim::sim::detail::BinaryCount(#Name, opsim::sim::detail::BitLanes, &ctx, dst, a, b, \
                                      count);                                               \
    }                                                                                       \
  }
OPSIM_BIT_COUNT(And, kAnd)
OPSIM_BIT_COUNT(Or, kOr)
#undef OPSIM_BIT_COUNT

#define OPSIM_SHIFT_COUNT(Name, Left)                                                       \
  template <typename T, typename U>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue,     \
            const int32_t& count) {                                                         \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>>(dst, src, scalarValue, count)) {                     \
      OPSIM_A2_TAKES(kShift, T, #Name);                                                     \
      const auto ctx = opsim::sim::detail::ShiftOf<T>(Left, static_cast<T>(scalarValue));   \
      opsim::sim::detail::UnaryCount(#Name, opsim::sim::detail::ShiftLanes, &ctx, dst, src, \
                                     count);                                                \
    }                                                                                       \
  }
OPSIM_SHIFT_COUNT(ShiftLeft, true)
OPSIM_SHIFT_COUNT(ShiftRight, false)
#undef OPSIM_SHIFT_COUNT

// ---- Level-0 forms: (dst, src..., mask or mask[2], repeatTimes, RepeatParams) ----

#define OPSIM_UNARY_L0(Name, Row, CtxExpr, Kernel)                                              \
  template <typename T, bool isSetMask = true>                                                  \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],        \
            const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {                 \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>, isSetMask>(dst, src, mask, repeatTimes, repeatParams)) { \
      OPSIM_A2_TAKES(Row, T, #Name);                                                            \
      const auto ctx = CtxExpr;                                                                 \
      opsim::sim::detail::Unary0(#Name, Kernel, &ctx, dst, src,                                 \
                                 opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes,      \
                                 repeatParams);                                                 \
    }                                                                                           \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask,          \
            const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {                 \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>, isSetMask>(dst, src, mask, repeatTimes, repeatParams)) { \
      OPSIM_A2_TAKES(Row, T, #Name);                                                            \
      const auto ctx = CtxExpr;                                                                 \
      opsim::sim::detail::Unary0(#Name, Kernel, &ctx, dst, src,                                 \
                                 opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes,      \
                                 repeatParams);                                                 \
    }                                                                                           \
  }
#define OPSIM_MATH_CTX(Op) opsim::sim::detail::MathOf<T>(opsim::sim::vec::MathOp::Op)
OPSIM_UNARY_L0(Exp, kFloatMath, OPSIM_MATH_CTX(kExp), opsim::sim::detail::MathLanes)
OPSIM_UNARY_L0(Ln, kFloatMath, OPSIM_MATH_CTX(kLn), opsim::sim::detail::MathLanes)
OPSIM_UNARY_L0(Sqrt, kFloatMath, OPSIM_MATH_CTX(kSqrt), opsim::sim::detail::MathLanes)
OPSIM_UNARY_L0(Rsqrt, kFloatMath, OPSIM_MATH_CTX(kRsqrt), opsim::sim::detail::MathLanes)
OPSIM_UNARY_L0(Reciprocal, kFloatMath, OPSIM_MATH_CTX(kReciprocal), opsim::sim::detail::MathLanes)
OPSIM_UNARY_L0(Relu, kRelu, OPSIM_MATH_CTX(kRelu), opsim::sim::detail::MathLanes)
OPSIM_UNARY_L0(Abs, kFloatMath, opsim::sim::detail::AbsCtx{DTypeOf<T>()},
               opsim::sim::detail::AbsLanes)
OPSIM_UNARY_L0(Not, kLogicRepeat,
               (opsim::sim::detail::BitCtx{opsim::sim::vec::BitOp::kNot, sizeof(T)}),
               opsim::sim::detail::BitLanes)
#undef OPSIM_MATH_CTX
#undef OPSIM_UNARY_L0

#define OPSIM_BINARY_L0(Name, Row, CtxExpr, Kernel)                                            \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
            const uint64_t mask[], const uint8_t repeatTimes,                                  \
            const BinaryRepeatParams& repeatParams) {                                          \
    OPSIM_TRAIT_AS_PRIM(                                                                       \
        Name<PrimT<T>, isSetMask>(dst, src0, src1, mask, repeatTimes, repeatParams)) {         \
      OPSIM_A2_TAKES(Row, T, #Name);                                                           \
      const auto ctx = CtxExpr;                                                                \
      opsim::sim::detail::Binary0(#Name, Kernel, &ctx, dst, src0, src1,                        \
                                  opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes,    \
                                  repeatParams);                                               \
    }                                                                                          \
  }                                                                                            \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
            const uint64_t mask, const uint8_t repeatTimes,                                    \
            const BinaryRepeatParams& repeatParams) {                                          \
    OPSIM_TRAIT_AS_PRIM(                                                                       \
        Name<PrimT<T>, isSetMask>(dst, src0, src1, mask, repeatTimes, repeatParams)) {         \
      OPSIM_A2_TAKES(Row, T, #Name);                                                           \
      const auto ctx = CtxExpr;                                                                \
      opsim::sim::detail::Binary0(#Name, Kernel, &ctx, dst, src0, src1,                        \
                                  opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes,    \
                                  repeatParams);                                               \
    }                                                                                          \
  }
#define OPSIM_BINARY_CTX(Op) \
  (opsim::sim::detail::BinaryCtx{opsim::sim::vec::BinaryOp::Op, DTypeOf<T>()})
OPSIM_BINARY_L0(Add, kArith, OPSIM_BINARY_CTX(kAdd), opsim::sim::detail::BinaryLanes)
OPSIM_BINARY_L0(Sub, kArith, OPSIM_BINARY_CTX(kSub), opsim::sim::detail::BinaryLanes)
OPSIM_BINARY_L0(Mul, kArith, OPSIM_BINARY_CTX(kMul), opsim::sim::detail::BinaryLanes)
OPSIM_BINARY_L0(Div, kFloatMath, OPSIM_BINARY_CTX(kDiv), opsim::sim::detail::BinaryLanes)
OPSIM_BINARY_L0(Max, kArith, OPSIM_BINARY_CTX(kMax), opsim::sim::detail::BinaryLanes)
OPSIM_BINARY_L0(Min, kArith, OPSIM_BINARY_CTX(kMin), opsim::sim::detail::BinaryLanes)
OPSIM_BINARY_L0(And, kLogicRepeat,
                (opsim::sim::detail::BitCtx{opsim::sim::vec::BitOp::kAnd, sizeof(T)}),
                opsim::sim::detail::BitLanes)
OPSIM_BINARY_L0(Or, kLogicRepeat,
                (opsim::sim::detail::BitCtx{opsim::sim::vec::BitOp::kOr, sizeof(T)}),
                opsim::sim::detail::BitLanes)
#undef OPSIM_BINARY_CTX
#undef OPSIM_BINARY_L0

// Tensor-scalar level-0 forms: `value` is converted to T once, as the count forms do.
#define OPSIM_SCALAR_L0(Name, Row, MakeCtx, Kernel)                                            \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue, \
            const uint64_t mask[], const uint8_t repeatTimes,                                  \
            const UnaryRepeatParams& repeatParams) {                                           \
    OPSIM_TRAIT_AS_PRIM(                                                                       \
        Name<PrimT<T>, isSetMask>(dst, src, scalarValue, mask, repeatTimes, repeatParams)) {   \
      OPSIM_A2_TAKES(Row, T, #Name);                                                           \
      const T value = scalarValue;                                                             \
      const auto ctx = MakeCtx;                                                                \
      opsim::sim::detail::Unary0(#Name, Kernel, &ctx, dst, src,                                \
                                 opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes,     \
                                 repeatParams);                                                \
    }                                                                                          \
  }                                                                                            \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue, \
            const uint64_t mask, const uint8_t repeatTimes,                                    \
            const UnaryRepeatParams& repeatParams) {                                           \
    OPSIM_TRAIT_AS_PRIM(                                                                       \
        Name<PrimT<T>, isSetMask>(dst, src, scalarValue, mask, repeatTimes, repeatParams)) {   \
      OPSIM_A2_TAKES(Row, T, #Name);                                                           \
      const T value = scalarValue;                                                             \
      const auto ctx = MakeCtx;                                                                \
      opsim::sim::detail::Unary0(#Name, Kernel, &ctx, dst, src,                                \
                                 opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes,     \
                                 repeatParams);                                                \
    }                                                                                          \
  }
#define OPSIM_SCALAR_CTX(Op) \
  (opsim::sim::detail::ScalarCtx{opsim::sim::vec::ScalarOp::Op, DTypeOf<T>(), &value})
OPSIM_SCALAR_L0(Adds, kArith, OPSIM_SCALAR_CTX(kAdd), opsim::sim::detail::ScalarLanes)
OPSIM_SCALAR_L0(Muls, kArith, OPSIM_SCALAR_CTX(kMul), opsim::sim::detail::ScalarLanes)
OPSIM_SCALAR_L0(Maxs, kArith, OPSIM_SCALAR_CTX(kMax), opsim::sim::detail::ScalarLanes)
OPSIM_SCALAR_L0(Mins, kArith, OPSIM_SCALAR_CTX(kMin), opsim::sim::detail::ScalarLanes)
OPSIM_SCALAR_L0(LeakyRelu, kFloatMath,
                (opsim::sim::detail::LeakyCtx{DTypeOf<T>(),
                                              static_cast<double>(static_cast<float>(value))}),
                opsim::sim::detail::LeakyLanes)
OPSIM_SCALAR_L0(ShiftLeft, kShift, opsim::sim::detail::ShiftOf<T>(true, value),
                opsim::sim::detail::ShiftLanes)
OPSIM_SCALAR_L0(ShiftRight, kShift, opsim::sim::detail::ShiftOf<T>(false, value),
                opsim::sim::detail::ShiftLanes)
#undef OPSIM_SCALAR_CTX
#undef OPSIM_SCALAR_L0

// Level-0 Cast: the wider of the two types sets the lanes per repeat (64 for a 32-bit side);
// each operand's strides count 32 B blocks of its own type (an int4b_t block: 64 elements).
#define OPSIM_CAST_L0(MaskType)                                                                   \
  template <typename DT, typename ST, bool isSetMask = true>                                      \
  void Cast(const LocalTensor<DT>& dst, const LocalTensor<ST>& src, const RoundMode round,        \
            MaskType mask, const uint8_t repeatTimes, const UnaryRepeatParams& p) {               \
    using D = PrimT<DT>; /* a TensorTrait named as the template argument */                       \
    using S = PrimT<ST>;                                                                          \
    using namespace opsim::sim::detail;                                                           \
    if constexpr (IsHalfByteDataType<D>() || IsHalfByteDataType<S>()) {                           \
      static_assert((IsHalfByteDataType<D>() && std::is_same_v<S, half>) ||                       \
                        (std::is_same_v<D, half> && IsHalfByteDataType<S>()),                     \
                    "Cast takes int4b_t only from and to half (CANN's dav_c220 list)");           \
      CastInt4Repeat(dst.ref(), src.ref(), IsHalfByteDataType<D>(), round,                        \
                     MaskOf<isSetMask>(mask), repeatTimes, p);                                    \
    } else {                                                                                      \
      OPSIM_A2_TAKES_PAIR(kCast, S, D, "Cast");                                                   \
      constexpr uint32_t kWide = sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S);                   \
      const bool deq =                                                                            \
          std::is_same_v<D, half> && std::is_same_v<S, int32_t> && round == RoundMode::CAST_NONE; \
      const CastCtx ctx{DTypeOf<D>(), DTypeOf<S>(), ToRound(round), deq, Cur().deq_scale};        \
      const RepeatOperand d{dst.ref(), p.dstBlkStride, p.dstRepStride, sizeof(D)};                \
      const RepeatOperand s{src.ref(), p.srcBlkStride, p.srcRepStride, sizeof(S)};                \
      RunRepeat("Cast", kWide, MaskOf<isSetMask>(mask), repeatTimes, d, &s, 1, CastLanes, &ctx);  \
    }                                                                                             \
  }
OPSIM_CAST_L0(const uint64_t*)
OPSIM_CAST_L0(const uint64_t)
#undef OPSIM_CAST_L0

#define OPSIM_DUPLICATE_L0(MaskType)                                                       \
  template <typename T, bool isSetMask = true>                                             \
  void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, MaskType mask,           \
                 const uint8_t repeatTimes, const uint16_t dstBlockStride,                 \
                 const uint8_t dstRepeatStride) {                                          \
    OPSIM_A2_TAKES(kDuplicate, T, "Duplicate");                                            \
    using namespace opsim::sim::detail;                                                    \
    const T value = scalarValue;                                                           \
    const FillCtx ctx{AscendC::DTypeOf<T>(), &value};                                      \
    const RepeatOperand d{dst.ref(), dstBlockStride, dstRepeatStride};                     \
    RunRepeat("Duplicate", sizeof(T), MaskOf<isSetMask>(mask), repeatTimes, d, nullptr, 0, \
              FillLanes, &ctx);                                                            \
  }
OPSIM_DUPLICATE_L0(const uint64_t*)
OPSIM_DUPLICATE_L0(const uint64_t)
#undef OPSIM_DUPLICATE_L0

// ---- Fused instructions (count forms; floats, and int16_t for AddRelu/SubRelu) ----

}  // namespace AscendC

namespace opsim::sim::detail {
// TakesInt16: AddRelu and SubRelu, the fused instructions whose 910B list holds int16_t.
template <bool TakesInt16, typename T>
void FusedCount(vec::FusedOp op, const char* name, const AscendC::LocalTensor<T>& dst,
                const AscendC::LocalTensor<T>& a, const void* b_ptr, const UbRef* b_ref,
                bool reads_dst, int32_t count) {
  static_assert(kIsFloatElem<T> || (TakesInt16 && std::is_same_v<T, int16_t>),
                "fused instructions take float tensors (AddRelu/SubRelu also int16_t)");
  if (count < 0) RaiseBadCount(name, count, "count must be >= 0");
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  const UbRef srcs[3] = {a.ref(), b_ref ? *b_ref : a.ref(), dst.ref()};
  const uint64_t src_bytes[3] = {bytes, bytes, bytes};
  // Sources: a, then b when it is a tensor, then dst when the instruction reads it.
  UbRef used[3];
  uint64_t used_bytes[3];
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    if ((i == 1 && !b_ref) || (i == 2 && !reads_dst)) continue;
    used[n] = srcs[i];
    used_bytes[n++] = src_bytes[i];
  }
  VectorOpLanes(name, dst.ref(), bytes, used, used_bytes, n, static_cast<uint64_t>(count), [&] {
    vec::Fused(op, AscendC::DTypeOf<T>(), dst.data(), a.data(), b_ptr, static_cast<size_t>(count));
  });
}
}  // namespace opsim::sim::detail

namespace AscendC {

#define OPSIM_FUSED_COUNT(Name, RowName, Op, ReadsDst)                                         \
  template <typename T>                                                                        \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
            const int32_t& count) {                                                            \
    OPSIM_TRAIT_AS_PRIM(Name<PrimT<T>>(dst, src0, src1, count)) {                              \
      OPSIM_A2_TAKES(RowName, T, #Name);                                                       \
      opsim::sim::detail::FusedCount<(opsim::sim::a2::Row::RowName ==                          \
                                      opsim::sim::a2::Row::kAddSubRelu)>(                      \
          opsim::sim::vec::FusedOp::Op, #Name, dst, src0, src1.data(), &src1.ref(), ReadsDst,  \
          count);                                                                              \
    }                                                                                          \
  }
OPSIM_FUSED_COUNT(AddRelu, kAddSubRelu, kAddRelu, false)
OPSIM_FUSED_COUNT(SubRelu, kAddSubRelu, kSubRelu, false)
OPSIM_FUSED_COUNT(FusedMulAdd, kFusedMulAdd, kFusedMulAdd, true)
OPSIM_FUSED_COUNT(MulAddRelu, kFusedMulAdd, kMulAddRelu, true)
// CANN keeps FusedMulAddRelu as the older name of MulAddRelu.
OPSIM_FUSED_COUNT(FusedMulAddRelu, kFusedMulAdd, kMulAddRelu, true)
#undef OPSIM_FUSED_COUNT

}  // namespace AscendC

namespace opsim::sim::detail {
struct FusedCtx {
  vec::FusedOp op;
  DType dtype;
  size_t elem_bytes;
};
// Sources: a, b, and the old dst (gathered like a source) for the accumulating ops.
inline void FusedLanes(const void* c, uint8_t* d, const uint8_t* const* s, size_t n) {
  const auto* x = static_cast<const FusedCtx*>(c);
  std::memcpy(d, s[2], n * x->elem_bytes);
  vec::Fused(x->op, x->dtype, d, s[0], s[1], n);
}
template <bool TakesInt16, typename T>
void Fused0(vec::FusedOp op, const char* name, const AscendC::LocalTensor<T>& dst,
            const AscendC::LocalTensor<T>& a, const AscendC::LocalTensor<T>& b, const MaskArg& mask,
            uint8_t repeat, const AscendC::BinaryRepeatParams& p) {
  static_assert(kIsFloatElem<T> || (TakesInt16 && std::is_same_v<T, int16_t>),
                "fused instructions take float tensors (AddRelu/SubRelu also int16_t)");
  const FusedCtx ctx{op, AscendC::DTypeOf<T>(), sizeof(T)};
  const RepeatOperand d{dst.ref(), p.dstBlkStride, p.dstRepStride};
  const RepeatOperand s[3] = {
      {a.ref(), p.src0BlkStride, p.src0RepStride}, {b.ref(), p.src1BlkStride, p.src1RepStride}, d};
  RunRepeat(name, sizeof(T), mask, repeat, d, s, 3, FusedLanes, &ctx);
}
}  // namespace opsim::sim::detail

namespace AscendC {

#define OPSIM_FUSED_L0(Name, RowName, Op)                                                      \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
            const uint64_t mask[], const uint8_t repeatTimes, const BinaryRepeatParams& p) {   \
    OPSIM_A2_TAKES(RowName, T, #Name);                                                         \
    opsim::sim::detail::Fused0<(opsim::sim::a2::Row::RowName ==                                \
                                opsim::sim::a2::Row::kAddSubRelu)>(                            \
        opsim::sim::vec::FusedOp::Op, #Name, dst, src0, src1,                                  \
        opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes, p);                          \
  }                                                                                            \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
            const uint64_t mask, const uint8_t repeatTimes, const BinaryRepeatParams& p) {     \
    OPSIM_A2_TAKES(RowName, T, #Name);                                                         \
    opsim::sim::detail::Fused0<(opsim::sim::a2::Row::RowName ==                                \
                                opsim::sim::a2::Row::kAddSubRelu)>(                            \
        opsim::sim::vec::FusedOp::Op, #Name, dst, src0, src1,                                  \
        opsim::sim::detail::MaskOf<isSetMask>(mask), repeatTimes, p);                          \
  }
OPSIM_FUSED_L0(AddRelu, kAddSubRelu, kAddRelu)
OPSIM_FUSED_L0(SubRelu, kAddSubRelu, kSubRelu)
OPSIM_FUSED_L0(FusedMulAdd, kFusedMulAdd, kFusedMulAdd)
OPSIM_FUSED_L0(MulAddRelu, kFusedMulAdd, kMulAddRelu)
OPSIM_FUSED_L0(FusedMulAddRelu, kFusedMulAdd, kMulAddRelu)
#undef OPSIM_FUSED_L0

// dst = src * scalarValue + dst (same-type form).
template <typename T, typename U>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U scalarValue,
          const int32_t& count) {
  OPSIM_A2_TAKES(kFusedMulAdd, T, "Axpy");
  const T value = static_cast<T>(scalarValue);
  opsim::sim::detail::FusedCount<false>(opsim::sim::vec::FusedOp::kAxpy, "Axpy", dst, src, &value,
                                        nullptr, true, count);
}

}  // namespace AscendC
