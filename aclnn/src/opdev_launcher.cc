// AI Core launches of hand-written op-API layers (ADD_TO_LAUNCHER_LIST_AICORE): the level-0
// operator's type names a registry operation; its arguments become a first stage of that
// operation (inputs and outputs by position, attributes in the OpDef's order), prepared at once
// as the next step of the executor's chain.
#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "l0op_host_ops.h"
#include "opdev/op_dfx.h"
#include "opdev_args.h"
#include "opsim/aicore_builtin/kernels.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::aclnn {

bool OpArgToAttr(const op::OpArg& a, AttrValue* out) {
  using T = op::OpArgType;
  switch (a.type) {
    case T::OPARG_BOOL: *out = a.ivalue != 0; return true;
    case T::OPARG_INT:
    case T::OPARG_UINT:
    case T::OPARG_DATATYPE:
    case T::OPARG_IMPLMODE: *out = a.ivalue; return true;
    case T::OPARG_FLOAT:
    case T::OPARG_DOUBLE: *out = a.dvalue; return true;
    case T::OPARG_STRING: *out = a.text; return true;
    case T::OPARG_INT_LIST: {
      const auto* v = static_cast<const aclIntArray*>(a.pointer);
      *out = v == nullptr ? std::vector<int64_t>{} : v->values;
      return true;
    }
    case T::OPARG_FLOAT_LIST: {
      const auto* v = static_cast<const aclFloatArray*>(a.pointer);
      *out = v == nullptr ? std::vector<double>{}
                          : std::vector<double>(v->values.begin(), v->values.end());
      return true;
    }
    case T::OPARG_BOOL_LIST: {
      const auto* v = static_cast<const aclBoolArray*>(a.pointer);
      *out = v == nullptr ? std::vector<int64_t>{}
                          : std::vector<int64_t>(v->values.begin(), v->values.end());
      return true;
    }
    default: return false;
  }
}

aclnnStatus LaidOutTensors(const char* api, const std::string& op, const aclOpExecutor& executor,
                           const op::OpArgList& list, const char* side,
                           std::vector<const aclTensor*>* out) {
  for (size_t k = 0; k < list.args.size(); ++k) {
    const op::OpArg& a = list.args[k];
    const std::string what = op + "'s " + side + " " + std::to_string(k);
    if (a.type != op::OpArgType::OPARG_ACLTENSOR || a.pointer == nullptr) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api, what + " is not a tensor");
    }
    const auto* t = static_cast<const aclTensor*>(a.pointer);
    if (!IsLive(t, HandleKind::kTensor, api, what.c_str())) return ACLNN_ERR_PARAM_INVALID;
    if (std::find(executor.unshaped.begin(), executor.unshaped.end(), t) !=
        executor.unshaped.end()) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  what + " was allocated without a shape and no INFER_SHAPE laid it out");
    }
    out->push_back(t);
  }
  return ACLNN_SUCCESS;
}

namespace {

// The level-0 operator types in the order their ids were made.
struct OpTypes {
  std::mutex mutex;
  std::vector<std::string> names;
};

OpTypes& Types() {
  static OpTypes* types = new OpTypes();  // never destroyed: ids are used while exiting
  return *types;
}

// The arguments of one side (inputs or outputs) as the stage's tensors, named by the OpDef.
aclnnStatus Tensors(const char* api, const std::string& op, const op::OpArgList& list,
                    const std::vector<ops::OpParamDef>& params, const char* side,
                    std::vector<StageTensor>* out) {
  if (list.args.size() > params.size()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                op + " takes " + std::to_string(params.size()) + " " + side +
                    "s; the launch gives " + std::to_string(list.args.size()));
  }
  for (size_t k = 0; k < list.args.size(); ++k) {
    const op::OpArg& a = list.args[k];
    StageTensor s;
    s.name = params[k].GetName().c_str();
    s.optional = params[k].GetParamType() == ops::OPTIONAL;
    if (a.type == op::OpArgType::OPARG_ACLTENSOR_LIST) {
      s.list = static_cast<const aclTensorList*>(a.pointer);
    } else if (a.type == op::OpArgType::OPARG_ACLTENSOR) {
      s.tensor = static_cast<const aclTensor*>(a.pointer);
    } else {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  op + "'s " + side + " " + std::to_string(k) + " (" + params[k].GetName() +
                      ") is given something other than a tensor or a tensor list");
    }
    out->push_back(s);
  }
  return ACLNN_SUCCESS;
}

