// Non-contiguous views (a transposed or strided aclTensor): as CANN's op-API layer does, the run
// reads a contiguous copy in the workspace and writes its outputs back through the view.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn_objects.h"

namespace opsim::aclnn {

// Whether the view reads its elements in row-major order without gaps (dims of 1 take any
// stride), the layout an operation's kernels read.
bool IsContiguous(const aclTensor& t);

// A view the run reads or writes through its copy at `offset` in the workspace.
struct ViewCopy {
  const aclTensor* tensor = nullptr;
  bool output = false;
  size_t slot = 0;  // its place among the run's inputs (or outputs)
  uint64_t offset = 0;
  uint64_t bytes = 0;
};

// The view's elements in row-major order into `dst`, and back from `src`.
void GatherView(const aclTensor& t, uint8_t* dst);
void ScatterView(const aclTensor& t, const uint8_t* src);

}  // namespace opsim::aclnn
