// Cast as op-API layers call it (aclnn_kernels/cast.h, as CANN's operator repositories declare
// it): `self` converted to `dstDtype` by the registry's Cast operation (the tensor itself when
// it is of that type already).
#pragma once

#include "opdev/common_types.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_executor.h"

namespace l0op {

const aclTensor* Cast(const aclTensor* self, op::DataType dstDtype, aclOpExecutor* executor);

}  // namespace l0op
