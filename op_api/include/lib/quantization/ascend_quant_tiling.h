// CANN's lib/quantization/ascend_quant_tiling.h: the host helpers of the high-level AscendQuant
// (docs/ASCENDC.md, "AscendQuant").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
// srcShape's elements times typeSize (2 or 4) must be above 0 and a whole number of 32-byte
// blocks. The minimum is two repeats of half (512 bytes); the maximum twice the elements, at
// least the minimum, rounded up to 32 bytes. A broken argument prints an error naming the rule
// and leaves both values as they were, as CANN's helper does.
void GetAscendQuantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                 uint32_t& maxValue, uint32_t& minValue);
// The buffer holds maxLiveNodeCount elements' bytes per element computed, plus extraBuf.
void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
}  // namespace AscendC
