// aclnnAdd: out = self + alpha * other, numpy broadcasting.
// CANN's documented parameters and types (the document: docs/ACLNN.md's table); opsim's
// implementation runs our registry operator through opsim/aclnn/two_stage.h and refuses, with
// ACLNN_ERR_PARAM_INVALID naming the case, what that operator cannot compute exactly.
#ifndef OPSIM_ACLNNOP_ACLNN_ADD_H_
#define OPSIM_ACLNNOP_ACLNN_ADD_H_

#include <cstdint>

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self,
                                                         const aclTensor* other,
                                                         const aclScalar* alpha, aclTensor* out,
                                                         uint64_t* workspaceSize,
                                                         aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdd(void* workspace, uint64_t workspaceSize,
                                         aclOpExecutor* executor, aclrtStream stream);

// aclnnAdds: out = self + alpha * other, other a host scalar.
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor* self,
                                                          const aclScalar* other,
                                                          const aclScalar* alpha, aclTensor* out,
                                                          uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdds(void* workspace, uint64_t workspaceSize,
                                          aclOpExecutor* executor, aclrtStream stream);

// The in-place form: the result is written into self (selfRef), as its document says.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor* selfRef,
                                                                const aclTensor* other,
                                                                const aclScalar* alpha,
                                                                uint64_t* workspaceSize,
                                                                aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAdd(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor* selfRef,
                                                                 const aclScalar* other,
                                                                 const aclScalar* alpha,
                                                                 uint64_t* workspaceSize,
                                                                 aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAdds(void* workspace, uint64_t workspaceSize,
                                                 aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACLNNOP_ACLNN_ADD_H_
