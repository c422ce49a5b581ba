// Reshape as op-API layers call it (aclnn_kernels/reshape.h, as CANN's operator repositories
// declare it): the same elements under another shape, a view of a contiguous tensor (no copy).
#pragma once

#include "opdev/common_types.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_executor.h"

namespace l0op {

const aclTensor* Reshape(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor);
const aclTensor* Reshape(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor);

}  // namespace l0op
