// The kernel of Sqrt (ONNX): the elementwise unary launch, the op read from the tiling.
#include "elementwise/entries/elementwise_entry.h"

extern "C" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                           GM_ADDR tiling) {
  (void)workspace;
  opsim_elementwise_unary(x, y, tiling);
}