aclnnStatus Attributes(const char* api, const std::string& op, const op::OpArgList& list,
                       const std::vector<ops::OpAttrDef>& attrs, AttrMap* out) {
  if (list.args.size() > attrs.size()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                op + " has " + std::to_string(attrs.size()) + " attributes; the launch gives " +
                    std::to_string(list.args.size()));
  }
  for (size_t k = 0; k < list.args.size(); ++k) {
    AttrValue value;
    if (!OpArgToAttr(list.args[k], &value)) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  op + "'s attribute " + attrs[k].GetName() +
                      " is given a value of a kind "
                      "opsim's operations take no attribute of (a scalar or a tensor)");
    }
    (*out)[attrs[k].GetName()] = std::move(value);
  }
  return ACLNN_SUCCESS;
}

// The launch's outputs are the tensors the level-0 function allocated (with a shape, or laid out
// by INFER_SHAPE): CANN's launcher runs the kernel on them as they are and infers nothing, so
// their shapes reach the operation as the caller's (">name"), which an OpDef without InferShape
// (or whose InferShape would say otherwise) then takes.
// A tensor of AllocTensor without a shape that no INFER_SHAPE laid out: it has no memory yet.
// The level-0 call's inputs, outputs and attributes as a first stage of the op `def` defines.
aclnnStatus ReadArgs(const char* api, const std::string& op, op::OpArgContext& args,
                     const ops::OpDef& def, FirstStage* stage) {
  aclnnStatus st =
      Tensors(api, op, *args.GetOpArg(op::OP_INPUT_ARG), def.GetInputs(), "input", &stage->inputs);
  if (st == ACLNN_SUCCESS) {
    st = Tensors(api, op, *args.GetOpArg(op::OP_OUTPUT_ARG), def.GetOutputs(), "output",
                 &stage->outputs);
  }
  if (st == ACLNN_SUCCESS) {
    st = Attributes(api, op, *args.GetOpArg(op::OP_ATTR_ARG), def.GetAttrs(), &stage->attrs);
  }
  return st;
}

aclnnStatus RefuseUnshaped(const char* api, const std::string& op, const aclOpExecutor& executor,
                           const std::vector<StageTensor>& tensors) {
  for (const StageTensor& s : tensors) {
    if (s.tensor == nullptr) continue;
    if (std::find(executor.unshaped.begin(), executor.unshaped.end(), s.tensor) !=
        executor.unshaped.end()) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  op + "'s " + s.name +
                      " was allocated without a shape (AllocTensor(dataType, storageFormat, "
                      "originFormat)) and no INFER_SHAPE laid it out");
    }
  }
  return ACLNN_SUCCESS;
}

aclnnStatus GiveOutputShapes(const char* api, const std::vector<StageTensor>& outputs,
                             AttrMap* attrs) {
  for (const StageTensor& s : outputs) {
    if (s.tensor == nullptr) continue;  // a list, or an optional output not given
    if (!IsLive(s.tensor, HandleKind::kTensor, api, s.name)) return ACLNN_ERR_PARAM_INVALID;
    std::string key = ">";
    key += s.name;
    (*attrs)[key] = s.tensor->view_dims;
  }
  return ACLNN_SUCCESS;
}

aclnnStatus ReadHostOpArgs(const char* api, const std::string& op, const aclOpExecutor& executor,
                           op::OpArgContext& args, std::vector<const aclTensor*>* inputs,
                           std::vector<const aclTensor*>* outputs) {
  if (args.GetOpArg(op::OP_ATTR_ARG)->args.size() > 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api, op + " takes no attributes; the call gives some");
  }
  aclnnStatus st =
      LaidOutTensors(api, op, executor, *args.GetOpArg(op::OP_INPUT_ARG), "input", inputs);
  if (st == ACLNN_SUCCESS && outputs != nullptr) {
    st = LaidOutTensors(api, op, executor, *args.GetOpArg(op::OP_OUTPUT_ARG), "output", outputs);
  }
  return st;
}

