// CANN's lib/quantization/ascend_dequant_tiling.h: the host helpers of the high-level
// AscendDequant (docs/ASCENDC.md, "AscendDequant").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
// srcShape [m, n] or [n] of int32 (typeSize 4). The minimum holds one row of float src, the
// float factors (n + 8) and a 256-byte repeat of slack; the maximum all m rows instead of one.
// A broken argument prints an error naming the rule and leaves both values, as CANN's does.
void GetAscendDequantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                   uint32_t& maxValue, uint32_t& minValue);
// CANN's figures: extraBuf 72 (+ n for a 2-D shape, with maxLiveNodeCount 1), maxLiveNodeCount 2
// for a 1-D shape, both 0 otherwise.
void GetAscendDequantTmpBufferFactorSize(const ge::Shape& srcShape, uint32_t& maxLiveNodeCount,
                                         uint32_t& extraBuf);
}  // namespace AscendC
