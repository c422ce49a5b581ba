// The executor's public calls: made repeatable, destroyed, its tensors pointed at new memory.
// An executor comes only from a first stage (opsim/aclnn/two_stage.h); the indices of the
// address setters run over the first stage's inputs (aclSetInputTensorAddr), outputs
// (aclSetOutputTensorAddr) or both, inputs first (aclSetTensorAddr).
#include <string>

#include "aclnn_executor.h"

namespace {

namespace aclnn = opsim::aclnn;

aclnnStatus CheckExecutor(const aclOpExecutor* executor, const char* call) {
  if (executor == nullptr) return aclnn::FailNull(call, "executor");
  return aclnn::IsLive(executor, aclnn::HandleKind::kExecutor, call, "executor")
             ? ACLNN_SUCCESS
             : ACLNN_ERR_PARAM_INVALID;
}

// Points parameter `index` of `executor` (inputs first when `in_all`, else of the side
// `output` says) at `addr`, after checking it is the tensor the first stage bound there.
aclnnStatus SetAddress(const char* call, aclOpExecutor* executor, size_t index, aclTensor* tensor,
                       void* addr, bool output, bool in_all) {
  if (executor == nullptr || tensor == nullptr) {
    return aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, call,
                       executor == nullptr ? "executor is null" : "tensor is null");
  }
  if (const aclnnStatus st = CheckExecutor(executor, call); st != ACLNN_SUCCESS) return st;
  if (!aclnn::IsLive(tensor, aclnn::HandleKind::kTensor, call, "tensor")) {
    return ACLNN_ERR_PARAM_INVALID;
  }
  if (in_all && index >= executor->inputs.size()) {
    output = true;
    index -= executor->inputs.size();
  }
  const std::vector<const aclTensor*>& side = output ? executor->outputs : executor->inputs;
  const char* what = output ? "output" : "input";
  if (index >= side.size()) {
    return aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                       "index " + std::to_string(index) + " is past the " +
                           std::to_string(side.size()) + " " + what + " tensors of the " +
                           executor->op_type + " call");
  }
  if (!output) {
    for (const aclOpExecutor::Constant& c : executor->constants) {
      if (c.input == index) {
        return aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                           "input " + std::to_string(index) +
                               " is a scalar the first stage holds in the workspace, not an "
                               "application tensor; it has no address to set");
      }
    }
  }
  if (side[index] != tensor) {
    return aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                       std::string(what) + " " + std::to_string(index) +
                           (side[index] == nullptr ? " was left out at the first stage"
                                                   : " is another tensor than the one given"));
  }
  tensor->data = addr;
  if (executor->run) {  // a chain's steps read the tensor's address when they run
    executor->run->Rebind(output, aclnn::RunSlot(*executor, index, output),
                          aclnn::FirstElement(*tensor));
  }
  return ACLNN_SUCCESS;
}

// The DYNAMIC setters: tensor `relative` of the list that is input (or `output`) parameter
// `ir_index` of the first stage, pointed at `addr`; with `in_all`, the inputs' indices come first
// and then the outputs' (CANN's aclSetDynamicTensorAddr: an index past the inputs is an output's).
aclnnStatus SetListAddress(const char* call, aclOpExecutor* executor, size_t ir_index,
                           size_t relative, aclTensorList* tensors, void* addr, bool output,
                           bool in_all) {
  if (executor == nullptr || tensors == nullptr) {
    return aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, call,
                       executor == nullptr ? "executor is null" : "tensors is null");
  }
  if (const aclnnStatus st = CheckExecutor(executor, call); st != ACLNN_SUCCESS) return st;
  const size_t asked = ir_index;
  if (in_all && ir_index >= executor->input_params) {
    output = true;
    ir_index -= executor->input_params;
  }
  for (const aclOpExecutor::List& l : executor->lists) {
    if (l.ir_index != ir_index || l.output != output) continue;
    if (l.list != tensors) break;
    if (relative >= l.list->tensors.size()) {
      return aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                         "relativeIndex " + std::to_string(relative) + " is past the list's " +
                             std::to_string(l.list->tensors.size()) + " tensors");
    }
    return SetAddress(call, executor, l.first + relative, l.list->tensors[relative], addr, output,
                      false);
  }
  return aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                     std::string(in_all   ? "parameter "
                                 : output ? "output "
                                          : "input ") +
                         std::to_string(asked) + " of the " + executor->op_type +
                         " call is not that tensor list");
}

}  // namespace

size_t opsim::aclnn::RunSlot(const aclOpExecutor& e, size_t index, bool output) {
  const std::vector<const aclTensor*>& side = output ? e.outputs : e.inputs;
  size_t slot = 0;
  for (size_t k = 0; k < index; ++k) slot += side[k] != nullptr;
  if (!output) {
    for (const aclOpExecutor::Constant& c : e.constants) slot += c.input < index;
  }
  return slot;
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  const aclnnStatus st = CheckExecutor(executor, "aclSetAclOpExecutorRepeatable");
  if (st == ACLNN_SUCCESS) executor->repeatable = true;
  return st;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  const aclnnStatus st = CheckExecutor(executor, "aclDestroyAclOpExecutor");
  if (st != ACLNN_SUCCESS) return st;
  aclnn::RemoveHandle(executor);
  delete executor;
  return ACLNN_SUCCESS;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                  void* addr) {
  return SetAddress("aclSetInputTensorAddr", executor, index, tensor, addr, false, false);
}
aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                   void* addr) {
  return SetAddress("aclSetOutputTensorAddr", executor, index, tensor, addr, true, false);
}
aclnnStatus aclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                             void* addr) {
  return SetAddress("aclSetTensorAddr", executor, index, tensor, addr, false, true);
}
aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                         const size_t relativeIndex, aclTensorList* tensors,
                                         void* addr) {
  return SetListAddress("aclSetDynamicInputTensorAddr", executor, irIndex, relativeIndex, tensors,
                        addr, false, false);
}
aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                    const size_t relativeIndex, aclTensorList* tensors,
                                    void* addr) {
  return SetListAddress("aclSetDynamicTensorAddr", executor, irIndex, relativeIndex, tensors, addr,
                        false, true);
}
aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                          const size_t relativeIndex, aclTensorList* tensors,
                                          void* addr) {
  return SetListAddress("aclSetDynamicOutputTensorAddr", executor, irIndex, relativeIndex, tensors,
                        addr, true, false);
}

// The older capitalised names.
aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                  void* addr) {
  return aclSetInputTensorAddr(executor, index, tensor, addr);
}
aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                   void* addr) {
  return aclSetOutputTensorAddr(executor, index, tensor, addr);
}
aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                         const size_t relativeIndex, aclTensorList* tensors,
                                         void* addr) {
  return aclSetDynamicInputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}
aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                          const size_t relativeIndex, aclTensorList* tensors,
                                          void* addr) {
  return aclSetDynamicOutputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}
aclnnStatus AclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                             void* addr) {
  return aclSetTensorAddr(executor, index, tensor, addr);
}
aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                    const size_t relativeIndex, aclTensorList* tensors,
                                    void* addr) {
  return aclSetDynamicTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}
