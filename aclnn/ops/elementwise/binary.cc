// aclnnAdd, aclnnSub, aclnnMul, aclnnDiv (and their in-place forms) on the registry's ONNX Add,
// Sub, Mul, Div (op_host/elementwise, numpy broadcasting). What one such operation computes exactly
// is what is run; the rest is refused with ACLNN_ERR_PARAM_INVALID naming the rule:
// - mixed data types (CANN promotes them with a Cast first; opsim runs no Cast step),
// - an alpha other than 1 (self + alpha * other needs a Mul before the Add),
// - aclnnDiv of integers (CANN divides them as floats; ONNX Div, opsim's, truncates).
#include <string>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sub.h"
#include "common/opapi_common.h"

namespace {

using opsim::aclnn::FirstStage;
using opsim::aclnn::opapi::DTypeName;
using opsim::aclnn::opapi::SameDType;

// self, other and out of one data type, returned in *dtype.
aclnnStatus OneDType(const char* api, const char* op_type, const aclTensor* self,
                     const aclTensor* other, const aclTensor* out, ::aclDataType* dtype) {
  const std::string promote = std::string("CANN promotes mixed data types with a Cast before ") +
                              op_type + "; opsim runs one " + op_type +
                              " on one data type, so mixed data types are refused";
  if (const aclnnStatus st = SameDType(api, "self", self, "other", other, promote, dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  return SameDType(api, "self", self, "out", out, promote, nullptr);
}

aclnnStatus Binary(const char* api, const char* op_type, const aclTensor* self,
                   const aclTensor* other, aclTensor* out, uint64_t* workspace_size,
                   aclOpExecutor** executor) {
  const FirstStage stage{api, op_type, {{"self", self}, {"other", other}}, {}, {{"out", out}}};
  return opsim::aclnn::GetWorkspaceSize(stage, workspace_size, executor);
}

// aclnnAdd and aclnnSub: out = self +- alpha * other, with alpha 1 only.
aclnnStatus WithAlpha(const char* api, const char* op_type, const aclTensor* self,
                      const aclTensor* other, const aclScalar* alpha, aclTensor* out,
                      uint64_t* workspace_size, aclOpExecutor** executor) {
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = OneDType(api, op_type, self, other, out, &dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  double value = 0;
  if (const aclnnStatus st = opsim::aclnn::ScalarValue(api, "alpha", alpha, &value);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (value != 1.0) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                                "alpha = " + std::to_string(value) +
                                    " is not 1: alpha * other needs a Mul before the " + op_type +
                                    ", and opsim runs the one " + op_type + "; alpha must be 1");
  }
  return Binary(api, op_type, self, other, out, workspace_size, executor);
}

// aclnnMul and aclnnDiv: one data type; Div of integers refused (CANN divides them as floats).
aclnnStatus MulOrDiv(const char* api, const char* op_type, const aclTensor* self,
                     const aclTensor* other, aclTensor* out, uint64_t* workspace_size,
                     aclOpExecutor** executor) {
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = OneDType(api, op_type, self, other, out, &dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (std::string(op_type) == "Div" && opsim::aclnn::opapi::IsIntegral(dtype)) {
    return opsim::aclnn::Refuse(
        ACLNN_ERR_PARAM_INVALID, api,
        "self is " + DTypeName(dtype) +
            ": CANN's aclnnDiv divides integers as floats (true division, a float out), while "
            "opsim's Div (ONNX's) truncates; integer inputs are refused");
  }
  return Binary(api, op_type, self, other, out, workspace_size, executor);
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
