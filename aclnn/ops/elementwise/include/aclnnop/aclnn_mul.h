// aclnnMul: out = self * other, numpy broadcasting.
// CANN's documented parameters and types (the document: docs/ACLNN.md's table); opsim's
// implementation runs our registry operator through opsim/aclnn/two_stage.h and refuses, with
// ACLNN_ERR_PARAM_INVALID naming the case, what that operator cannot compute exactly.
#ifndef OPSIM_ACLNNOP_ACLNN_MUL_H_
#define OPSIM_ACLNNOP_ACLNN_MUL_H_

#include <cstdint>

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self,
                                                         const aclTensor* other, aclTensor* out,
                                                         uint64_t* workspaceSize,
                                                         aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMul(void* workspace, uint64_t workspaceSize,
                                         aclOpExecutor* executor, aclrtStream stream);

// aclnnMuls: out = self * other, other a host scalar.
ACL_FUNC_VISIBILITY aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor* self,
                                                          const aclScalar* other, aclTensor* out,
                                                          uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMuls(void* workspace, uint64_t workspaceSize,
                                          aclOpExecutor* executor, aclrtStream stream);

// The in-place form: the result is written into self (selfRef), as its document says.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor* selfRef,
                                                                const aclTensor* other,
                                                                uint64_t* workspaceSize,
                                                                aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMul(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor* selfRef,
                                                                 const aclScalar* other,
                                                                 uint64_t* workspaceSize,
                                                                 aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMuls(void* workspace, uint64_t workspaceSize,
                                                 aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACLNNOP_ACLNN_MUL_H_
