// The level-0 operators and the level-2 functions of aclnn_opdev_exp.h, written as the open
// operator repositories write op_api layers: OP_TYPE_REGISTER, AllocTensor and
// ADD_TO_LAUNCHER_LIST_AICORE for the level-0 operators; CREATE_EXECUTOR, the parameter checks,
// Contiguous, Cast, ViewCopy and ReleaseTo for the first stage; CommonOpExecutorRun for the
// second.
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_opdev_exp.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"
#include "opdev/tensor_view_utils.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Exp);
OP_TYPE_REGISTER(ArgMax);
OP_TYPE_REGISTER(OpdevNoSuchOp);

static const aclTensor* Exp(const aclTensor* x, aclOpExecutor* executor) {
  L0_DFX(Exp, x);
  aclTensor* y = executor->AllocTensor(x->GetViewShape(), x->GetDataType());
  CHECK_RET(y != nullptr, nullptr);
  auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Exp, OP_INPUT(x), OP_OUTPUT(y));
  OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Exp launch failed."),
           return nullptr);
  return y;
}

// Exp into a tensor of its own shape, not the input's (a flat one): the launcher runs the kernel
// on the tensor as allocated, as CANN's does, whatever the OpDef's InferShape would give.
static const aclTensor* ExpInto(const aclTensor* x, const Shape& shape, aclOpExecutor* executor) {
  L0_DFX(ExpInto, x);
  aclTensor* y = executor->AllocTensor(shape, x->GetDataType());
  CHECK_RET(y != nullptr, nullptr);
  auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Exp, OP_INPUT(x), OP_OUTPUT(y));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return y;
}

// Exp into a tensor allocated without a shape, laid out by INFER_SHAPE when `infer` (else the
// launch is refused); `op` 1 asks the shapes of an op no library defines.
static const aclTensor* ExpLazy(const aclTensor* x, int64_t mode, aclOpExecutor* executor) {
  L0_DFX(ExpLazy, x, mode);
  aclTensor* y = executor->AllocTensor(x->GetDataType(), Format::FORMAT_ND, Format::FORMAT_ND);
  CHECK_RET(y != nullptr, nullptr);
  if (mode == 0) {
    CHECK_RET(INFER_SHAPE(Exp, OP_INPUT(x), OP_OUTPUT(y)) == ACLNN_SUCCESS, nullptr);
  } else if (mode == 1) {
    CHECK_RET(INFER_SHAPE(OpdevNoSuchOp, OP_INPUT(x), OP_OUTPUT(y)) == ACLNN_SUCCESS, nullptr);
  }
  auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Exp, OP_INPUT(x), OP_OUTPUT(y));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return y;
}

static const aclTensor* ArgMax(const aclTensor* x, int64_t dim, bool keepdim,
                               aclOpExecutor* executor) {
  L0_DFX(ArgMax, x, dim, keepdim);
  Shape shape;
  const int64_t rank = static_cast<int64_t>(x->GetViewShape().GetDimNum());
  const int64_t axis = dim < 0 ? dim + rank : dim;
  for (int64_t i = 0; i < rank; ++i) {
    if (i != axis) {
      shape.AppendDim(x->GetViewShape().GetDim(i));
    } else if (keepdim) {
      shape.AppendDim(1);
    }
  }
  aclTensor* y = executor->AllocTensor(shape, DataType::DT_INT64);
  CHECK_RET(y != nullptr, nullptr);
  const int64_t keep = keepdim ? 1 : 0;
  auto ret = ADD_TO_LAUNCHER_LIST_AICORE(ArgMax, OP_INPUT(x), OP_OUTPUT(y), OP_ATTR(dim, keep));
  CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
  return y;
}

}  // namespace l0op

namespace {

const std::initializer_list<DataType> kSelfTypes = {DataType::DT_FLOAT, DataType::DT_FLOAT16,
                                                    DataType::DT_INT32, DataType::DT_INT64};
const std::initializer_list<DataType> kOutTypes = {DataType::DT_FLOAT, DataType::DT_FLOAT16};

aclnnStatus CheckExpParams(const aclTensor* self, const aclTensor* out) {
  if (self == nullptr || out == nullptr) {
    OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "%s is null.", self == nullptr ? "self" : "out");
    return ACLNN_ERR_PARAM_NULLPTR;
  }
  if (!CheckType(self->GetDataType(), kSelfTypes) || !CheckType(out->GetDataType(), kOutTypes)) {
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self is %s and out is %s; self takes %s, out %s.",
            ToString(self->GetDataType()).GetString(), ToString(out->GetDataType()).GetString(),
            ToString(kSelfTypes).GetString(), ToString(kOutTypes).GetString());
    return ACLNN_ERR_PARAM_INVALID;
  }
  if (self->GetViewShape() != out->GetViewShape()) {
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self's shape %s is not out's %s.",
            ToString(self->GetViewShape()).GetString(), ToString(out->GetViewShape()).GetString());
    return ACLNN_ERR_PARAM_INVALID;
  }
  return ACLNN_SUCCESS;
}

}  // namespace

