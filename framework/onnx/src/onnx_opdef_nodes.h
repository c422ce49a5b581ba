// One ONNX node -> one registry operation: its op type names an OpDef (ours or a loaded
// library's, in any domain); the attributes are typed as ONNX stores them and checked by the
// OpDef; every node input maps to the op's inputs in order. A constant (initializer) feeding a
// ValueDepend input (ReduceSum's axes) becomes the operation's constant; a left-out OPTIONAL
// input ("" or past the end) becomes absent.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "onnx_proto.h"
#include "opsim/core/operation.h"
#include "opsim/framework/onnx_model.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::onnx_import {

bool IsDefaultDomain(std::string_view domain);

// True when the registry has an OpDef of that op type (any domain: custom ops live in their own).
bool IsOpDefNode(const onnx::NodeProto& node);
std::string OpDefList();  // "AddCustom, ReduceMax, ..." for messages

// "node 'name' (ReduceSum, opset 13)", or "node #3 (...)" for an unnamed node.
std::string NodeLabel(const onnx::NodeProto& node, size_t index, int64_t opset);

// The node's attributes. kInvalidParam / kUnsupported naming `label` for attributes given twice
// or of a type an OpDef cannot take (graphs, tensors, sparse, strings lists).
Status ReadNodeAttributes(const onnx::NodeProto& node, const std::string& label, AttrMap* attrs);

// A constant feeding the node's k-th input as the operation's constant input: when that input is
// a ValueDepend input of the OpDef (one without DYNAMIC inputs, whose positions shift) that takes
// the constant's dtype, and the constant is 1-D (or a scalar) of int64, int32 (widened) or float32.
// Sets *key ("=<input name>") and *value; false otherwise (the constant then stays a tensor of the
// graph, and the op's own checks judge it).
bool FoldConstant(const onnx::NodeProto& node, size_t k, const OnnxTensor& tensor, std::string* key,
                  AttrValue* value);

}  // namespace opsim::onnx_import
