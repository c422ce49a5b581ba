// Ascend C's high-level normalisation APIs (CANN's lib/normalization/layernorm.h, rmsnorm.h):
// LayerNorm over [B, S, H] with its mean and variance, and RmsNorm, in the forms CANN declares
// for the 910B. Declarations only: every form forwards to one compiled entry
// (simulator/src/runtime/hl_norm.cc). docs/ASCENDC.md, "The high-level normalisation APIs".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/norm_tiling.h"
#include "opsim/sim/ascendc/hl_math.h"

namespace opsim::sim::hl {

enum class NormApi : uint8_t { kLayerNorm, kRmsNorm };

struct NormCall {
  NormApi api;
  ElemType type;
  bool reuse_source;
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* gamma;
  const detail::UbRef* beta;      // LayerNorm
  const detail::UbRef* mean;      // LayerNorm: [B, S] outputs
  const detail::UbRef* variance;  // LayerNorm
  const detail::UbRef* tmp;       // sharedTmpBuffer, or null
  double epsilon;
  const AscendC::tiling::LayerNormTiling* layer_norm;  // the API's tiling
  const AscendC::tiling::RmsNormTiling* rms_norm;
};

// Checks, charges and computes one call; faults name the API.
void RunNorm(const NormCall& call);

template <typename T>
double NormScalar(const T& v) {
  static_assert(kHalfOrFloat<T>, "the normalisation APIs take half or float tensors");
  return static_cast<double>(static_cast<float>(v));
}

}  // namespace opsim::sim::hl

namespace AscendC {

// output = (x - mean) / sqrt(variance + epsilon) * gamma + beta per row of H; mean and
// variance ([B, S], type T) are outputs.
template <typename T, bool isReuseSource = false>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
               const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
               const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
               LayerNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kLayerNorm, h::ElemOf<T>(), isReuseSource, &output.ref(), &inputX.ref(),
              &gamma.ref(), &beta.ref(), &outputMean.ref(), &outputVariance.ref(),
              &sharedTmpBuffer.ref(), h::NormScalar(epsilon), &tiling, nullptr});
}
template <typename T, bool isReuseSource = false>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
               const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
               const LocalTensor<T>& gamma, const LocalTensor<T>& beta, const T epsilon,
               LayerNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kLayerNorm, h::ElemOf<T>(), isReuseSource, &output.ref(), &inputX.ref(),
              &gamma.ref(), &beta.ref(), &outputMean.ref(), &outputVariance.ref(), nullptr,
              h::NormScalar(epsilon), &tiling, nullptr});
}

// dst = x / sqrt(mean(x^2) + epsilon) * gamma per row of H.
template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
             const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
             const T epsilon, const RmsNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kRmsNorm, h::ElemOf<T>(), false, &dstLocal.ref(), &srcLocal.ref(),
              &gammaLocal.ref(), nullptr, nullptr, nullptr, &sharedTmpBuffer.ref(),
              h::NormScalar(epsilon), nullptr, &tiling});
}
template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
             const LocalTensor<T>& gammaLocal, const T epsilon, const RmsNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kRmsNorm, h::ElemOf<T>(), false, &dstLocal.ref(), &srcLocal.ref(),
              &gammaLocal.ref(), nullptr, nullptr, nullptr, nullptr, h::NormScalar(epsilon),
              nullptr, &tiling});
}

}  // namespace AscendC
