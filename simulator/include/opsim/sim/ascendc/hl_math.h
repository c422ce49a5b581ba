// Ascend C's high-level math library (CANN's lib/math/*.h, adv_api/math/*.h): Tanh, Sin, ...,
// Power, Fmod, Xor, ClampMax/ClampMin, Axpy, in the forms CANN declares for the 910B (with and
// without sharedTmpBuffer, with and without calCount). Declarations only: every form forwards to
// one compiled entry (simulator/src/runtime/hl_math.cc), so kernel_operator.h stays cheap.
// Numerics, temporary-buffer rules and costs: docs/ASCENDC.md, "The high-level library".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::hl {

enum class MathApi : uint8_t {
  kTanh,
  kSin,
  kCos,
  kTan,
  kAsin,
  kAcos,
  kAtan,
  kSinh,
  kCosh,
  kAsinh,
  kAcosh,
  kAtanh,
  kErf,
  kErfc,
  kExp,
  kLog,
  kLog2,
  kLog10,
  kFloor,
  kCeil,
  kRound,
  kTrunc,
  kFrac,
  kSign,
  kLgamma,
  kDigamma,
  kPower,
  kFmod,
  kXor,
  kClampMax,
  kClampMin,
  kAxpy,
  // Activation (hl_activation.h).
  kSigmoid,
  kSilu,
  kSwish,
  kGelu,
  kFasterGelu,
  kSwiGLU,
  kGeGLU,
  kReGlu,
};

// Element types of the high-level math APIs (each API documents a subset).
enum class ElemType : uint8_t { kHalf, kFloat, kInt32, kInt16, kUInt16 };

template <typename T>
constexpr ElemType ElemOf() {
  if constexpr (std::is_same_v<T, ::half>)
    return ElemType::kHalf;
  else if constexpr (std::is_same_v<T, float>)
    return ElemType::kFloat;
  else if constexpr (std::is_same_v<T, int32_t>)
    return ElemType::kInt32;
  else if constexpr (std::is_same_v<T, int16_t>)
    return ElemType::kInt16;
  else
    return ElemType::kUInt16;
}
template <typename T>
constexpr bool kHalfOrFloat = std::is_same_v<T, ::half> || std::is_same_v<T, float>;

// Where a scalar operand stands: none, the right operand (tensor op scalar) or the left.
enum class ScalarAt : uint8_t { kNone, kRight, kLeft };

struct MathCall {
  MathApi api;
  ElemType type;      // of dst (and of the sources, except Axpy's src)
  ElemType src_type;  // Axpy's src (half into a float dst); else == type
  bool reuse_source;  // isReuseSource (changes the minimum tmp buffer of some APIs)
  const detail::UbRef* dst;
  const detail::UbRef* src0;
  const detail::UbRef* src1;  // second tensor operand, or null
  const detail::UbRef* tmp;   // sharedTmpBuffer, or null when the form takes none
  ScalarAt scalar_at;
  double scalar;  // the scalar operand (exact for half, float and int32), or a parameter (beta)
  uint32_t count;
};

// Checks, charges and computes one call; faults name the API.
void RunMath(const MathCall& call);

template <typename T>
const detail::UbRef* TmpOf(const AscendC::LocalTensor<T>* t) {
  return t == nullptr ? nullptr : &t->ref();
}

template <typename T>
void Unary(MathApi api, bool reuse, const AscendC::LocalTensor<T>& dst,
           const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<uint8_t>* tmp,
           uint32_t count) {
  RunMath(MathCall{api, ElemOf<T>(), ElemOf<T>(), reuse, &dst.ref(), &src.ref(), nullptr,
                   TmpOf(tmp), ScalarAt::kNone, 0.0, count});
}
template <typename T>
void Binary(MathApi api, bool reuse, const AscendC::LocalTensor<T>& dst,
            const AscendC::LocalTensor<T>& a, const AscendC::LocalTensor<T>& b,
            const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count) {
  RunMath(MathCall{api, ElemOf<T>(), ElemOf<T>(), reuse, &dst.ref(), &a.ref(), &b.ref(), TmpOf(tmp),
                   ScalarAt::kNone, 0.0, count});
}
template <typename T>
void WithScalar(MathApi api, bool reuse, ScalarAt at, const AscendC::LocalTensor<T>& dst,
                const AscendC::LocalTensor<T>& src, const T& scalar,
                const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count) {
  double s;
  if constexpr (std::is_same_v<T, ::half>) {
    s = static_cast<float>(scalar);
  } else {
    s = static_cast<double>(scalar);
  }
  RunMath(MathCall{api, ElemOf<T>(), ElemOf<T>(), reuse, &dst.ref(), &src.ref(), nullptr,
                   TmpOf(tmp), at, s, count});
}

}  // namespace opsim::sim::hl

