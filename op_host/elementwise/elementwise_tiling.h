// Host side of the elementwise family: the numpy broadcast of two shapes, and the tiling the
// elementwise kernels read (op_kernel/elementwise/elementwise_tiling_data.h): the block split,
// the UB tile and, for binary ops, the coalesced output dims with each operand's strides.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "elementwise/elementwise_tiling_data.h"
#include "opsim/core/dtype.h"
#include "opsim/core/status.h"

namespace opsim::elementwise {

// numpy / ONNX multidirectional broadcasting: dims align at the right, each pair equal or one
// of them 1. An error names the op, both shapes and the first dim pair that disagrees.
Status BroadcastShape(const std::string& op, const std::vector<int64_t>& a,
                      const std::vector<int64_t>& b, std::vector<int64_t>* out);

struct ElementwiseDevice {
  uint32_t cores = 1;
  uint64_t ub_bytes = 0;
  bool has_data_copy_pad = false;
};

struct ElementwiseRequest {
  std::string op_name;  // for messages
  ::op_kernel::ElementwiseOp op = ::op_kernel::ElementwiseOp::kAbs;
  DType src = DType::kFloat32;
  DType dst = DType::kFloat32;
  std::vector<int64_t> a;  // input 0's dims
  std::vector<int64_t> b;  // input 1's dims (binary ops)
};

// Unary ops and Cast: `b` is unused and the view is flat. Binary ops: the output is the
// broadcast of a and b.
Status MakeElementwiseTiling(const ElementwiseRequest& request, const ElementwiseDevice& device,
                             ::op_kernel::ElementwiseTiling* tiling, uint32_t* block_dim);

}  // namespace opsim::elementwise
