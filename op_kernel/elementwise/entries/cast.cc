// The kernel of Cast (ONNX): the elementwise cast launch, the op read from the tiling.
#include "elementwise/entries/elementwise_entry.h"

extern "C" __global__ __aicore__ void cast(GM_ADDR input, GM_ADDR output, GM_ADDR workspace,
                                           GM_ADDR tiling) {
  (void)workspace;
  opsim_elementwise_cast(input, output, tiling);
}
