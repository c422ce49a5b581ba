// CANN's umbrella header of the high-level APIs' host tilings. opsim has the Matmul tiling
// (lib/matmul/matmul_tiling.h); the other APIs' tilings are not yet here.
#pragma once

#include "lib/matmul/matmul_tiling.h"
#include "tiling/platform/platform_ascendc.h"
