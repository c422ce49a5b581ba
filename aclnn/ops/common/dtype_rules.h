// CANN's data-type rules of its arithmetic aclnn functions, which are PyTorch's: the type two
// operands promote to, whether a result may be cast to an out of another type, and the type a
// host scalar lifts a tensor to. Used to plan the Casts a layer chains around its operation.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace opsim::aclnn::opapi {

// The type `a` and `b` promote to (torch.promote_types): bool yields to the other; an integer
// to a float; two floats to the wider (FLOAT16 with BFLOAT16: FLOAT); UINT8 with a signed
// integer to the smallest signed type holding both. ACL_DT_UNDEFINED where CANN has no rule
// (complex, the unsigned types beyond UINT8 mixed with others).
::aclDataType PromoteTypes(::aclDataType a, ::aclDataType b);

// Whether a result of `from` may be written to an out of `to` (torch.can_cast, CANN's
// CanCast): not a float to an integer or bool, not an integer to bool, not complex to real.
bool CanCast(::aclDataType from, ::aclDataType to);

// The type a tensor of `tensor` meets a host scalar of `scalar` in: the tensor's, except that
// an integer or bool tensor with a floating scalar computes in FLOAT, and a bool tensor with an
// integer scalar in INT64 (PyTorch's rule for a scalar operand, which CANN follows).
::aclDataType PromoteWithScalar(::aclDataType tensor, ::aclDataType scalar);

bool IsFloating(::aclDataType dtype);

// ONNX's TensorProto.DataType number of each ACL data type opsim's Cast writes; 0 for others.
int64_t OnnxCastNumber(::aclDataType dtype);

}  // namespace opsim::aclnn::opapi
