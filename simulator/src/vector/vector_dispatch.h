// Internal: the Highway target (HWY_* bit) that dynamic dispatch currently selects.
#pragma once

#include <cstdint>

namespace opsim::sim::vec::detail {

int64_t DispatchedTarget();

}  // namespace opsim::sim::vec::detail
