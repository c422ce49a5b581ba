// CANN's lib/normalization/normalize_tiling.h: the host helper of the high-level Normalize over
// [A, R] (docs/ASCENDC.md, "The high-level normalisation APIs"), with the 910B figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

// srcShape is [A, R] (R is padded to whole 32-byte blocks of typeSizeT). The minimum is A floats
// or two float rows (four with half gamma and beta: typeSizeU 2), whichever is more; the maximum
// two float rows of gamma and beta and two float copies of the data (A rounded up to 8 rows).
// isComputeRstd must be true and isOnlyOutput false (CANN's only forms); a broken argument prints
// an error and leaves the outputs as they were.
void GetNormalizeMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSizeU,
                               const uint32_t typeSizeT, const bool isReuseSource,
                               const bool isComputeRstd, const bool isOnlyOutput,
                               uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
