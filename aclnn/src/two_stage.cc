#include "opsim/aclnn/two_stage.h"

#include <memory>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::aclnn {
namespace {

// Whether the view reads its elements in row-major order without gaps (dims of 1 take any
// stride), the layout the operation's kernels read.
bool Contiguous(const aclTensor& t) {
  int64_t expected = 1;
  for (size_t i = t.view_dims.size(); i > 0; --i) {
    const int64_t dim = t.view_dims[i - 1];
    if (dim != 1 && t.strides[i - 1] != expected) return false;
    expected *= dim;
  }
  return true;
}

}  // namespace

void* FirstElement(const aclTensor& t) {
  if (t.data == nullptr) return nullptr;
  return static_cast<uint8_t*>(t.data) + t.offset * static_cast<int64_t>(aclDataTypeSize(t.dtype));
}

namespace {

// The run's view of `t`: its description, and its first element's address.
aclnnStatus Describe(const char* api, const StageTensor& s, HostRunBuffer* out) {
  const aclTensor& t = *s.tensor;
  if (!Contiguous(t)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                std::string(s.name) +
                    " is a non-contiguous view (its strides skip or reorder elements); opsim "
                    "takes contiguous tensors only, so far");
  }
  out->desc.dtype = static_cast<opsim::aclDataType>(static_cast<int32_t>(t.dtype));
  out->desc.format = static_cast<opsim::aclFormat>(static_cast<int32_t>(t.format));
  out->desc.shape.dimNum = t.view_dims.size();
  for (size_t i = 0; i < t.view_dims.size(); ++i) out->desc.shape.dims[i] = t.view_dims[i];
  const size_t element = aclDataTypeSize(t.dtype);
  if (element == 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                std::string(s.name) + "'s data type " + std::to_string(static_cast<int>(t.dtype)) +
                    " has no whole-byte elements");
  }
  out->data = FirstElement(t);
  return ACLNN_SUCCESS;
}

// Checks the stage's tensors (null where not optional, live) and describes them into `out`;
// `present` says which inputs were given.
aclnnStatus Gather(const char* api, const std::vector<StageTensor>& tensors,
                   std::vector<HostRunBuffer>* out, std::vector<bool>* present) {
  for (const StageTensor& s : tensors) {
    if (present != nullptr) present->push_back(s.tensor != nullptr);
    if (s.tensor == nullptr) {
      if (s.optional) continue;
      return FailNull(api, s.name);
    }
    if (!IsLive(s.tensor, HandleKind::kTensor, api, s.name)) return ACLNN_ERR_PARAM_INVALID;
    HostRunBuffer buffer;
    if (const aclnnStatus st = Describe(api, s, &buffer); st != ACLNN_SUCCESS) return st;
    out->push_back(buffer);
  }
  return ACLNN_SUCCESS;
}

aclnnStatus FromStatus(aclnnStatus code, const char* api, const Status& st) {
  return Fail(code, api, st.message());
}

}  // namespace

aclnnStatus AddAttr(FirstStage* stage, const char* name, const aclIntArray* value) {
  if (value == nullptr) return ACLNN_SUCCESS;
  if (!IsLive(value, HandleKind::kIntArray, stage->api, name)) return ACLNN_ERR_PARAM_INVALID;
  stage->attrs[name] = value->values;
  return ACLNN_SUCCESS;
}

aclnnStatus AddAttr(FirstStage* stage, const char* name, const aclFloatArray* value) {
  if (value == nullptr) return ACLNN_SUCCESS;
  if (!IsLive(value, HandleKind::kFloatArray, stage->api, name)) return ACLNN_ERR_PARAM_INVALID;
  stage->attrs[name] = std::vector<double>(value->values.begin(), value->values.end());
  return ACLNN_SUCCESS;
}

aclnnStatus AddAttr(FirstStage* stage, const char* name, const aclBoolArray* value) {
  if (value == nullptr) return ACLNN_SUCCESS;
  if (!IsLive(value, HandleKind::kBoolArray, stage->api, name)) return ACLNN_ERR_PARAM_INVALID;
  stage->attrs[name] = std::vector<int64_t>(value->values.begin(), value->values.end());
  return ACLNN_SUCCESS;
}

aclnnStatus AddAttr(FirstStage* stage, const char* name, const char* value) {
  if (value != nullptr) stage->attrs[name] = std::string(value);
  return ACLNN_SUCCESS;
}

aclnnStatus GetWorkspaceSize(const FirstStage& stage, uint64_t* workspace_size,
                             aclOpExecutor** executor) {
  const char* api = stage.api;
  if (workspace_size == nullptr) return FailNull(api, "workspaceSize");
  if (executor == nullptr) return FailNull(api, "executor");
  *executor = nullptr;
  std::vector<HostRunBuffer> inputs;
  std::vector<HostRunBuffer> outputs;
  std::vector<bool> present;
  if (const aclnnStatus st = Gather(api, stage.inputs, &inputs, &present); st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = Gather(api, stage.outputs, &outputs, nullptr); st != ACLNN_SUCCESS) {
    return st;
  }
  AttrMap attrs = stage.attrs;
  if (Status st = MarkGivenInputs(stage.op_type, present, &attrs); !st.ok()) {
    return FromStatus(ACLNN_ERR_PARAM_INVALID, api, st);
  }
  auto made = std::make_unique<aclOpExecutor>();
  made->op_type = stage.op_type;
  if (Status st = OperationRegistry::Global().Create(stage.op_type, attrs, &made->op); !st.ok()) {
    return FromStatus(ACLNN_ERR_PARAM_INVALID, api, st);
  }
  HostRunOptions options;
  options.subject = stage.op_type;
  if (Status st = HostRun::PrepareOnBuffers(*made->op, inputs, outputs, options, &made->run);
      !st.ok()) {
    return FromStatus(ACLNN_ERR_PARAM_INVALID, api, st);
  }
  if (Status st = made->run->SetupForCallersWorkspace(workspace_size); !st.ok()) {
    return FromStatus(ACLNN_ERR_INNER_TILING_ERROR, api, st);
  }
  for (const StageTensor& s : stage.inputs) made->inputs.push_back(s.tensor);
  for (const StageTensor& s : stage.outputs) made->outputs.push_back(s.tensor);
  *executor = made.release();
  AddHandle(*executor, HandleKind::kExecutor);
  return ACLNN_SUCCESS;
}

aclnnStatus Run(const char* api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                aclrtStream /*stream: every call is synchronous*/) {
  if (executor == nullptr) return FailNull(api, "executor");
  if (!IsLive(executor, HandleKind::kExecutor, api, "executor")) return ACLNN_ERR_PARAM_INVALID;
  const Status st = executor->run->ExecuteIn(static_cast<uint8_t*>(workspace), workspace_size);
  if (!executor->repeatable) {
    RemoveHandle(executor);
    delete executor;
  }
  if (st.ok()) return ACLNN_SUCCESS;
  // A workspace smaller than asked is the caller's; a kernel that fails is the runtime's.
  return FromStatus(
      st.code() == ErrorCode::kInvalidParam ? ACLNN_ERR_PARAM_INVALID : ACLNN_ERR_RUNTIME_ERROR,
      api, st);
}

}  // namespace opsim::aclnn
