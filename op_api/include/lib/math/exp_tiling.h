// CANN's lib/math/exp_tiling.h: the host helpers of the high-level Exp (the temporary
// buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
bool GetExpMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                         const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                               uint32_t& extraBuf);
}  // namespace AscendC
