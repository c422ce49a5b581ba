// CANN's lib/reduce/mean_tiling.h: Mean's temporary buffer (opsim/core/reduce_tiling.h, one
// figure with the kernel's check).
#pragma once

#include <cstdint>

namespace AscendC {

// (srcTypeSize, accTypeSize) is (2, 2), (4, 4) or (2, 4); a broken argument prints an error
// naming the helper and the rule and leaves maxSize and minSize unchanged.
void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize, const uint32_t accTypeSize,
                          const bool isReuseSource, uint32_t& maxSize, uint32_t& minSize);
// One live node, no extra buffer (CANN's figures).
void GetMeanTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                uint32_t& extraBuffer);

}  // namespace AscendC