namespace AscendC {

// One-source APIs: (dst, src, tmp, calCount), (dst, src, calCount), (dst, src, tmp), (dst, src).
#define OPSIM_HL_UNARY_TMP(Name, Api)                                                           \
  template <typename T, bool isReuseSource = false>                                             \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                   \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {             \
    static_assert(opsim::sim::hl::kHalfOrFloat<T>, #Name " takes half or float tensors");       \
    opsim::sim::hl::Unary(opsim::sim::hl::MathApi::Api, isReuseSource, dstTensor, srcTensor,    \
                          &sharedTmpBuffer, calCount);                                          \
  }                                                                                             \
  template <typename T, bool isReuseSource = false>                                             \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                   \
            const uint32_t calCount) {                                                          \
    static_assert(opsim::sim::hl::kHalfOrFloat<T>, #Name " takes half or float tensors");       \
    opsim::sim::hl::Unary<T>(opsim::sim::hl::MathApi::Api, isReuseSource, dstTensor, srcTensor, \
                             nullptr, calCount);                                                \
  }                                                                                             \
  template <typename T, bool isReuseSource = false>                                             \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                   \
            const LocalTensor<uint8_t>& sharedTmpBuffer) {                                      \
    Name<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize());         \
  }                                                                                             \
  template <typename T, bool isReuseSource = false>                                             \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {                 \
    Name<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize());                          \
  }
OPSIM_HL_UNARY_TMP(Tanh, kTanh)
OPSIM_HL_UNARY_TMP(Sin, kSin)
OPSIM_HL_UNARY_TMP(Cos, kCos)
OPSIM_HL_UNARY_TMP(Tan, kTan)
OPSIM_HL_UNARY_TMP(Asin, kAsin)
OPSIM_HL_UNARY_TMP(Acos, kAcos)
OPSIM_HL_UNARY_TMP(Atan, kAtan)
OPSIM_HL_UNARY_TMP(Sinh, kSinh)
OPSIM_HL_UNARY_TMP(Cosh, kCosh)
OPSIM_HL_UNARY_TMP(Asinh, kAsinh)
OPSIM_HL_UNARY_TMP(Acosh, kAcosh)
OPSIM_HL_UNARY_TMP(Atanh, kAtanh)
OPSIM_HL_UNARY_TMP(Erf, kErf)
OPSIM_HL_UNARY_TMP(Erfc, kErfc)
OPSIM_HL_UNARY_TMP(Log2, kLog2)
OPSIM_HL_UNARY_TMP(Floor, kFloor)
OPSIM_HL_UNARY_TMP(Ceil, kCeil)
OPSIM_HL_UNARY_TMP(Round, kRound)
OPSIM_HL_UNARY_TMP(Trunc, kTrunc)
OPSIM_HL_UNARY_TMP(Frac, kFrac)
OPSIM_HL_UNARY_TMP(Sign, kSign)
OPSIM_HL_UNARY_TMP(Lgamma, kLgamma)
OPSIM_HL_UNARY_TMP(Digamma, kDigamma)
#undef OPSIM_HL_UNARY_TMP

// Log and Log10 take no temporary buffer: (dst, src, calCount) and (dst, src).
#define OPSIM_HL_UNARY_NOTMP(Name, Api)                                                         \
  template <typename T, bool isReuseSource = false>                                             \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                   \
            const uint32_t calCount) {                                                          \
    static_assert(opsim::sim::hl::kHalfOrFloat<T>, #Name " takes half or float tensors");       \
    opsim::sim::hl::Unary<T>(opsim::sim::hl::MathApi::Api, isReuseSource, dstTensor, srcTensor, \
                             nullptr, calCount);                                                \
  }                                                                                             \
  template <typename T, bool isReuseSource = false>                                             \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {                 \
    Name<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize());                          \
  }
OPSIM_HL_UNARY_NOTMP(Log, kLog)
OPSIM_HL_UNARY_NOTMP(Log10, kLog10)
#undef OPSIM_HL_UNARY_NOTMP

// The high-level Exp: e^x by a Taylor expansion of taylorExpandLevel terms on the chip (0 uses
// the basic Exp); here computed exactly (docs/ASCENDC.md). The basic Exp(dst, src, count) has
// one template parameter, so Exp<T, level> always names this one.
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Exp takes half or float tensors");
  opsim::sim::hl::Unary(opsim::sim::hl::MathApi::kExp, isReuseSource, dstLocal, srcLocal,
                        &sharedTmpBuffer, calCount);
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Exp takes half or float tensors");
  opsim::sim::hl::Unary<T>(opsim::sim::hl::MathApi::kExp, isReuseSource, dstLocal, srcLocal,
                           nullptr, calCount);
}

// Two-tensor APIs: (dst, a, b, tmp, calCount), (dst, a, b, calCount), (dst, a, b, tmp),
// (dst, a, b).
#define OPSIM_HL_BINARY(Name, Api, TypeOk, TypeRule)                                              \
  template <typename T, bool isReuseSource = false>                                               \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                    \
            const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer,        \
            const uint32_t calCount) {                                                            \
    static_assert(TypeOk, #Name " takes " TypeRule " tensors");                                   \
    opsim::sim::hl::Binary(opsim::sim::hl::MathApi::Api, isReuseSource, dstTensor, src0Tensor,    \
                           src1Tensor, &sharedTmpBuffer, calCount);                               \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                    \
            const LocalTensor<T>& src1Tensor, const uint32_t calCount) {                          \
    static_assert(TypeOk, #Name " takes " TypeRule " tensors");                                   \
    opsim::sim::hl::Binary<T>(opsim::sim::hl::MathApi::Api, isReuseSource, dstTensor, src0Tensor, \
                              src1Tensor, nullptr, calCount);                                     \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                    \
            const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer) {      \
    Name<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer,                    \
                           src0Tensor.GetSize());                                                 \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                    \
            const LocalTensor<T>& src1Tensor) {                                                   \
    Name<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize());              \
  }
