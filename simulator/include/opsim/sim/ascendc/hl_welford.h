// Ascend C's Welford pair (CANN's lib/normalization/layernorm.h WelfordUpdate and
// welfordfinalize.h WelfordFinalize) in the forms CANN declares for the 910B, with their parameter
// structs (layernorm_utils.h, welfordfinalize_utils.h). Declarations only: every form forwards to
// one compiled entry (simulator/src/runtime/hl_welford.cc). docs/ASCENDC.md, "The high-level
// normalisation APIs".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/hl_math.h"

namespace AscendC {

struct WelfordUpdateConfig {
  constexpr WelfordUpdateConfig(const bool isInplaceIn) : isInplace(isInplaceIn) {}
  bool isInplace = false;
};
constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};

struct WelfordUpdateParam {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t abComputeLength;
  float nRec;
};

struct WelfordFinalizeConfig {
  constexpr WelfordFinalizeConfig(const bool isCorrectionIn) { isCorrection = isCorrectionIn; }
  bool isCorrection = false;
};
constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};

struct WelfordFinalizePara {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t headCount;
  uint32_t headCountLength;
  uint32_t tailCount;
  uint32_t tailCountLength;
  float abRec;
  float rRec;
  float rRecWithCorrection;
};

}  // namespace AscendC

namespace opsim::sim::hl {

struct WelfordUpdateCall {
  ElemType x_type;  // inputX: half or float; the statistics are float
  bool reuse_source;
  bool inplace;  // config.isInplace
  const detail::UbRef* out_mean;
  const detail::UbRef* out_var;
  const detail::UbRef* in_mean;
  const detail::UbRef* in_var;
  const detail::UbRef* x;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null
  const AscendC::WelfordUpdateParam* para;
};
void RunWelfordUpdate(const WelfordUpdateCall& call);

struct WelfordFinalizeCall {
  const detail::UbRef* out_mean;
  const detail::UbRef* out_var;
  const detail::UbRef* in_mean;
  const detail::UbRef* in_var;
  const detail::UbRef* counts;  // int32_t [abLength], or null
  const detail::UbRef* tmp;     // sharedTmpBuffer, or null
  const AscendC::WelfordFinalizePara* para;
};
void RunWelfordFinalize(const WelfordFinalizeCall& call);

template <typename T, typename U>
constexpr void CheckWelfordTypes() {
  static_assert(kHalfOrFloat<T>, "WelfordUpdate's inputX is half or float");
  static_assert(std::is_same_v<U, float>, "WelfordUpdate's mean and variance are float");
}

}  // namespace opsim::sim::hl

namespace AscendC {

// Per element j < abComputeLength: delta = x - inMean, outMean = inMean + delta * nRec,
// outVariance = inVariance + delta * (x - outMean).
template <typename T, typename U, bool isReuseSource = false,
          const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                   const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                   const LocalTensor<T>& inputX, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   const WelfordUpdateParam& para) {
  namespace h = opsim::sim::hl;
  h::CheckWelfordTypes<T, U>();
  h::RunWelfordUpdate({h::ElemOf<T>(), isReuseSource, config.isInplace, &outputMean.ref(),
                       &outputVariance.ref(), &inputMean.ref(), &inputVariance.ref(), &inputX.ref(),
                       &sharedTmpBuffer.ref(), &para});
}
template <typename T, typename U, bool isReuseSource = false,
          const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                   const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                   const LocalTensor<T>& inputX, const WelfordUpdateParam& para) {
  namespace h = opsim::sim::hl;
  h::CheckWelfordTypes<T, U>();
  h::RunWelfordUpdate({h::ElemOf<T>(), isReuseSource, config.isInplace, &outputMean.ref(),
                       &outputVariance.ref(), &inputMean.ref(), &inputVariance.ref(), &inputX.ref(),
                       nullptr, &para});
}

// The mean and variance of the whole reduce axis from WelfordUpdate's per-lane results: element 0
// of each output (elements 1-7 are zeroed).
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para) {
  opsim::sim::hl::RunWelfordFinalize({&outputMean.ref(), &outputVariance.ref(), &inputMean.ref(),
                                      &inputVariance.ref(), nullptr, &sharedTmpBuffer.ref(),
                                      &para});
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<int32_t>& counts,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para) {
  opsim::sim::hl::RunWelfordFinalize({&outputMean.ref(), &outputVariance.ref(), &inputMean.ref(),
                                      &inputVariance.ref(), &counts.ref(), &sharedTmpBuffer.ref(),
                                      &para});
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     WelfordFinalizePara& para) {
  opsim::sim::hl::RunWelfordFinalize({&outputMean.ref(), &outputVariance.ref(), &inputMean.ref(),
                                      &inputVariance.ref(), nullptr, nullptr, &para});
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<int32_t>& counts, WelfordFinalizePara& para) {
  opsim::sim::hl::RunWelfordFinalize({&outputMean.ref(), &outputVariance.ref(), &inputMean.ref(),
                                      &inputVariance.ref(), &counts.ref(), nullptr, &para});
}

}  // namespace AscendC
