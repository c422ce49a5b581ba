// Registers of a core that only the simulator's .cc files read: DEQSCALE's source and the vdeq
// tensor it points at. Kept beside Core rather than in it so that adding one does not touch the
// header every kernel unit includes; a core's set is reset at each block's start (launch.cc).
#pragma once

#include <cstdint>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// Which SetDeqScale form last wrote DEQSCALE (the CastDequant page's mapping table: each
// conversion reads the register as the form written for it).
enum class DeqSource : uint8_t { kUnset, kHalf, kScalar, kTensor };

struct ExtraRegisters {
  DeqSource deq_source = DeqSource::kUnset;
  uint64_t deqscale = 0;  // the register's 64 bits (kScalar: CANN's MakeDeqScaleConfig)
  UbRef vdeq;             // kTensor: the 128 B of 16 groups the register points at
};

// The running core's set (created on first use).
ExtraRegisters& ExtraRegistersOf(const Core& core);
void ResetExtraRegisters(const Core& core);

}  // namespace opsim::sim::detail
