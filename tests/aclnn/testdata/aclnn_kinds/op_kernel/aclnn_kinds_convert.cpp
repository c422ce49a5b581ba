// y[0..8) = x[0..8) converted to the column's output type: a float16 kernel on a float32 output
// would write half of it, a float32 one on a float16 output past it.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void aclnn_kinds_convert(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                          GM_ADDR tiling) {
  AscendC::GlobalTensor<DTYPE_X> xg;
  AscendC::GlobalTensor<DTYPE_Y> yg;
  xg.SetGlobalBuffer((__gm__ DTYPE_X*)x, 8);
  yg.SetGlobalBuffer((__gm__ DTYPE_Y*)y, 8);
  for (int32_t i = 0; i < 8; ++i) {
    yg.SetValue(i, static_cast<DTYPE_Y>(static_cast<float>(xg.GetValue(i))));
  }
}
