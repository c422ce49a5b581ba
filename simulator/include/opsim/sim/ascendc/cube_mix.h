// MIX kernels' view of their core (docs/CUBE.md, "MIX kernels"): which AIV of its AIC's pair
// the running core is, and how many AIV cores an AIC has in the launch.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/cube_matmul_engine.h"

namespace AscendC {

// 0 or 1 on the two AIV cores of a MIX block on the 910B; 0 on an AIC and in other launches.
inline int64_t GetSubBlockIdx() { return opsim::sim::detail::MixSubBlockIdx(); }
// AIV cores per AIC: 2 on an AIV of a MIX block on the 910B, 1 elsewhere.
inline int64_t GetTaskRation() { return opsim::sim::detail::MixTaskRation(); }

}  // namespace AscendC
