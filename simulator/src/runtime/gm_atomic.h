// GM accumulation under the core's atomic mode (SetAtomicAdd/Max/Min): what a UB -> GM copy
// (dma.cc) and a Fixpipe into GM (cube_fixpipe.cc) do with their values when it is set.
#pragma once

#include <cstdint>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// Combines `bytes` of `values` (the atomic type's elements) into GM at `gm` by the core's atomic
// operation, issued at `t` on `pipe`: checked mode checks the target was written and logs the
// accumulation for the race check; blocks on several host threads serialise here.
void AtomicCombine(Core& core, uint8_t* gm, const uint8_t* values, uint64_t bytes,
                   const char* instr, Pipe pipe, double t);

}  // namespace opsim::sim::detail
