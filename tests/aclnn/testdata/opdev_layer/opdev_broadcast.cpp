// The level-0 calls and level-2 functions of aclnn_opdev_broadcast.h, written as the open
// operator repositories write op_api layers: OP_TYPE_REGISTER, AllocTensor without a shape,
// ConvertToTensor, INFER_SHAPE and ADD_TO_LAUNCHER_LIST_AICORE for BroadcastTo and Fill;
// CREATE_EXECUTOR, ViewCopy and ReleaseTo for the first stage; CommonOpExecutorRun for the second.
#include "aclnn_kernels/contiguous.h"
#include "aclnn_opdev_broadcast.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(BroadcastTo);
OP_TYPE_REGISTER(Fill);

static const aclTensor* BroadcastTo(const aclTensor* x, const aclIntArray* shape,
                                    aclOpExecutor* executor) {
  L0_DFX(BroadcastTo, x, shape);
  aclTensor* y = executor->AllocTensor(x->GetDataType(), Format::FORMAT_ND, Format::FORMAT_ND);
  const aclTensor* shapeTensor = executor->ConvertToTensor(shape, DataType::DT_INT64);
  CHECK_RET(y != nullptr && shapeTensor != nullptr, nullptr);
  CHECK_RET(INFER_SHAPE(BroadcastTo, OP_INPUT(x, shapeTensor), OP_OUTPUT(y)) == ACLNN_SUCCESS,
            nullptr);
  auto ret = ADD_TO_LAUNCHER_LIST_AICORE(BroadcastTo, OP_INPUT(x, shapeTensor), OP_OUTPUT(y));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return y;
}

// y allocated as `shape` of `type` (the output's), which the value's type must be.
static const aclTensor* Fill(const aclTensor* dims, const aclTensor* value, const Shape& shape,
                             DataType type, aclOpExecutor* executor) {
  L0_DFX(Fill, dims, value);
  aclTensor* y = executor->AllocTensor(shape, type);
  CHECK_RET(y != nullptr, nullptr);
  auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Fill, OP_INPUT(dims, value), OP_OUTPUT(y));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return y;
}

}  // namespace l0op

namespace {

aclnnStatus Finish(UniqueExecutor& executor, const aclTensor* result, const aclTensor* out,
                   uint64_t* workspaceSize, aclOpExecutor** released) {
  CHECK_RET(result != nullptr, ACLNN_ERR_PARAM_INVALID);
  CHECK_RET(l0op::ViewCopy(result, out, executor.get()) != nullptr, ACLNN_ERR_PARAM_INVALID);
  *workspaceSize = executor->GetWorkspaceSize();
  executor.ReleaseTo(released);
  return ACLNN_SUCCESS;
}

}  // namespace

extern "C" {

aclnnStatus aclnnOpdevExpandGetWorkspaceSize(const aclTensor* self, const aclIntArray* shape,
                                             aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevExpand, DFX_IN(self, shape), DFX_OUT(out));
  CHECK_RET(self != nullptr, ACLNN_ERR_PARAM_NULLPTR);
  CHECK_RET(shape != nullptr, ACLNN_ERR_PARAM_NULLPTR);
  CHECK_RET(out != nullptr, ACLNN_ERR_PARAM_NULLPTR);
  auto uniqueExecutor = CREATE_EXECUTOR();
  const aclTensor* result = l0op::BroadcastTo(self, shape, uniqueExecutor.get());
  return Finish(uniqueExecutor, result, out, workspaceSize, executor);
}

aclnnStatus aclnnOpdevExpand(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                             aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevExpand);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnOpdevFillGetWorkspaceSize(const aclScalar* value, int64_t mode, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevFill, DFX_IN(value, mode), DFX_OUT(out));
  CHECK_RET(value != nullptr, ACLNN_ERR_PARAM_NULLPTR);
  CHECK_RET(out != nullptr, ACLNN_ERR_PARAM_NULLPTR);
  auto uniqueExecutor = CREATE_EXECUTOR();
  FVector<int64_t> dims;
  for (size_t i = 0; i < out->GetViewShape().GetDimNum(); ++i) {
    dims.push_back(out->GetViewShape().GetDim(i) + (mode == 1 && i == 0 ? 1 : 0));
  }
  aclIntArray* dimArray = uniqueExecutor->AllocIntArray(dims.data(), dims.size());
  const aclTensor* dimTensor = uniqueExecutor->ConvertToTensor(dimArray, DataType::DT_INT64);
  const DataType valueType = mode == 2 ? DataType::DT_INT64 : out->GetDataType();
  const aclTensor* valueTensor = uniqueExecutor->ConvertToTensor(value, valueType);
  CHECK_RET(dimTensor != nullptr && valueTensor != nullptr, ACLNN_ERR_INNER_NULLPTR);
  const aclTensor* result = l0op::Fill(dimTensor, valueTensor, out->GetViewShape(),
                                       out->GetDataType(), uniqueExecutor.get());
  return Finish(uniqueExecutor, result, out, workspaceSize, executor);
}

aclnnStatus aclnnOpdevFill(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevFill);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

}  // extern "C"
