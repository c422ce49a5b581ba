// Ascend C's high-level normalisation APIs (CANN's lib/normalization/layernorm.h, rmsnorm.h,
// deepnorm.h, groupnorm.h, batchnorm.h, normalize.h): LayerNorm and DeepNorm over [B, S, H] with
// their mean and variance, RmsNorm, GroupNorm over [N, C, H, W], BatchNorm over B and Normalize, in
// the forms CANN declares for the 910B. Declarations only: every form forwards to a compiled entry
// (simulator/src/runtime/hl_norm.cc, hl_groupnorm.cc, hl_batchnorm.cc, hl_normalize.cc).
// docs/ASCENDC.md, "The high-level normalisation APIs".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/norm_tiling.h"
#include "opsim/sim/ascendc/hl_math.h"

namespace AscendC {

// Normalize's configuration (CANN's normalize_utils.h, normalize_config.h). ReducePattern under
// CANN's guard: the host's lib/reduce/reduce_tiling.h declares it too.
#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
  AR = 0,
  RA = 1,
  R,
  ARA,
  ARAR,
  ARARA,
  ARARAR,
  ARARARA,
  ARARARAR,
  ARARARARA,
  RAR,
  RARA,
  RARAR,
  RARARA,
  RARARAR,
  RARARARA,
};
#endif  // ASCC_ENUM_REDUCEPATTERN
struct NormalizeConfig {
  ReducePattern reducePattern = ReducePattern::AR;
  int32_t aLength = -1;
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
};
struct NormalizePara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};
constexpr NormalizeConfig GetNormalizeConfig(bool isNoBeta, bool isNoGamma) {
  return {ReducePattern::AR, -1, isNoBeta, isNoGamma, false};
}
constexpr NormalizeConfig NLCFG_NORM = GetNormalizeConfig(false, false);
constexpr NormalizeConfig NLCFG_NOBETA = GetNormalizeConfig(true, false);
constexpr NormalizeConfig NLCFG_NOGAMMA = GetNormalizeConfig(false, true);
constexpr NormalizeConfig NLCFG_NOOPT = GetNormalizeConfig(true, true);

// The [A, R] LayerNorm's configuration and shape (CANN's layernorm_utils.h).
struct LayerNormConfig {
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
  bool isOutputRstd = true;
};
struct LayerNormPara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};
constexpr LayerNormConfig GetLayerNormNormalConfig() { return {false, false, false, true}; }
constexpr LayerNormConfig LNCFG_NORM = GetLayerNormNormalConfig();

}  // namespace AscendC

namespace opsim::sim::hl {

enum class NormApi : uint8_t { kLayerNorm, kRmsNorm, kDeepNorm };

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
  // DeepNorm: the normalised rows are alpha * src + gx.
  const AscendC::tiling::DeepNormTiling* deep_norm = nullptr;
  const detail::UbRef* gx = nullptr;
  double alpha = 1;
  bool basic_block = false;
};

// Checks, charges and computes one call; faults name the API.
void RunNorm(const NormCall& call);

struct GroupNormCall {
  ElemType type;
  bool reuse_source;
  const detail::UbRef* dst;
  const detail::UbRef* mean;      // [N, G]
  const detail::UbRef* variance;  // [N, G]
  const detail::UbRef* src;       // [N, C, hwAlignSize]
  const detail::UbRef* gamma;     // [C]
  const detail::UbRef* beta;      // [C]
  const detail::UbRef* tmp;       // sharedTmpBuffer, or null
  double epsilon;
  const AscendC::tiling::GroupNormTiling* tiling;
};
void RunGroupNorm(const GroupNormCall& call);

struct BatchNormCall {
  ElemType type;
  bool basic_block;
  const detail::UbRef* dst;       // [B, S * H]
  const detail::UbRef* mean;      // [S * H]
  const detail::UbRef* variance;  // [S * H]
  const detail::UbRef* src;       // [B, S * H]; may be dst
  const detail::UbRef* gamma;     // [B]
  const detail::UbRef* beta;      // [B]
  const detail::UbRef* tmp;       // sharedTmpBuffer, or null
  double epsilon;
  const AscendC::tiling::BatchNormTiling* tiling;
};
void RunBatchNorm(const BatchNormCall& call);

struct NormalizeCall {
  ElemType type;        // inputX and output
  ElemType gamma_type;  // gamma and beta
  bool no_gamma, no_beta;
  int32_t config_a;  // config.aLength, -1 for any
  const detail::UbRef* dst;
  const detail::UbRef* rstd;      // float [A]
  const detail::UbRef* mean;      // float [A]
  const detail::UbRef* variance;  // float [A]
  const detail::UbRef* src;
  const detail::UbRef* gamma;
  const detail::UbRef* beta;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null
  double epsilon;
  const AscendC::NormalizePara* para;
};
void RunNormalize(const NormalizeCall& call);