OPSIM_HL_BINARY(Power, kPower, (opsim::sim::hl::kHalfOrFloat<T> || std::is_same_v<T, int32_t>),
                "half, float or int32_t")
OPSIM_HL_BINARY(Fmod, kFmod, opsim::sim::hl::kHalfOrFloat<T>, "half or float")
OPSIM_HL_BINARY(Xor, kXor, (std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>),
                "int16_t or uint16_t")
#undef OPSIM_HL_BINARY

// Power with a scalar exponent (dst = src0 ^ src1Scalar) or a scalar base (dst = src0Scalar ^
// src1), each with and without sharedTmpBuffer and calCount.
#define OPSIM_HL_POWER_TYPES                                                   \
  static_assert(opsim::sim::hl::kHalfOrFloat<T> || std::is_same_v<T, int32_t>, \
                "Power takes half, float or int32_t tensors")
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
  OPSIM_HL_POWER_TYPES;
  opsim::sim::hl::WithScalar(opsim::sim::hl::MathApi::kPower, isReuseSource,
                             opsim::sim::hl::ScalarAt::kRight, dstTensor, src0Tensor, src1Scalar,
                             &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           uint32_t calCount) {
  OPSIM_HL_POWER_TYPES;
  opsim::sim::hl::WithScalar<T>(opsim::sim::hl::MathApi::kPower, isReuseSource,
                                opsim::sim::hl::ScalarAt::kRight, dstTensor, src0Tensor, src1Scalar,
                                nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, sharedTmpBuffer, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
  OPSIM_HL_POWER_TYPES;
  opsim::sim::hl::WithScalar(opsim::sim::hl::MathApi::kPower, isReuseSource,
                             opsim::sim::hl::ScalarAt::kLeft, dstTensor, src1Tensor, src0Scalar,
                             &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           uint32_t calCount) {
  OPSIM_HL_POWER_TYPES;
  opsim::sim::hl::WithScalar<T>(opsim::sim::hl::MathApi::kPower, isReuseSource,
                                opsim::sim::hl::ScalarAt::kLeft, dstTensor, src1Tensor, src0Scalar,
                                nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer) {
  Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, sharedTmpBuffer, src1Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor) {
  Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, src1Tensor.GetSize());
}
#undef OPSIM_HL_POWER_TYPES

// ClampMax: dst = min(src, scalar); ClampMin: dst = max(src, scalar).
#define OPSIM_HL_CLAMP(Name, Api)                                                                 \
  template <typename T, bool isReuseSource = false>                                               \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                     \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar,                          \
            const uint32_t calCount) {                                                            \
    static_assert(opsim::sim::hl::kHalfOrFloat<T>, #Name " takes half or float tensors");         \
    opsim::sim::hl::WithScalar(opsim::sim::hl::MathApi::Api, isReuseSource,                       \
                               opsim::sim::hl::ScalarAt::kRight, dstTensor, srcTensor, scalar,    \
                               &sharedTmpBuffer, calCount);                                       \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,     \
            const uint32_t calCount) {                                                            \
    static_assert(opsim::sim::hl::kHalfOrFloat<T>, #Name " takes half or float tensors");         \
    opsim::sim::hl::WithScalar<T>(opsim::sim::hl::MathApi::Api, isReuseSource,                    \
                                  opsim::sim::hl::ScalarAt::kRight, dstTensor, srcTensor, scalar, \
                                  nullptr, calCount);                                             \
  }
OPSIM_HL_CLAMP(ClampMax, kClampMax)
OPSIM_HL_CLAMP(ClampMin, kClampMin)
#undef OPSIM_HL_CLAMP

// The high-level Axpy: dst = src * scalarValue + dst, with src half and dst float allowed (the
// basic Axpy(dst, src, scalar, count) takes no tmp buffer and one type).
template <typename T, typename U, bool isReuseSource = false>
void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor, const U scalarValue,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
  static_assert((std::is_same_v<T, half> && std::is_same_v<U, half>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "Axpy takes (dst, src) of (half, half), (float, float) or (float, half)");
  using opsim::sim::hl::ElemOf;
  opsim::sim::hl::RunMath(opsim::sim::hl::MathCall{
      opsim::sim::hl::MathApi::kAxpy, ElemOf<T>(), ElemOf<U>(), isReuseSource, &dstTensor.ref(),
      &srcTensor.ref(), nullptr, &sharedTmpBuffer.ref(), opsim::sim::hl::ScalarAt::kRight,
      static_cast<double>(static_cast<float>(scalarValue)), calCount});
}

}  // namespace AscendC
