// CANN's lib/math/power_tiling.h: the host helpers of the high-level Power (the temporary
// buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
// Power: srcShape1/srcShape2 of one element ([1]) stand for a scalar operand.
void GetPowerMaxMinTmpSize(const ge::Shape& srcShape1, const ge::Shape& srcShape2,
                           const bool typeIsInt, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue);
void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor,
                                 const bool typeIsInt, const uint32_t typeSize,
                                 uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);
}  // namespace AscendC
