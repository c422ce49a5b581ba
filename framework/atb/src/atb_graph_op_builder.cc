// atb::GraphOpBuilder: names to tensor ids, then CreateOperation(GraphParam), as ATB's
// graph_op_builder_impl.cpp does.
#include "atb/graph_op_builder.h"

#include <map>
#include <string>
#include <utility>

#include "atb_log.h"

namespace atb {
namespace {

constexpr size_t kMaxTensorNum = 256;  // ATB's limit per kind of tensor

Status Fail(const std::string& what, opsim::ErrorCode code) {
  const opsim::Status st(code, "GraphOpBuilder: " + what);
  opsim::atb_facade::LogError("GraphOpBuilder", st);
  return static_cast<Status>(code);
}

class GraphOpBuilderObject final : public GraphOpBuilder {
 public:
  Status Init(const std::string& opName, const InferShapeFunc& inferShapeFunc,
              const SVector<std::string>& inTensorNames,
              const SVector<std::string>& outTensorNames) override {
    if (inTensorNames.size() > kMaxTensorNum || outTensorNames.size() > kMaxTensorNum) {
      return Fail("Init: " + std::to_string(inTensorNames.size()) + " inputs and " +
                      std::to_string(outTensorNames.size()) +
                      " outputs (expected at most 256 each)",
                  opsim::ErrorCode::kInvalidInTensorNum);
    }
    param_.name = opName;
    param_.inferShapeFunc = inferShapeFunc;
    uint32_t id = 0;
    for (const std::string& name : inTensorNames) in_ids_[name] = id++;
    for (const std::string& name : outTensorNames) out_ids_[name] = id++;
    param_.inTensorNum = static_cast<uint32_t>(inTensorNames.size());
    param_.outTensorNum = static_cast<uint32_t>(outTensorNames.size());
    return NO_ERROR;
  }

  Status Reshape(const std::string& srcTensorName, const ReshapeFunc& reshapeFunc,
                 const std::string& viewTensorName) override {
    views_[viewTensorName] = {IdOf(srcTensorName), reshapeFunc};
    return NO_ERROR;
  }

  Status AddOperation(Operation* operation, const SVector<std::string>& inTensorNames,
                      const SVector<std::string>& outTensorNames) override {
    if (operation == nullptr) {
      return Fail("AddOperation: operation is null", opsim::ErrorCode::kInvalidParam);
    }
    Node node;
    node.operation = operation;
    for (const std::string& name : inTensorNames) {
      node.inTensorIds.push_back(IdOf(name));
      const auto view = views_.find(name);
      node.inTensorReshapeFuncs.push_back(view == views_.end() ? nullptr : view->second.second);
    }
    for (const std::string& name : outTensorNames) node.outTensorIds.push_back(IdOf(name));
    if (internal_num_ > kMaxTensorNum) {
      return Fail("AddOperation: " + std::to_string(internal_num_) +
                      " internal tensors (expected at most 256)",
                  opsim::ErrorCode::kInvalidInTensorNum);
    }
    param_.nodes.push_back(std::move(node));
    return NO_ERROR;
  }

  Operation* Build() override {
    param_.internalTensorNum = internal_num_;
    Operation* graph = nullptr;
    if (CreateOperation(param_, &graph) != NO_ERROR) {
      for (Node& node : param_.nodes) {
        if (node.operation != nullptr) DestroyOperation(node.operation);
        node.operation = nullptr;
      }
      return nullptr;
    }
    return graph;
  }

 private:
  // Inputs, outputs and views by name; any other name is a new internal tensor.
  uint32_t IdOf(const std::string& name) {
    if (const auto it = in_ids_.find(name); it != in_ids_.end()) return it->second;
    if (const auto it = out_ids_.find(name); it != out_ids_.end()) return it->second;
    if (const auto it = views_.find(name); it != views_.end()) return it->second.first;
    if (const auto it = internal_ids_.find(name); it != internal_ids_.end()) return it->second;
    const auto id = static_cast<uint32_t>(in_ids_.size() + out_ids_.size() + internal_num_++);
    internal_ids_[name] = id;
    return id;
  }

  GraphParam param_;
  uint32_t internal_num_ = 0;
  std::map<std::string, uint32_t> in_ids_;
  std::map<std::string, uint32_t> out_ids_;
  std::map<std::string, uint32_t> internal_ids_;
  std::map<std::string, std::pair<uint32_t, ReshapeFunc>> views_;
};

}  // namespace

GraphOpBuilder::GraphOpBuilder() = default;
GraphOpBuilder::~GraphOpBuilder() = default;

Status CreateGraphOpBuilder(GraphOpBuilder** builder) {
  if (builder == nullptr) {
    return Fail("CreateGraphOpBuilder: builder is null", opsim::ErrorCode::kInvalidParam);
  }
  *builder = new GraphOpBuilderObject();
  return NO_ERROR;
}

Status DestroyGraphOpBuilder(GraphOpBuilder* builder) {
  delete builder;
  return NO_ERROR;
}

}  // namespace atb
