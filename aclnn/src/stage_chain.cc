#include "opsim/aclnn/stage_chain.h"

#include <algorithm>
#include <string>
#include <utility>

#include "aclnn_executor.h"

namespace opsim::aclnn {
namespace {

// A step's tensors pointed at where their aclTensor now is: the intermediates in this run's
// workspace, the application's where it (or an address setter) last put them. The step's own
// copies and constants are placed after this, by ExecuteStep.
void RebindTensors(aclOpExecutor& step) {
  for (bool output : {false, true}) {
    const std::vector<const aclTensor*>& side = output ? step.outputs : step.inputs;
    for (size_t k = 0; k < side.size(); ++k) {
      if (side[k] != nullptr) {
        step.run->Rebind(output, RunSlot(step, k, output), FirstElement(*side[k]));
      }
    }
  }
}

}  // namespace

StageChain::StageChain(const char* api) : api_(api) {}

StageChain::~StageChain() {
  for (aclTensor* t : intermediates_) DestroyTensor(t);
  for (const auto& [alias, tensor] : aliases_) DestroyTensor(alias);
}

aclTensor* StageChain::Intermediate(const std::vector<int64_t>& shape, ::aclDataType dtype) {
  aclTensor* t = aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, ::ACL_FORMAT_ND,
                                 shape.data(), shape.size(), UnplacedAddress());
  if (t != nullptr) intermediates_.push_back(t);
  return t;
}

aclTensor* StageChain::Alias(const aclTensor* tensor, const std::vector<int64_t>& shape) {
  aclTensor* t =
      aclCreateTensor(shape.data(), shape.size(), tensor->dtype, nullptr, 0, ::ACL_FORMAT_ND,
                      shape.data(), shape.size(), FirstElement(*tensor));
  if (t != nullptr) aliases_.emplace_back(t, tensor);
  return t;
}

void StageChain::Then(FirstStage step) { steps_.push_back(std::move(step)); }

void StageChain::Parameters(std::vector<const aclTensor*> inputs,
                            std::vector<const aclTensor*> outputs) {
  inputs_ = std::move(inputs);
  outputs_ = std::move(outputs);
}

aclnnStatus StageChain::GetWorkspaceSize(uint64_t* workspace_size, aclOpExecutor** executor) {
  if (workspace_size == nullptr) return FailNull(api_, "workspaceSize");
  if (executor == nullptr) return FailNull(api_, "executor");
  *executor = nullptr;
  if (steps_.size() == 1 && intermediates_.empty() && aliases_.empty()) {
    return opsim::aclnn::GetWorkspaceSize(steps_[0], workspace_size, executor);
  }
  auto chain = std::make_unique<aclOpExecutor>();
  uint64_t most = 0;
  for (const FirstStage& stage : steps_) {
    std::unique_ptr<aclOpExecutor> step;
    uint64_t bytes = 0;
    if (const aclnnStatus st = BuildExecutor(stage, &bytes, &step); st != ACLNN_SUCCESS) return st;
    chain->op_type += (chain->op_type.empty() ? "" : "+") + step->op_type;
    most = std::max(most, bytes);
    chain->steps.push_back(std::move(step));
  }
  for (aclTensor* t : intermediates_) PlaceIntermediate(chain.get(), t);
  intermediates_.clear();  // the executor destroys them now
  chain->aliases = std::move(aliases_);
  aliases_.clear();
  chain->inputs = inputs_;
  chain->outputs = outputs_;
  chain->steps_workspace = most;
  *workspace_size = chain->GetWorkspaceSize();
  *executor = chain.release();
  AddHandle(*executor, HandleKind::kExecutor);
  return ACLNN_SUCCESS;
}

Status ExecuteChain(aclOpExecutor& e, uint8_t* workspace, uint64_t workspace_size) {
  if (workspace_size < e.intermediate_bytes || (workspace == nullptr && e.intermediate_bytes > 0)) {
    return {ErrorCode::kInvalidParam, e.op_type + ": a workspace of " +
                                          std::to_string(workspace_size) +
                                          " B was given; the first stage asked for more (" +
                                          std::to_string(e.intermediate_bytes) +
                                          " B of it for the tensors between the steps)"};
  }
  for (const aclOpExecutor::Intermediate& i : e.intermediates) {
    i.tensor->data = workspace + i.offset;
  }
  for (const auto& [alias, tensor] : e.aliases) alias->data = FirstElement(*tensor);
  for (const auto& [view, tensor] : e.storage_views) view->data = tensor->data;
  uint8_t* rest = workspace == nullptr ? nullptr : workspace + e.intermediate_bytes;
  for (const std::unique_ptr<aclOpExecutor>& step : e.steps) {
    if (!step->run) {  // a copy between views (l0op::Contiguous, l0op::ViewCopy)
      CopyView(*step->copy_from, *step->copy_to);
      continue;
    }
    RebindTensors(*step);
    OPSIM_RETURN_IF_ERROR(ExecuteStep(*step, rest, workspace_size - e.intermediate_bytes));
  }
  return Status::Ok();
}

}  // namespace opsim::aclnn
