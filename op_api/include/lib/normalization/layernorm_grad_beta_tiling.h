// CANN's lib/normalization/layernorm_grad_beta_tiling.h: the host helpers of the high-level
// LayerNormGradBeta over [B, S, H] (docs/ASCENDC.md, "LayerNormGrad and LayerNormGradBeta"), with
// the 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/normalization/layernorm_grad_beta_tilingdata.h"
#include "opsim/core/layernorm_grad_tiling.h"

namespace AscendC {

using TensorShape = ge::Shape;

constexpr uint32_t LAYERNORM_GRAD_BETA_B16_BYTE_SIZE = 2;
constexpr uint32_t LAYERNORM_GRAD_BETA_FOUR_BUF_NUM = 4;
constexpr uint32_t LAYERNORM_GRAD_BETA_TWO_BUF_NUM = 2;
constexpr uint32_t LAYERNORM_GRAD_BETA_ONE_BUF_NUM = 1;
constexpr uint32_t LAYERNORM_GRAD_BETA_INDEX_BLENGTH = 0;
constexpr uint32_t LAYERNORM_GRAD_BETA_INDEX_SLENGTH = 1;
constexpr uint32_t LAYERNORM_GRAD_BETA_INDEX_HLENGTH = 2;
constexpr uint32_t LAYERNORM_GRAD_BETA_INDEX_ORIGINALHLENGTH = 3;

// srcShape is [B, S, H, original H]. Broken arguments print an error and leave the outputs.
void GetLayerNormGradBetaMaxMinTmpSize(const AscendC::TensorShape& srcShape,
                                       const uint32_t typeSize, const bool isReuseSource,
                                       uint32_t& maxValue, uint32_t& minValue);
// stackBufferSize in bytes; the tiling's stackBufferSize is in floats (as CANN's).
void GetLayerNormGradBetaNDTilingInfo(const AscendC::TensorShape srcShape,
                                      const uint32_t stackBufferSize, const uint32_t typeSize,
                                      const bool isReuseSource,
                                      optiling::LayerNormGradBetaTiling& tiling);
void GetLayerNormGradBetaNDTilingInfo(const AscendC::TensorShape srcShape,
                                      const uint32_t stackBufferSize, const uint32_t typeSize,
                                      const bool isReuseSource,
                                      AscendC::tiling::LayerNormGradBetaTiling& tiling);

}  // namespace AscendC
