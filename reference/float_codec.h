// Loading and storing floating-point elements of every floating dtype as double, for the
// reference and its comparison. 16-bit types go through Eigen::half / Eigen::bfloat16, never
// through opsim_core's conversions, so the reference stays an independent check of those.
#pragma once

#include <cstdint>

#include "opsim/core/dtype.h"

namespace opsim::ref::internal {

// d rounded to float with round-to-odd (truncate, then set the last bit if inexact). Rounding
// that to a type of at most 22 significant bits with round-to-nearest-even gives the correctly
// rounded result of d, where a plain double->float->half chain could round twice.
float RoundToOddFloat(double d);

// Element i of a contiguous array of floating `dtype` (f32, f64, f16/bf16 as bits), exactly.
double LoadFloating(DType dtype, const void* base, int64_t i);

// Rounds v once (to nearest even) to floating `dtype` and stores it as element i.
void StoreFloating(DType dtype, double v, void* base, int64_t i);

}  // namespace opsim::ref::internal
