// The kernel of ArgMax (ONNX): the one arg-reduce launch; the tiling says max or min.
#include "argmax/entries/argmax_entry.h"

extern "C" __global__ __aicore__ void arg_max(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                              GM_ADDR tiling) {
  opsim_argmax_launch(x, y, workspace, tiling);
}
