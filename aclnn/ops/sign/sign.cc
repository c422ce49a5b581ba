// aclnnSign on the registry's ONNX Sign (op_host/sign): float32, float16 and int32, the output
// (CANN's document calls it `result`) of self's data type. CANN's other data types (bool, int64,
// double, ...) are refused by the OpDef, whose message lists the three it takes.
#include "aclnnop/aclnn_sign.h"
#include "common/opapi_common.h"

extern "C" {

aclnnStatus aclnnSignGetWorkspaceSize(const aclTensor* self, aclTensor* result,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* api = "aclnnSignGetWorkspaceSize";
  if (const aclnnStatus st = opsim::aclnn::opapi::SameDType(
          api, "self", self, "result", result,
          "opsim's Sign writes self's data type and runs no Cast to another, so result must have "
          "self's (mixed data types are refused)",
          nullptr);
      st != ACLNN_SUCCESS) {
    return st;
  }
  const opsim::aclnn::FirstStage stage{api, "Sign", {{"self", self}}, {}, {{"result", result}}};
  return opsim::aclnn::GetWorkspaceSize(stage, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Sign)

}  // extern "C"
