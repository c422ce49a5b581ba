// Ascend C's high-level activation APIs (CANN's lib/activation/*.h): Sigmoid, Silu, Swish, Gelu,
// FasterGelu, SwiGLU, GeGLU, ReGlu, in the forms CANN declares for the 910B. Declarations only,
// through the math library's compiled entry (hl_math.h). docs/ASCENDC.md, "The high-level
// library".
#pragma once

#include "opsim/sim/ascendc/hl_math.h"

namespace AscendC {

template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Sigmoid takes half or float tensors");
  opsim::sim::hl::Unary(opsim::sim::hl::MathApi::kSigmoid, isReuseSource, dstTensor, srcTensor,
                        &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Sigmoid takes half or float tensors");
  opsim::sim::hl::Unary<T>(opsim::sim::hl::MathApi::kSigmoid, isReuseSource, dstTensor, srcTensor,
                           nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer) {
  Sigmoid<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
  Sigmoid<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize());
}

// Silu(x) = x / (1 + e^-x); Swish(x) = x / (1 + e^(-beta x)). No temporary buffer.
template <typename T, bool isReuseSource = false>
void Silu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Silu takes half or float tensors");
  opsim::sim::hl::Unary<T>(opsim::sim::hl::MathApi::kSilu, isReuseSource, dstLocal, srcLocal,
                           nullptr, dataSize);
}
template <typename T, bool isReuseSource = false>
void Swish(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize,
           const T scalarValue) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Swish takes half or float tensors");
  opsim::sim::hl::WithScalar<T>(opsim::sim::hl::MathApi::kSwish, isReuseSource,
                                opsim::sim::hl::ScalarAt::kRight, dstLocal, srcLocal, scalarValue,
                                nullptr, dataSize);
}

// Gelu (tanh form) and FasterGelu (x / (1 + e^(-1.702 x))); the precision/performance switches
// choose the chip's instruction sequence and do not change the model.
#define OPSIM_HL_GELU(Name, Api)                                                               \
  template <typename T, bool highPrecision = false, bool highPerformance = false>              \
  void Name(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,                    \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize) {            \
    static_assert(opsim::sim::hl::kHalfOrFloat<T>, #Name " takes half or float tensors");      \
    opsim::sim::hl::Unary(opsim::sim::hl::MathApi::Api, false, dstLocal, srcLocal,             \
                          &sharedTmpBuffer, dataSize);                                         \
  }                                                                                            \
  template <typename T, bool highPrecision = false, bool highPerformance = false>              \
  void Name(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,                    \
            const uint32_t dataSize) {                                                         \
    static_assert(opsim::sim::hl::kHalfOrFloat<T>, #Name " takes half or float tensors");      \
    opsim::sim::hl::Unary<T>(opsim::sim::hl::MathApi::Api, false, dstLocal, srcLocal, nullptr, \
                             dataSize);                                                        \
  }
OPSIM_HL_GELU(Gelu, kGelu)
OPSIM_HL_GELU(FasterGelu, kFasterGelu)
#undef OPSIM_HL_GELU

}  // namespace AscendC

namespace opsim::sim::hl {
// SwiGLU: dst = src0 * Swish(src1, beta).
template <typename T>
void SwiGlu(bool reuse, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& a,
            const AscendC::LocalTensor<T>& b, float beta, const AscendC::LocalTensor<uint8_t>* tmp,
            uint32_t count) {
  static_assert(kHalfOrFloat<T>, "SwiGLU takes half or float tensors");
  RunMath(MathCall{MathApi::kSwiGLU, ElemOf<T>(), ElemOf<T>(), reuse, &dst.ref(), &a.ref(),
                   &b.ref(), TmpOf(tmp), ScalarAt::kNone, beta, count});
}
}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
            const LocalTensor<T>& srcTensor1, const float& scalarValue,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
  opsim::sim::hl::SwiGlu(isReuseSource, dstTensor, srcTensor0, srcTensor1, scalarValue,
                         &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
            const LocalTensor<T>& srcTensor1, const float& scalarValue, const uint32_t calCount) {
  opsim::sim::hl::SwiGlu<T>(isReuseSource, dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr,
                            calCount);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
            const LocalTensor<T>& srcTensor1, const float& scalarValue,
            const LocalTensor<uint8_t>& sharedTmpBuffer) {
  opsim::sim::hl::SwiGlu(isReuseSource, dstTensor, srcTensor0, srcTensor1, scalarValue,
                         &sharedTmpBuffer, srcTensor0.GetSize());
}
template <typename T, bool isReuseSource = false>
void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
            const LocalTensor<T>& srcTensor1, const float& scalarValue) {
  opsim::sim::hl::SwiGlu<T>(isReuseSource, dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr,
                            srcTensor0.GetSize());
}

// GeGLU: dst = src0 * Gelu(src1) (tanh form); ReGlu: dst = src0 * max(src1, 0).
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
           const LocalTensor<T>& srcTensor1, const LocalTensor<uint8_t>& sharedTmpBuffer,
           uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "GeGLU takes half or float tensors");
  opsim::sim::hl::Binary(opsim::sim::hl::MathApi::kGeGLU, isReuseSource, dstTensor, srcTensor0,
                         srcTensor1, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
           const LocalTensor<T>& srcTensor1, uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "GeGLU takes half or float tensors");
  opsim::sim::hl::Binary<T>(opsim::sim::hl::MathApi::kGeGLU, isReuseSource, dstTensor, srcTensor0,
                            srcTensor1, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
           const LocalTensor<T>& srcTensor1, const LocalTensor<uint8_t>& sharedTmpBuffer) {
  GeGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, sharedTmpBuffer, srcTensor0.GetSize());
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
           const LocalTensor<T>& srcTensor1) {
  GeGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, srcTensor0.GetSize());
}
template <typename T, bool isReuseSource = false>
void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
           const LocalTensor<T>& srcTensor1, const LocalTensor<uint8_t>& sharedTmpBuffer,
           const uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "ReGlu takes half or float tensors");
  opsim::sim::hl::Binary(opsim::sim::hl::MathApi::kReGlu, isReuseSource, dstTensor, srcTensor0,
                         srcTensor1, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
           const LocalTensor<T>& srcTensor1, const uint32_t calCount) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "ReGlu takes half or float tensors");
  opsim::sim::hl::Binary<T>(opsim::sim::hl::MathApi::kReGlu, isReuseSource, dstTensor, srcTensor0,
                            srcTensor1, nullptr, calCount);
}

}  // namespace AscendC
