// A hand-written single-operator API of our own in the style of the open operator
// repositories' op_api layers (no third-party code): aclnnOpdevExp(self, out) computes exp in
// FLOAT for any real input type, aclnnOpdevArgMax(self, dim, keepdim, out) launches ArgMax with
// its attributes, aclnnOpdevExpRow(self, row, out) exp of one row of a contiguous 2-D self
// through a view of its storage (CreateView), aclnnOpdevExpFlat(self, out) exp of self into a 1-D
// out (the launch's output allocated flat, not as Exp's InferShape gives it),
// aclnnOpdevExpLazy(self, mode, out) exp into a tensor allocated without a shape (mode 0:
// INFER_SHAPE lays it out; 1: INFER_SHAPE of an op no library defines; 2: none). Built against
// opsim's opdev framework (docs/ACLNN.md).
#ifndef ACLNN_OPDEV_EXP_H_
#define ACLNN_OPDEV_EXP_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnOpdevExpGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                          uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnOpdevExp(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                          aclrtStream stream);

aclnnStatus aclnnOpdevExpRowGetWorkspaceSize(const aclTensor* self, int64_t row, aclTensor* out,
                                             uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnOpdevExpRow(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                             aclrtStream stream);

aclnnStatus aclnnOpdevExpFlatGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                              uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnOpdevExpFlat(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream);

aclnnStatus aclnnOpdevExpLazyGetWorkspaceSize(const aclTensor* self, int64_t mode, aclTensor* out,
                                              uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnOpdevExpLazy(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream);

aclnnStatus aclnnOpdevArgMaxGetWorkspaceSize(const aclTensor* self, int64_t dim, bool keepdim,
                                             aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor);
aclnnStatus aclnnOpdevArgMax(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
