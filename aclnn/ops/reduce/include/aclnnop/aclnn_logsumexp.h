// aclnnLogSumExp: log(sum(exp(self))) over dim.
// CANN's documented parameters and types (the document: docs/ACLNN.md's table); opsim's
// implementation runs our registry operator through opsim/aclnn/two_stage.h and refuses, with
// ACLNN_ERR_PARAM_INVALID naming the case, what that operator cannot compute exactly.
#ifndef OPSIM_ACLNNOP_ACLNN_LOGSUMEXP_H_
#define OPSIM_ACLNNOP_ACLNN_LOGSUMEXP_H_

#include <cstdint>

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSumExpGetWorkspaceSize(const aclTensor* self,
                                                               const aclIntArray* dim, bool keepDim,
                                                               aclTensor* out,
                                                               uint64_t* workspaceSize,
                                                               aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSumExp(void* workspace, uint64_t workspaceSize,
                                               aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACLNNOP_ACLNN_LOGSUMEXP_H_
