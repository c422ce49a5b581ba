// aclnnProd and aclnnProdDim on the registry's ONNX ReduceProd (op_host/reduce): no `axes` (every
// dim, keepdims 0: a rank-0 out, or one of shape [1]) or `axes` = [dim] with keepDim. As for
// aclnnReduceSum, self is cast to dtype, which out must have; integer products wrap in dtype.
#include <string>
#include <vector>

#include "aclnnop/aclnn_prod.h"
#include "common/opapi_common.h"
#include "reduce_chain.h"

namespace {

aclnnStatus Prod(const char* api, const aclTensor* self, const std::vector<int64_t>* axes,
                 bool keep_dim, ::aclDataType dtype, aclTensor* out, uint64_t* workspace_size,
                 aclOpExecutor** executor) {
  using opsim::aclnn::opapi::CheckOut;
  if (aclnnStatus st = CheckOut(api, "dtype", dtype, out); st != ACLNN_SUCCESS) return st;
  return opsim::aclnn::opapi::Reduce({api, "ReduceProd", nullptr, nullptr, axes, keep_dim, dtype},
                                     self, out, workspace_size, executor);
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
