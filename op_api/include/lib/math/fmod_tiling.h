// CANN's lib/math/fmod_tiling.h: the host helpers of the high-level Fmod (the temporary
// buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
void GetFmodMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                          const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
void GetFmodTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                uint32_t& extraBuf);
}  // namespace AscendC
