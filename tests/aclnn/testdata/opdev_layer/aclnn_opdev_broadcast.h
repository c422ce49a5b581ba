// Two functions of our own in the style of the open operator repositories' op_api layers (no
// third-party code) over the level-0 operators BroadcastTo and Fill, which opsim's op-API layer
// runs itself when no operator library defines them: aclnnOpdevExpand(self, shape, out) is self
// broadcast to `shape` (INFER_SHAPE lays the result out from the shape's values, then the launch),
// aclnnOpdevFill(value, out) fills out with the scalar (mode 1: the dims input says another
// shape than the output's; 2: the value is converted to another type than the output's).
#ifndef ACLNN_OPDEV_BROADCAST_H_
#define ACLNN_OPDEV_BROADCAST_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnOpdevExpandGetWorkspaceSize(const aclTensor* self, const aclIntArray* shape,
                                             aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor);
aclnnStatus aclnnOpdevExpand(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                             aclrtStream stream);

aclnnStatus aclnnOpdevFillGetWorkspaceSize(const aclScalar* value, int64_t mode, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnOpdevFill(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLNN_OPDEV_BROADCAST_H_
