// CANN's lib/activation/sigmoid_tiling.h: the host helpers of the high-level Sigmoid (the
// temporary buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue);
}  // namespace AscendC
