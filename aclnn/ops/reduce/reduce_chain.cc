#include "reduce_chain.h"

#include <string>
#include <utility>

#include "common/chain_steps.h"
#include "common/opapi_common.h"

namespace opsim::aclnn::opapi {
namespace {

// Whether the result has rank 0: every dim reduced, none kept. A list longer than self's rank
// counts as every dim here; the operation refuses it with its own message.
bool ToRankZero(const Reduction& r, const aclTensor* self) {
  if (r.keep_dims) return false;
  std::vector<int64_t> shape;
  if (TensorShape(r.api, "self", self, &shape) != ACLNN_SUCCESS) return false;
  uint64_t count = 0;
  if (r.dims != nullptr) {
    if (aclGetIntArraySize(r.dims, &count) != ACLNN_SUCCESS) return false;
    return count == 0 || count >= shape.size();
  }
  return r.axes == nullptr || r.axes->size() >= shape.size();
}

}  // namespace

aclnnStatus CheckOut(const char* api, const char* what, ::aclDataType dtype, const aclTensor* out) {
  ::aclDataType out_dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = TensorDType(api, "out", out, &out_dtype); st != ACLNN_SUCCESS) {
    return st;
  }
  if (out_dtype == dtype) return ACLNN_SUCCESS;
  return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                "out is " + DTypeName(out_dtype) + " and " + what + " is " + DTypeName(dtype) +
                    ": out must be of " + what);
}

aclnnStatus Reduce(const Reduction& r, const aclTensor* self, aclTensor* out,
                   uint64_t* workspace_size, aclOpExecutor** executor) {
  if (r.dims_name != nullptr && r.dims == nullptr) {
    return Refuse(ACLNN_ERR_PARAM_NULLPTR, r.api, std::string(r.dims_name) + " is null");
  }
  StageChain chain(r.api);
  const aclTensor* input = nullptr;
  aclTensor* result = nullptr;
  aclTensor* target = nullptr;
  aclnnStatus st = CastInput(&chain, r.api, "self", self, r.compute, &input);
  if (st == ACLNN_SUCCESS) st = PlanOutput(&chain, r.api, out, r.compute, &result);
  target = result;
  if (st == ACLNN_SUCCESS && ToRankZero(r, self)) {
    st = RankZeroTarget(&chain, r.api, result, &target);
  }
  if (st != ACLNN_SUCCESS) return st;
  FirstStage stage{r.api,
                   r.op_type,
                   {{"self", input}},
                   {{"keepdims", static_cast<int64_t>(r.keep_dims ? 1 : 0)}},
                   {{"out", target}}};
  if (r.dims != nullptr) {
    if (st = AddAttr(&stage, "axes", r.dims); st != ACLNN_SUCCESS) return st;
  } else if (r.axes != nullptr) {
    stage.attrs["axes"] = *r.axes;
  }
  chain.Then(std::move(stage));
  if (st = FinishOutput(&chain, r.api, result, out); st != ACLNN_SUCCESS) return st;
  chain.Parameters({self}, {out});
  return chain.GetWorkspaceSize(workspace_size, executor);
}

}  // namespace opsim::aclnn::opapi
