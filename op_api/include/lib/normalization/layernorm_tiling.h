// CANN's lib/normalization/layernorm_tiling.h: the host helpers of the high-level LayerNorm over
// [B, S, H] (docs/ASCENDC.md, "The high-level normalisation APIs"), with the 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/normalization/layernorm_tilingdata.h"
#include "opsim/core/norm_tiling.h"

namespace AscendC {

// srcShape is [B, S, H, original H] (H a whole number of 32-byte blocks). A broken shape or a
// typeSize other than 2 or 4 prints an error naming the helper and the rule and leaves the
// outputs as they were, as CANN's helpers do.
void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                               const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
// stackBufferSize: the work space the kernel's call has; below what one row needs nothing is
// written (an error is printed).
void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              optiling::LayerNormTiling& tiling);
void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              AscendC::tiling::LayerNormTiling& tiling);
// WelfordUpdate's work space ([rnLength, abLength]; rnLength is 1): 3 256-byte repeats for a half
// inputX, 2 for float (1 reusing the source), times the 64-float repeats of the data for the
// maximum. typeSizeU and isInplace do not change it. A shape that is not 2-D prints an error and
// leaves the outputs as they were.
void GetWelfordUpdateMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSizeT,
                                   const uint32_t typeSizeU, const bool isReuseSource,
                                   const bool isInplace, uint32_t& maxValue, uint32_t& minValue);
// The [A, R] LayerNorm that outputs rstd (srcShape [A, R]; R padded to 32-byte blocks of
// typeSize): the statistics' floats, two float pieces of whole rows, at least what Normalize
// needs. isComputeRstd must be true and isOnlyOutput false (CANN supports no other yet).
void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                               const bool isReuseSource, const bool isComputeRstd,
                               const bool isOnlyOutput, uint32_t& maxValue, uint32_t& minValue);
void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const bool isComputeRstd, optiling::LayerNormSeparateTiling& tiling);
void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const bool isComputeRstd,
                              AscendC::tiling::LayerNormSeparateTiling& tiling);
[[deprecated("GetLayerNormNDTillingInfo is deprecated, please use GetLayerNormNDTilingInfo")]] void
GetLayerNormNDTillingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, const bool isReuseSource,
                          optiling::LayerNormTiling& tilling);

}  // namespace AscendC
