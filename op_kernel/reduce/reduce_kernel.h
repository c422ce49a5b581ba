// The Reduce kernel entry: one symbol, the tiling key picks the instantiation.
#pragma once

#include "kernel_operator.h"

namespace opsim::kernels {

// x: input (or the previous pass's accumulators), y: output, workspace: partials of a split
// reduced extent, tiling: a ReduceTilingData. Faults on a tiling key it does not know.
extern "C" __global__ __aicore__ void reduce_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling);

// One reducer's share of the dispatch (reduce_kernel_<reducer>.cc); true when the key matched.
bool DispatchReduceSum(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
bool DispatchReduceProd(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
bool DispatchReduceMax(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
bool DispatchReduceMin(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

}  // namespace opsim::kernels
