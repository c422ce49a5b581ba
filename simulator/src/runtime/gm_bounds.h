// GM bounds: an access is checked against the GM region (the allocation) its bytes lie in, as
// the chip's MMU would; past the GlobalTensor's declared size but inside the region is legal on
// the chip and only a global_tensor_overrun warning (docs/CHECKS.md, B6).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

class LaunchState;

// " (64 B past the end of GM 'x' of 256 B)": where an address outside every region lies
// relative to the region below it, so that a message names the tensor a pointer ran off.
std::string NearestRegion(const LaunchState& launch, const uint8_t* p);

// The slow path of CheckGmAccess: faults (kOutOfBoundsGm) past the region, else warns.
void CheckGmAccessSlow(Core& core, const GmRef& gm, uint64_t offset, uint64_t span,
                       const char* instr, const char* operand);

// Checks an access to [gm.ptr + offset, + span) by `instr`; `operand` names it in messages
// ("src", "dst", "element"). Always on: one comparison when inside the declared tensor.
inline void CheckGmAccess(Core& core, const GmRef& gm, uint64_t offset, uint64_t span,
                          const char* instr, const char* operand) {
  if (gm.ptr != nullptr && offset + span <= std::min(gm.bytes, gm.limit)) return;
  CheckGmAccessSlow(core, gm, offset, span, instr, operand);
}

}  // namespace opsim::sim::detail
