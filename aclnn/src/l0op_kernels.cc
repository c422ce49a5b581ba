// opsim's definitions of the view and cast operators op-API layers call (aclnn_kernels/*.h):
// copies between views as host steps of the executor's chain, Cast as the registry's Cast
// (ONNX's, whose `to` is TensorProto's number of the type), Reshape as a view.
#include <memory>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/reshape.h"
#include "opdev/shape_utils.h"
#include "view_copy.h"

namespace {

namespace aclnn = opsim::aclnn;

const char* Api(const aclOpExecutor* e, const char* fallback) {
  return e->op_type.empty() ? fallback : e->op_type.c_str();
}

bool Usable(const aclTensor* t, const aclOpExecutor* e, const char* call) {
  if (e == nullptr) {
    aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, call, "the executor is null");
    return false;
  }
  if (t == nullptr) {
    aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, Api(e, call), std::string(call) + ": the tensor is null");
    return false;
  }
  return true;
}

void AddCopyStep(aclOpExecutor* e, const aclTensor* from, const aclTensor* to) {
  auto step = std::make_unique<aclOpExecutor>();
  step->op_type = "ViewCopy";
  step->copy_from = from;
  step->copy_to = to;
  e->steps.push_back(std::move(step));
}

}  // namespace

int64_t opsim::aclnn::OnnxCastNumber(::aclDataType dtype) {
  switch (dtype) {
    case ::ACL_FLOAT: return 1;
    case ::ACL_UINT8: return 2;
    case ::ACL_INT8: return 3;
    case ::ACL_INT32: return 6;
    case ::ACL_INT64: return 7;
    case ::ACL_BOOL: return 9;
    case ::ACL_FLOAT16: return 10;
    case ::ACL_DOUBLE: return 11;
    case ::ACL_UINT32: return 12;
    case ::ACL_UINT64: return 13;
    case ::ACL_BF16: return 16;
    default: return 0;
  }
}

const aclTensor* l0op::Contiguous(const aclTensor* x, aclOpExecutor* executor) {
  if (!Usable(x, executor, "l0op::Contiguous")) return nullptr;
  if (aclnn::IsContiguous(*x)) return x;
  aclTensor* copy = aclnn::AddIntermediate(executor, x->view_dims, x->dtype, ::ACL_FORMAT_ND);
  if (copy != nullptr) AddCopyStep(executor, x, copy);
  return copy;
}

const aclTensor* l0op::PickViewAsContiguous(const aclTensor* x, aclOpExecutor* executor) {
  if (!Usable(x, executor, "l0op::PickViewAsContiguous")) return nullptr;
  return aclnn::IsContiguous(*x) ? x : nullptr;
}

const aclTensor* l0op::ViewCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor) {
  if (!Usable(x, executor, "l0op::ViewCopy") || !Usable(y, executor, "l0op::ViewCopy")) {
    return nullptr;
  }
  if (x == y) return y;
  if (x->dtype != y->dtype || x->Numel() != y->Numel()) {
    aclnn::Fail(ACLNN_ERR_PARAM_INVALID, Api(executor, "l0op::ViewCopy"),
                std::string("ViewCopy: the result ") + x->ToString().GetString() +
                    " does not fit the output " + y->ToString().GetString() +
                    " (the same type and element count are needed)");
    return nullptr;
  }
  AddCopyStep(executor, x, y);
  return y;
}

const aclTensor* l0op::Cast(const aclTensor* self, op::DataType dstDtype, aclOpExecutor* executor) {
  if (!Usable(self, executor, "l0op::Cast")) return nullptr;
  if (self->GetDataType() == dstDtype) return self;
  const char* api = Api(executor, "l0op::Cast");
  const int64_t to = aclnn::OnnxCastNumber(op::ToAclDataType(dstDtype));
  const bool from_held = aclnn::OnnxCastNumber(self->dtype) != 0;
  if (to == 0 || !from_held) {
    aclnn::Fail(ACLNN_ERR_PARAM_INVALID, api,
                std::string("Cast from ") + ge::DataTypeName(self->GetDataType()) + " to " +
                    ge::DataTypeName(dstDtype) + ": opsim's Cast takes no " +
                    ge::DataTypeName(from_held ? dstDtype : self->GetDataType()) + " tensors");
    return nullptr;
  }
  aclTensor* out = executor->AllocTensor(self->GetViewShape(), dstDtype);
  if (out == nullptr) return nullptr;
  aclnn::FirstStage stage{api, "Cast", {{"self", self}}, {{"to", to}}, {{"out", out}}};
  std::unique_ptr<aclOpExecutor> step;
  uint64_t bytes = 0;
  if (aclnn::BuildExecutor(stage, &bytes, &step) != ACLNN_SUCCESS) return nullptr;
  executor->steps_workspace = std::max(executor->steps_workspace, bytes);
  executor->steps.push_back(std::move(step));
  return out;
}

const aclTensor* l0op::Reshape(const aclTensor* x, const op::Shape& shape,
                               aclOpExecutor* executor) {
  if (!Usable(x, executor, "l0op::Reshape")) return nullptr;
  const op::ShapeVector dims = op::ToShapeVector(shape);
  int64_t count = 1;
  for (int64_t d : dims) count *= d;
  const char* api = Api(executor, "l0op::Reshape");
  if (count != x->Numel() || !aclnn::IsContiguous(*x)) {
    aclnn::Fail(ACLNN_ERR_PARAM_INVALID, api,
                std::string("Reshape of ") + x->ToString().GetString() + " to " +
                    op::ToString(shape).GetString() +
                    (count != x->Numel() ? ": the element counts differ"
                                         : ": the tensor is not contiguous (Contiguous it first)"));
    return nullptr;
  }
  aclTensor* view = aclCreateTensor(dims.data(), dims.size(), x->dtype, nullptr, 0, x->format,
                                    dims.data(), dims.size(), aclnn::FirstElement(*x));
  if (view != nullptr) executor->aliases.emplace_back(view, x);
  return view;
}

const aclTensor* l0op::Reshape(const aclTensor* x, const aclIntArray* shape,
                               aclOpExecutor* executor) {
  if (shape == nullptr) {
    aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, "l0op::Reshape", "the shape is null");
    return nullptr;
  }
  op::Shape s;
  for (int64_t d : shape->values) s.AppendDim(d);
  return Reshape(x, s, executor);
}
