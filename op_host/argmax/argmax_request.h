// ArgMax / ArgMin (ONNX opsets 1, 11, 12, 13) as one normalised request: which extreme, which tie
// rule, the input, the one reduced axis and the output shape. Every rule of the attributes and
// the input is checked here, with the value and the rule in the message.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "opsim/core/dtype.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"

namespace opsim {

struct ArgMaxRequest {
  bool select_min = false;   // ArgMin
  bool select_last = false;  // select_last_index = 1
  DType dtype = DType::kFloat32;
  Shape input;
  int axis = 0;  // normalised into [0, rank)
  bool keep_dims = true;
  Shape output;  // int64 indices
};

// The input dtypes ArgMax/ArgMin run: ONNX's list (float, float16, bfloat16, double, int8..int64,
// uint8..uint64) minus int16/uint16, which the package has no dtype for.
std::span<const DType> ArgMaxDTypes();

// `op` names the operator in messages ("ArgMax"). axis in [-rank, rank - 1]; keepdims and
// select_last_index 0 or 1; rank >= 1 (ONNX gives a scalar no axis); the reduced dim not empty
// (there is no index to return); the dtype in ArgMaxDTypes().
Status LowerArgMax(std::string_view op, bool select_min, DType dtype, std::span<const int64_t> dims,
                   int64_t axis, int64_t keepdims, int64_t select_last_index,
                   ArgMaxRequest* request);

}  // namespace opsim
