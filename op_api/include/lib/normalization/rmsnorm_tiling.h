// CANN's lib/normalization/rmsnorm_tiling.h: the host helpers of the high-level RmsNorm
// (docs/ASCENDC.md, "The high-level normalisation APIs"), with the 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/normalization/rmsnorm_tilingdata.h"
#include "opsim/core/norm_tiling.h"

namespace AscendC {

// srcShape is [B, S, H] with H a whole number of 32-byte blocks. False (with an error naming the
// rule on stderr, the values unchanged) for another shape, a typeSize other than 2 or 4, or,
// with isBasicBlock, H not a multiple of 64 below 2048 or B * S not a multiple of 8.
bool GetRmsNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                             uint32_t& minValue, const bool isBasicBlock = false);
// originSrcShape is [B, S, original H]; stackBufferByteSize the work space the kernel's call has
// (at least the minimum above, else false).
bool GetRmsNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize,
                          optiling::RmsNormTiling& tiling, const bool isBasicBlock = false);
bool GetRmsNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize,
                          AscendC::tiling::RmsNormTiling& tiling, const bool isBasicBlock = false);

}  // namespace AscendC
