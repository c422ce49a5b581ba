// aclnnArgMax and aclnnArgMin on the registry's ONNX ArgMax and ArgMin (op_host/argmax): dim
// becomes `axis`, keepdim `keepdims`, and `select_last_index` stays 0 (the first of equal
// extremes, as CANN returns). opsim's operators write INT64 indices; an INT32 out (which CANN's
// examples use) takes them through a Cast step.
#include <string>

#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_argmin.h"
#include "common/chain_steps.h"
#include "common/opapi_common.h"

namespace {

aclnnStatus ArgExtreme(const char* api, const char* op_type, const aclTensor* self, int64_t dim,
                       bool keepdim, aclTensor* out, uint64_t* workspace_size,
                       aclOpExecutor** executor) {
  ::aclDataType self_dtype = ACL_DT_UNDEFINED;
  ::aclDataType out_dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = opsim::aclnn::TensorDType(api, "self", self, &self_dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = opsim::aclnn::TensorDType(api, "out", out, &out_dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (out_dtype != ACL_INT64 && out_dtype != ACL_INT32) {
    return opsim::aclnn::Refuse(
        ACLNN_ERR_PARAM_INVALID, api,
        "out is " + opsim::aclnn::opapi::DTypeName(out_dtype) + ": the indices are INT64 or INT32");
  }
  opsim::aclnn::StageChain chain(api);
  aclTensor* indices = nullptr;
  if (const aclnnStatus st = opsim::aclnn::opapi::PlanOutput(&chain, api, out, ACL_INT64, &indices);
      st != ACLNN_SUCCESS) {
    return st;
  }
  chain.Then({api,
              op_type,
              {{"self", self}},
              {{"axis", dim}, {"keepdims", static_cast<int64_t>(keepdim ? 1 : 0)}},
              {{"out", indices}}});
  if (const aclnnStatus st = opsim::aclnn::opapi::FinishOutput(&chain, api, indices, out);
      st != ACLNN_SUCCESS) {
    return st;
  }
  chain.Parameters({self}, {out});
  return chain.GetWorkspaceSize(workspace_size, executor);
}

}  // namespace

extern "C" {

aclnnStatus aclnnArgMaxGetWorkspaceSize(const aclTensor* self, int64_t dim, bool keepdim,
                                        aclTensor* out, uint64_t* workspaceSize,
                                        aclOpExecutor** executor) {
  return ArgExtreme("aclnnArgMaxGetWorkspaceSize", "ArgMax", self, dim, keepdim, out, workspaceSize,
                    executor);
}
OPSIM_OPAPI_SECOND_STAGE(ArgMax)

aclnnStatus aclnnArgMinGetWorkspaceSize(const aclTensor* self, int64_t dim, bool keepdim,
                                        aclTensor* out, uint64_t* workspaceSize,
                                        aclOpExecutor** executor) {
  return ArgExtreme("aclnnArgMinGetWorkspaceSize", "ArgMin", self, dim, keepdim, out, workspaceSize,
                    executor);
}
OPSIM_OPAPI_SECOND_STAGE(ArgMin)

}  // extern "C"
