// CANN's lib/filter/dropout_tiling.h: the host helpers of the high-level DropOut
// (docs/ASCENDC.md, "DropOut").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
// CANN's figures: min 512 bytes (two 256-byte repeats), max the larger of that and
// 2 * elements * 4. typeSize 2 (half) or 4 (float); isReuseSource is reserved (a warning when
// set). A broken argument prints an error and the figures are computed all the same, as CANN's.
uint32_t GetDropOutMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                              const bool isReuseSource);
uint32_t GetDropOutMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                              const bool isReuseSource);
void GetDropOutMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                             const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
}  // namespace AscendC
