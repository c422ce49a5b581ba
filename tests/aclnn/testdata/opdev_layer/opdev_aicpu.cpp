// The level-0 calls and level-2 function of aclnn_opdev_aicpu.h, written as the open operator
// repositories write op_api layers: OP_TYPE_REGISTER, AicpuTaskSpace and
// ADD_TO_LAUNCHER_LIST_AICPU with OP_ATTR_NAMES, ADD_TO_LAUNCHER_LIST_AICORE of an op type only
// CANN's built-in AI Core kernel serves; CREATE_EXECUTOR, Contiguous, ViewCopy and
// ReleaseTo for the first stage; CommonOpExecutorRun for the second.
#include "aclnn_kernels/contiguous.h"
#include "aclnn_opdev_aicpu.h"
#include "opdev/aicpu/aicpu_task.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Less);
OP_TYPE_REGISTER(Equal);
OP_TYPE_REGISTER(BitwiseAnd);
OP_TYPE_REGISTER(Polar);

static const aclTensor* LessAiCpu(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                  aclOpExecutor* executor) {
  L0_DFX(LessAiCpu, self, other, out);
  static internal::AicpuTaskSpace space("Less");
  auto ret =
      ADD_TO_LAUNCHER_LIST_AICPU(Less, OP_ATTR_NAMES(), OP_INPUT(self, other), OP_OUTPUT(out));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return out;
}

// TensorFlow's Equal: its attributes T (the inputs' type) and incompatible_shape_error.
static const aclTensor* EqualAiCpuTf(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     bool strict, aclOpExecutor* executor) {
  L0_DFX(EqualAiCpuTf, self, other, out);
  static internal::AicpuTaskSpace space("Equal", ge::DEPEND_IN_SHAPE, true);
  auto ret = ADD_TO_LAUNCHER_LIST_AICPU(Equal, OP_ATTR_NAMES({"T", "incompatible_shape_error"}),
                                        OP_INPUT(self, other), OP_OUTPUT(out),
                                        OP_ATTR(self->GetDataType(), strict));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return out;
}

static const aclTensor* BitwiseAndAiCpu(const aclTensor* self, const aclTensor* other,
                                        aclTensor* out, aclOpExecutor* executor) {
  L0_DFX(BitwiseAndAiCpu, self, other, out);
  static internal::AicpuTaskSpace space("BitwiseAnd", ge::DEPEND_IN_SHAPE, true);
  auto ret = ADD_TO_LAUNCHER_LIST_AICPU(BitwiseAnd, OP_ATTR_NAMES(), OP_INPUT(self, other),
                                        OP_OUTPUT(out));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return out;
}

static const aclTensor* PolarAiCpu(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                   aclOpExecutor* executor) {
  L0_DFX(PolarAiCpu, self, other, out);
  static internal::AicpuTaskSpace space("Polar");
  auto ret =
      ADD_TO_LAUNCHER_LIST_AICPU(Polar, OP_ATTR_NAMES(), OP_INPUT(self, other), OP_OUTPUT(out));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return out;
}

// ops-math's BitwiseAnd layer on the 910B: int64 goes to the AI Core, where CANN's built-in
// kernel of the op type serves (no loaded OpDef of BitwiseAnd takes it).
static const aclTensor* BitwiseAndAiCore(const aclTensor* self, const aclTensor* other,
                                         aclTensor* out, aclOpExecutor* executor) {
  L0_DFX(BitwiseAndAiCore, self, other, out);
  auto ret = ADD_TO_LAUNCHER_LIST_AICORE(BitwiseAnd, OP_INPUT(self, other), OP_OUTPUT(out));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return out;
}

static const aclTensor* Launch(const aclTensor* self, const aclTensor* other, int64_t kind,
                               aclOpExecutor* executor) {
  Shape shape;
  CHECK_RET(BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), shape), nullptr);
  const DataType type = kind == 2 || kind == 5 ? self->GetDataType() : DataType::DT_BOOL;
  aclTensor* out = executor->AllocTensor(shape, type);
  CHECK_RET(out != nullptr, nullptr);
  switch (kind) {
    case 0: return LessAiCpu(self, other, out, executor);
    case 1: return EqualAiCpuTf(self, other, out, true, executor);
    case 2: return BitwiseAndAiCpu(self, other, out, executor);
    case 3: return PolarAiCpu(self, other, out, executor);
    case 5: return BitwiseAndAiCore(self, other, out, executor);
    default: return EqualAiCpuTf(self, other, out, false, executor);
  }
}

}  // namespace l0op

extern "C" {

aclnnStatus aclnnOpdevAicpuGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                            int64_t kind, aclTensor* out, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevAicpu, DFX_IN(self, other), DFX_OUT(out));
  CHECK_RET(self != nullptr && other != nullptr && out != nullptr, ACLNN_ERR_PARAM_NULLPTR);
  auto uniqueExecutor = CREATE_EXECUTOR();
  const aclTensor* selfC = l0op::Contiguous(self, uniqueExecutor.get());
  const aclTensor* otherC = l0op::Contiguous(other, uniqueExecutor.get());
  CHECK_RET(selfC != nullptr && otherC != nullptr, ACLNN_ERR_PARAM_INVALID);
  const aclTensor* result = l0op::Launch(selfC, otherC, kind, uniqueExecutor.get());
  CHECK_RET(result != nullptr, ACLNN_ERR_INNER);
  CHECK_RET(l0op::ViewCopy(result, out, uniqueExecutor.get()) != nullptr, ACLNN_ERR_PARAM_INVALID);
  *workspaceSize = uniqueExecutor->GetWorkspaceSize();
  uniqueExecutor.ReleaseTo(executor);
  return ACLNN_SUCCESS;
}

aclnnStatus aclnnOpdevAicpu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                            aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevAicpu);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

}  // extern "C"
