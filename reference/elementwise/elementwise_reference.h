// Plain C++ reference for the elementwise operators (ONNX semantics), on host buffers of
// contiguous elements. Independent of op_kernel and the simulator: 16-bit floats load and store
// through the reference's own codec (Eigen's half / bfloat16).
//   - float16/bfloat16 compute in float32 and round once to nearest even; float32 in float32
//     (Exp/Log/Sqrt/Reciprocal: the double result rounded to float32); float64 in double.
//   - integers wrap (Abs/Neg of the lowest value is the lowest value); Div truncates toward zero
//     and a zero divisor is an error; lowest / -1 wraps to lowest.
//   - Cast: see CastReference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/status.h"

namespace opsim::ref {

// op: "Abs", "Neg", "Exp", "Log", "Sqrt", "Reciprocal".
Status ElementwiseUnaryReference(const std::string& op, DType dtype, const void* x, void* y,
                                 int64_t n);

// op: "Add", "Sub", "Mul", "Div"; numpy broadcasting of a_dims and b_dims into out_dims; `out`
// is resized to hold the result.
Status ElementwiseBinaryReference(const std::string& op, DType dtype,
                                  const std::vector<int64_t>& a_dims, const void* a,
                                  const std::vector<int64_t>& b_dims, const void* b,
                                  std::vector<int64_t>* out_dims, std::vector<uint8_t>* out);

// ONNX Cast as ONNX Runtime's CPU kernel gives it on x86-64: to bool, x != 0 (NaN true); from
// bool, 0 or 1; int -> int wraps; to a float type, round to nearest even (16-bit destinations
// through float32, as ONNX Runtime converts); float -> int truncates toward zero, and NaN, inf
// or a truncated value outside the destination gives what x86-64's cvttss2si/cvttsd2si give
// (the lowest int32 / int64) wrapped to the destination (via int32 for int8, uint8 and int32,
// via int64 for uint32 and int64; uint64 converts v - 2^63 when v >= 2^63).
Status CastReference(DType from, DType to, const void* x, void* y, int64_t n);

}  // namespace opsim::ref
