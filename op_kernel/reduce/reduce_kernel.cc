#include "reduce/reduce_kernel.h"

#include <string>

#include "opsim/sim/fault.h"

namespace opsim::kernels {

extern "C" __global__ __aicore__ void reduce_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling) {
  if (DispatchReduceSum(x, y, workspace, tiling) || DispatchReduceMax(x, y, workspace, tiling) ||
      DispatchReduceMin(x, y, workspace, tiling) || DispatchReduceProd(x, y, workspace, tiling)) {
    return;
  }
  sim::RaiseFault(sim::FaultKind::kInvalidArgument, "reduce_kernel",
                  "no kernel for tiling key " + std::to_string(sim::detail::Cur().tiling_key));
}

}  // namespace opsim::kernels