aclnnStatus LaunchOnHost(const char* api, const std::string& op, const HostLevel0Op& host,
                         aclOpExecutor* executor, op::OpArgContext& args) {
  std::vector<const aclTensor*> inputs;
  std::vector<const aclTensor*> outputs;
  if (const aclnnStatus st = ReadHostOpArgs(api, op, *executor, args, &inputs, &outputs);
      st != ACLNN_SUCCESS) {
    return st;
  }
  return host.launch(api, executor, inputs, outputs);
}

// Whether some dtype column of `def` takes every input tensor's type. CANN picks the kernel
// binary of an AI Core launch by the tensors' types: where the operator's own has none (ops-math's
// BitwiseAnd OpDef lists int16, uint16, int32; its layer sends int64 to the AI Core on the
// 910B), the built-in kernel of the op type serves. Lists of tensors are taken as fitting.
bool OpDefTakes(const ops::OpDef& def, const op::OpArgList& inputs) {
  const auto& params = def.GetInputs();
  if (inputs.args.size() != params.size()) return true;
  size_t columns = 1;
  for (const ops::OpParamDef& p : params) columns = std::max(columns, p.GetDataTypes().size());
  for (size_t c = 0; c < columns; ++c) {
    bool fits = true;
    for (size_t k = 0; k < params.size() && fits; ++k) {
      const op::OpArg& a = inputs.args[k];
      if (a.type != op::OpArgType::OPARG_ACLTENSOR || a.pointer == nullptr) continue;
      const auto dtype = static_cast<ge::DataType>(static_cast<const aclTensor*>(a.pointer)->dtype);
      const auto& list = params[k].GetDataTypeList();
      const auto& types = params[k].GetDataTypes();
      fits = types.empty() ? std::find(list.begin(), list.end(), dtype) != list.end()
                           : c < types.size() && types[c] == dtype;
    }
    if (fits) return true;
  }
  return false;
}

aclnnStatus Launch(const char* l0_name, uint32_t op_type, aclOpExecutor* executor,
                   op::OpArgContext& args) {
  const std::string op = op::OpTypeDict::ToString(op_type).GetString();
  const char* api = executor->op_type.empty() ? l0_name : executor->op_type.c_str();
  const ops::OpDef* def = op_api::FindOpDef(op);
  const OperationRegistry& builtin = aicore_builtin::Kernels();
  if (builtin.Contains(op) &&
      (def == nullptr || !OpDefTakes(*def, *args.GetOpArg(op::OP_INPUT_ARG)))) {
    return LaunchBuiltin(op, executor, {}, args, builtin, "AI Core");
  }
  if (def == nullptr) {
    if (const HostLevel0Op* host = FindHostLevel0Op(op)) {
      return LaunchOnHost(api, op, *host, executor, args);
    }
    return Fail(ACLNN_ERR_INNER, api,
                std::string(l0_name) + " launches " + op +
                    ", which no loaded operator library defines (OP_ADD)");
  }
  FirstStage stage;
  stage.api = api;
  stage.op_type = def->GetOpType().c_str();
  aclnnStatus st = ReadArgs(api, op, args, *def, &stage);
  if (st == ACLNN_SUCCESS) st = RefuseUnshaped(api, op, *executor, stage.inputs);
  if (st == ACLNN_SUCCESS) st = RefuseUnshaped(api, op, *executor, stage.outputs);
  if (st == ACLNN_SUCCESS) st = GiveOutputShapes(api, stage.outputs, &stage.attrs);
  if (st != ACLNN_SUCCESS) return st;
  std::unique_ptr<aclOpExecutor> step;
  uint64_t bytes = 0;
  if (st = BuildExecutor(stage, &bytes, &step); st != ACLNN_SUCCESS) return st;
  executor->steps_workspace = std::max(executor->steps_workspace, bytes);
  executor->steps.push_back(std::move(step));
  return ACLNN_SUCCESS;
}

// The description InferShape takes of a tensor argument.
TensorDesc DescOf(const aclTensor& t) {
  TensorDesc d;
  d.dtype = static_cast<opsim::aclDataType>(static_cast<int32_t>(t.dtype));
  d.format = static_cast<opsim::aclFormat>(static_cast<int32_t>(t.format));
  d.shape.dimNum = t.view_dims.size();
  for (size_t i = 0; i < t.view_dims.size(); ++i) d.shape.dims[i] = t.view_dims[i];
  return d;
}

