// An ONNX node whose op type is defined by an OpDef (ours or a loaded library's): the operation
// is created through the registry with the node's attributes, typed as ONNX stores them; every
// node input and output maps to the op's inputs and outputs in order.
#pragma once

#include <memory>
#include <string>

#include "onnx_proto.h"
#include "opsim/core/operation.h"

namespace opsim::onnx_import {

// True when the registry has an OpDef of that op type (any domain: custom ops live in their own).
bool IsOpDefNode(const onnx::NodeProto& node);

// The node's operation. kInvalidParam / kUnsupported naming `label` for attributes ONNX cannot
// hand over (graphs, tensors, sparse) or the OpDef refuses.
Status ImportOpDefNode(const onnx::NodeProto& node, const std::string& label,
                       std::unique_ptr<Operation>* out);

}  // namespace opsim::onnx_import
