// CANN's lib/normalization/layernorm_grad_tiling.h: the host helpers of the high-level
// LayerNormGrad over [B, S, H] (docs/ASCENDC.md, "LayerNormGrad and LayerNormGradBeta"), with the
// 910B (NpuArch 2201) figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/normalization/layernorm_grad_tilingdata.h"
#include "opsim/core/layernorm_grad_tiling.h"

namespace AscendC {

using TensorShape = ge::Shape;

constexpr uint32_t LAYERNORM_GRAD_REUSE_FLOAT_BUF_NUM = 4;
constexpr uint32_t LAYERNORM_GRAD_HALF_BUF_NUM = 9;
constexpr uint32_t LAYERNORM_GRAD_FLOAT_BUF_NUM = 6;
constexpr uint32_t LAYERNORM_GRAD_B32_DATA_NUM_PER_BLOCK = 8;
constexpr uint32_t LAYERNORM_GRAD_B16_DATA_NUM_PER_BLOCK = 16;

// srcShape is [B, S, H, original H]. A broken shape or a typeSize other than 2 or 4 prints an
// error naming the helper and the rule and leaves the outputs as they were.
void GetLayerNormGradMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                   const bool isReuseSource, uint32_t& maxValue,
                                   uint32_t& minValue);
// stackBufferSize: the bytes of the kernel call's sharedTmpBuffer. Too small for one row of the
// float pieces: an error, nothing written.
void GetLayerNormGradNDTilingInfo(const AscendC::TensorShape srcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize,
                                  const bool isReuseSource, optiling::LayerNormGradTiling& tiling);
void GetLayerNormGradNDTilingInfo(const AscendC::TensorShape srcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize,
                                  const bool isReuseSource,
                                  AscendC::tiling::LayerNormGradTiling& tiling);

}  // namespace AscendC
