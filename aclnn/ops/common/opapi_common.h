// What the hand-written aclnn functions of our own operators share (libopapi, aclnn/ops): the
// data-type checks that decide between running one registry operation and refusing a documented
// case that operation cannot compute exactly, and the second stage, the same for every function.
#pragma once

#include <string>

#include "aclnn/acl_meta.h"
#include "opdev/op_errno.h"
#include "opsim/aclnn/two_stage.h"

namespace opsim::aclnn::opapi {

// CANN's spelling of a data type in its documents ("FLOAT", "INT32"), for messages.
std::string DTypeName(::aclDataType dtype);

bool IsIntegral(::aclDataType dtype);  // the integer types and bool

// The data types of `a` and `b` (null: 161001; dead: 161002). When they differ, 161002 with
// "<a_name> is X and <b_name> is Y: <why>", `why` naming the rule (a promotion Cast opsim does not
// run, or the dtype the operation writes).
aclnnStatus SameDType(const char* api, const char* a_name, const aclTensor* a, const char* b_name,
                      const aclTensor* b, const std::string& why, ::aclDataType* dtype);

}  // namespace opsim::aclnn::opapi

// The second stage of aclnn<Name>: run the first stage's executor in the caller's workspace.
#define OPSIM_OPAPI_SECOND_STAGE(Name)                                                      \
  aclnnStatus aclnn##Name(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, \
                          aclrtStream stream) {                                             \
    return opsim::aclnn::Run("aclnn" #Name, workspace, workspaceSize, executor, stream);    \
  }
