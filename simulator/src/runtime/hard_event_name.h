// HardEvent's names as a kernel's source spells them ("V_MTE3"), for fault messages.
#pragma once

#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {

// "an unknown HardEvent" for a value past the enumeration.
const char* HardEventName(AscendC::HardEvent e);

}  // namespace opsim::sim::detail
