// aclnnProd and aclnnProdDim on the registry's ONNX ReduceProd (op_host/reduce): no `axes` (every
// dim, keepdims 0: a rank-0 out) or `axes` = [dim] with keepDim. As for aclnnReduceSum, dtype
// must be self's (CANN casts to it; opsim runs no Cast) and out of it; integer products wrap in
// self's type, which is the same result whatever width CANN multiplies in.
#include <string>
#include <vector>

#include "aclnnop/aclnn_prod.h"
#include "common/opapi_common.h"

namespace {

using opsim::aclnn::opapi::DTypeName;

aclnnStatus Prod(const char* api, const aclTensor* self, const std::vector<int64_t>* axes,
                 bool keep_dim, ::aclDataType dtype, aclTensor* out, uint64_t* workspace_size,
                 aclOpExecutor** executor) {
  ::aclDataType self_dtype = ACL_DT_UNDEFINED;
  const std::string why =
      "opsim's ReduceProd writes self's data type and runs no Cast, so out must have self's";
  if (const aclnnStatus st =
          opsim::aclnn::opapi::SameDType(api, "self", self, "out", out, why, &self_dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (dtype != self_dtype) {
    return opsim::aclnn::Refuse(ACLNN_ERR_PARAM_INVALID, api,
                                "dtype is " + DTypeName(dtype) + " and self is " +
                                    DTypeName(self_dtype) +
                                    ": CANN casts to dtype around the product, opsim runs no "
                                    "Cast step, so dtype must be self's data type");
  }
  opsim::aclnn::FirstStage stage{api,
                                 "ReduceProd",
                                 {{"self", self}},
                                 {{"keepdims", int64_t{keep_dim ? 1 : 0}}},
                                 {{"out", out}}};
  if (axes != nullptr) stage.attrs["axes"] = *axes;
  return opsim::aclnn::GetWorkspaceSize(stage, workspace_size, executor);
}

}  // namespace

extern "C" {

aclnnStatus aclnnProdGetWorkspaceSize(const aclTensor* self, const aclDataType dtype,
                                      aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
  return Prod("aclnnProdGetWorkspaceSize", self, nullptr, false, dtype, out, workspaceSize,
              executor);
}
OPSIM_OPAPI_SECOND_STAGE(Prod)

aclnnStatus aclnnProdDimGetWorkspaceSize(const aclTensor* self, int64_t dim, bool keepDim,
                                         const aclDataType dtype, aclTensor* out,
                                         uint64_t* workspaceSize, aclOpExecutor** executor) {
  const std::vector<int64_t> axes = {dim};
  return Prod("aclnnProdDimGetWorkspaceSize", self, &axes, keepDim, dtype, out, workspaceSize,
              executor);
}
OPSIM_OPAPI_SECOND_STAGE(ProdDim)

}  // extern "C"
