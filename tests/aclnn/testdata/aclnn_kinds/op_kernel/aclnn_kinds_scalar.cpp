// y[0..8) = the scalar input's value, read from device memory as a kernel reads a tensor.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void aclnn_kinds_scalar(GM_ADDR value, GM_ADDR y,
                                                         GM_ADDR workspace, GM_ADDR tiling) {
  AscendC::GlobalTensor<DTYPE_VALUE> v;
  AscendC::GlobalTensor<DTYPE_Y> yg;
  v.SetGlobalBuffer((__gm__ DTYPE_VALUE*)value, 1);
  yg.SetGlobalBuffer((__gm__ DTYPE_Y*)y, 8);
  const DTYPE_VALUE x = v.GetValue(0);
  for (int32_t i = 0; i < 8; ++i) yg.SetValue(i, static_cast<DTYPE_Y>(x));
}
