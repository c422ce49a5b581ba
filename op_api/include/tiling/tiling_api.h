// CANN's umbrella header of the high-level APIs' host tilings. opsim has the Matmul tiling
// (lib/matmul/matmul_tiling.h) and Broadcast's (lib/pad/broadcast_tiling.h); the other APIs'
// tilings are not yet here. Their helpers take
// ge::Shape, so CANN's brings graph/tensor.h, and so does this one.
#pragma once

#include "graph/tensor.h"
#include "lib/matmul/matmul_tiling.h"
#include "lib/pad/broadcast_tiling.h"
#include "tiling/platform/platform_ascendc.h"
