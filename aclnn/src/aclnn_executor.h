// What an aclOpExecutor holds. Apart from aclnn_objects.h: the runtime's headers declare opsim's
// own aclDataType and aclFormat, which would shadow the ACL ones in the objects' code.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aclnn_objects.h"
#include "opsim/aclnn/two_stage.h"
#include "opsim/core/operation.h"
#include "opsim/framework/host_run.h"
#include "view_copy.h"

// A first stage's operation bound to the application's tensors (opsim/aclnn/two_stage.h), or a
// chain of such steps (opsim/aclnn/stage_chain.h).
struct aclOpExecutor {
  aclOpExecutor() = default;
  aclOpExecutor(const aclOpExecutor&) = delete;
  aclOpExecutor& operator=(const aclOpExecutor&) = delete;
  ~aclOpExecutor();  // destroys the chain's intermediates

  std::string op_type;
  std::unique_ptr<opsim::Operation> op;
  std::unique_ptr<opsim::HostRun> run;
  // The tensors as the first stage was given them, in parameter order, a list's members in its
  // place (null: an absent OPTIONAL input), for the address setters.
  std::vector<const aclTensor*> inputs;
  std::vector<const aclTensor*> outputs;
  // The DYNAMIC inputs' lists: the input's place among the first stage's parameters, and its
  // first tensor's place in `inputs`.
  struct List {
    size_t ir_index;
    size_t first;
    const aclTensorList* list;
  };
  std::vector<List> lists;
  bool repeatable = false;
  // Non-contiguous views, read and written through copies at the workspace's start; the
  // operation's own workspace follows them.
  std::vector<opsim::aclnn::ViewCopy> copies;
  // Constant inputs the first stage made (StageTensor::constant): their bytes, copied to their
  // place among the copies before each run; `slot` is the input's place in the run.
  struct Constant {
    size_t slot;
    uint64_t offset;
    std::vector<uint8_t> bytes;
    size_t input;  // its place in `inputs` (a null there, yet a place in the run)
  };
  std::vector<Constant> constants;
  uint64_t copy_bytes = 0;

  // A chain: its steps (each with its own op and run; this one has neither), and the tensors
  // between them at their offsets in the workspace's first `intermediate_bytes`. `inputs` and
  // `outputs` are then the aclnn function's tensor parameters, which the steps read anew from
  // their aclTensor at every run (so the address setters only change the tensor).
  std::vector<std::unique_ptr<aclOpExecutor>> steps;
  struct Intermediate {
    aclTensor* tensor;
    uint64_t offset;
  };
  std::vector<Intermediate> intermediates;
  uint64_t intermediate_bytes = 0;
  // Other descriptions of the application's tensors (StageChain::Alias): (alias, tensor).
  std::vector<std::pair<aclTensor*, const aclTensor*>> aliases;
};

namespace opsim::aclnn {

// One step's executor from its first stage (not yet a live handle), and its workspace size.
aclnnStatus BuildExecutor(const FirstStage& stage, uint64_t* workspace_size,
                          std::unique_ptr<aclOpExecutor>* executor);

// The array inputs of a first stage (StageTensor::int_array, ...) made constants, in place; the
// others untouched. ACLNN_ERR_PARAM_NULLPTR for a null required array, ACLNN_ERR_PARAM_INVALID
// naming the input for a dead handle, no matching OpDef column, or a value outside the type.
aclnnStatus ResolveArrayInputs(const char* api, const std::string& op_type,
                               std::vector<StageTensor>* inputs);

// Runs a step, or a chain, in the caller's workspace.
Status ExecuteStep(aclOpExecutor& e, uint8_t* workspace, uint64_t workspace_size);
Status ExecuteChain(aclOpExecutor& e, uint8_t* workspace, uint64_t workspace_size);

// The place in a step's run of its parameter `index` (of `inputs`, or of `outputs` when
// `output`): absent OPTIONAL inputs have none, constants have one.
size_t RunSlot(const aclOpExecutor& e, size_t index, bool output);

}  // namespace opsim::aclnn
