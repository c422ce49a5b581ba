// aclnnCast on the registry's ONNX Cast (op_host/elementwise): `dtype` becomes Cast's `to`
// (ONNX's TensorProto number). out must be of `dtype` (CANN's rule); a dtype opsim's Cast does not
// write (INT16, UINT16, the complex types, which opsim carries as bytes only, ...) is refused
// naming it, and so is DOUBLE to a 16-bit float, which opsim's Cast rounds twice.
#include <string>

#include "aclnnop/aclnn_cast.h"
#include "common/dtype_rules.h"
#include "common/opapi_common.h"

namespace {

using opsim::aclnn::opapi::DTypeName;

}  // namespace

extern "C" {

aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor* self, const aclDataType dtype,
                                      aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  const char* api = "aclnnCastGetWorkspaceSize";
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
  const int64_t to = opsim::aclnn::OnnxCastNumber(dtype);
  if (to == 0) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                                "dtype " + DTypeName(dtype) +
                                    " is not one of the data types opsim's Cast writes (FLOAT, "
                                    "FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT32, UINT32, "
                                    "INT64, UINT64, BOOL)");
  }
  if (out_dtype != dtype) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                                "dtype is " + DTypeName(dtype) + " and out is " +
                                    DTypeName(out_dtype) + ": out must be of dtype");
  }
  // opsim's Cast rounds DOUBLE to a 16-bit float through FLOAT, twice; whether CANN's does the
  // same is not established, and a tie can round differently, so the pair is refused.
  if (self_dtype == ACL_DOUBLE && (dtype == ACL_FLOAT16 || dtype == ACL_BF16)) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                                "self is DOUBLE and dtype is " + DTypeName(dtype) +
                                    ": opsim's Cast rounds through FLOAT (twice), which can "
                                    "differ from one rounding; cast to FLOAT first");
  }
  const opsim::aclnn::FirstStage stage{api, "Cast", {{"self", self}}, {{"to", to}}, {{"out", out}}};
  return opsim::aclnn::GetWorkspaceSize(stage, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Cast)

}  // extern "C"
