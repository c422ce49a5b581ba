// CANN's adv_api/utils/init_global_memory.h: Fill of global memory, InitGlobalMemory's name in
// the high-level API (opsim/sim/ascendc/atomic.h). Reached through the Matmul's header
// (cube_matmul.h, which operator libraries' kernel prelude includes at global scope), as the
// Matmul samples that clear C before an atomic IterateAll use it.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/atomic.h"
#include "opsim/sim/ascendc/tensor.h"

namespace AscendC {

// The first `size` elements of `gmWorkspaceAddr` set to `value` (InitGlobalMemory).
template <typename T>
void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
  InitGlobalMemory(gmWorkspaceAddr, size, value);
}

}  // namespace AscendC
