// aclnnReduceSum, aclnnMean, aclnnAmax, aclnnAmin, aclnnLogSumExp on the registry's ONNX
// ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceLogSumExp (op_host/reduce): dims become the
// attribute `axes` (an empty list reduces every dim, as CANN documents and ONNX does with
// noop_with_empty_axes 0), keepDim `keepdims`. Each operation writes self's data type, so:
// - aclnnReduceSum's and aclnnMean's `dtype` must be self's (CANN casts the result to it; opsim
//   runs no Cast step), and out must be of it;
// - out of another data type than self is refused (CANN's integer-to-float promotions), and so is
//   an integer self of aclnnMean and aclnnLogSumExp (CANN computes those in a float type);
// - a data type the operation lacks is refused by its OpDef, whose message lists its own.
#include <string>

#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "common/opapi_common.h"

namespace {

using opsim::aclnn::FirstStage;
using opsim::aclnn::opapi::DTypeName;

aclnnStatus Reduce(const char* api, const char* op_type, const aclTensor* self,
                   const aclIntArray* dims, const char* dims_name, bool keep_dims, aclTensor* out,
                   uint64_t* workspace_size, aclOpExecutor** executor) {
  const std::string why = std::string("opsim's ") + op_type +
                          " writes self's data type and runs no Cast to another, so out must "
                          "have self's (mixed data types are refused)";
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st =
          opsim::aclnn::opapi::SameDType(api, "self", self, "out", out, why, &dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (dims == nullptr) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_NULLPTR, api, std::string(dims_name) + " is null");
  }
  FirstStage stage{api,
                   op_type,
                   {{"self", self}},
                   {{"keepdims", static_cast<int64_t>(keep_dims ? 1 : 0)}},
                   {{"out", out}}};
  if (const aclnnStatus st = opsim::aclnn::AddAttr(&stage, "axes", dims); st != ACLNN_SUCCESS) {
    return st;
  }
  return opsim::aclnn::GetWorkspaceSize(stage, workspace_size, executor);
}

// aclnnReduceSum's and aclnnMean's dtype: self's, or refused.
aclnnStatus CheckResultDType(const char* api, const char* op_type, const aclTensor* self,
                             ::aclDataType dtype) {
  ::aclDataType self_dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = opsim::aclnn::TensorDType(api, "self", self, &self_dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (self_dtype == dtype) return ACLNN_SUCCESS;
  return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                              "dtype is " + DTypeName(dtype) + " and self is " +
                                  DTypeName(self_dtype) + ": CANN casts to dtype around the " +
                                  op_type + ", opsim runs no Cast step, so dtype " +
                                  "must be self's data type");
}

// aclnnMean and aclnnLogSumExp of integers: CANN computes them in a float type and converts the
// result, while opsim's ReduceMean and ReduceLogSumExp work in the integer type; the results may
// differ, so integer and bool self are refused.
aclnnStatus CheckFloatSelf(const char* api, const char* what, const aclTensor* self) {
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = opsim::aclnn::TensorDType(api, "self", self, &dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (!opsim::aclnn::opapi::IsIntegral(dtype)) return ACLNN_SUCCESS;
  return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                              "self is " + DTypeName(dtype) + ": CANN computes " + what +
                                  " of integers in a float type, opsim's operation in the "
                                  "integer type, so integer self is refused");
}

}  // namespace

extern "C" {

aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor* self, const aclIntArray* dims,
                                           bool keepDims, aclDataType dtype, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* api = "aclnnReduceSumGetWorkspaceSize";
  if (const aclnnStatus st = CheckResultDType(api, "ReduceSum", self, dtype); st != ACLNN_SUCCESS) {
    return st;
  }
  return Reduce(api, "ReduceSum", self, dims, "dims", keepDims, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(ReduceSum)

aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepDim,
                                      aclDataType dtype, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  const char* api = "aclnnMeanGetWorkspaceSize";
  if (const aclnnStatus st = CheckResultDType(api, "ReduceMean", self, dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = CheckFloatSelf(api, "the mean", self); st != ACLNN_SUCCESS) {
    return st;
  }
  return Reduce(api, "ReduceMean", self, dim, "dim", keepDim, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Mean)

aclnnStatus aclnnAmaxGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepDim,
                                      aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  return Reduce("aclnnAmaxGetWorkspaceSize", "ReduceMax", self, dim, "dim", keepDim, out,
                workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Amax)

aclnnStatus aclnnAminGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepDim,
                                      aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  return Reduce("aclnnAminGetWorkspaceSize", "ReduceMin", self, dim, "dim", keepDim, out,
                workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Amin)

aclnnStatus aclnnLogSumExpGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim,
                                           bool keepDim, aclTensor* out, uint64_t* workspaceSize,
                                           aclOpExecutor** executor) {
  const char* api = "aclnnLogSumExpGetWorkspaceSize";
  if (const aclnnStatus st = CheckFloatSelf(api, "log-sum-exp", self); st != ACLNN_SUCCESS) {
    return st;
  }
  return Reduce(api, "ReduceLogSumExp", self, dim, "dim", keepDim, out, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(LogSumExp)

}  // extern "C"
