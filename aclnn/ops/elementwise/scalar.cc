// aclnnAdds, aclnnSubs, aclnnMuls, aclnnDivs: the binary operators with a host scalar `other`,
// which becomes a rank-0 constant in the workspace (StageTensor::constant), broadcast by the
// registry's Add, Sub, Mul, Div. As in binary.cc, the steps are CANN's: self cast to the type it
// meets the scalar in (an integer self with a floating scalar: FLOAT; aclnnDivs of integers:
// FLOAT), other (times alpha where alpha is not 1) in that type, the operation, and a Cast to
// out's type where it differs. The scalars' conversions are exact or refused
// (common/scalar_constant.h).
#include <string>
#include <vector>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sub.h"
#include "common/chain_steps.h"
#include "common/dtype_rules.h"
#include "common/opapi_common.h"
#include "common/scalar_constant.h"

namespace {

using opsim::aclnn::StageChain;
using opsim::aclnn::StageTensor;

// other (times alpha, unless alpha is null or 1) as the operation's second input, in `compute`.
aclnnStatus ScalarOperand(StageChain* chain, const char* api, const aclScalar* other,
                          const aclScalar* alpha, ::aclDataType compute, StageTensor* operand) {
  namespace opapi = opsim::aclnn::opapi;
  if (const aclnnStatus st = opapi::ScalarConstant(api, "other", other, compute, operand);
      st != ACLNN_SUCCESS) {
    return st;
  }
  double a = 1;
  if (alpha != nullptr) {
    if (const aclnnStatus st = opsim::aclnn::ScalarValue(api, "alpha", alpha, &a);
        st != ACLNN_SUCCESS) {
      return st;
    }
  }
  if (a == 1.0) return ACLNN_SUCCESS;
  StageTensor factor;
  if (const aclnnStatus st = opapi::ScalarConstant(api, "alpha", alpha, compute, &factor);
      st != ACLNN_SUCCESS) {
    return st;
  }
  aclTensor* product = chain->Intermediate({}, compute);
  if (product == nullptr) return ACLNN_ERR_INNER;
  chain->Then({api, "Mul", {*operand, factor}, {}, {{"out", product}}});
  *operand = StageTensor{"other", product};
  return ACLNN_SUCCESS;
}

// out = self (op) alpha * other; `has_alpha`: the function takes alpha (then not null).
aclnnStatus WithScalar(const char* api, const char* op_type, const aclTensor* self,
                       const aclScalar* other, const aclScalar* alpha, bool has_alpha,
                       aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  namespace opapi = opsim::aclnn::opapi;
  ::aclDataType self_dtype = ACL_DT_UNDEFINED;
  ::aclDataType scalar_dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = opsim::aclnn::TensorDType(api, "self", self, &self_dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = opsim::aclnn::ScalarDType(api, "other", other, &scalar_dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (has_alpha && alpha == nullptr) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_NULLPTR, api, "alpha is null");
  }
  ::aclDataType compute = opapi::PromoteWithScalar(self_dtype, scalar_dtype);
  if (std::string(op_type) == "Div" && !opapi::IsFloating(compute)) compute = ACL_FLOAT;
  StageChain chain(api);
  const aclTensor* lhs = nullptr;
  StageTensor rhs;
  aclTensor* result = nullptr;
  aclnnStatus st = opapi::CastInput(&chain, api, "self", self, compute, &lhs);
  if (st == ACLNN_SUCCESS) st = ScalarOperand(&chain, api, other, alpha, compute, &rhs);
  if (st == ACLNN_SUCCESS) st = opapi::PlanOutput(&chain, api, out, compute, &result);
  if (st != ACLNN_SUCCESS) return st;
  chain.Then({api, op_type, {{"self", lhs}, rhs}, {}, {{"out", result}}});
  if (st = opapi::FinishOutput(&chain, api, result, out); st != ACLNN_SUCCESS) return st;
  chain.Parameters({self}, {out});
  return chain.GetWorkspaceSize(workspace_size, executor);
}

}  // namespace

extern "C" {

aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor* self, const aclScalar* other,
                                      const aclScalar* alpha, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnAddsGetWorkspaceSize", "Add", self, other, alpha, true, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Adds)

aclnnStatus aclnnSubsGetWorkspaceSize(const aclTensor* self, const aclScalar* other,
                                      const aclScalar* alpha, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnSubsGetWorkspaceSize", "Sub", self, other, alpha, true, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Subs)

aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor* self, const aclScalar* other, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnMulsGetWorkspaceSize", "Mul", self, other, nullptr, false, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Muls)

aclnnStatus aclnnDivsGetWorkspaceSize(const aclTensor* self, const aclScalar* other, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnDivsGetWorkspaceSize", "Div", self, other, nullptr, false, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Divs)

// The in-place forms: selfRef is also the output. aclnnInplaceAdds' document declares selfRef
// const, yet the function writes it (its purpose).
aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor* selfRef, const aclScalar* other,
                                             const aclScalar* alpha, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceAddsGetWorkspaceSize", "Add", selfRef, other, alpha, true,
                    const_cast<aclTensor*>(selfRef), workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceAdds)

aclnnStatus aclnnInplaceSubsGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                             const aclScalar* alpha, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceSubsGetWorkspaceSize", "Sub", selfRef, other, alpha, true, selfRef,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceSubs)

aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceMulsGetWorkspaceSize", "Mul", selfRef, other, nullptr, false,
                    selfRef, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceMuls)

aclnnStatus aclnnInplaceDivsGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceDivsGetWorkspaceSize", "Div", selfRef, other, nullptr, false,
                    selfRef, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceDivs)

}  // extern "C"
