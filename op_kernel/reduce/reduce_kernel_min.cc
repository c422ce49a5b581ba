// Min instantiations (docs/SPEC.md section 2: the ONNX list plus int8 and uint8).
#include "reduce/reduce_dispatch.h"
#include "reduce/reduce_kernel.h"

namespace opsim::kernels {

bool DispatchReduceMin(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  return TryPairs<MinReducer>(SameTypePairs<float, half, bfloat16_t, double, int32_t, uint32_t,
                                            int64_t, uint64_t, int8_t, uint8_t>{},
                              x, y, workspace, tiling) ||
         TryPairs<MinReducer>(WidePairs{}, x, y, workspace, tiling);
}

}  // namespace opsim::kernels
