// The Cast steps a hand-written layer chains around its operation (opsim/aclnn/stage_chain.h):
// an input cast to the type the operation computes in, and the operation's result cast to out's.
#pragma once

#include "aclnn/acl_meta.h"
#include "opsim/aclnn/stage_chain.h"

namespace opsim::aclnn::opapi {

// `tensor` (the parameter `name`) as `dtype`: itself, or the intermediate a Cast step writes.
aclnnStatus CastInput(StageChain* chain, const char* api, const char* name, const aclTensor* tensor,
                      ::aclDataType dtype, const aclTensor** as_dtype);

// Where the operation writes its result of `dtype` for `out`: out itself when it is of
// `dtype`, else an intermediate of out's shape that FinishOutput casts into out. A result that
// cannot be cast to out's type (CanCast) is refused naming both types.
aclnnStatus PlanOutput(StageChain* chain, const char* api, aclTensor* out, ::aclDataType dtype,
                       aclTensor** result);
// Adds that Cast step when `result` is not `out`.
aclnnStatus FinishOutput(StageChain* chain, const char* api, aclTensor* result, aclTensor* out);

// What an operation whose result has rank 0 (a reduction of every dim) writes for `result`:
// `result` itself when it has rank 0, or its one element described with rank 0 when its shape
// is [1], [1, 1], ... (an out CANN's reductions fill).
aclnnStatus RankZeroTarget(StageChain* chain, const char* api, aclTensor* result,
                           aclTensor** target);

}  // namespace opsim::aclnn::opapi
