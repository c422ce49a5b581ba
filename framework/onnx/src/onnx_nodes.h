// One ONNX node -> one registry operation: the op's version at the model's opset, its
// attributes, its axes (an attribute before opset 13 for ReduceSum and 18 for the others, a
// constant input from then on), and bool input for ReduceMax/ReduceMin from opset 20.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "onnx_proto.h"
#include "opsim/core/operation.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/onnx_model.h"

namespace opsim::onnx_import {

// True for the ops this importer maps: ReduceSum, ReduceProd, ReduceMax, ReduceMin in the
// default domain ("" or "ai.onnx").
bool IsSupportedOp(std::string_view domain, std::string_view op_type);
std::string SupportedOpList();  // "ReduceMax, ReduceMin, ReduceProd, ReduceSum"
bool IsDefaultDomain(std::string_view domain);

// "node 'name' (ReduceSum, opset 13)", or "node #3 (...)" for an unnamed node.
std::string NodeLabel(const onnx::NodeProto& node, size_t index, int64_t opset);

struct NodeImport {
  const onnx::NodeProto* node = nullptr;
  size_t index = 0;
  int64_t opset = 0;
  TensorDesc data_desc;  // the description of input 0
  // A constant's value by name (initializer or a value given at load time), else nullptr.
  std::function<const OnnxTensor*(const std::string&)> constant;
};

// The node's operation, taking input 0 only (axes are folded into it). Errors name the node.
Status ImportNode(const NodeImport& in, std::unique_ptr<Operation>* out);

}  // namespace opsim::onnx_import
