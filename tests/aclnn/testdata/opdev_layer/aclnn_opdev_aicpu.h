// A function of our own in the style of the open operator repositories' op_api layers (no
// third-party code) whose level-0 calls launch CANN's built-in AI CPU kernels by op type
// (ADD_TO_LAUNCHER_LIST_AICPU), as ops-math's Less, Greater, Equal and BitwiseAnd layers do for
// the types their AI Core kernels lack: aclnnOpdevAicpu(self, other, kind, out) runs, by kind,
// 0: Less, 1: Equal with TensorFlow's attributes T and incompatible_shape_error (true),
// 2: BitwiseAnd, 3: Polar (an op type opsim has no AI CPU kernel of), 4: Equal with
// incompatible_shape_error false. The inputs are made contiguous first (l0op::Contiguous); the
// result is copied into out (l0op::ViewCopy).
#ifndef ACLNN_OPDEV_AICPU_H_
#define ACLNN_OPDEV_AICPU_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnOpdevAicpuGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                            int64_t kind, aclTensor* out, uint64_t* workspaceSize,
                                            aclOpExecutor** executor);
aclnnStatus aclnnOpdevAicpu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLNN_OPDEV_AICPU_H_
