// AI CPU launches of op-API layers (opdev/aicpu/aicpu_task.h): an operator's layer falls back to
// CANN's built-in AI CPU kernel of an op type for the types its AI Core kernel lacks. opsim runs
// the host kernel of that op type (OperationRegistry::AiCpu(), aicpu/) as a step of the
// executor's chain; an op type without one fails with ACLNN_ERR_INNER naming it and the inputs'
// types (docs/ACLNN.md).
#pragma once

#include <cstddef>
#include <string>

#include "opdev/op_arg_def.h"
#include "opdev/op_executor.h"

namespace ge {
enum UnknowShapeOpType {
  DEPEND_IN_SHAPE = 1,
  DEPEND_CONST_VALUE = 2,
  DEPEND_SHAPE_RANGE = 3,
  DEPEND_COMPUTE = 4
};
}  // namespace ge

namespace op::internal {

class AicpuTaskSpace {
 public:
  explicit AicpuTaskSpace(const std::string& opType,
                          const ge::UnknowShapeOpType unknownType = ge::DEPEND_IN_SHAPE,
                          const bool isTf = false)
      : opType_(opType) {
    static_cast<void>(unknownType);
    static_cast<void>(isTf);
  }
  void SetRef(const size_t, const bool = true) {}
  const std::string& OpType() const { return opType_; }

 private:
  std::string opType_;
};

#define OP_ATTR_NAMES ::op::FVector<std::string>

aclnnStatus CreatAicpuKernelLauncher(uint32_t opType, AicpuTaskSpace& space,
                                     aclOpExecutor* executor, const FVector<std::string>& attrNames,
                                     OpArgContext* args);

#define ADD_TO_LAUNCHER_LIST_AICPU(KERNEL_NAME, attrNames, opArgs...)                           \
  ({                                                                                            \
    op::OpArgContext* opArgCtx = op::GetOpArgContext(opArgs);                                   \
    op::internal::CreatAicpuKernelLauncher(KERNEL_NAME##OpTypeId(), space, executor, attrNames, \
                                           opArgCtx);                                           \
  })

}  // namespace op::internal
