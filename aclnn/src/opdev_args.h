// What the launchers of op-API layers (opdev_launcher.cc: AI Core; opdev_aicpu.cc: AI CPU) share
// in reading a level-0 call's arguments.
#pragma once

#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opdev/op_arg_def.h"
#include "opsim/core/attr_map.h"

namespace opsim::aclnn {

// An attribute argument (OP_ATTR) as the AttrMap value an operation takes; false for a kind no
// operation takes (a scalar, a tensor).
bool OpArgToAttr(const op::OpArg& a, AttrValue* out);

// The tensors of one side ("input", "output") of a level-0 call: each a live tensor, laid out
// (an INFER_SHAPE ran for those allocated without a shape); otherwise the error naming it.
aclnnStatus LaidOutTensors(const char* api, const std::string& op, const aclOpExecutor& executor,
                           const op::OpArgList& list, const char* side,
                           std::vector<const aclTensor*>* out);

}  // namespace opsim::aclnn
