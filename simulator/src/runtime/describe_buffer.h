// How fault messages name a UB buffer, "queue #0 buffer #1 [UB 0x400, 1024 B]", and write an
// address or mask word, "0x400".
#pragma once

#include <cstdint>
#include <string>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

std::string DescribeBuffer(const Core& core, int16_t buf);
std::string Hex(uint64_t v);
// AscendC::TPosition's name, "TSCM".
std::string TPositionName(uint8_t pos);

}  // namespace opsim::sim::detail
