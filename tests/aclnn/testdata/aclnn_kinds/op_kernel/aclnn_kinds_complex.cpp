// y[i] = (re[i], im[i]) for 4 elements, written as 8 values of the inputs' type: the layout of
// complex64 (float pairs) and complex32 (float16 pairs).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void aclnn_kinds_complex(GM_ADDR re, GM_ADDR im, GM_ADDR y,
                                                          GM_ADDR workspace, GM_ADDR tiling) {
  AscendC::GlobalTensor<DTYPE_RE> rg;
  AscendC::GlobalTensor<DTYPE_IM> ig;
  AscendC::GlobalTensor<DTYPE_RE> yg;
  rg.SetGlobalBuffer((__gm__ DTYPE_RE*)re, 4);
  ig.SetGlobalBuffer((__gm__ DTYPE_IM*)im, 4);
  yg.SetGlobalBuffer((__gm__ DTYPE_RE*)y, 8);
  for (int32_t i = 0; i < 4; ++i) {
    yg.SetValue(2 * i, rg.GetValue(i));
    yg.SetValue(2 * i + 1, ig.GetValue(i));
  }
}
