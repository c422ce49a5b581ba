// aclnnAdd, aclnnSub, aclnnMul, aclnnDiv (and their in-place forms) on the registry's ONNX Add,
// Sub, Mul, Div (op_host/elementwise, numpy broadcasting), chained as CANN's layer chains its
// level-0 operators: self and other cast to the type they promote to (PyTorch's rule), other
// multiplied by alpha (in that type) where alpha is not 1, the operation, and its result cast to
// out's type where out's differs and may take it (CanCast). aclnnDiv divides integers as floats
// (true division), so integer operands are cast to FLOAT first.
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
using opsim::aclnn::opapi::DTypeName;

// The type self and other are computed in, in *compute.
aclnnStatus ComputeType(const char* api, const char* op_type, const aclTensor* self,
                        const aclTensor* other, ::aclDataType* compute) {
  ::aclDataType a = ACL_DT_UNDEFINED;
  ::aclDataType b = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = opsim::aclnn::TensorDType(api, "self", self, &a);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = opsim::aclnn::TensorDType(api, "other", other, &b);
      st != ACLNN_SUCCESS) {
    return st;
  }
  *compute = opsim::aclnn::opapi::PromoteTypes(a, b);
  if (*compute == ACL_DT_UNDEFINED) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                                "self is " + DTypeName(a) + " and other is " + DTypeName(b) +
                                    ": the two types have no promotion (CANN's promoteType)");
  }
  if (std::string(op_type) == "Div" && !opsim::aclnn::opapi::IsFloating(*compute)) {
    *compute = ACL_FLOAT;  // true division
  }
  return ACLNN_SUCCESS;
}

// other * alpha in `compute` into *scaled, unless alpha is 1 (then other itself).
aclnnStatus ScaleByAlpha(StageChain* chain, const char* api, const aclTensor* other,
                         const aclScalar* alpha, ::aclDataType compute, const aclTensor** scaled) {
  double value = 0;
  if (const aclnnStatus st = opsim::aclnn::ScalarValue(api, "alpha", alpha, &value);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (value == 1.0) return ACLNN_SUCCESS;
  opsim::aclnn::StageTensor factor;
  if (const aclnnStatus st =
          opsim::aclnn::opapi::ScalarConstant(api, "alpha", alpha, compute, &factor);
      st != ACLNN_SUCCESS) {
    return st;
  }
  std::vector<int64_t> shape;
  if (const aclnnStatus st = opsim::aclnn::TensorShape(api, "other", other, &shape);
      st != ACLNN_SUCCESS) {
    return st;
  }
  aclTensor* product = chain->Intermediate(shape, compute);
  if (product == nullptr) return ACLNN_ERR_INNER;
  chain->Then({api, "Mul", {{"other", *scaled}, factor}, {}, {{"out", product}}});
  *scaled = product;
  return ACLNN_SUCCESS;
}

// out = self (op) alpha * other; alpha null: the function has none.
aclnnStatus Arithmetic(const char* api, const char* op_type, const aclTensor* self,
                       const aclTensor* other, const aclScalar* alpha, aclTensor* out,
                       uint64_t* workspace_size, aclOpExecutor** executor) {
  namespace opapi = opsim::aclnn::opapi;
  ::aclDataType compute = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = ComputeType(api, op_type, self, other, &compute);
      st != ACLNN_SUCCESS) {
    return st;
  }
  StageChain chain(api);
  const aclTensor* lhs = nullptr;
  const aclTensor* rhs = nullptr;
  aclTensor* result = nullptr;
  aclnnStatus st = opapi::CastInput(&chain, api, "self", self, compute, &lhs);
  if (st == ACLNN_SUCCESS) st = opapi::CastInput(&chain, api, "other", other, compute, &rhs);
  if (st == ACLNN_SUCCESS && alpha != nullptr) {
    st = ScaleByAlpha(&chain, api, other, alpha, compute, &rhs);
  }
  if (st == ACLNN_SUCCESS) st = opapi::PlanOutput(&chain, api, out, compute, &result);
  if (st != ACLNN_SUCCESS) return st;
  chain.Then({api, op_type, {{"self", lhs}, {"other", rhs}}, {}, {{"out", result}}});
  if (st = opapi::FinishOutput(&chain, api, result, out); st != ACLNN_SUCCESS) return st;
  chain.Parameters({self, other}, {out});
  return chain.GetWorkspaceSize(workspace_size, executor);
}

// aclnnAdd and aclnnSub take alpha, which may not be null.
aclnnStatus WithAlpha(const char* api, const char* op_type, const aclTensor* self,
                      const aclTensor* other, const aclScalar* alpha, aclTensor* out,
                      uint64_t* workspace_size, aclOpExecutor** executor) {
  if (alpha == nullptr) return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_NULLPTR, api, "alpha is null");
  return Arithmetic(api, op_type, self, other, alpha, out, workspace_size, executor);
}

aclnnStatus MulOrDiv(const char* api, const char* op_type, const aclTensor* self,
                     const aclTensor* other, aclTensor* out, uint64_t* workspace_size,
                     aclOpExecutor** executor) {
  return Arithmetic(api, op_type, self, other, nullptr, out, workspace_size, executor);
}

}  // namespace

extern "C" {

aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                     const aclScalar* alpha, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithAlpha("aclnnAddGetWorkspaceSize", "Add", self, other, alpha, out, workspaceSize,
                   executor);
}
OPSIM_OPAPI_SECOND_STAGE(Add)

aclnnStatus aclnnSubGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                     const aclScalar* alpha, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithAlpha("aclnnSubGetWorkspaceSize", "Sub", self, other, alpha, out, workspaceSize,
                   executor);
}
OPSIM_OPAPI_SECOND_STAGE(Sub)

aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return MulOrDiv("aclnnMulGetWorkspaceSize", "Mul", self, other, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Mul)

aclnnStatus aclnnDivGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return MulOrDiv("aclnnDivGetWorkspaceSize", "Div", self, other, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Div)

// The in-place forms: selfRef is also the output, so other must broadcast to its shape.
// aclnnInplaceAdd's document declares selfRef const, yet the function writes it (its purpose).
aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor* selfRef, const aclTensor* other,
                                            const aclScalar* alpha, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return WithAlpha("aclnnInplaceAddGetWorkspaceSize", "Add", selfRef, other, alpha,
                   const_cast<aclTensor*>(selfRef), workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceAdd)

aclnnStatus aclnnInplaceSubGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                            const aclScalar* alpha, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return WithAlpha("aclnnInplaceSubGetWorkspaceSize", "Sub", selfRef, other, alpha, selfRef,
                   workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceSub)

aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return MulOrDiv("aclnnInplaceMulGetWorkspaceSize", "Mul", selfRef, other, selfRef, workspaceSize,
                  executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceMul)

aclnnStatus aclnnInplaceDivGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return MulOrDiv("aclnnInplaceDivGetWorkspaceSize", "Div", selfRef, other, selfRef, workspaceSize,
                  executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceDiv)

}  // extern "C"
