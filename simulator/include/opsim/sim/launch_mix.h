// MIX launches (KERNEL_TYPE_MIX_AIC_1_2, ICPU_RUN_KF's MIX_MODE): docs/CUBE.md, "MIX kernels".
#pragma once

#include <cstdint>
#include <functional>

#include "opsim/sim/launch.h"

namespace opsim::sim {

// Runs `kernel` as a MIX kernel of `block_dim` blocks. Where the AIC and AIV are separate cores
// (cube_cores < vector_cores, the 910B) each block is one AIC with two AIV cores: the kernel
// runs on each AIV (GetBlockIdx() = 2 x block + GetSubBlockIdx(), GetBlockNum() = block_dim,
// GetTaskRation() = 2), and the Matmul calls it makes run on their AIC's memories and pipes.
// The two AIV sub-blocks run one after the other on the host (their simulated clocks both start
// with the block), so a kernel that makes them wait for each other (SyncAll) is refused. Where
// one AI core holds both units, this is an ordinary launch. options.core_type is ignored.
LaunchResult LaunchMix(const DeviceProfile& device, uint32_t block_dim, LaunchOptions options,
                       const std::function<void()>& kernel);

}  // namespace opsim::sim
