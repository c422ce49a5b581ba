// CANN's host helper of the high-level Broadcast (lib/pad/broadcast_tiling.h, brought by
// tiling/tiling_api.h): the smallest and largest temporary buffer the kernel's Broadcast can use.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

// For a 1-D or 2-D broadcast of srcShape to dstShape with elements of typeSize bytes, on the
// platform's NPU arch: minValue is what the kernel's Broadcast needs at least (it faults on a
// smaller sharedTmpBuffer), maxValue what it can use at most; 0 means no buffer. Broken arguments
// (a typeSize other than 1, 2 or 4, more than 2 dims, dims that do not broadcast, an axis-0
// broadcast whose rows are not whole 32-byte blocks) are reported on stderr and leave both
// values as they were, as CANN's helper does; so does an NPU arch CANN gives no figures for
// (only 2201 and 2002 have them).
void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                               const ge::Shape& srcShape, const ge::Shape& dstShape,
                               uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue);

}  // namespace AscendC
