// aclnnProd: the product of every element of self; aclnnProdDim: the product along dim.
// CANN's documented parameters and types (the document: docs/ACLNN.md's table); opsim's
// implementation runs our registry operator through opsim/aclnn/two_stage.h and refuses, with
// ACLNN_ERR_PARAM_INVALID naming the case, what that operator cannot compute exactly.
#ifndef OPSIM_ACLNNOP_ACLNN_PROD_H_
#define OPSIM_ACLNNOP_ACLNN_PROD_H_

#include <cstdint>

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnProdGetWorkspaceSize(const aclTensor* self,
                                                          const aclDataType dtype, aclTensor* out,
                                                          uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnProd(void* workspace, uint64_t workspaceSize,
                                          aclOpExecutor* executor, aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnProdDimGetWorkspaceSize(const aclTensor* self, int64_t dim,
                                                             bool keepDim, const aclDataType dtype,
                                                             aclTensor* out,
                                                             uint64_t* workspaceSize,
                                                             aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnProdDim(void* workspace, uint64_t workspaceSize,
                                             aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACLNNOP_ACLNN_PROD_H_
