// Ascend C's LayerNormGrad and LayerNormGradBeta (CANN's lib/normalization/layernormgrad.h,
// layernormgradbeta.h) in the forms CANN declares for the 910B: with or without sharedTmpBuffer,
// <T, isReuseSource>. Declarations only: each forwards to a compiled entry
// (simulator/src/runtime/hl_layernorm_grad.cc). docs/ASCENDC.md, "LayerNormGrad and
// LayerNormGradBeta".
#pragma once

#include <cstdint>

#include "opsim/core/layernorm_grad_tiling.h"
#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/ascendc/shape_info.h"  // DataFormat

namespace AscendC {

struct LayerNormGradShapeInfo {
  DataFormat dataFormat = DataFormat::ND;
};

}  // namespace AscendC

namespace opsim::sim::hl {

struct LayerNormGradCall {
  ElemType type;
  bool reuse_source;
  const detail::UbRef* pd_x;           // outputPdX [B, S, H]
  const detail::UbRef* res_for_gamma;  // [B, S, H]
  const detail::UbRef* dy;             // [B, S, H]
  const detail::UbRef* x;              // [B, S, H]
  const detail::UbRef* variance;       // [B, S]
  const detail::UbRef* mean;           // [B, S]
  const detail::UbRef* gamma;          // [H]
  const detail::UbRef* tmp;            // sharedTmpBuffer, or null
  float epsilon;
  const AscendC::tiling::LayerNormGradTiling* tiling;
  uint8_t data_format;
};
void RunLayerNormGrad(const LayerNormGradCall& call);

struct LayerNormGradBetaCall {
  ElemType type;
  bool reuse_source;
  const detail::UbRef* pd_gamma;       // [H]
  const detail::UbRef* pd_beta;        // [H]
  const detail::UbRef* res_for_gamma;  // [B, S, H]
  const detail::UbRef* dy;             // [B, S, H]
  const detail::UbRef* tmp;            // sharedTmpBuffer, or null
  const AscendC::tiling::LayerNormGradBetaTiling* tiling;
};
void RunLayerNormGradBeta(const LayerNormGradBetaCall& call);

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T, bool isReuseSource = false>
void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma,
                   const LocalTensor<T>& inputDy, const LocalTensor<T>& inputX,
                   const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                   const LocalTensor<T>& inputGamma, LocalTensor<uint8_t>& sharedTmpBuffer,
                   T epsilon, LayerNormGradTiling& tiling,
                   const LayerNormGradShapeInfo& shapeInfo = {}) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "LayerNormGrad takes half or float");
  namespace h = opsim::sim::hl;
  h::RunLayerNormGrad({h::ElemOf<T>(), isReuseSource, &outputPdX.ref(), &resForGamma.ref(),
                       &inputDy.ref(), &inputX.ref(), &inputVariance.ref(), &inputMean.ref(),
                       &inputGamma.ref(), &sharedTmpBuffer.ref(), static_cast<float>(epsilon),
                       &tiling, static_cast<uint8_t>(shapeInfo.dataFormat)});
}
template <typename T, bool isReuseSource = false>
void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma,
                   const LocalTensor<T>& inputDy, const LocalTensor<T>& inputX,
                   const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                   const LocalTensor<T>& inputGamma, T epsilon, LayerNormGradTiling& tiling,
                   const LayerNormGradShapeInfo& shapeInfo = {}) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "LayerNormGrad takes half or float");
  namespace h = opsim::sim::hl;
  h::RunLayerNormGrad({h::ElemOf<T>(), isReuseSource, &outputPdX.ref(), &resForGamma.ref(),
                       &inputDy.ref(), &inputX.ref(), &inputVariance.ref(), &inputMean.ref(),
                       &inputGamma.ref(), nullptr, static_cast<float>(epsilon), &tiling,
                       static_cast<uint8_t>(shapeInfo.dataFormat)});
}

template <typename T, bool isReuseSource = false>
void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma, const LocalTensor<T>& outputPdBeta,
                       const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                       const LocalTensor<uint8_t>& sharedTmpBuffer,
                       const LayerNormGradBetaTiling& tiling) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "LayerNormGradBeta takes half or float");
  namespace h = opsim::sim::hl;
  h::RunLayerNormGradBeta({h::ElemOf<T>(), isReuseSource, &outputPdGamma.ref(), &outputPdBeta.ref(),
                           &resForGamma.ref(), &inputDy.ref(), &sharedTmpBuffer.ref(), &tiling});
}
template <typename T, bool isReuseSource = false>
void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma, const LocalTensor<T>& outputPdBeta,
                       const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                       LayerNormGradBetaTiling& tiling) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "LayerNormGradBeta takes half or float");
  namespace h = opsim::sim::hl;
  h::RunLayerNormGradBeta({h::ElemOf<T>(), isReuseSource, &outputPdGamma.ref(), &outputPdBeta.ref(),
                           &resForGamma.ref(), &inputDy.ref(), nullptr, &tiling});
}

}  // namespace AscendC