extern "C" {

aclnnStatus aclnnOpdevExpGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                          uint64_t* workspaceSize, aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevExp, DFX_IN(self), DFX_OUT(out));
  auto uniqueExecutor = CREATE_EXECUTOR();
  CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
  auto ret = CheckExpParams(self, out);
  CHECK_RET(ret == ACLNN_SUCCESS, ret);
  if (self->IsEmpty()) {
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
  }
  auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
  CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
  auto selfFloat = l0op::Cast(selfContiguous, DataType::DT_FLOAT, uniqueExecutor.get());
  CHECK_RET(selfFloat != nullptr, ACLNN_ERR_INNER_NULLPTR);
  auto expOut = l0op::Exp(selfFloat, uniqueExecutor.get());
  CHECK_RET(expOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
  auto castOut = l0op::Cast(expOut, out->GetDataType(), uniqueExecutor.get());
  CHECK_RET(castOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
  auto viewCopyResult = l0op::ViewCopy(castOut, out, uniqueExecutor.get());
  CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
  *workspaceSize = uniqueExecutor->GetWorkspaceSize();
  uniqueExecutor.ReleaseTo(executor);
  return ACLNN_SUCCESS;
}

aclnnStatus aclnnOpdevExp(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                          aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevExp);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnOpdevExpRowGetWorkspaceSize(const aclTensor* self, int64_t row, aclTensor* out,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevExpRow, DFX_IN(self, row), DFX_OUT(out));
  auto uniqueExecutor = CREATE_EXECUTOR();
  OP_CHECK_NOTNULL(self);
  OP_CHECK_NOTNULL(out);
  const Shape& shape = self->GetViewShape();
  OP_CHECK(shape.GetDimNum() == 2 && IsContiguous(self),
           OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self must be a contiguous 2-D tensor."),
           return ACLNN_ERR_PARAM_INVALID);
  const int64_t cols = shape.GetDim(1);
  auto rowView =
      uniqueExecutor.get()->CreateView(self, Shape{cols}, self->GetViewOffset() + row * cols);
  CHECK_RET(rowView != nullptr, ACLNN_ERR_PARAM_INVALID);
  auto expOut = l0op::Exp(rowView, uniqueExecutor.get());
  CHECK_RET(expOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
  CHECK_RET(l0op::ViewCopy(expOut, out, uniqueExecutor.get()) != nullptr, ACLNN_ERR_PARAM_INVALID);
  *workspaceSize = uniqueExecutor->GetWorkspaceSize();
  uniqueExecutor.ReleaseTo(executor);
  return ACLNN_SUCCESS;
}

aclnnStatus aclnnOpdevExpRow(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                             aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevExpRow);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnOpdevExpFlatGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                              uint64_t* workspaceSize, aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevExpFlat, DFX_IN(self), DFX_OUT(out));
  auto uniqueExecutor = CREATE_EXECUTOR();
  OP_CHECK_NOTNULL(self);
  OP_CHECK_NOTNULL(out);
  OP_CHECK(out->GetViewShape().GetDimNum() == 1 && out->Numel() == self->Numel() &&
               out->GetDataType() == self->GetDataType(),
           OP_LOGE(ACLNN_ERR_PARAM_INVALID, "out must be 1-D with self's elements and type."),
           return ACLNN_ERR_PARAM_INVALID);
  auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
  CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
  auto flat = l0op::ExpInto(selfContiguous, out->GetViewShape(), uniqueExecutor.get());
  CHECK_RET(flat != nullptr, ACLNN_ERR_PARAM_INVALID);
  CHECK_RET(l0op::ViewCopy(flat, out, uniqueExecutor.get()) != nullptr, ACLNN_ERR_PARAM_INVALID);
  *workspaceSize = uniqueExecutor->GetWorkspaceSize();
  uniqueExecutor.ReleaseTo(executor);
  return ACLNN_SUCCESS;
}

aclnnStatus aclnnOpdevExpFlat(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevExpFlat);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnOpdevExpLazyGetWorkspaceSize(const aclTensor* self, int64_t mode, aclTensor* out,
                                              uint64_t* workspaceSize, aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevExpLazy, DFX_IN(self, mode), DFX_OUT(out));
  auto uniqueExecutor = CREATE_EXECUTOR();
  OP_CHECK_NOTNULL(self);
  OP_CHECK_NOTNULL(out);
  auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
  CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
  auto expOut = l0op::ExpLazy(selfContiguous, mode, uniqueExecutor.get());
  CHECK_RET(expOut != nullptr, ACLNN_ERR_PARAM_INVALID);
  CHECK_RET(l0op::ViewCopy(expOut, out, uniqueExecutor.get()) != nullptr, ACLNN_ERR_PARAM_INVALID);
  *workspaceSize = uniqueExecutor->GetWorkspaceSize();
  uniqueExecutor.ReleaseTo(executor);
  return ACLNN_SUCCESS;
}

aclnnStatus aclnnOpdevExpLazy(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevExpLazy);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnOpdevArgMaxGetWorkspaceSize(const aclTensor* self, int64_t dim, bool keepdim,
                                             aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  L2_DFX_PHASE_1(aclnnOpdevArgMax, DFX_IN(self, dim, keepdim), DFX_OUT(out));
  auto uniqueExecutor = CREATE_EXECUTOR();
  OP_CHECK_NOTNULL(self);
  OP_CHECK_NOTNULL(out);
  auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
  CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
  auto indices = l0op::ArgMax(selfContiguous, dim, keepdim, uniqueExecutor.get());
  CHECK_RET(indices != nullptr, ACLNN_ERR_PARAM_INVALID);
  auto castOut = l0op::Cast(indices, out->GetDataType(), uniqueExecutor.get());
  CHECK_RET(castOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
  CHECK_RET(l0op::ViewCopy(castOut, out, uniqueExecutor.get()) != nullptr, ACLNN_ERR_PARAM_INVALID);
  *workspaceSize = uniqueExecutor->GetWorkspaceSize();
  uniqueExecutor.ReleaseTo(executor);
  return ACLNN_SUCCESS;
}

aclnnStatus aclnnOpdevArgMax(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                             aclrtStream stream) {
  L2_DFX_PHASE_2(aclnnOpdevArgMax);
  return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

}  // extern "C"
