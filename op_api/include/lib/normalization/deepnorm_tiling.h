// CANN's lib/normalization/deepnorm_tiling.h: the host helpers of the high-level DeepNorm over
// [B, S, H] (docs/ASCENDC.md, "The high-level normalisation APIs"), with the 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/normalization/deepnorm_tilingdata.h"
#include "opsim/core/norm_tiling.h"

namespace AscendC {

// srcShape is [B, S, H] (H whole 32-byte blocks, at most 2040). False (with an error naming the
// rule on stderr, the values unchanged) for another shape, a typeSize other than 2 or 4, or, with
// isBasicBlock, H not a multiple of 64 or B * S not a multiple of 8.
bool GetDeepNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                              const bool isReuseSource, const bool isBasicBlock, uint32_t& maxValue,
                              uint32_t& minValue);
// originSrcShape is [B, S, original H] (original H == H with isBasicBlock); stackBufferSize the
// work space the kernel's call has (at least the minimum above, else false).
bool GetDeepNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize,
                           const bool isReuseSource, const bool isBasicBlock,
                           optiling::DeepNormTiling& tiling);
bool GetDeepNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize,
                           const bool isReuseSource, const bool isBasicBlock,
                           AscendC::tiling::DeepNormTiling& tiling);

}  // namespace AscendC
