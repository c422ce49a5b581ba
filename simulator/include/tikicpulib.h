// Ascend's CPU-debug header for a kernel-launch program's main.cpp: GM for the kernel
// (AscendC::GmAlloc / GmFree), the kernel mode, ICPU_SET_TILING_KEY and ICPU_RUN_KF, which run
// the kernel on opsim's simulated device. Compiles as C++17 under -Wall -Werror, with either
// string ABI: it declares nothing whose layout depends on -D_GLIBCXX_USE_CXX11_ABI.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "opsim/cpudebug/icpu_abi.h"
#include "opsim/cpudebug/run_kernel.h"
#include "opsim/sim/ascendc/types.h"
// securec's memcpy_s and friends, which CPU-debug main.cpp files call (libc_sec).
#include "securec.h"

// The core types a kernel runs on. A global name in Ascend's CPU-debug headers.
enum class KernelMode : int {
  MIX_MODE = 0,  // cube and vector: one AIC with its AIV cores per block for Matmul kernels
                 // (lib/matmul_intf.h), the vector cores for vector kernels (docs/CUBE.md)
  AIC_MODE = 1,  // cube only: the kernel runs on the cube cores
  AIV_MODE = 2,  // vector only
  MIX_AIC_1_1 = 3,
};

namespace AscendC {

// The same declarations as opsim/sim/ascendc/sync.h, without the simulator's internals. Blocks
// still allocated when the program exits are listed on stderr (size, the ICPU_RUN_KF argument
// they were, where GmAlloc was called) and freed by libtikicpulib.
void* GmAlloc(size_t bytes);
void GmFree(void* ptr);

inline void SetKernelMode(KernelMode mode) { opsim_icpu_set_kernel_mode(static_cast<int>(mode)); }

}  // namespace AscendC
