// aclnnSub: out = self - alpha * other, numpy broadcasting.
// CANN's documented parameters and types (the document: docs/ACLNN.md's table); opsim's
// implementation runs our registry operator through opsim/aclnn/two_stage.h and refuses, with
// ACLNN_ERR_PARAM_INVALID naming the case, what that operator cannot compute exactly.
#ifndef OPSIM_ACLNNOP_ACLNN_SUB_H_
#define OPSIM_ACLNNOP_ACLNN_SUB_H_

#include <cstdint>

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSubGetWorkspaceSize(const aclTensor* self,
                                                         const aclTensor* other,
                                                         const aclScalar* alpha, aclTensor* out,
                                                         uint64_t* workspaceSize,
                                                         aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSub(void* workspace, uint64_t workspaceSize,
                                         aclOpExecutor* executor, aclrtStream stream);

// aclnnSubs: out = self - alpha * other, other a host scalar.
ACL_FUNC_VISIBILITY aclnnStatus aclnnSubsGetWorkspaceSize(const aclTensor* self,
                                                          const aclScalar* other,
                                                          const aclScalar* alpha, aclTensor* out,
                                                          uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSubs(void* workspace, uint64_t workspaceSize,
                                          aclOpExecutor* executor, aclrtStream stream);

// The in-place form: the result is written into self (selfRef), as its document says.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSubGetWorkspaceSize(aclTensor* selfRef,
                                                                const aclTensor* other,
                                                                const aclScalar* alpha,
                                                                uint64_t* workspaceSize,
                                                                aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSub(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSubsGetWorkspaceSize(aclTensor* selfRef,
                                                                 const aclScalar* other,
                                                                 const aclScalar* alpha,
                                                                 uint64_t* workspaceSize,
                                                                 aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSubs(void* workspace, uint64_t workspaceSize,
                                                 aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACLNNOP_ACLNN_SUB_H_