// The input descriptions INFER_SHAPE passes; refuses what opsim's InferShape cannot be given: a
// tensor list, or a ValueDepend input (its values do not reach Operation::InferShape).
aclnnStatus InferInputs(const char* api, const std::string& op, const ops::OpDef& def,
                        const std::vector<StageTensor>& inputs, SVector<TensorDesc>* out,
                        std::vector<bool>* present) {
  for (size_t k = 0; k < inputs.size(); ++k) {
    const StageTensor& s = inputs[k];
    const std::string what = "INFER_SHAPE(" + op + "): input " + s.name;
    if (s.list != nullptr)
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  what +
                      " is a tensor list, "
                      "which opsim's INFER_SHAPE "
                      "does not take");
    if (def.GetInputs()[k].GetValueDepend() != ops::IGNORE) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  what + " is ValueDepend: opsim's INFER_SHAPE passes shapes, not values");
    }
    present->push_back(s.tensor != nullptr);
    if (s.tensor == nullptr) continue;
    if (!IsLive(s.tensor, HandleKind::kTensor, api, s.name)) return ACLNN_ERR_PARAM_INVALID;
    out->push_back(DescOf(*s.tensor));
  }
  for (size_t k = inputs.size(); k < def.GetInputs().size(); ++k) present->push_back(false);
  return ACLNN_SUCCESS;
}

// Gives output `t` the inferred dims (contiguous); one AllocTensor made without a shape then
// takes its place in the workspace.
void LayOut(aclOpExecutor* executor, aclTensor* t, const Dims& dims) {
  t->view_dims.assign(dims.dims, dims.dims + dims.dimNum);
  t->storage_dims = t->view_dims;
  t->strides.assign(t->view_dims.size(), 1);
  for (size_t i = t->view_dims.size(); i > 1; --i) {
    t->strides[i - 2] = t->strides[i - 1] * t->view_dims[i - 1];
  }
  t->offset = 0;
  auto it = std::find(executor->unshaped.begin(), executor->unshaped.end(), t);
  if (it == executor->unshaped.end()) return;
  executor->unshaped.erase(it);
  PlaceIntermediate(executor, t);
}

aclnnStatus InferOnHost(const char* api, const std::string& op, const HostLevel0Op& host,
                        aclOpExecutor* executor, op::OpArgContext& args) {
  std::vector<const aclTensor*> inputs;
  if (const aclnnStatus st = ReadHostOpArgs(api, op, *executor, args, &inputs, nullptr);
      st != ACLNN_SUCCESS) {
    return st;
  }
  std::vector<int64_t> dims;
  if (const aclnnStatus st = host.infer(api, *executor, inputs, &dims); st != ACLNN_SUCCESS) {
    return st;
  }
  const op::OpArgList& outputs = *args.GetOpArg(op::OP_OUTPUT_ARG);
  if (outputs.args.size() != 1 || outputs.args[0].type != op::OpArgType::OPARG_ACLTENSOR ||
      outputs.args[0].pointer == nullptr) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api, "INFER_SHAPE(" + op + ") takes one output tensor");
  }
  const auto* out = static_cast<const aclTensor*>(outputs.args[0].pointer);
  if (!IsLive(out, HandleKind::kTensor, api, "output 0")) return ACLNN_ERR_PARAM_INVALID;
  Dims laid;
  laid.dimNum = dims.size();
  std::copy(dims.begin(), dims.end(), laid.dims);
  LayOut(executor, const_cast<aclTensor*>(out), laid);
  return ACLNN_SUCCESS;
}

