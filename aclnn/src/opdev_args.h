// What the launchers of op-API layers (opdev_launcher.cc: AI Core; opdev_aicpu.cc: AI CPU) share
// in reading a level-0 call's arguments.
#pragma once

#include "opdev/op_arg_def.h"
#include "opsim/core/attr_map.h"

namespace opsim::aclnn {

// An attribute argument (OP_ATTR) as the AttrMap value an operation takes; false for a kind no
// operation takes (a scalar, a tensor).
bool OpArgToAttr(const op::OpArg& a, AttrValue* out);

}  // namespace opsim::aclnn
