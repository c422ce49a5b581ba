// CANN's lib/normalization/batchnorm_tiling.h: the host helpers of the high-level BatchNorm over
// the first axis of [B, S, H] (docs/ASCENDC.md, "The high-level normalisation APIs"), with the
// 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/normalization/batchnorm_tilingdata.h"
#include "opsim/core/norm_tiling.h"

namespace AscendC {

// srcShape is [B, S, H] (S * H whole 32-byte blocks), originSrcShape [original B, S, H]. False
// (with an error naming the rule on stderr, the values unchanged) for another shape or, with
// isBasicBlock, original B not a multiple of 8 or S * H not a multiple of 64.
bool GetBatchNormMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                               const uint32_t typeSize, const bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue,
                               const bool isBasicBlock = false);
// stackBufferByteSize: the work space the kernel's call has (at least the minimum above, else
// false).
bool GetBatchNormNDTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize,
                              const bool isReuseSource, optiling::BatchNormTiling& tilling,
                              const bool isBasicBlock = false);
bool GetBatchNormNDTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize,
                              const bool isReuseSource, AscendC::tiling::BatchNormTiling& tilling,
                              const bool isBasicBlock = false);

}  // namespace AscendC