// The [A, R] LayerNorm: the rows' mean and variance from the tiling, then Normalize's rstd and
// rows (`norm.variance` unused: the variance lives in the work buffer).
struct LayerNormRstdCall {
  NormalizeCall norm;
  const AscendC::LayerNormPara* para;
  const AscendC::tiling::LayerNormSeparateTiling* tiling;
};
void RunLayerNormRstd(const LayerNormRstdCall& call);

template <typename U, typename T, const AscendC::NormalizeConfig& config>
constexpr void CheckNormalizeTemplate() {
  static_assert(std::is_same_v<T, float> ? std::is_same_v<U, float> : kHalfOrFloat<U>,
                "Normalize takes T float with U float, or T half with U half or float");
  static_assert(kHalfOrFloat<T>, "Normalize takes half or float inputX");
  static_assert(!config.isOnlyOutput, "isOnlyOutput must be set false for now.");
  static_assert(config.aLength != 1, "aLength in config must not be 1.");
}

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
              &sharedTmpBuffer.ref(), h::NormScalar(epsilon), &tiling, nullptr, nullptr, nullptr, 1,
              false});
}
template <typename T, bool isReuseSource = false>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
               const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
               const LocalTensor<T>& gamma, const LocalTensor<T>& beta, const T epsilon,
               LayerNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kLayerNorm, h::ElemOf<T>(), isReuseSource, &output.ref(), &inputX.ref(),
              &gamma.ref(), &beta.ref(), &outputMean.ref(), &outputVariance.ref(), nullptr,
              h::NormScalar(epsilon), &tiling, nullptr, nullptr, nullptr, 1, false});
}

// Per row a of [A, R]: outputMean[a] and the variance over the rLength columns, outputRstd[a] =
// 1 / sqrt(variance + epsilon), then Normalize's rows (config leaves out gamma or beta). As the
// chip does, the padding columns of inputX are zeroed first.
template <typename U, typename T, bool isReuseSource = false,
          const LayerNormConfig& config = LNCFG_NORM>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
               const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX,
               const LocalTensor<U>& gamma, const LocalTensor<U>& beta, const float epsilon,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const LayerNormPara& para,
               const LayerNormSeparateTiling& tiling) {
  namespace h = opsim::sim::hl;
  static_assert(!config.isOnlyOutput, "LayerNorm: config.isOnlyOutput must be false");
  h::CheckNormalizeTemplate<U, T, NLCFG_NORM>();
  h::RunLayerNormRstd({{h::ElemOf<T>(), h::ElemOf<U>(), config.isNoGamma, config.isNoBeta, -1,
                        &output.ref(), &outputRstd.ref(), &outputMean.ref(), nullptr, &inputX.ref(),
                        &gamma.ref(), &beta.ref(), &sharedTmpBuffer.ref(), epsilon, nullptr},
                       &para,
                       &tiling});
}
template <typename U, typename T, bool isReuseSource = false,
          const LayerNormConfig& config = LNCFG_NORM>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
               const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX,
               const LocalTensor<U>& gamma, const LocalTensor<U>& beta, const float epsilon,
               const LayerNormPara& para, const LayerNormSeparateTiling& tiling) {
  namespace h = opsim::sim::hl;
  static_assert(!config.isOnlyOutput, "LayerNorm: config.isOnlyOutput must be false");
  h::CheckNormalizeTemplate<U, T, NLCFG_NORM>();
  h::RunLayerNormRstd({{h::ElemOf<T>(), h::ElemOf<U>(), config.isNoGamma, config.isNoBeta, -1,
                        &output.ref(), &outputRstd.ref(), &outputMean.ref(), nullptr, &inputX.ref(),
                        &gamma.ref(), &beta.ref(), nullptr, epsilon, nullptr},
                       &para,
                       &tiling});
}

// dst = x / sqrt(mean(x^2) + epsilon) * gamma per row of H.
template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
             const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
             const T epsilon, const RmsNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kRmsNorm, h::ElemOf<T>(), false, &dstLocal.ref(), &srcLocal.ref(),
              &gammaLocal.ref(), nullptr, nullptr, nullptr, &sharedTmpBuffer.ref(),
              h::NormScalar(epsilon), nullptr, &tiling, nullptr, nullptr, 1, false});
}
template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
             const LocalTensor<T>& gammaLocal, const T epsilon, const RmsNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kRmsNorm, h::ElemOf<T>(), false, &dstLocal.ref(), &srcLocal.ref(),
              &gammaLocal.ref(), nullptr, nullptr, nullptr, nullptr, h::NormScalar(epsilon),
              nullptr, &tiling, nullptr, nullptr, 1, false});
}

