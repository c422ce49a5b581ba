// CANN's lib/activation/gelu_tiling.h: the host helpers of the high-level Gelu and FasterGelu (the
// temporary buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
uint32_t GetGeluMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize);
uint32_t GetGeluMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize);
void GetGeluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                          uint32_t& minValue);
}  // namespace AscendC
