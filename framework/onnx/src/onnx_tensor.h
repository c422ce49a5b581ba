// onnx.TensorProto -> OnnxTensor with ONNX's packing rules, every check before any copy.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "onnx_proto.h"
#include "opsim/core/status.h"
#include "opsim/framework/onnx_model.h"

namespace opsim::onnx_import {

// `what` names the tensor in messages ("initializer 'axes'", "input_0.pb").
// kUnsupported: a dtype opsim does not have, external data, segments.
// kInvalidTensorDim / kInvalidTensorDimNum: negative dims, rank > 8, element-count overflow.
// kInvalidTensorSize: a payload whose size differs from the shape.
// kIoError: a payload in a field the dtype does not use, two payloads, a value that does not
// fit the dtype (int8 300, bool 2, float16 bits > 0xffff).
Status TensorFromProto(const onnx::TensorProto& proto, std::string_view what, OnnxTensor* out);

}  // namespace opsim::onnx_import