// DeepNorm(x) = LayerNorm(alpha * x + gx) per row of H. As CANN's 910B implementation writes it,
// rstdLocal receives the variance of the rows (its documented example shows the same).
template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal,
              const LocalTensor<T>& rstdLocal, const LocalTensor<T>& srcLocal,
              const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
              const T alpha, const T epsilon, DeepNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kDeepNorm, h::ElemOf<T>(), isReuseSrc, &dstLocal.ref(), &srcLocal.ref(),
              &gammaLocal.ref(), &betaLocal.ref(), &meanLocal.ref(), &rstdLocal.ref(),
              &sharedTmpBuffer.ref(), h::NormScalar(epsilon), nullptr, nullptr, &tiling,
              &gxLocal.ref(), h::NormScalar(alpha), isBasicBlock});
}
template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal,
              const LocalTensor<T>& rstdLocal, const LocalTensor<T>& srcLocal,
              const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const T alpha, const T epsilon,
              DeepNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunNorm({h::NormApi::kDeepNorm, h::ElemOf<T>(), isReuseSrc, &dstLocal.ref(), &srcLocal.ref(),
              &gammaLocal.ref(), &betaLocal.ref(), &meanLocal.ref(), &rstdLocal.ref(), nullptr,
              h::NormScalar(epsilon), nullptr, nullptr, &tiling, &gxLocal.ref(),
              h::NormScalar(alpha), isBasicBlock});
}

// Per sample and group of C / g channels: (x - mean) / sqrt(variance + epsilon) * gamma[c] +
// beta[c]; mean and variance ([N, G], type T) are outputs.
template <typename T, bool isReuseSource = false>
void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
               const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
               const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
               GroupNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunGroupNorm({h::ElemOf<T>(), isReuseSource, &output.ref(), &outputMean.ref(),
                   &outputVariance.ref(), &inputX.ref(), &gamma.ref(), &beta.ref(),
                   &sharedTmpBuffer.ref(), h::NormScalar(epsilon), &tiling});
}
template <typename T, bool isReuseSource = false>
void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
               const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
               const LocalTensor<T>& gamma, const LocalTensor<T>& beta, const T epsilon,
               GroupNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunGroupNorm({h::ElemOf<T>(), isReuseSource, &output.ref(), &outputMean.ref(),
                   &outputVariance.ref(), &inputX.ref(), &gamma.ref(), &beta.ref(), nullptr,
                   h::NormScalar(epsilon), &tiling});
}

// Per row a of [A, R]: outputRstd[a] = 1 / sqrt(inputVariance[a] + epsilon), and over the
// rLengthWithPadding columns output = (x - inputMean[a]) * rstd * gamma + beta (config leaves out
// gamma or beta).
template <typename U, typename T, bool isReuseSource = false,
          const NormalizeConfig& config = NLCFG_NORM>
void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
               const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
               const LocalTensor<U>& beta, const LocalTensor<uint8_t>& sharedTmpBuffer,
               const float epsilon, const NormalizePara& para) {
  namespace h = opsim::sim::hl;
  h::CheckNormalizeTemplate<U, T, config>();
  h::RunNormalize({h::ElemOf<T>(), h::ElemOf<U>(), config.isNoGamma, config.isNoBeta,
                   config.aLength, &output.ref(), &outputRstd.ref(), &inputMean.ref(),
                   &inputVariance.ref(), &inputX.ref(), &gamma.ref(), &beta.ref(),
                   &sharedTmpBuffer.ref(), epsilon, &para});
}
template <typename U, typename T, bool isReuseSource = false,
          const NormalizeConfig& config = NLCFG_NORM>
void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
               const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
               const LocalTensor<U>& beta, const float epsilon, const NormalizePara& para) {
  namespace h = opsim::sim::hl;
  h::CheckNormalizeTemplate<U, T, config>();
  h::RunNormalize({h::ElemOf<T>(), h::ElemOf<U>(), config.isNoGamma, config.isNoBeta,
                   config.aLength, &output.ref(), &outputRstd.ref(), &inputMean.ref(),
                   &inputVariance.ref(), &inputX.ref(), &gamma.ref(), &beta.ref(), nullptr, epsilon,
                   &para});
}

// Per column of [B, S * H] over the B rows: (x - mean) / sqrt(variance + epsilon) * gamm[b] +
// beta[b]; mean and variance ([S * H], type T) are outputs. inputX may be output.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
               const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
               const LocalTensor<T>& gamm, const LocalTensor<T>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
               BatchNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunBatchNorm({h::ElemOf<T>(), isBasicBlock, &output.ref(), &outputMean.ref(),
                   &outputVariance.ref(), &inputX.ref(), &gamm.ref(), &beta.ref(),
                   &sharedTmpBuffer.ref(), h::NormScalar(epsilon), &tiling});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
               const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
               const LocalTensor<T>& gamm, const LocalTensor<T>& beta, const T epsilon,
               BatchNormTiling& tiling) {
  namespace h = opsim::sim::hl;
  h::RunBatchNorm({h::ElemOf<T>(), isBasicBlock, &output.ref(), &outputMean.ref(),
                   &outputVariance.ref(), &inputX.ref(), &gamm.ref(), &beta.ref(), nullptr,
                   h::NormScalar(epsilon), &tiling});
}

}  // namespace AscendC