aclnnStatus InferShapes(const char* /*l0_name: the op's own name*/, uint32_t op_type,
                        aclOpExecutor* executor, op::OpArgContext& args) {
  const std::string op = op::OpTypeDict::ToString(op_type).GetString();
  const char* api = executor->op_type.empty() ? "INFER_SHAPE" : executor->op_type.c_str();
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) {
    if (const HostLevel0Op* host = FindHostLevel0Op(op)) {
      return InferOnHost(api, op, *host, executor, args);
    }
    return Fail(ACLNN_ERR_INNER, api,
                "INFER_SHAPE(" + op + "): no loaded operator library defines " + op + " (OP_ADD)");
  }
  FirstStage stage;
  aclnnStatus st = ReadArgs(api, op, args, *def, &stage);
  SVector<TensorDesc> inputs;
  std::vector<bool> present;
  if (st == ACLNN_SUCCESS) st = RefuseUnshaped(api, op, *executor, stage.inputs);
  if (st == ACLNN_SUCCESS) st = InferInputs(api, op, *def, stage.inputs, &inputs, &present);
  if (st != ACLNN_SUCCESS) return st;
  std::unique_ptr<Operation> operation;
  Status made = MarkGivenInputs(op.c_str(), present, &stage.attrs);
  if (made.ok()) made = OperationRegistry::Global().Create(op, stage.attrs, &operation);
  SVector<TensorDesc> outputs;
  if (made.ok()) made = operation->InferShape(inputs, outputs);
  if (!made.ok()) return Fail(ACLNN_ERR_PARAM_INVALID, api, "INFER_SHAPE: " + made.message());
  for (size_t k = 0; k < stage.outputs.size(); ++k) {
    const StageTensor& s = stage.outputs[k];
    if (s.tensor == nullptr) continue;
    if (!IsLive(s.tensor, HandleKind::kTensor, api, s.name)) return ACLNN_ERR_PARAM_INVALID;
    if (k >= outputs.size()) {
      return Fail(ACLNN_ERR_INNER, api,
                  "INFER_SHAPE(" + op + ") gives no shape for output " + s.name);
    }
    LayOut(executor, const_cast<aclTensor*>(s.tensor), outputs[k].shape);
  }
  return ACLNN_SUCCESS;
}

}  // namespace
}  // namespace opsim::aclnn

aclnnStatus OpsimInferShapeByOpDef(const char* l0Name, uint32_t opType, aclOpExecutor* executor,
                                   op::OpArgContext* args) {
  std::unique_ptr<op::OpArgContext> owned(args);
  if (executor == nullptr || args == nullptr) {
    return opsim::aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, l0Name == nullptr ? "INFER_SHAPE" : l0Name,
                              executor == nullptr ? "the executor is null" : "no arguments");
  }
  return opsim::aclnn::InferShapes(l0Name, opType, executor, *args);
}

uint32_t op::GenOpTypeId(const char* op_type) {
  auto& types = opsim::aclnn::Types();
  std::lock_guard<std::mutex> lock(types.mutex);
  const auto it = std::find(types.names.begin(), types.names.end(), op_type);
  if (it != types.names.end()) return static_cast<uint32_t>(it - types.names.begin());
  types.names.emplace_back(op_type);
  return static_cast<uint32_t>(types.names.size() - 1);
}

uint32_t op::OpTypeDict::ToOpType(const std::string& opName) {
  auto& types = opsim::aclnn::Types();
  std::lock_guard<std::mutex> lock(types.mutex);
  const auto it = std::find(types.names.begin(), types.names.end(), opName);
  return it == types.names.end() ? INVALID_OP_TYPE_ID
                                 : static_cast<uint32_t>(it - types.names.begin());
}

const ge::AscendString op::OpTypeDict::ToString(uint32_t opType) {
  auto& types = opsim::aclnn::Types();
  std::lock_guard<std::mutex> lock(types.mutex);
  return opType < types.names.size() ? ge::AscendString(types.names[opType].c_str())
                                     : ge::AscendString("");
}

aclnnStatus CheckPhase1Params(aclOpExecutor** executor, uint64_t* workspaceSize) {
  if (executor == nullptr) return opsim::aclnn::FailNull("aclnn first stage", "executor");
  if (workspaceSize == nullptr) return opsim::aclnn::FailNull("aclnn first stage", "workspaceSize");
  return ACLNN_SUCCESS;
}

aclnnStatus CreatAiCoreKernelLauncher(const char* l0Name, uint32_t opType, aclOpExecutor* executor,
                                      op::OpArgContext* args) {
  std::unique_ptr<op::OpArgContext> owned(args);
  if (executor == nullptr || args == nullptr) {
    return opsim::aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, l0Name == nullptr ? "launch" : l0Name,
                              executor == nullptr ? "the executor is null" : "no arguments");
  }
  return opsim::aclnn::Launch(l0Name, opType, executor, *args);
}
