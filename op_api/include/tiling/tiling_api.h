// CANN's umbrella header of the high-level APIs' host tilings. opsim has the Matmul tiling
// (lib/matmul/matmul_tiling.h); the other APIs' tilings are not yet here. Their helpers take
// ge::Shape, so CANN's brings graph/tensor.h, and so does this one.
#pragma once

#if defined(OPSIM_KERNEL_TILING)
// A kernel unit of an operator library includes its project's tiling header, and with it this
// one: the kernel sees only the tiling structs (optiling::TCubeTiling is the kernel's
// TCubeTiling there), as CANN's generated kernel tiling does, not the host's classes.
#include "lib/matmul/matmul_tilingdata.h"
#else
#include "graph/tensor.h"
#include "lib/matmul/matmul_tiling.h"
#include "tiling/platform/platform_ascendc.h"
#endif
