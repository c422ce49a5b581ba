// CANN's kernel-side entry to the high-level Matmul: Matmul, MatmulType, MatmulConfig and
// REGIST_MATMUL_OBJ (opsim/sim/ascendc/cube_matmul.h; docs/CUBE.md). Without
// ASCENDC_CUBE_ONLY the kernels of the program are MIX kernels, as CANN compiles a Matmul's
// client (AIV) and server (AIC) halves: ICPU_RUN_KF's MIX_MODE then runs one AIC with its AIV
// cores per block on chips whose AIC and AIV are separate cores.
#pragma once

#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"
#include "opsim/sim/ascendc/cube_matmul.h"
#include "opsim/sim/ascendc/cube_mix.h"

// CANN declares GetSysWorkSpacePtr at global scope (kernel_operator_swap_mem_intf.h): Matmul
// kernels call it unqualified for REGIST_MATMUL_OBJ without `using namespace AscendC`.
using AscendC::GetSysWorkSpacePtr;

#ifndef ASCENDC_CUBE_ONLY
// One per translation unit (internal linkage), so its address lies in the library the kernel
// is built into; declared in whatever namespace includes this (an operator library compiles a
// kernel inside one per dtype column).
[[maybe_unused]] static const bool opsim_matmul_intf_mix_kernels =
    ::opsim::sim::detail::DeclareMixKernels(&opsim_matmul_intf_mix_kernels);
#endif
