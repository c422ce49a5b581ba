// Synchronisation between the cores of a split AI Core (the 910B's AIC and its AIV cores):
// CrossCoreSetFlag / CrossCoreWaitFlag as CANN declares them, and the kernel types a kernel
// declares with KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE (docs/CUBE.md, "MIX kernels").
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/types.h"

// The kernel types of CANN's KERNEL_TASK_TYPE_DEFAULT(type), in CANN's order.
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_AICORE,
  KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE,
  KERNEL_TYPE_MAX
};

namespace opsim::sim::detail {
// The running kernel declares its type: a launch of another shape is run again as that type
// (before the kernel's first instruction; after it, a fault). noinline: the caller's address
// says which library the kernel is in (a Matmul library's AIC is the Matmul's server).
__attribute__((noinline)) void DeclareKernelTaskType(int type);
// KERNEL_TASK_TYPE(key, type): the type of the kernel when it runs with tiling key `key`.
__attribute__((noinline)) void DeclareKernelTaskTypeForKey(uint64_t key, int type);
// GetSubBlockIdx and GetTaskRation as the running core sees them (cube_mix.cc).
int64_t MixSubBlockIdx();
int64_t MixTaskRation();
void CrossCoreSetImpl(uint8_t mode, int pipe, uint16_t flag_id);
void CrossCoreWaitImpl(uint8_t mode, int pipe, uint16_t flag_id);
}  // namespace opsim::sim::detail

namespace AscendC {

// 0 or 1 on the two AIV cores of a MIX block on the 910B; 0 on an AIC and in other launches.
inline int64_t GetSubBlockIdx() { return opsim::sim::detail::MixSubBlockIdx(); }
// AIV cores per AIC: 2 (1 for KERNEL_TYPE_MIX_AIC_1_1) in a MIX block on the 910B, 1 elsewhere.
inline int64_t GetTaskRation() { return opsim::sim::detail::MixTaskRation(); }

// Mode 0: every core of the launch's type; 1: the two AIV of an AI Core; 2: an AIC and its AIV
// (the AIC's set counts once on each AIV, the two AIV's sets once on the AIC). Each flag id
// (0..15) is a counter per core: a set adds one, a wait blocks while it is 0, then takes one.
template <uint8_t modeId, pipe_t pipe>
void CrossCoreSetFlag(uint16_t flagId) {
  static_assert(modeId <= 2, "CrossCoreSetFlag: modeId is 0, 1 or 2 on this chip");
  opsim::sim::detail::CrossCoreSetImpl(modeId, pipe, flagId);
}
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId) {
  static_assert(modeId <= 2, "CrossCoreWaitFlag: modeId is 0, 1 or 2 on this chip");
  opsim::sim::detail::CrossCoreWaitImpl(modeId, pipe, flagId);
}

}  // namespace AscendC
