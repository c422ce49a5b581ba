// y[0..8) = 2 * x[0..8), while a queue tile allocated and dequeued is never freed: the TPipe
// ends with it held (isin_part_v1's pattern), which the chip ignores and opsim warns about.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void aclnn_kinds_held(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                       GM_ADDR tiling) {
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> queue;
  pipe.InitBuffer(queue, 1, 256);
  AscendC::LocalTensor<float> held = queue.AllocTensor<float>();
  AscendC::Duplicate(held, 1.0f, 64);
  queue.EnQue(held);
  held = queue.DeQue<float>();
  AscendC::GlobalTensor<float> xg;
  AscendC::GlobalTensor<float> yg;
  xg.SetGlobalBuffer((__gm__ float*)x, 8);
  yg.SetGlobalBuffer((__gm__ float*)y, 8);
  for (int32_t i = 0; i < 8; ++i) yg.SetValue(i, 2.0f * xg.GetValue(i));
}
