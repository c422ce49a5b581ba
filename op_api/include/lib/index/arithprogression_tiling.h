// CANN's lib/index/arithprogression_tiling.h: the host helpers of the high-level Arange. Arange
// takes no temporary buffer, so both report 0 bytes, as CANN's do.
#pragma once

#include <cstdint>

namespace AscendC {
void GetArithProgressionMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue);
void GetArangeMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue);
}  // namespace AscendC
