// The one place that decides whether a Reduce result matches the reference.
//
// | reducer  | dtype            | accepted when                                                  |
// |----------|------------------|----------------------------------------------------------------|
// | any      | integer          | bitwise equal                                                  |
// | MAX, MIN | floating         | equal values; NaN matches NaN (any payload); -0.0 matches +0.0 |
// |          |                  | (IEEE max/min leave the sign of a zero result open, and numpy  |
// |          |                  | and torch differ); inf matches only inf of the same sign       |
// | SUM      | floating         | NaN matches only NaN; an infinity only the same infinity;      |
// |          |                  | else |a - e| <= Tolerance * |e| + AccTerm * abs_sum + tiny     |
// | PROD     | floating         | as SUM, with the PROD tolerance and tiny += min normal of acc  |
//
// Tolerance (relative, for reduce_len = n folded values, u = unit roundoff of the accumulation
// type: 2^-24 for f32/f16/bf16 which accumulate in float32, 2^-53 for f64):
//   SUM:  AccTerm = u * (2 * ceil(log2 n) + 4)    pairwise/blocked order: error grows with log n
//   PROD: AccTerm = u * (n + 4)                   every multiply rounds once, whatever the order
//   plus OutTerm = eps of the output type for f16 (2^-10) and bf16 (2^-7): expected and actual
//   are each rounded to the output grid, so they may differ by one output ulp.
// abs_sum: sum of |x| over the slice (ref::AbsSum), optional; it bounds the error of a SUM that
// cancels to near zero. Without it the floor is only `tiny` = the smallest subnormal of the
// output type. A result that overflows to inf on one side only is a mismatch.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "opsim/core/dtype.h"
#include "opsim/reference/reduce_reference.h"

namespace opsim::ref {

struct CompareResult {
  bool ok = false;
  int64_t mismatches = 0;
  int64_t first_bad = -1;  // index of the first mismatch, -1 if none
  double max_abs_err = 0;  // over all compared pairs; inf when a NaN/inf did not match
  double max_rel_err = 0;  // over pairs with a non-zero finite expected value
  std::string message;     // names the first bad index, expected and actual values
};

// reduce_len: number of elements folded into each output value.
CompareResult Compare(Reducer r, DType dtype, int64_t reduce_len, const void* expected,
                      const void* actual, int64_t count);
// As above; abs_sums holds one sum of |x| per output (size count), see ref::AbsSum.
CompareResult Compare(Reducer r, DType dtype, int64_t reduce_len, const void* expected,
                      const void* actual, int64_t count, std::span<const double> abs_sums);

// Relative bound used for floating SUM/PROD (AccTerm + OutTerm above); 0 where Compare is exact.
double Tolerance(Reducer r, DType dtype, int64_t reduce_len);

}  // namespace opsim::ref
