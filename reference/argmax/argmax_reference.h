// The independent oracle for ArgMax / ArgMin: plain C++ over contiguous row-major data, sharing
// no code with op_kernel or the simulator (16-bit floats are read through Eigen's types).
//
// Rules (docs/OPERATORS.md, ArgMax): the index along `axis` of the largest (smallest) element of
// each slice; ties give the first index, or the last with select_last. A slice holding a NaN gives
// the index of its first NaN (its last with select_last), for both ArgMax and ArgMin: what
// ONNX Runtime's whole-slice path and numpy return. Integers compare exactly in their own type.
#pragma once

#include <cstdint>

#include "opsim/core/dtype.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"

namespace opsim::ref {

struct ArgReduceSpec {
  bool select_min = false;
  bool select_last = false;
  int64_t axis = 0;  // in [-rank, rank - 1]
  bool keep_dims = true;
};

// The output shape, or kInvalidParam / kInvalidTensorDimNum / kInvalidTensorDim for an axis out
// of range, a rank-0 input or an empty reduced axis.
Status ArgReducedShape(const ArgReduceSpec& spec, const Shape& in, Shape* out);

// in: contiguous row-major data of `dtype` (f16/bf16 as bit patterns); out: one int64 per output
// element. Every check runs before out is written; kInvalidTensorDtype for bool and other dtypes
// without an order.
Status ArgReduce(const ArgReduceSpec& spec, DType dtype, const Shape& in_shape, const void* in,
                 int64_t* out);

}  // namespace opsim::ref
