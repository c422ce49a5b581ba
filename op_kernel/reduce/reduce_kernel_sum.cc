// Sum instantiations (docs/SPEC.md section 2: the ONNX ReduceProd list).
#include "reduce/reduce_dispatch.h"
#include "reduce/reduce_kernel.h"

namespace opsim::kernels {

bool DispatchReduceSum(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  return TryPairs<SumReducer>(
             SameTypePairs<float, half, bfloat16_t, double, int32_t, uint32_t, int64_t, uint64_t>{},
             x, y, workspace, tiling) ||
         TryPairs<SumReducer>(WidePairs{}, x, y, workspace, tiling);
}

}  // namespace opsim::kernels
