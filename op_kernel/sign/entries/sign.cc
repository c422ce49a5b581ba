// The kernel of Sign (ONNX): the one Sign launch (sign/sign_kernel.cc), the dtype read from the
// tiling. Declared here with C linkage so that this entry, compiled inside a namespace of its own
// (as opsim_add_op_library compiles kernels), still names it.
#include "kernel_operator.h"

extern "C" void opsim_sign_launch(GM_ADDR x, GM_ADDR y, GM_ADDR tiling);

extern "C" __global__ __aicore__ void sign(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                           GM_ADDR tiling) {
  (void)workspace;
  opsim_sign_launch(x, y, tiling);
}
