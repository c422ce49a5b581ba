// How the ONNX and OpenVINO Reduce readings' references read a call's attributes and axes input,
// shared by the plain reducers (reduce_op_reference.cc) and the family (Mean, L2, ...,
// reduce_family_op_reference.cc), so that both lower a call exactly as the operation does.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/reference/op_reference.h"
#include "reduce/reduce_request.h"

namespace opsim::ref {

// A 0/1 flag written as a bool or an int (ONNX attributes are ints), as the operations read it;
// *out is left as it is when the attribute is absent.
Status ReduceFlagAttr(std::string_view op, const AttrMap& attrs, std::string_view key, bool* out);

// An int64 axes input (ONNX opset 13+, OpenVINO's second input) as values.
Status ReduceAxesInput(std::string_view op, const HostTensor& t, std::vector<int64_t>* out);

// The request an ONNX (openvino = false) or OpenVINO reading of `kind` / `variant` makes for these
// attributes and inputs (1 or 2: data, axes), input 0 read as `dtype` (bool ops pass uint8, as
// the operation does). Checks the byte count of input 0.
Status LowerReduceReading(const std::string& op, bool openvino, ReduceKind kind,
                          ReduceVariant variant, DType dtype, const AttrMap& attrs,
                          std::span<const HostTensor> inputs, ReduceRequest* req);

}  // namespace opsim::ref
