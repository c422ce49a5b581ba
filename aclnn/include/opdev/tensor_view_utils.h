// nnopbase's view helpers for op-API layers (opdev/tensor_view_utils.h).
#pragma once

#include <initializer_list>

#include "opdev/common_types.h"

namespace op {

// Row-major without gaps (dims of 1 take any stride), the layout kernels read.
bool IsContiguous(const aclTensor* tensor);
// Whether the view's elements can be read in place as a contiguous tensor: opsim says so only
// for a contiguous one.
bool CanPickViewAsContiguous(const aclTensor* tensor);
bool CanPickViewAsContiguous(std::initializer_list<const aclTensor*> tensorList);
// Whether the tensor's view fits its storage.
bool Validate(const aclTensor* tensor);

}  // namespace op
