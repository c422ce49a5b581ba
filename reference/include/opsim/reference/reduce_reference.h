// The independent oracle for Reduce: Eigen Tensor reductions over contiguous row-major data.
// It shares no code with op_kernel or the simulator; 16-bit floats go through Eigen::half and
// Eigen::bfloat16, so it also checks our own conversions in opsim_core.
//
// Numerics (docs/SPEC.md section 3):
// - Floating types are reduced in double and rounded once to the output type. For float16 and
//   bfloat16 the double result is first rounded to float with round-to-odd, then to the 16-bit
//   type with round-to-nearest-even: that equals one correct rounding from double (float has
//   more than 2 extra bits), so there is no double-rounding error.
// - MAX/MIN: a slice holding a NaN gives NaN. The result is one of the inputs, so it is exact.
// - Integer SUM/PROD wrap modulo 2^bits (computed in the unsigned type of the same width).
// - A reduced dimension of size 0 gives the identity: SUM 0, PROD 1, MAX -inf (floats) or the
//   lowest value (integers), MIN +inf or the highest value.
// - PROD in double can differ from a float32-accumulated product where float32 would overflow
//   or underflow an intermediate product and double does not; callers that draw random data
//   should keep partial products in range.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "opsim/core/dtype.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"

namespace opsim::ref {

enum class Reducer { kSum, kMax, kMin, kProd };

// "SUM", "MAX", "MIN", "PROD"; "UNKNOWN" for a value outside the enum.
std::string_view ReducerName(Reducer r);

// True when docs/SPEC.md section 2 lists dtype for r: f32, f16, bf16, f64, i32, i64, u32, u64 for
// all four reducers, plus int8/uint8 for MAX and MIN.
bool IsSupported(Reducer r, DType dtype);

// Checks that axes are sorted, unique and in [0, in.rank()). kInvalidParam otherwise.
Status ValidateAxes(const Shape& in, std::span<const int64_t> axes);

// Input shape with the reduced axes removed (or set to 1 with keep_dims). Axes must be valid
// (see ValidateAxes); out-of-range entries are ignored.
Shape ReducedShape(const Shape& in, std::span<const int64_t> axes, bool keep_dims);

// in: contiguous row-major data of `dtype` (f16/bf16 as uint16 bit patterns). out: preallocated
// for ReducedShape(in_shape, axes, keep_dims). Every check runs before out is written.
Status Reduce(Reducer r, DType dtype, const Shape& in_shape, std::span<const int64_t> axes,
              bool keep_dims, const void* in, void* out);

// Sum of |x| over each reduced slice, in double (one value per output element, same order as
// Reduce). Compare uses it as the magnitude that scales the absolute error floor of a SUM whose
// result cancels to near zero. Accepts every dtype Reduce accepts for kSum.
Status AbsSum(DType dtype, const Shape& in_shape, std::span<const int64_t> axes, const void* in,
              std::span<double> out);

}  // namespace opsim::ref
