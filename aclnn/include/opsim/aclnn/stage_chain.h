// A first stage of several registry operations that one executor runs in order, as CANN's
// hand-written op-API layers chain level-0 operators: aclnnAdd of a FLOAT16 and a FLOAT tensor
// with alpha 2 is a Cast of self to FLOAT, a Mul of other by alpha, the Add, and a Cast to out's
// type. What passes from one step to the next is a tensor in the caller's workspace, as CANN's
// executor allocates it; the steps run one after another, so they share the rest of it.
// docs/ACLNN.md.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "opsim/aclnn/two_stage.h"

namespace opsim::aclnn {

class StageChain {
 public:
  explicit StageChain(const char* api);
  ~StageChain();
  StageChain(const StageChain&) = delete;
  StageChain& operator=(const StageChain&) = delete;

  // A contiguous tensor of `shape` and `dtype` between two steps; it has memory only while the
  // executor runs. Null (with the recent error set) when the description is not a tensor's.
  aclTensor* Intermediate(const std::vector<int64_t>& shape, ::aclDataType dtype);

  // `tensor`'s memory described as `shape` (of the same element count; `tensor` contiguous): an
  // out of shape [1] that CANN lets a rank-0 result fill. It follows `tensor`'s address.
  aclTensor* Alias(const aclTensor* tensor, const std::vector<int64_t>& shape);

  // The next step. Its tensors are the application's or this chain's intermediates.
  void Then(FirstStage step);

  // The application's tensors the executor's address setters index (aclSetInputTensorAddr):
  // the aclnn function's tensor parameters, inputs and outputs, in order.
  void Parameters(std::vector<const aclTensor*> inputs, std::vector<const aclTensor*> outputs);

  // Prepares every step; ACLNN_SUCCESS with the workspace the chain needs (its intermediates,
  // then the most any step asks for) and a live executor, else the first step's failure. A chain
  // of one step is that step's executor.
  aclnnStatus GetWorkspaceSize(uint64_t* workspace_size, aclOpExecutor** executor);

 private:
  const char* api_;
  std::vector<FirstStage> steps_;
  std::vector<aclTensor*> intermediates_;  // owned until an executor takes them
  std::vector<std::pair<aclTensor*, const aclTensor*>> aliases_;  // (alias, tensor), owned too
  std::vector<const aclTensor*> inputs_;
  std::vector<const aclTensor*> outputs_;
};

}  // namespace opsim::aclnn
