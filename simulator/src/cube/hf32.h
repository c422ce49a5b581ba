// HF32: the float32 inputs of Mmad rounded before the product when CTRL[46] is set
// (SetHF32Mode), to nearest with ties to even or, with CTRL[47] (SetHF32TransMode
// NEAREST_ZERO), ties toward zero (docs/CUBE.md, "Mode registers and Fill").
#pragma once

#include <cstddef>
#include <cstdint>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// Mantissa bits HF32 keeps on Atlas A2/A3 (docs/CUBE.md says where the figure comes from).
inline constexpr int kHf32MantissaBits = 11;

bool Hf32Enabled(const Core& core);
bool Hf32NearestZero(const Core& core);
// Rounds each of v[0, n) to HF32 in place: Inf and NaN pass unchanged; a value whose rounding
// carries past the largest finite exponent becomes Inf.
void RoundToHf32(float* v, size_t n, bool ties_toward_zero);

}  // namespace opsim::sim::detail
