// CANN's lib/activation/swiglu_tiling.h: the host helpers of the high-level SwiGLU (the
// temporary buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
void GetSwiGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                            uint32_t& minValue, const bool isReuseSource = false);
void GetSwiGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                  uint32_t& extraBuffer);
}  // namespace AscendC
