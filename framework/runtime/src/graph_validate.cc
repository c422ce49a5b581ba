#include <string>
#include <unordered_map>
#include <vector>

#include "opsim/framework/graph.h"

namespace opsim {
namespace {

constexpr uint64_t kMaxGraphTensors = uint64_t{1} << 20;

class GraphChecker {
 public:
  explicit GraphChecker(const GraphParam& param)
      : param_(param),
        inputs_(param.inTensorNum),
        outputs_end_(inputs_ + param.outTensorNum),
        total_(outputs_end_ + param.internalTensorNum) {}

  Status Run() {
    if (total_ > kMaxGraphTensors) {
      return Fail("inTensorNum + outTensorNum + internalTensorNum = " + std::to_string(total_) +
                  " exceeds " + std::to_string(kMaxGraphTensors));
    }
    writer_.assign(static_cast<size_t>(total_), -1);
    OPSIM_RETURN_IF_ERROR(CheckOperations());
    for (size_t i = 0; i < param_.nodes.size(); ++i) OPSIM_RETURN_IF_ERROR(CheckNode(i));
    for (uint64_t id = inputs_; id < total_; ++id) {
      if (writer_[id] >= 0) continue;
      return Fail(Kind(id) + " tensor id " + std::to_string(id) + " is never written by any node" +
                  (id < outputs_end_ ? " (every output must be produced)"
                                     : " (drop it or lower internalTensorNum)"));
    }
    return Status::Ok();
  }

 private:
  Status Fail(const std::string& what) const {
    return {ErrorCode::kInvalidGraph, "graph '" + param_.name + "': " + what};
  }

  std::string Kind(uint64_t id) const {
    if (id < inputs_) return "input";
    if (id < outputs_end_) return "output";
    return "internal";
  }

  std::string Ranges() const {
    auto range = [](uint64_t begin, uint64_t end) {
      return begin == end ? std::string("none")
                          : std::to_string(begin) + ".." + std::to_string(end - 1);
    };
    return "inputs " + range(0, inputs_) + ", outputs " + range(inputs_, outputs_end_) +
           ", internals " + range(outputs_end_, total_);
  }

  Status CheckOperations() const {
    std::unordered_map<const Operation*, size_t> seen;
    for (size_t i = 0; i < param_.nodes.size(); ++i) {
      const Operation* op = param_.nodes[i].operation;
      if (op == nullptr) return Fail("node[" + std::to_string(i) + "].operation is null");
      const auto [it, fresh] = seen.emplace(op, i);
      if (!fresh) {
        return Fail("node[" + std::to_string(i) + "].operation is the same object as node[" +
                    std::to_string(it->second) + "]'s (each node needs its own operation)");
      }
    }
    return Status::Ok();
  }

  Status CheckNode(size_t index) {
    const Node& node = param_.nodes[index];
    const std::string name =
        "node[" + std::to_string(index) + "] (" + node.operation->GetName() + ")";
    if (node.inTensorIds.size() != node.operation->GetInputNum()) {
      return Fail(name + " has " + std::to_string(node.inTensorIds.size()) +
                  " inTensorIds but its operation takes " +
                  std::to_string(node.operation->GetInputNum()) + " inputs");
    }
    if (node.outTensorIds.size() != node.operation->GetOutputNum()) {
      return Fail(name + " has " + std::to_string(node.outTensorIds.size()) +
                  " outTensorIds but its operation produces " +
                  std::to_string(node.operation->GetOutputNum()) + " outputs");
    }
    for (size_t k = 0; k < node.inTensorIds.size(); ++k) {
      const uint64_t id = node.inTensorIds[k];
      const std::string where =
          name + " inTensorIds[" + std::to_string(k) + "] = " + std::to_string(id);
      OPSIM_RETURN_IF_ERROR(CheckRange(where, id));
      if (id >= inputs_ && writer_[id] < 0) {
        return Fail(where + " reads " + Kind(id) +
                    " tensor before any node writes it (nodes run in the order given)");
      }
    }
    for (size_t k = 0; k < node.outTensorIds.size(); ++k) {
      const uint64_t id = node.outTensorIds[k];
      const std::string where =
          name + " outTensorIds[" + std::to_string(k) + "] = " + std::to_string(id);
      OPSIM_RETURN_IF_ERROR(CheckRange(where, id));
      if (id < inputs_) return Fail(where + " writes a graph input (inputs are read-only)");
      if (writer_[id] >= 0) {
        return Fail(where + " writes " + Kind(id) + " tensor written twice: node[" +
                    std::to_string(writer_[id]) + "] already wrote it");
      }
      writer_[id] = static_cast<int64_t>(index);
    }
    return Status::Ok();
  }

  Status CheckRange(const std::string& where, uint64_t id) const {
    if (id < total_) return Status::Ok();
    return Fail(where + " is out of range (the graph has " + std::to_string(total_) +
                " tensor ids: " + Ranges() + ")");
  }

  const GraphParam& param_;
  uint64_t inputs_;
  uint64_t outputs_end_;
  uint64_t total_;
  std::vector<int64_t> writer_;  // node that wrote each id, -1 before
};

}  // namespace

Status ValidateGraph(const GraphParam& param) { return GraphChecker(param).Run(); }

}  // namespace opsim
