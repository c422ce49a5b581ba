#include "opsim/aclnn/two_stage.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::aclnn {
namespace {

// Copies in the workspace start at multiples of this, as CANN aligns workspace parts.
constexpr uint64_t kCopyAlign = 512;

}  // namespace

void* FirstElement(const aclTensor& t) {
  if (t.data == nullptr) return nullptr;
  // ACL_INT4 packs two elements a byte (aclDataTypeSize says 0): its offset counts half bytes.
  const int64_t bits = t.dtype == ACL_INT4 ? 4 : 8 * static_cast<int64_t>(aclDataTypeSize(t.dtype));
  return static_cast<uint8_t*>(t.data) + t.offset * bits / 8;
}

namespace {

// The run's view of `t`: its description, and its first element's address.
aclnnStatus Describe(const char* api, const StageTensor& s, HostRunBuffer* out) {
  const aclTensor& t = *s.tensor;
  out->desc.dtype = static_cast<opsim::aclDataType>(static_cast<int32_t>(t.dtype));
  out->desc.format = static_cast<opsim::aclFormat>(static_cast<int32_t>(t.format));
  out->desc.shape.dimNum = t.view_dims.size();
  for (size_t i = 0; i < t.view_dims.size(); ++i) out->desc.shape.dims[i] = t.view_dims[i];
  if (t.dtype == ACL_INT4) {
    // Packed two a byte: a kernel reads whole bytes, so the view must be the storage's own order
    // from a byte boundary (a strided or odd-offset int4 view would need nibble copies).
    if (!IsContiguous(t) || t.offset % 2 != 0) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(s.name) + " is an ACL_INT4 view with offset " +
                      std::to_string(t.offset) +
                      " or strides other than contiguous: int4 views must be contiguous and start "
                      "on a byte (an even offset)");
    }
  } else if (aclDataTypeSize(t.dtype) == 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                std::string(s.name) + "'s data type " + std::to_string(static_cast<int>(t.dtype)) +
                    " has no whole-byte elements");
  }
  out->data = FirstElement(t);
  return ACLNN_SUCCESS;
}

// One tensor of the run, `name` for messages: described into `out`, a copy planned when its
// view is not contiguous, recorded in the executor's flat list (`output` says which).
aclnnStatus Bind(const char* api, const char* name, const aclTensor* t, bool output,
                 std::vector<HostRunBuffer>* out, aclOpExecutor* executor) {
  if (!IsLive(t, HandleKind::kTensor, api, name)) return ACLNN_ERR_PARAM_INVALID;
  HostRunBuffer buffer;
  if (const aclnnStatus st = Describe(api, {name, t}, &buffer); st != ACLNN_SUCCESS) return st;
  if (!IsContiguous(*t)) {
    ViewCopy copy{t, output, out->size(), executor->copy_bytes, *TensorDescBytes(buffer.desc)};
    executor->copy_bytes += (copy.bytes + kCopyAlign - 1) / kCopyAlign * kCopyAlign;
    executor->copies.push_back(copy);
  }
  out->push_back(buffer);
  (output ? executor->outputs : executor->inputs).push_back(t);
  return ACLNN_SUCCESS;
}

// A DYNAMIC input's or output's tensors, in order, the list recorded for the setters; its count
// reaches the operation as "@<param>".
aclnnStatus BindList(const char* api, const StageTensor& s, size_t ir_index, bool output,
                     std::vector<HostRunBuffer>* out, AttrMap* attrs, aclOpExecutor* executor) {
  if (!IsLive(s.list, HandleKind::kTensorList, api, s.name)) return ACLNN_ERR_PARAM_INVALID;
  if (s.list->tensors.empty()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api, std::string(s.name) + " is an empty tensor list");
  }
  executor->lists.push_back(
      {ir_index, (output ? executor->outputs : executor->inputs).size(), s.list, output});
  for (size_t k = 0; k < s.list->tensors.size(); ++k) {
    const std::string name = std::string(s.name) + "[" + std::to_string(k) + "]";
    if (const aclnnStatus st = Bind(api, name.c_str(), s.list->tensors[k], output, out, executor);
        st != ACLNN_SUCCESS) {
      return st;
    }
  }
  std::string key = "@";  // (built in steps: GCC 12 warns falsely on "@" + std::string)
  key += s.param != nullptr ? s.param : s.name;
  (*attrs)[key] = static_cast<int64_t>(s.list->tensors.size());
  return ACLNN_SUCCESS;
}

