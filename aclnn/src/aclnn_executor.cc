// The executor's public calls. An executor comes only from an operator's first stage
// (aclnn<Op>GetWorkspaceSize, docs/ACLNN.md); until the operators' aclnn functions exist, no
// executor is live, and every call here refuses its argument by the registry's rule.
#include "aclnn_objects.h"

namespace {

namespace aclnn = opsim::aclnn;

aclnnStatus CheckExecutor(const aclOpExecutor* executor, const char* call) {
  if (executor == nullptr) return aclnn::FailNull(call, "executor");
  return aclnn::IsLive(executor, aclnn::HandleKind::kExecutor, call, "executor")
             ? ACLNN_SUCCESS
             : ACLNN_ERR_PARAM_INVALID;
}

}  // namespace

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  return CheckExecutor(executor, "aclSetAclOpExecutorRepeatable");
}
aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  return CheckExecutor(executor, "aclDestroyAclOpExecutor");
}
aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t, aclTensor*, void*) {
  return CheckExecutor(executor, "aclSetInputTensorAddr");
}
aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t, aclTensor*, void*) {
  return CheckExecutor(executor, "aclSetOutputTensorAddr");
}
aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t, const size_t,
                                         aclTensorList*, void*) {
  return CheckExecutor(executor, "aclSetDynamicInputTensorAddr");
}
aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t, const size_t,
                                          aclTensorList*, void*) {
  return CheckExecutor(executor, "aclSetDynamicOutputTensorAddr");
}
aclnnStatus aclSetTensorAddr(aclOpExecutor* executor, const size_t, aclTensor*, void*) {
  return CheckExecutor(executor, "aclSetTensorAddr");
}
aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t, const size_t, aclTensorList*,
                                    void*) {
  return CheckExecutor(executor, "aclSetDynamicTensorAddr");
}

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
