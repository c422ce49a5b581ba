// ge::Graph (CANN's graph/graph.h) as operators' unit tests use it: a named graph their operators
// are added to (AddNodeByOp), each then seen as a ge::GNode. opsim's ge::Operator has no graph
// connections (set_input_x), so a graph holds operators side by side; building or running one
// is not here.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "graph/gnode.h"
#include "graph/operator.h"

namespace ge {

class Graph {
 public:
  Graph() = default;
  explicit Graph(const char_t* name) : name_(name == nullptr ? "" : name) {}
  explicit Graph(const std::string& name) : name_(name) {}
  // The operator as a node of this graph (the node refers to `op`, which must outlive it).
  GNode AddNodeByOp(const Operator& op);
  std::vector<GNode> GetAllNodes() const { return nodes_; }
  graphStatus GetName(AscendString& name) const {
    name = AscendString(name_.c_str());
    return GRAPH_SUCCESS;
  }

 private:
  std::string name_;
  std::vector<GNode> nodes_;
};

}  // namespace ge
