// CANN's data-type rules of its arithmetic aclnn functions, which are PyTorch's: the type two
// operands promote to, whether a result may be cast to an out of another type, and the type a
// host scalar lifts a tensor to. Used to plan the Casts a layer chains around its operation.
#pragma once

#include "aclnn/acl_meta.h"

namespace opsim::aclnn::opapi {

// The aclDataType forms of nnopbase's rules (opdev/data_type_utils.h). PromoteTypes: the type
// `a` and `b` promote to (op::PromoteType), ACL_DT_UNDEFINED where it has no rule and for the
// complex types, which opsim holds no tensors of.
::aclDataType PromoteTypes(::aclDataType a, ::aclDataType b);

// Whether a result of `from` may be written to an out of `to` (op::CanCast).
bool CanCast(::aclDataType from, ::aclDataType to);

// The type a tensor of `tensor` meets a host scalar of `scalar` in: the tensor's, except that
// an integer or bool tensor with a floating scalar computes in FLOAT, and a bool tensor with an
// integer scalar in INT64 (PyTorch's rule for a scalar operand, which CANN follows).
::aclDataType PromoteWithScalar(::aclDataType tensor, ::aclDataType scalar);

bool IsFloating(::aclDataType dtype);

}  // namespace opsim::aclnn::opapi
