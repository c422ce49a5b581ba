#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "desc_check.h"
#include "opsim/framework/context.h"
#include "opsim/framework/graph.h"

namespace opsim {
namespace {

class GraphOperation final : public Operation {
 public:
  explicit GraphOperation(const GraphParam& param) : param_(param) {
    for (const Node& node : param_.nodes) owned_.emplace_back(node.operation);
    name_ = param_.name.empty() ? std::string("GraphOperation") : param_.name;
  }

  std::string GetName() const override { return name_; }
  uint32_t GetInputNum() const override { return param_.inTensorNum; }
  uint32_t GetOutputNum() const override { return param_.outTensorNum; }

  Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                    SVector<TensorDesc>& outTensorDescs) const override {
    std::vector<TensorDesc> descs;
    OPSIM_RETURN_IF_ERROR(InferAll(inTensorDescs, &descs));
    outTensorDescs.clear();
    for (uint32_t k = 0; k < param_.outTensorNum; ++k) {
      outTensorDescs.push_back(descs[param_.inTensorNum + k]);
    }
    return Status::Ok();
  }

  Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize, Context* context) override {
    set_up_ = false;
    if (context == nullptr) {
      return Error(ErrorCode::kInvalidContextAddr, "Setup: context is null");
    }
    SVector<TensorDesc> in_descs;
    for (const Tensor& t : variantPack.inTensors) in_descs.push_back(t.desc);
    std::vector<TensorDesc> descs;
    OPSIM_RETURN_IF_ERROR(InferAll(in_descs, &descs));
    if (variantPack.outTensors.size() != param_.outTensorNum) {
      return Error(ErrorCode::kInvalidTensorNum,
                   "outTensors holds " + std::to_string(variantPack.outTensors.size()) +
                       " tensors (expected " + std::to_string(param_.outTensorNum) + ")");
    }
    for (uint32_t k = 0; k < param_.outTensorNum; ++k) {
      const std::string name = "outTensors[" + std::to_string(k) + "]";
      OPSIM_RETURN_IF_ERROR(CheckDescMatches(Prefix(), name, variantPack.outTensors[k].desc,
                                             descs[param_.inTensorNum + k]));
    }
    for (size_t k = 0; k < variantPack.inTensors.size(); ++k) {
      OPSIM_RETURN_IF_ERROR(CheckDataSize(Prefix(), "inTensors[" + std::to_string(k) + "]",
                                          variantPack.inTensors[k]));
    }
    for (size_t k = 0; k < variantPack.outTensors.size(); ++k) {
      OPSIM_RETURN_IF_ERROR(CheckDataSize(Prefix(), "outTensors[" + std::to_string(k) + "]",
                                          variantPack.outTensors[k]));
    }

    GraphWorkspaceLayout layout;
    PlanInternals(descs, &layout);
    // Internal tensors have no address until Execute; Setup only needs their descriptions.
    std::vector<VariantPack> packs(param_.nodes.size());
    std::vector<uint64_t> node_workspace(param_.nodes.size(), 0);
    for (size_t i = 0; i < param_.nodes.size(); ++i) {
      BuildNodePack(i, descs, variantPack, nullptr, layout, &packs[i]);
      Status s = param_.nodes[i].operation->Setup(packs[i], node_workspace[i], context);
      if (!s.ok()) return NodeError(i, s);
      layout.scratch_bytes = std::max(layout.scratch_bytes, node_workspace[i]);
    }
    layout.scratch_offset = AlignBufferBytes(layout.internal_region_bytes, kGraphTensorAlignment);
    layout.total_bytes = layout.scratch_offset + layout.scratch_bytes;

    descs_ = std::move(descs);
    layout_ = std::move(layout);
    node_workspace_ = std::move(node_workspace);
    context_ = context;
    set_up_ = true;
    workspaceSize = layout_.total_bytes;
    return Status::Ok();
  }

  Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                 Context* context) override {
    if (!set_up_) {
      return Error(ErrorCode::kOperationNullRunner,
                   "Execute: Setup has not succeeded (call Setup first)");
    }
    if (context == nullptr)
      return Error(ErrorCode::kInvalidContextAddr, "Execute: context is null");
    if (context != context_) {
      return Error(ErrorCode::kInvalidContextAddr,
                   "Execute: context differs from the one Setup was called with (call Setup "
                   "again on this context)");
    }
    OPSIM_RETURN_IF_ERROR(CheckSamePack(variantPack));
    if (workspaceSize < layout_.total_bytes) {
      return Error(ErrorCode::kInvalidWorkspaceSize,
                   "Execute: workspaceSize = " + std::to_string(workspaceSize) +
                       " B is smaller than the " + std::to_string(layout_.total_bytes) +
                       " B Setup asked for");
    }
    if (layout_.total_bytes > 0 && workspace == nullptr) {
      return Error(ErrorCode::kInvalidWorkspaceAddr,
                   "Execute: workspace is null but Setup asked for " +
                       std::to_string(layout_.total_bytes) + " B");
    }
    for (size_t i = 0; i < param_.nodes.size(); ++i) {
      VariantPack pack;
      BuildNodePack(i, descs_, variantPack, workspace, layout_, &pack);
      uint8_t* scratch = node_workspace_[i] > 0 ? workspace + layout_.scratch_offset : nullptr;
      Status s = param_.nodes[i].operation->Execute(pack, scratch, node_workspace_[i], context);
      if (!s.ok()) return NodeError(i, s);
    }
    return Status::Ok();
  }

  const GraphWorkspaceLayout* layout() const { return set_up_ ? &layout_ : nullptr; }

 private:
  std::string Prefix() const { return "graph '" + name_ + "'"; }

  Status Error(ErrorCode code, const std::string& what) const {
    return {code, Prefix() + ": " + what};
  }

  Status NodeError(size_t i, const Status& s) const {
    return {s.code(), Prefix() + " node[" + std::to_string(i) + "]: " + s.message()};
  }

  // Descriptions of every tensor id, inputs from `in`, the rest by running the nodes'
  // InferShape in order.
  Status InferAll(const SVector<TensorDesc>& in, std::vector<TensorDesc>* descs) const {
    if (in.size() != param_.inTensorNum) {
      return Error(ErrorCode::kInvalidInTensorNum,
                   "the graph takes " + std::to_string(param_.inTensorNum) + " inputs but " +
                       std::to_string(in.size()) + " were given");
    }
    const size_t total =
        size_t{param_.inTensorNum} + param_.outTensorNum + param_.internalTensorNum;
    descs->assign(total, TensorDesc{});
    for (size_t k = 0; k < in.size(); ++k) (*descs)[k] = in[k];
    for (size_t i = 0; i < param_.nodes.size(); ++i) {
      const Node& node = param_.nodes[i];
      SVector<TensorDesc> node_in;
      SVector<TensorDesc> node_out;
      for (uint32_t id : node.inTensorIds) node_in.push_back((*descs)[id]);
      Status s = node.operation->InferShape(node_in, node_out);
      if (!s.ok()) return NodeError(i, s);
      if (node_out.size() != node.outTensorIds.size()) {
        return NodeError(i,
                         {ErrorCode::kGraphInferShapeFuncFail,
                          "InferShape gave " + std::to_string(node_out.size()) + " outputs for " +
                              std::to_string(node.outTensorIds.size()) + " outTensorIds"});
      }
      for (size_t k = 0; k < node_out.size(); ++k) (*descs)[node.outTensorIds[k]] = node_out[k];
    }
    return Status::Ok();
  }

  // Lifetime of internal tensor t: from the node that writes it to the last node that reads it.
  void PlanInternals(const std::vector<TensorDesc>& descs, GraphWorkspaceLayout* layout) const {
    const uint32_t first_internal = param_.inTensorNum + param_.outTensorNum;
    std::vector<BufferLifetime> lifetimes(param_.internalTensorNum);
    for (size_t i = 0; i < param_.nodes.size(); ++i) {
      for (uint32_t id : param_.nodes[i].outTensorIds) {
        if (id >= first_internal) lifetimes[id - first_internal].first = i;
      }
    }
    for (auto& l : lifetimes) l.last = l.first;
    for (size_t i = 0; i < param_.nodes.size(); ++i) {
      for (uint32_t id : param_.nodes[i].inTensorIds) {
        if (id >= first_internal) lifetimes[id - first_internal].last = i;
      }
    }
    layout->internal_bytes.resize(lifetimes.size());
    for (size_t t = 0; t < lifetimes.size(); ++t) {
      lifetimes[t].bytes = TensorDescBytes(descs[first_internal + t]).value_or(0);
      layout->internal_bytes[t] = lifetimes[t].bytes;
      layout->internal_sum_bytes += AlignBufferBytes(lifetimes[t].bytes, kGraphTensorAlignment);
    }
    BufferPlan plan = PlanBuffers(lifetimes, kGraphTensorAlignment);
    layout->internal_offsets = std::move(plan.offsets);
    layout->internal_region_bytes = plan.total_bytes;
  }

  // The pack node i sees: graph inputs and outputs bound to the caller's tensors, internals to
  // their workspace slots (or no address when workspace is null, at Setup).
  void BuildNodePack(size_t i, const std::vector<TensorDesc>& descs, const VariantPack& graph,
                     uint8_t* workspace, const GraphWorkspaceLayout& layout,
                     VariantPack* pack) const {
    const uint32_t first_internal = param_.inTensorNum + param_.outTensorNum;
    auto tensor = [&](uint32_t id) {
      if (id < param_.inTensorNum) return graph.inTensors[id];
      if (id < first_internal) return graph.outTensors[id - param_.inTensorNum];
      Tensor t;
      t.desc = descs[id];
      t.dataSize = layout.internal_bytes[id - first_internal];
      if (workspace != nullptr) {
        t.deviceData = workspace + layout.internal_offsets[id - first_internal];
      }
      return t;
    };
    const Node& node = param_.nodes[i];
    for (uint32_t id : node.inTensorIds) pack->inTensors.push_back(tensor(id));
    for (uint32_t id : node.outTensorIds) pack->outTensors.push_back(tensor(id));
  }

  Status CheckSamePack(const VariantPack& pack) const {
    if (pack.inTensors.size() != param_.inTensorNum ||
        pack.outTensors.size() != param_.outTensorNum) {
      return Error(ErrorCode::kInvalidTensorNum,
                   "Execute: the pack holds " + std::to_string(pack.inTensors.size()) +
                       " inputs and " + std::to_string(pack.outTensors.size()) +
                       " outputs (expected " + std::to_string(param_.inTensorNum) + " and " +
                       std::to_string(param_.outTensorNum) + ", as at Setup)");
    }
    for (size_t k = 0; k < pack.inTensors.size() + pack.outTensors.size(); ++k) {
      const bool input = k < pack.inTensors.size();
      const size_t j = input ? k : k - pack.inTensors.size();
      const TensorDesc& got = input ? pack.inTensors[j].desc : pack.outTensors[j].desc;
      if (got == descs_[k]) continue;
      return Error(ErrorCode::kInvalidParam,
                   std::string("Execute: ") + (input ? "inTensors[" : "outTensors[") +
                       std::to_string(j) + "] is " + ToString(got) + " but Setup saw " +
                       ToString(descs_[k]) + " (call Setup again)");
    }
    return Status::Ok();
  }

  GraphParam param_;
  std::string name_;
  std::vector<std::unique_ptr<Operation>> owned_;
  bool set_up_ = false;
  std::vector<TensorDesc> descs_;
  GraphWorkspaceLayout layout_;
  std::vector<uint64_t> node_workspace_;
  const Context* context_ = nullptr;
};

}  // namespace

Status CreateGraphOperation(const GraphParam& param, std::unique_ptr<Operation>* out) {
  if (out == nullptr) {
    return {ErrorCode::kInvalidParam, "graph '" + param.name + "': operation is null"};
  }
  OPSIM_RETURN_IF_ERROR(ValidateGraph(param));
  *out = std::make_unique<GraphOperation>(param);
  return Status::Ok();
}

const GraphWorkspaceLayout* GetGraphWorkspaceLayout(const Operation& operation) {
  const auto* graph = dynamic_cast<const GraphOperation*>(&operation);
  return graph == nullptr ? nullptr : graph->layout();
}

}  // namespace opsim
