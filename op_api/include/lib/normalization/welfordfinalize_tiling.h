// CANN's lib/normalization/welfordfinalize_tiling.h: the host helper of the high-level
// WelfordFinalize (docs/ASCENDC.md, "The high-level normalisation APIs"), with the 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

// srcShape is [abLength] (above 0, whole 32-byte blocks of float): the minimum is two 64-float
// outputs and two 64-float work pieces (1024 bytes), the maximum the outputs and two pieces of
// abLength. typeSize and isReuseSource do not change it. A broken shape prints an error and leaves
// the outputs as they were.
void GetWelfordFinalizeMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                     const bool isReuseSource, uint32_t& maxValue,
                                     uint32_t& minValue);

}  // namespace AscendC
