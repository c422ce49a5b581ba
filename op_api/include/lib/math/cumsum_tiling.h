// CANN's lib/math/cumsum_tiling.h: the host helper of the high-level CumSum (the temporary buffer
// the kernel-side API needs, docs/ASCENDC.md "CumSum").
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
// srcShape is [outter, inner] with inner a whole number of 32-byte blocks; typeSize 2 or 4.
// A broken argument prints an error naming the rule and leaves both values as they were, as
// CANN's helper does.
void GetCumSumMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                            const bool isLastAxis, const bool isReuseSource, uint32_t& maxValue,
                            uint32_t& minValue);
}  // namespace AscendC
