// MIX kernels' view of their core (docs/CUBE.md, "MIX kernels"): GetSubBlockIdx and
// GetTaskRation are with the cross-core flags in cross_core.h (kernel_operator.h has them).
#pragma once

#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/ascendc/cube_matmul_engine.h"
