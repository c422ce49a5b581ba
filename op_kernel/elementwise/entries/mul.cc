// The kernel of Mul (ONNX): the elementwise binary launch, the op read from the tiling.
#include "elementwise/entries/elementwise_entry.h"

extern "C" __global__ __aicore__ void mul(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace,
                                          GM_ADDR tiling) {
  (void)workspace;
  opsim_elementwise_binary(a, b, c, tiling);
}
