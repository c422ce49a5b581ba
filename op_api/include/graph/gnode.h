// ge::GNode (CANN's graph/gnode.h): an operator as a node of a ge::Graph. GetInputConstData gives
// the value of a Constant connected to an input; opsim's operators have no connections, so it
// fails for every input, saying so (CANN fails the same way for an input that is not a Constant).
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

class Operator;

class GNode {
 public:
  GNode() = default;
  explicit GNode(const Operator* op) : op_(op) {}
  graphStatus GetType(AscendString& type) const;
  graphStatus GetName(AscendString& name) const;
  size_t GetInputsSize() const;
  size_t GetOutputsSize() const;
  graphStatus GetInputDesc(const int32_t index, TensorDesc& tensor_desc) const;
  graphStatus GetOutputDesc(const int32_t index, TensorDesc& tensor_desc) const;
  // GRAPH_FAILED: no input of an opsim operator is connected to a Constant.
  graphStatus GetInputConstData(const int32_t index, Tensor& data) const;

 private:
  const Operator* op_ = nullptr;
};

}  // namespace ge
