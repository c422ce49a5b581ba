// CANN's lib/sort/sort_tiling_intf.h: the host helpers of the high-level Sort (docs/ASCENDC.md,
// "Sort and MrgSort"): the temporary sizes of the proposal Sort (Concat, Sort) and of the
// SortConfig Sort, with CANN's figures per NpuArch.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "opsim/core/sort_config.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_V200 = 8;
constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_HALF_V220 = 4;
constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_FLOAT_V220 = 2;

// Bytes Concat's tmp needs: 0 on NpuArch 2201, 3510 and 3003 (Concat is Sort's input as it is),
// elemCount * 8 * dataTypeSize on the others (region proposals). An elemCount of 0, a
// dataTypeSize not 2 or 4 or a source not below the UB prints an error and the figure is
// computed all the same, as CANN's.
uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                          const uint32_t elemCount, const uint32_t dataTypeSize);
// Bytes Sort's tmp needs: elemCount proposals of 8 bytes on NpuArch 2201, 3510 and 3003 (x2
// float, x4 half elements), elemCount region proposals (x8 elements) on the others; the same
// errors as GetConcatTmpSize.
uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                        const uint32_t elemCount, const uint32_t dataTypeSize);
// The SortConfig Sort's buffer (the Ascend 950's API): on the current platform's NpuArch 3510 or
// 5102, CANN's figures (min = max); on any other NpuArch, or with no platform, an error and the
// values are left as they were, as CANN's (which asserts the arch and returns). So are an index
// pair CANN refuses (hasSrcIndex without hasDstIndex) and a value or index type Sort lacks.
void GetSortMaxMinTmpSize(const ge::Shape& srcShape, ge::DataType valueType, ge::DataType indexType,
                          bool isReuseSource, const SortConfig& config, uint32_t& maxValue,
                          uint32_t& minValue);

}  // namespace AscendC
