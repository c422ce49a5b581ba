// ge::Graph and ge::GNode (graph/graph.h, graph/gnode.h): operators seen as graph nodes.
#include <iostream>

#include "graph/graph.h"

namespace ge {

GNode Graph::AddNodeByOp(const Operator& op) {
  nodes_.emplace_back(&op);
  return nodes_.back();
}

namespace {

// A node made without an operator (GNode()) has nothing to describe.
graphStatus NoOperator(const char* what) {
  std::cerr << "[ERROR] ge::GNode::" << what << ": the node has no operator" << std::endl;
  return GRAPH_FAILED;
}

}  // namespace

graphStatus GNode::GetType(AscendString& type) const {
  return op_ == nullptr ? NoOperator("GetType") : op_->GetOpType(type);
}

graphStatus GNode::GetName(AscendString& name) const {
  return op_ == nullptr ? NoOperator("GetName") : op_->GetName(name);
}

size_t GNode::GetInputsSize() const { return op_ == nullptr ? 0 : op_->GetInputsSize(); }
size_t GNode::GetOutputsSize() const { return op_ == nullptr ? 0 : op_->GetOutputsSize(); }

graphStatus GNode::GetInputDesc(const int32_t index, TensorDesc& tensor_desc) const {
  if (op_ == nullptr) return NoOperator("GetInputDesc");
  if (index < 0 || static_cast<size_t>(index) >= op_->GetInputsSize()) return GRAPH_FAILED;
  tensor_desc = op_->GetInputDesc(static_cast<uint32_t>(index));
  return GRAPH_SUCCESS;
}

graphStatus GNode::GetOutputDesc(const int32_t index, TensorDesc& tensor_desc) const {
  if (op_ == nullptr) return NoOperator("GetOutputDesc");
  if (index < 0 || static_cast<size_t>(index) >= op_->GetOutputsSize()) return GRAPH_FAILED;
  tensor_desc = op_->GetOutputDesc(static_cast<uint32_t>(index));
  return GRAPH_SUCCESS;
}

graphStatus GNode::GetInputConstData(const int32_t index, Tensor& /*data*/) const {
  if (op_ == nullptr) return NoOperator("GetInputConstData");
  std::cerr << "[ERROR] ge::GNode::GetInputConstData: input " << index << " of " << op_->GetName()
            << " is not connected to a Constant (opsim's ge::Operator has no graph connections)"
            << std::endl;
  return GRAPH_FAILED;
}

}  // namespace ge
