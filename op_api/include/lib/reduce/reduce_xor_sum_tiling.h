// CANN's lib/reduce/reduce_xor_sum_tiling.h: ReduceXorSum's temporary buffer (three buffers of
// the data, two with isReuseSource, one 256 B repeat at least; opsim/core/reduce_tiling.h).
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

// typeSize must be 2 (int16_t); a broken argument prints an error and leaves max/min unchanged.
void GetReduceXorSumMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