// A constant input (StageTensor::constant): a rank-0 tensor bound to the executor's copy of its
// bytes for the preparation (which needs an address), then to its place in the workspace.
void BindConstant(const StageTensor& s, std::vector<HostRunBuffer>* out, aclOpExecutor* executor) {
  executor->constants.push_back(
      {out->size(), executor->copy_bytes, s.constant, executor->inputs.size()});
  executor->copy_bytes += (s.constant.size() + kCopyAlign - 1) / kCopyAlign * kCopyAlign;
  HostRunBuffer buffer;
  buffer.desc.dtype = static_cast<opsim::aclDataType>(static_cast<int32_t>(s.constant_dtype));
  buffer.desc.format = static_cast<opsim::aclFormat>(static_cast<int32_t>(ACL_FORMAT_ND));
  buffer.desc.shape.dimNum = s.constant_shape.size();
  for (size_t i = 0; i < s.constant_shape.size(); ++i)
    buffer.desc.shape.dims[i] = s.constant_shape[i];
  // A moved vector keeps its buffer, so this address outlives later constants' push_back.
  buffer.data = executor->constants.back().bytes.data();
  out->push_back(buffer);
  executor->inputs.push_back(nullptr);  // no application tensor: the setters skip it
}

// Checks the stage's tensors (null only where optional, live) and binds them in order; `present`
// (inputs only) says which were given.
aclnnStatus Gather(const char* api, const std::vector<StageTensor>& tensors, bool output,
                   std::vector<HostRunBuffer>* out, std::vector<bool>* present, AttrMap* attrs,
                   aclOpExecutor* executor) {
  for (size_t ir = 0; ir < tensors.size(); ++ir) {
    const StageTensor& s = tensors[ir];
    const bool constant = s.constant_dtype != ::ACL_DT_UNDEFINED;
    const bool given = constant || s.tensor != nullptr || s.list != nullptr;
    if (present != nullptr) present->push_back(given);
    if (!given) {
      if (!s.optional) return FailNull(api, s.name);
      if (!output) executor->inputs.push_back(nullptr);  // its index stays taken, for the setters
      continue;
    }
    if (s.optional) {  // given: in the pack, even where a DYNAMIC input shifts the positions
      std::string key = "+";
      key += s.param != nullptr ? s.param : s.name;
      (*attrs)[key] = true;
    }
    if (constant) {
      BindConstant(s, out, executor);
      continue;
    }
    const aclnnStatus st = s.list != nullptr ? BindList(api, s, ir, output, out, attrs, executor)
                                             : Bind(api, s.name, s.tensor, output, out, executor);
    if (st != ACLNN_SUCCESS) return st;
  }
  return ACLNN_SUCCESS;
}

// The outputs' types take part in choosing an OpDef's dtype column, as CANN matches every tensor
// of the call against the support list: alone for an op without input tensors (LogSpace), among
// the columns the inputs fit otherwise (CastV2: float16 in, float16 or float32 out). Each output's
// as "<name" (opdef_outputs.h) with the OpDef's name of the output in its place (a hand-written
// layer names its output `out`); an op of the registry that is no OpDef takes no such keys.
// Gather checked the handles.
void GiveOutputTypes(const FirstStage& stage, bool any_input, AttrMap* attrs) {
  const ops::OpDef* def = op_api::FindOpDef(stage.op_type);
  if (any_input && def == nullptr) return;
  for (size_t k = 0; k < stage.outputs.size(); ++k) {
    const StageTensor& s = stage.outputs[k];
    if (s.tensor == nullptr) continue;
    std::string key = "<";
    if (def != nullptr && k < def->GetOutputs().size()) {
      key += def->GetOutputs()[k].GetName();
    } else {
      key += s.param != nullptr ? s.param : s.name;
    }
    (*attrs)[key] = static_cast<int64_t>(s.tensor->dtype);
  }
}

// "[4,2]": a shape in messages.
std::string DimsText(const Dims& d) {
  std::string text = "[";
  for (uint64_t i = 0; i < d.dimNum; ++i) {
    if (i > 0) text += ',';
    text += std::to_string(d.dims[i]);
  }
  return text + "]";
}

