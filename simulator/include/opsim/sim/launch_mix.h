// MIX launches (KERNEL_TYPE_MIX_AIC_1_2, ICPU_RUN_KF's MIX_MODE): docs/CUBE.md, "MIX kernels".
#pragma once

#include <cstdint>
#include <functional>

#include "opsim/sim/launch.h"

namespace opsim::sim {

// The shape of a MIX block on split cores: its AIV cores (KERNEL_TYPE_MIX_AIC_1_2: 2,
// MIX_AIC_1_1: 1) and what its AIC does: run the kernel's own code (ASCEND_IS_AIC branches, a
// kernel that declares itself MIX with KERNEL_TASK_TYPE_DEFAULT), or only serve the Matmul calls
// of its AIV (a kernel of a library including lib/matmul_intf.h: CANN's AIC runs the Matmul
// server there).
struct MixShape {
  uint32_t aiv_per_block = 2;
  bool aic_runs_kernel = false;
};

// Runs `kernel` as a MIX kernel of `block_dim` blocks. Where the AIC and AIV are separate cores
// (cube_cores < vector_cores, the 910B) each block is one AIC with shape.aiv_per_block AIV cores,
// all running concurrently: the kernel runs on each AIV (GetBlockIdx() = aiv_per_block x block +
// GetSubBlockIdx(), GetBlockNum() = block_dim, GetTaskRation() = aiv_per_block) and, with
// aic_runs_kernel, on the AIC (GetBlockIdx() = block); the Matmul calls an AIV makes run on its
// AIC's memories and pipes. The cores of a block take turns on one host thread, switching where
// one waits for another (CrossCoreWaitFlag, SyncAll). Where one AI core holds both units, this
// is an ordinary launch. options.core_type is ignored.
LaunchResult LaunchMix(const DeviceProfile& device, uint32_t block_dim, LaunchOptions options,
                       const std::function<void()>& kernel, MixShape shape = {});

}  // namespace opsim::sim
