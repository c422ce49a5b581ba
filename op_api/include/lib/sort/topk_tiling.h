// CANN's lib/sort/topk_tiling.h: the host helpers of the high-level TopK (docs/ASCENDC.md,
// "TopK"), with CANN's figures per NpuArch (the 910B's, 2201, for every arch other than 2002 and
// the 3510 family, as CANN's).
#pragma once

#include <cstdint>

#include "lib/sort/topk_tilingdata.h"
#include "opsim/core/topk_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

// inner: a row's length padded to 32 elements; outter: the rows. The 910B's figure (min = max):
// Normal mode 16 bytes per inner element, 20 without isInitIndex; Small mode (inner 32)
// inner * outter * 8 + 64, plus inner * outter * 4 when isLargest is false and again without
// isInitIndex. dataTypeSize is 2 (half) or 4 (float). A broken argument (inner not a positive
// multiple of 32, not 32 in Small mode, outter below 1, another type size, a source beyond the
// UB) prints an error naming the rule, and the figures are computed all the same, as CANN's.
// On NpuArch 2002 and 3510/5102/3003 the figures are CANN's for those archs.
bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                          const int32_t inner, const int32_t outter, const bool isReuseSource,
                          const bool isInitIndex, enum TopKMode mode, const bool isLargest,
                          const uint32_t dataTypeSize, uint32_t& maxValue, uint32_t& minValue);
// The tiling TopK reads, CANN's fields for the platform's NpuArch (2002, the 3510 family, and the
// 910B's for every other); k outside [1, inner] prints an error and the fields are set all the
// same, as CANN's. False only for a dataTypeSize of 0.
bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize,
                    const bool isInitIndex, enum TopKMode mode, const bool isLargest,
                    optiling::TopkTiling& topKTiling);
bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize,
                    const bool isInitIndex, enum TopKMode mode, const bool isLargest,
                    AscendC::tiling::TopkTiling& topKTiling);

}  // namespace AscendC
