// aclnnAbs, aclnnNeg, aclnnExp, aclnnLog, aclnnSqrt, aclnnReciprocal (and the in-place forms
// CANN documents for all but Abs) on the registry's ONNX elementwise operators
// (op_host/elementwise). Each writes its input's data type: CANN's aclnnExp and the like also take
// integers and write a float out, a promotion Cast opsim does not run, so an out of another data
// type than self is refused; a data type the operator lacks is refused by its OpDef (the message
// lists the ones it takes).
#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_reciprocal.h"
#include "aclnnop/aclnn_sqrt.h"
#include "common/opapi_common.h"

namespace {

using opsim::aclnn::FirstStage;

aclnnStatus Unary(const char* api, const char* op_type, const aclTensor* self, aclTensor* out,
                  uint64_t* workspace_size, aclOpExecutor** executor) {
  const std::string why = std::string("opsim's ") + op_type +
                          " writes self's data type and runs no Cast to another, so out must "
                          "have self's (mixed data types are refused)";
  if (const aclnnStatus st =
          opsim::aclnn::opapi::SameDType(api, "self", self, "out", out, why, nullptr);
      st != ACLNN_SUCCESS) {
    return st;
  }
  const FirstStage stage{api, op_type, {{"self", self}}, {}, {{"out", out}}};
  return opsim::aclnn::GetWorkspaceSize(stage, workspace_size, executor);
}

}  // namespace

extern "C" {

aclnnStatus aclnnAbsGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
  return Unary("aclnnAbsGetWorkspaceSize", "Abs", self, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Abs)

aclnnStatus aclnnNegGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
  return Unary("aclnnNegGetWorkspaceSize", "Neg", self, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Neg)

aclnnStatus aclnnExpGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
  return Unary("aclnnExpGetWorkspaceSize", "Exp", self, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Exp)

aclnnStatus aclnnLogGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
  return Unary("aclnnLogGetWorkspaceSize", "Log", self, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Log)

aclnnStatus aclnnSqrtGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Unary("aclnnSqrtGetWorkspaceSize", "Sqrt", self, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Sqrt)

aclnnStatus aclnnReciprocalGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Unary("aclnnReciprocalGetWorkspaceSize", "Reciprocal", self, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Reciprocal)

// The in-place forms: self is also the output.
aclnnStatus aclnnInplaceNegGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return Unary("aclnnInplaceNegGetWorkspaceSize", "Neg", selfRef, selfRef, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceNeg)

aclnnStatus aclnnInplaceExpGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return Unary("aclnnInplaceExpGetWorkspaceSize", "Exp", selfRef, selfRef, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceExp)

aclnnStatus aclnnInplaceLogGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return Unary("aclnnInplaceLogGetWorkspaceSize", "Log", selfRef, selfRef, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceLog)

aclnnStatus aclnnInplaceSqrtGetWorkspaceSize(aclTensor* self, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  return Unary("aclnnInplaceSqrtGetWorkspaceSize", "Sqrt", self, self, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceSqrt)

// The document declares selfRef const, yet the function writes it (its purpose).
aclnnStatus aclnnInplaceReciprocalGetWorkspaceSize(const aclTensor* selfRef,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return Unary("aclnnInplaceReciprocalGetWorkspaceSize", "Reciprocal", selfRef,
               const_cast<aclTensor*>(selfRef), workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceReciprocal)

}  // extern "C"
