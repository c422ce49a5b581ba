// ReduceMax/ReduceMin on bool (ONNX opset 20) without a bool kernel: bool bytes are 0 or 1, so
// the uint8 max is "any" and the uint8 min is "all". The wrapper shows the inner uint8 operation
// its inputs as uint8 and reports its outputs as bool.
#pragma once

#include <memory>

#include "opsim/core/operation.h"

namespace opsim::onnx_import {

// `uint8_op` has one input and one output of the input's dtype (a Reduce front door).
std::unique_ptr<Operation> MakeBoolReduceOperation(std::unique_ptr<Operation> uint8_op);

}  // namespace opsim::onnx_import
