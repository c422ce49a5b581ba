// The Reduce kernel: one launch runs every pass of a reduction (ReduceLaunchTiling); each pass's
// key picks the instantiation. Every Reduce op type's entry (op_kernel/reduce/entries) calls it.
#pragma once

#include "kernel_operator.h"
#include "reduce/entries/reduce_entry.h"
#include "reduce/reduce_kernels.h"

// opsim_reduce_launch(x, y, workspace, tiling) (entries/reduce_entry.h): x the input, y the
// output, workspace the scratch accumulators between passes and the partials of a split reduced
// extent, tiling a ReduceLaunchTiling. Faults on a key it does not know.

namespace op_kernel {

// One reducer's share of the dispatch (reduce_kernel_<reducer>.cc); true when the key matched.
bool DispatchReduceSum(const ReducePassArgs& pass);
bool DispatchReduceProd(const ReducePassArgs& pass);
bool DispatchReduceMax(const ReducePassArgs& pass);
bool DispatchReduceMin(const ReducePassArgs& pass);

}  // namespace op_kernel
