// CANN's lib/activation/swish_tiling.h: the host helpers of the high-level Swish (the
// temporary buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
void GetSwishTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                     uint32_t& maxValue, uint32_t& minValue);
}  // namespace AscendC
