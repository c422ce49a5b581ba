// CANN's lib/math/round_tiling.h: the host helpers of the high-level Round (the temporary
// buffer the kernel-side API needs, docs/ASCENDC.md "The high-level library").
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {
void GetRoundMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                           const ge::Shape& srcShape, const uint32_t typeSize,
                           const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
void GetRoundTmpBufferFactorSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                 const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                 uint32_t& extraBuf);
}  // namespace AscendC
