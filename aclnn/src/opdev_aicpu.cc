// Launches of CANN's built-in kernels by op type from hand-written op-API layers: the AI CPU's
// (ADD_TO_LAUNCHER_LIST_AICPU, opdev/aicpu/aicpu_task.h: a layer sends the types its AI Core
// kernel lacks, as ops-math's Less, Greater and Equal send DOUBLE, to the kernel of the op type
// its AicpuTaskSpace names; OperationRegistry::AiCpu(), aicpu/) and the AI Core's (an
// ADD_TO_LAUNCHER_LIST_AICORE no OpDef of the type takes: aicore_builtin::Kernels(),
// aicore_builtin/). Each runs as the next step of the executor's chain on the same run path as
// an OpDef's AI Core step (HostRun on the tensors' memory).
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opdev/aicpu/aicpu_task.h"
#include "opdev_args.h"
#include "opsim/core/tensor.h"

namespace opsim::aclnn {
namespace {

std::string AicpuTypeName(::aclDataType dtype) {
  const std::optional<DType> d = DTypeFromAcl(static_cast<opsim::aclDataType>(dtype));
  return d ? std::string(DTypeName(*d)) : "dtype " + std::to_string(static_cast<int>(dtype));
}

// One side's tensors, named "<side><k>" (names kept in `names`, which outlives the stage).
aclnnStatus AicpuTensors(const char* api, const std::string& op, const aclOpExecutor& executor,
                         const op::OpArgList& list, const char* side,
                         std::vector<std::string>* names, std::vector<StageTensor>* out) {
  std::vector<const aclTensor*> tensors;
  if (const aclnnStatus st = LaidOutTensors(api, op, executor, list, side, &tensors);
      st != ACLNN_SUCCESS) {
    return st;
  }
  for (size_t k = 0; k < tensors.size(); ++k) {
    names->push_back(side + std::to_string(k));
    StageTensor s;
    s.tensor = tensors[k];
    out->push_back(s);
  }
  return ACLNN_SUCCESS;
}

// OP_ATTR's values under OP_ATTR_NAMES' names, in order.
aclnnStatus AicpuAttrs(const char* api, const std::string& op, const op::OpArgList& list,
                       const op::FVector<std::string>& names, const char* unit, AttrMap* out) {
  if (list.args.size() != names.size()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                op + "'s " + unit + " launch names " + std::to_string(names.size()) +
                    " attributes (OP_ATTR_NAMES) and gives " + std::to_string(list.args.size()) +
                    " values (OP_ATTR)");
  }
  for (size_t k = 0; k < names.size(); ++k) {
    AttrValue value;
    if (!OpArgToAttr(list.args[k], &value)) {
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  op + "'s " + unit + " attribute " + names[k] +
                      " is given a value of a kind no kernel takes (a scalar or a tensor)");
    }
    (*out)[names[k]] = std::move(value);
  }
  return ACLNN_SUCCESS;
}

aclnnStatus RefuseMissingKernel(const char* api, const std::string& op,
                                const std::vector<StageTensor>& inputs,
                                const OperationRegistry& kernels, const char* unit) {
  std::string types;
  for (const StageTensor& s : inputs) {
    types += (types.empty() ? "" : ", ") + AicpuTypeName(s.tensor->dtype);
  }
  std::string have;
  for (const std::string& name : kernels.Names()) {
    have += (have.empty() ? "" : ", ") + name;
  }
  return Fail(ACLNN_ERR_INNER, api,
              "the layer launches " + op + " on the " + unit + " (inputs " + types +
                  "), and opsim has no " + unit + " kernel of " + op + " (it has: " + have + ")");
}

}  // namespace

aclnnStatus LaunchBuiltin(const std::string& op, aclOpExecutor* executor,
                          const op::FVector<std::string>& attr_names, op::OpArgContext& args,
                          const OperationRegistry& kernels, const char* unit) {
  const char* api = executor->op_type.empty() ? op.c_str() : executor->op_type.c_str();
  FirstStage stage;
  stage.api = api;
  stage.op_type = op.c_str();
  std::vector<std::string> in_names;
  std::vector<std::string> out_names;
  aclnnStatus st = AicpuTensors(api, op, *executor, *args.GetOpArg(op::OP_INPUT_ARG), "input",
                                &in_names, &stage.inputs);
  if (st == ACLNN_SUCCESS) {
    st = AicpuTensors(api, op, *executor, *args.GetOpArg(op::OP_OUTPUT_ARG), "output", &out_names,
                      &stage.outputs);
  }
  if (st == ACLNN_SUCCESS) {
    st = AicpuAttrs(api, op, *args.GetOpArg(op::OP_ATTR_ARG), attr_names, unit, &stage.attrs);
  }
  if (st != ACLNN_SUCCESS) return st;
  for (size_t k = 0; k < stage.inputs.size(); ++k) stage.inputs[k].name = in_names[k].c_str();
  for (size_t k = 0; k < stage.outputs.size(); ++k) stage.outputs[k].name = out_names[k].c_str();
  if (!kernels.Contains(op)) return RefuseMissingKernel(api, op, stage.inputs, kernels, unit);
  std::unique_ptr<aclOpExecutor> step;
  uint64_t bytes = 0;
  if (st = BuildExecutor(stage, &bytes, &step, &kernels); st != ACLNN_SUCCESS) return st;
  executor->steps_workspace = std::max(executor->steps_workspace, bytes);
  executor->steps.push_back(std::move(step));
  return ACLNN_SUCCESS;
}

}  // namespace opsim::aclnn

aclnnStatus op::internal::CreatAicpuKernelLauncher(uint32_t opType, AicpuTaskSpace& space,
                                                   aclOpExecutor* executor,
                                                   const FVector<std::string>& attrNames,
                                                   OpArgContext* args) {
  std::unique_ptr<OpArgContext> owned(args);
  const std::string kernel = OpTypeDict::ToString(opType).GetString();
  if (executor == nullptr || args == nullptr) {
    return opsim::aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, kernel.c_str(),
                              executor == nullptr ? "the executor is null" : "no arguments");
  }
  // The AI CPU runs the op type the task space names (ops-math's ArgMaxV2 layer: "ArgMax").
  const std::string op = space.OpType().empty() ? kernel : space.OpType();
  return opsim::aclnn::LaunchBuiltin(op, executor, attrNames, *args,
                                     opsim::OperationRegistry::AiCpu(), "AI CPU");
}
