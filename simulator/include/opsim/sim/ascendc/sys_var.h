// System variables of the 910B generation beyond the block index and count: the data block's
// size, GetTaskRatio (CANN's current name of GetTaskRation, cross_core.h), GetArchVersion and
// the global block_idx.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/ascendc/sync.h"

namespace opsim::sim::detail {
uint32_t ArchVersion();  // sys_ctrl.cc
}  // namespace opsim::sim::detail

namespace AscendC {

// The bytes of one data block (32), the unit of DataCopy's lengths and the vector strides.
inline constexpr int16_t GetDataBlockSizeInBytes() { return 32; }

// How many vector cores run with each cube core in the running launch, as GetTaskRation
// reports it.
inline int64_t GetTaskRatio() { return GetTaskRation(); }

// The architecture version (get_arch_ver() bits [43:32]): 0x220 on the A2/A3, 0x200 on the 310P's
// AI Core, as its page's table gives them (print with %x); the 910A faults (not supported).
inline void GetArchVersion(uint32_t& coreVersion) {
  coreVersion = opsim::sim::detail::ArchVersion();
}

}  // namespace AscendC

// The hardware block index as a global, which CANN's compiler provides to kernels
// (`x + block_idx * blockLength`). It reads as an int64_t: GetBlockIdx outside MIX launches;
// in a MIX launch on the 910B the AI Core's index, which an AIV's GetBlockIdx scales by
// GetTaskRation and offsets by GetSubBlockIdx.
struct OpsimBlockIdxRegister {
  operator int64_t() const {  // NOLINT(google-explicit-constructor): reads as the register
    if (g_coreType == AscendC::AIC) return AscendC::GetBlockIdx();
    return (AscendC::GetBlockIdx() - AscendC::GetSubBlockIdx()) / AscendC::GetTaskRation();
  }
};
inline constexpr OpsimBlockIdxRegister block_idx{};
