// CANN's lib/reduce/sum_tiling.h: Sum's temporary buffer (the repeat sums of a row in whole
// blocks; opsim/core/reduce_tiling.h, one figure with the kernel's check).
#pragma once

#include <cstdint>

namespace AscendC {

// n the row's elements, typeSize 2 or 4; a broken argument prints an error naming the helper
// and the rule and leaves maxSize and minSize unchanged.
void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxSize, uint32_t& minSize);

}  // namespace AscendC
