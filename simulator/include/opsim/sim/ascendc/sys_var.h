// System variables of the 910B generation beyond the block index and count: the data block's
// size and GetTaskRatio, CANN's current name of GetTaskRation (cross_core.h).
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/cross_core.h"

namespace AscendC {

// The bytes of one data block (32), the unit of DataCopy's lengths and the vector strides.
inline constexpr int16_t GetDataBlockSizeInBytes() { return 32; }

// How many vector cores run with each cube core in the running launch, as GetTaskRation
// reports it.
inline int64_t GetTaskRatio() { return GetTaskRation(); }

}  // namespace AscendC