// The registry's operation for the stage. CANN's single-operator API runs no InferShape: the
// kernel runs on the output tensors its caller made (Ascend C's operator guide, "Shape推导等函数
// 实现": InferShape and InferDataType are needed only for graph mode). So an output takes the
// caller's tensor's shape (">name", opdef_outputs.h) when InferShape fails (IsinPartV1's reads
// an input CANN gives no data), leaves the output unknown (Arange's -1) or as it found it
// (EyeV2's), or gives another shape (ComplexV2's [4,2] for the caller's [2,2]); the tiling then
// sees those shapes. Where InferShape disagrees or fails, a `warning:` line on stderr says so.
// An operation that is not an OpDef's (opsim's own) keeps its InferShape and its output check.
Status MakeOperation(const FirstStage& stage, const OperationRegistry& registry,
                     const std::vector<HostRunBuffer>& inputs,
                     const std::vector<HostRunBuffer>& outputs, AttrMap* attrs,
                     std::unique_ptr<Operation>* op) {
  OPSIM_RETURN_IF_ERROR(registry.Create(stage.op_type, *attrs, op));
  SVector<TensorDesc> inferred;
  std::vector<bool> unset;
  const Status first = InferOnBuffers(**op, inputs, &inferred, &unset);
  AttrMap given = *attrs;
  bool any = false;
  std::string differ;
  // `at`: the operation's output instance (a DYNAMIC output's list counts its tensors).
  for (size_t k = 0, next = 0, at = 0; k < stage.outputs.size(); ++k, ++at) {
    const StageTensor& s = stage.outputs[k];
    if (s.list != nullptr) {  // its tensors' shapes are InferShape's to give
      next += s.list->tensors.size();
      at += s.list->tensors.size() - 1;
      continue;
    }
    if (s.tensor == nullptr) continue;
    const Dims& shape = outputs[next++].desc.shape;
    const bool known = first.ok() && at < inferred.size();
    if (known && inferred[at].shape == shape) continue;
    const std::string name = s.param != nullptr ? s.param : s.name;
    given[">" + name] = std::vector<int64_t>(shape.dims, shape.dims + shape.dimNum);
    any = true;
    if (known && !(at < unset.size() && unset[at])) {
      differ += (differ.empty() ? "" : ", ") + name + " " + DimsText(inferred[at].shape) +
                " (the caller's " + DimsText(shape) + ")";
    }
  }
  if (!any) return Status::Ok();
  std::unique_ptr<Operation> retried;
  if (!registry.Create(stage.op_type, given, &retried).ok()) {
    return Status::Ok();  // not an OpDef's operation: Prepare reports the first InferShape's error
  }
  if (!InferOnBuffers(*retried, inputs, &inferred, &unset).ok()) return Status::Ok();
  // An OpDef without InferShape (FloorDiv's) has nothing to disagree with: no warning.
  if (first.code() == ErrorCode::kGraphInferShapeFuncFail) {
    std::fprintf(stderr,
                 "warning: %s: %s; CANN's single-operator API runs no InferShape: the "
                 "kernel runs on the caller's output tensors\n",
                 stage.api, first.message().c_str());
  } else if (!differ.empty()) {
    std::fprintf(stderr,
                 "warning: %s: %s's InferShape gives %s; CANN's single-operator API runs "
                 "no InferShape: the kernel runs on the caller's output tensors\n",
                 stage.api, stage.op_type, differ.c_str());
  }
  *attrs = std::move(given);
  *op = std::move(retried);
  return Status::Ok();
}

aclnnStatus FromStatus(aclnnStatus code, const char* api, const Status& st) {
  return Fail(code, api, st.message());
}

// Checked mode (the simulator's checks, docs/CHECKS.md) when OPSIM_CHECKED is 1, or, unset, when
// aclnnInit's configuration enabled the debug kernel.
aclnnStatus CheckedMode(const char* api, bool* checked) {
  const char* env = std::getenv("OPSIM_CHECKED");
  if (env == nullptr) {
    *checked = DebugKernelEnabled();
    return ACLNN_SUCCESS;
  }
  const std::string value = env;
  if (value != "0" && value != "1") {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                "OPSIM_CHECKED='" + value + "' (expected 1 for checked mode, 0 for not)");
  }
  *checked = value == "1";
  return ACLNN_SUCCESS;
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

