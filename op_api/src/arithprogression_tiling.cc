// The host helpers of the high-level Arange (lib/index/arithprogression_tiling.h): the kernel
// side writes its sequence with no scratch, so there is no temporary buffer to size.
#include "tiling/tiling_api.h"

namespace AscendC {

void GetArangeMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) {
  maxValue = 0;
  minValue = 0;
}

void GetArithProgressionMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) {
  GetArangeMaxMinTmpSize(maxValue, minValue);
}

}  // namespace AscendC
