// atb::SVector: opsim's inline-storage vector (full vectors refuse instead of throwing).
#pragma once

#include <cstddef>

#include "opsim/core/svector.h"

namespace atb {

template <typename T, std::size_t N = 64>
using SVector = opsim::SVector<T, N>;

}  // namespace atb