aclnnStatus BuildExecutor(const FirstStage& stage, uint64_t* workspace_size,
                          std::unique_ptr<aclOpExecutor>* executor,
                          const OperationRegistry* builtin) {
  const char* api = stage.api;
  auto made = std::make_unique<aclOpExecutor>();
  made->op_type = stage.op_type;
  std::vector<HostRunBuffer> inputs;
  std::vector<HostRunBuffer> outputs;
  std::vector<bool> present;
  AttrMap attrs = stage.attrs;
  std::vector<StageTensor> given = stage.inputs;
  if (const aclnnStatus st = ResolveArrayInputs(api, stage.op_type, &given); st != ACLNN_SUCCESS) {
    return st;
  }
  made->input_params = given.size();
  if (const aclnnStatus st = Gather(api, given, false, &inputs, &present, &attrs, made.get());
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st =
          Gather(api, stage.outputs, true, &outputs, nullptr, &attrs, made.get());
      st != ACLNN_SUCCESS) {
    return st;
  }
  // A built-in kernel takes its op type's attributes only: the OpDef keys are the OpDefs' matters.
  if (builtin == nullptr) {
    if (Status st = MarkGivenInputs(stage.op_type, present, &attrs); !st.ok()) {
      return FromStatus(ACLNN_ERR_PARAM_INVALID, api, st);
    }
    GiveOutputTypes(stage, !inputs.empty(), &attrs);
  }
  const OperationRegistry& registry = builtin != nullptr ? *builtin : OperationRegistry::Global();
  if (Status st = MakeOperation(stage, registry, inputs, outputs, &attrs, &made->op); !st.ok()) {
    return FromStatus(ACLNN_ERR_PARAM_INVALID, api, st);
  }
  HostRunOptions options;
  options.subject = stage.op_type;
  if (const aclnnStatus st = CheckedMode(api, &options.context_options.checked);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (Status st = HostRun::PrepareOnBuffers(*made->op, inputs, outputs, options, &made->run);
      !st.ok()) {
    return FromStatus(ACLNN_ERR_PARAM_INVALID, api, st);
  }
  if (Status st = made->run->SetupForCallersWorkspace(workspace_size); !st.ok()) {
    return FromStatus(ACLNN_ERR_INNER_TILING_ERROR, api, st);
  }
  *workspace_size += made->copy_bytes;
  *executor = std::move(made);
  return ACLNN_SUCCESS;
}

aclnnStatus GetWorkspaceSize(const FirstStage& stage, uint64_t* workspace_size,
                             aclOpExecutor** executor) {
  if (workspace_size == nullptr) return FailNull(stage.api, "workspaceSize");
  if (executor == nullptr) return FailNull(stage.api, "executor");
  *executor = nullptr;
  std::unique_ptr<aclOpExecutor> made;
  if (const aclnnStatus st = BuildExecutor(stage, workspace_size, &made); st != ACLNN_SUCCESS) {
    return st;
  }
  *executor = made.release();
  AddHandle(*executor, HandleKind::kExecutor);
  return ACLNN_SUCCESS;
}

// One execution of a step: the views' copies gathered at the workspace's start, the operation run
// in the rest, the output views written back.
Status ExecuteStep(aclOpExecutor& e, uint8_t* workspace, uint64_t workspace_size) {
  if (workspace_size < e.copy_bytes || (workspace == nullptr && e.copy_bytes > 0)) {
    return {ErrorCode::kInvalidParam,
            e.op_type + ": a workspace of " + std::to_string(workspace_size) +
                " B was given; the first stage asked for more (" + std::to_string(e.copy_bytes) +
                " B of it for the contiguous copies of non-contiguous views and the constants)"};
  }
  for (const aclOpExecutor::Constant& c : e.constants) {
    std::memcpy(workspace + c.offset, c.bytes.data(), c.bytes.size());
    e.run->Rebind(false, c.slot, workspace + c.offset);
  }
  for (const ViewCopy& c : e.copies) {
    GatherView(*c.tensor, workspace + c.offset);
    e.run->Rebind(c.output, c.slot, workspace + c.offset);
  }
  uint8_t* own = workspace == nullptr ? nullptr : workspace + e.copy_bytes;
  // The launch's warnings reach the application's stderr as `opsim exec` prints them, once: a
  // repeatable executor's context keeps what it printed, and a later launch adds only new ones.
  const size_t printed = e.run->context().warnings().size();
  const Status st = e.run->ExecuteIn(own, workspace_size - e.copy_bytes);
  e.run->context().PrintWarnings(stderr, printed);
  OPSIM_RETURN_IF_ERROR(st);
  for (const ViewCopy& c : e.copies) {
    if (c.output) ScatterView(*c.tensor, workspace + c.offset);
  }
  return Status::Ok();
}

aclnnStatus Run(const char* api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                aclrtStream /*stream: every call is synchronous*/) {
  if (executor == nullptr) return FailNull(api, "executor");
  if (!IsLive(executor, HandleKind::kExecutor, api, "executor")) return ACLNN_ERR_PARAM_INVALID;
  // A chain may have no step at all (a hand-written layer's early return for an empty tensor).
  const Status st = executor->run
                        ? ExecuteStep(*executor, static_cast<uint8_t*>(workspace), workspace_size)
                        : ExecuteChain(*executor, static_cast<uint8_t*>(workspace), workspace_size);
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
