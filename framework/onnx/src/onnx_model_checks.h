// A model's envelope, read before its nodes (onnx_import.cc): the protobuf itself, the default
// domain's opset, and the declared types of the graph's inputs and outputs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "onnx_proto.h"
#include "opsim/core/status.h"
#include "opsim/core/tensor.h"

namespace opsim::onnx_import {

// kIoError naming `what`: over protobuf's 2 GiB, not a ModelProto, or no graph.
Status ParseModel(std::string_view bytes, const std::string& what, onnx::ModelProto* model);

// The version the model imports of the default domain; one newer than this importer knows, or
// none, is refused.
Status DefaultOpset(const onnx::ModelProto& model, const std::string& what, int64_t* opset);

bool IsInitializer(const onnx::GraphProto& graph, const std::string& name);

// What a value's declared type is, for refusing anything but a tensor by name.
std::string TypeKind(const onnx::ValueInfoProto& info);

// The declared tensor type of a graph input; every dim must be a number.
Status DeclaredDesc(const onnx::ValueInfoProto& info, const std::string& what, TensorDesc* out);

// A graph output's declaration against what inference gives: elem_type when set, and every dim
// the declaration gives as a number.
Status CheckDeclaredOutput(const onnx::ValueInfoProto& info, const std::string& what,
                           const TensorDesc& inferred);

}  // namespace opsim::onnx_import
