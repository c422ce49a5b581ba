// aclnnReduceSum, aclnnMean, aclnnAmax, aclnnAmin, aclnnLogSumExp on the registry's ONNX
// ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceLogSumExp (op_host/reduce): dims become the
// attribute `axes` (an empty list reduces every dim, as CANN documents and ONNX does with
// noop_with_empty_axes 0), keepDim `keepdims`. As CANN's layers do:
// - aclnnReduceSum and aclnnMean compute in `dtype`: self is cast to it first, and out must be
//   of it; aclnnMean and aclnnLogSumExp compute in a float type (an integer dtype for the mean
//   is refused; LogSumExp of an integer self computes in FLOAT and casts to out's type);
// - aclnnAmax and aclnnAmin write self's type, which out must have;
// - a reduction of every dim without keepDim may write an out of shape [1];
// - a data type the operation lacks is refused by its OpDef, whose message lists its own.
#include <string>

#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "common/dtype_rules.h"
#include "common/opapi_common.h"
#include "reduce_chain.h"

namespace {

using opsim::aclnn::opapi::CheckOut;
using opsim::aclnn::opapi::DTypeName;
using opsim::aclnn::opapi::Reduce;
using opsim::aclnn::opapi::Reduction;

aclnnStatus Extreme(const char* api, const char* op_type, const aclTensor* self,
                    const aclIntArray* dim, bool keep_dim, aclTensor* out, uint64_t* workspace_size,
                    aclOpExecutor** executor) {
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  if (aclnnStatus st = opsim::aclnn::TensorDType(api, "self", self, &dtype); st != ACLNN_SUCCESS)
    return st;
  if (aclnnStatus st = CheckOut(api, "self", dtype, out); st != ACLNN_SUCCESS) return st;
  return Reduce({api, op_type, dim, "dim", nullptr, keep_dim, dtype}, self, out, workspace_size,
                executor);
}

}  // namespace

extern "C" {

aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor* self, const aclIntArray* dims,
                                           bool keepDims, aclDataType dtype, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* api = "aclnnReduceSumGetWorkspaceSize";
  if (aclnnStatus st = CheckOut(api, "dtype", dtype, out); st != ACLNN_SUCCESS) return st;
  return Reduce({api, "ReduceSum", dims, "dims", nullptr, keepDims, dtype}, self, out,
                workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(ReduceSum)

aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepDim,
                                      aclDataType dtype, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  const char* api = "aclnnMeanGetWorkspaceSize";
  if (aclnnStatus st = CheckOut(api, "dtype", dtype, out); st != ACLNN_SUCCESS) return st;
  if (!opsim::aclnn::opapi::IsFloating(dtype)) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                                "dtype is " + DTypeName(dtype) +
                                    ": a mean is computed in a float type (FLOAT, FLOAT16, "
                                    "BFLOAT16, DOUBLE)");
  }
  return Reduce({api, "ReduceMean", dim, "dim", nullptr, keepDim, dtype}, self, out, workspaceSize,
                executor);
}
OPSIM_OPAPI_SECOND_STAGE(Mean)

aclnnStatus aclnnAmaxGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepDim,
                                      aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  return Extreme("aclnnAmaxGetWorkspaceSize", "ReduceMax", self, dim, keepDim, out, workspaceSize,
                 executor);
}
OPSIM_OPAPI_SECOND_STAGE(Amax)

aclnnStatus aclnnAminGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepDim,
                                      aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  return Extreme("aclnnAminGetWorkspaceSize", "ReduceMin", self, dim, keepDim, out, workspaceSize,
                 executor);
}
OPSIM_OPAPI_SECOND_STAGE(Amin)

// LogSumExp of an integer self computes in FLOAT, as CANN's layer casts it.
aclnnStatus aclnnLogSumExpGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim,
                                           bool keepDim, aclTensor* out, uint64_t* workspaceSize,
                                           aclOpExecutor** executor) {
  const char* api = "aclnnLogSumExpGetWorkspaceSize";
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  if (aclnnStatus st = opsim::aclnn::TensorDType(api, "self", self, &dtype); st != ACLNN_SUCCESS)
    return st;
  if (!opsim::aclnn::opapi::IsFloating(dtype)) dtype = ACL_FLOAT;
  return Reduce({api, "ReduceLogSumExp", dim, "dim", nullptr, keepDim, dtype}, self, out,
                workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(LogSumExp)

}  // extern "C"
