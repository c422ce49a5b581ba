// The view operators every op-API layer uses (aclnn_kernels/contiguous.h, as CANN's operator
// repositories declare them): Contiguous gives a row-major copy of a non-contiguous view (the
// tensor itself when it is contiguous), ViewCopy writes a result into the output's view. opsim
// runs both as host copies between the executor's launches, charged no simulated time.
#pragma once

#include "opdev/common_types.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_executor.h"

namespace l0op {

const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor);
const aclTensor* ViewCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor);
// `x` read in place when its view is contiguous (null otherwise: then Contiguous copies it).
const aclTensor* PickViewAsContiguous(const aclTensor* x, aclOpExecutor* executor);

}  // namespace l0op
