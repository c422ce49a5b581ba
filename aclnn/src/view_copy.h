// Non-contiguous views (a transposed or strided aclTensor): as CANN's op-API layer does, the run
// reads a contiguous copy in the workspace and writes its outputs back through the view.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn_objects.h"
#include "opdev/op_executor.h"

namespace opsim::aclnn {

// Whether the view reads its elements in row-major order without gaps (dims of 1 take any
// stride), the layout an operation's kernels read.
bool IsContiguous(const aclTensor& t);

// The view's elements in row-major order into `dst`, and back from `src`.
void GatherView(const aclTensor& t, uint8_t* dst);
void ScatterView(const aclTensor& t, const uint8_t* src);
// `from`'s view into `to`'s, element by element in row-major order (same type and count).
void CopyView(const aclTensor& from, const aclTensor& to);

}  // namespace opsim::aclnn
