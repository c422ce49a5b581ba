// What the launchers of op-API layers (opdev_launcher.cc: AI Core; opdev_aicpu.cc: AI CPU) share
// in reading a level-0 call's arguments.
#pragma once

#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opdev/op_arg_def.h"
#include "opsim/core/attr_map.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::aclnn {

// An attribute argument (OP_ATTR) as the AttrMap value an operation takes; false for a kind no
// operation takes (a scalar, a tensor).
bool OpArgToAttr(const op::OpArg& a, AttrValue* out);

// The tensors of one side ("input", "output") of a level-0 call: each a live tensor, laid out
// (an INFER_SHAPE ran for those allocated without a shape); otherwise the error naming it.
aclnnStatus LaidOutTensors(const char* api, const std::string& op, const aclOpExecutor& executor,
                           const op::OpArgList& list, const char* side,
                           std::vector<const aclTensor*>* out);

// A launch of CANN's built-in kernel of op type `op` from `kernels` (OperationRegistry::AiCpu():
// ADD_TO_LAUNCHER_LIST_AICPU; aicore_builtin::Kernels(): an AI Core launch no OpDef of the type
// takes), as the next step of the executor's chain: inputs and outputs by position, OP_ATTR's
// values under `attr_names`. `unit` ("AI CPU", "AI Core") names where in messages. An op type
// `kernels` lacks is ACLNN_ERR_INNER naming the types it has.
aclnnStatus LaunchBuiltin(const std::string& op, aclOpExecutor* executor,
                          const op::FVector<std::string>& attr_names, op::OpArgContext& args,
                          const OperationRegistry& kernels, const char* unit);

}  // namespace opsim::aclnn
