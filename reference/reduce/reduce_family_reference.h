// The independent oracle for the rest of the reduce family (docs/SPEC.md section 6): ReduceMean,
// ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum, ReduceLogSumExp, and OpenVINO's
// ReduceLogicalAnd / ReduceLogicalOr. Plain C++ over contiguous row-major data; shares no code
// with op_kernel or the simulator (16-bit floats load and store through float_codec.h).
//
// Numerics:
// - Floating types: map each element in double (square, abs, exp(x - max)), sum in double,
//   finish in double (divide by the count, sqrt, log, log + max), round once to the output type.
//   LogSumExp is stable: the max of each slice is taken first (a max that is not finite counts
//   as 0, as the operation does, so a slice of -inf gives -inf and one holding +inf gives +inf).
//   Mean over an empty slice is 0 / 0 = NaN; LogSum and LogSumExp of an empty slice are -inf.
// - Integer types (Mean, SumSquare, L1): map and sum wrap modulo 2^bits (abs of the lowest value
//   is the lowest value, squares wrap); Mean divides the wrapped sum, as a signed or unsigned
//   value of the type, by the count, truncating toward zero (C++ division, what ONNX Runtime's
//   integer kernels do). An empty slice's integer mean is 0 (the sum; there is no NaN to give).
// - LogicalAnd / LogicalOr (bool): whether every / any element of the slice is non-zero; an empty
//   slice gives true / false.
#pragma once

#include <cstdint>
#include <span>

#include "opsim/core/dtype.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"

namespace opsim::ref {

enum class FamilyReducer { kMean, kSumSquare, kL1, kL2, kLogSum, kLogSumExp, kAll, kAny };

// axes: sorted, unique, in [0, rank) (as ValidateAxes checks). out: preallocated for the input
// shape with the axes removed (keep_dims only changes the shape, not the element order). dtype:
// a floating type for every reducer; an integer one for Mean, SumSquare and L1; bool for All and
// Any. Every check runs before out is written.
Status ReduceFamily(FamilyReducer r, DType dtype, const Shape& in_shape,
                    std::span<const int64_t> axes, const void* in, void* out);

// For judging a floating result: per output, the magnitude whose product with the SUM
// accumulation term (ref::Compare) bounds the absolute error the finish leaves:
//   Mean: sum |x| / count      (the sum's error, divided like the sum)
//   SumSquare, L1: the sum     (no cancellation: a relative bound would do; this is its floor)
//   L2: 0                      (sqrt halves the sum's relative error: the relative bound covers it)
//   LogSum: sum |x| / |sum|    (log turns the sum's relative error into an absolute one)
//   LogSumExp: 2 + log2(n)     (the shifted sum is >= 1 and has no cancellation; its log is at
//                               most log n, whose roundings the log2(n) covers)
Status ReduceFamilyMagnitudes(FamilyReducer r, DType dtype, const Shape& in_shape,
                              std::span<const int64_t> axes, const void* in, std::span<double> out);

}  // namespace opsim::ref
