// CANN's lib/normalization/groupnorm_tiling.h: the host helpers of the high-level GroupNorm over
// [N, C, H, W] (docs/ASCENDC.md, "The high-level normalisation APIs"), with the 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/normalization/groupnorm_tilingdata.h"
#include "opsim/core/norm_tiling.h"

namespace AscendC {

// srcShape is [N, C, H, W], groupNum divides C. A broken shape, groupNum or a typeSize other than
// 2 or 4 prints an error naming the helper and the rule and leaves the outputs as they were.
void GetGroupNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                               const bool isReuseSource, const uint32_t groupNum,
                               uint32_t& maxValue, uint32_t& minValue);
// stackBufferSize: the work space the kernel's call has; below what one group needs nothing is
// written (an error is printed).
void GetGroupNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const uint32_t groupNum, optiling::GroupNormTiling& tiling);
void GetGroupNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const uint32_t groupNum, AscendC::tiling::GroupNormTiling& tiling);

}  // namespace AscendC
