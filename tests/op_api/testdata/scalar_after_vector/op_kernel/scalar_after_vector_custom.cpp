// y = x + 1, then y[0] += y[1] with scalar accesses right after the vector op and before the
// copy-out, with no SetFlag/WaitFlag: the V->S and S->MTE3 syncs are --cce-auto-sync's.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void scalar_after_vector_custom(GM_ADDR x, GM_ADDR y,
                                                                 GM_ADDR workspace,
                                                                 GM_ADDR tiling) {
  GET_TILING_DATA(tiling_data, tiling);
  // CANN's build declares the tiling struct at global scope: a kernel may name its type. The
  // count is read from the nested struct, behind an array: the generated struct's layout must be
  // the host image's.
  const ScalarAfterVectorTilingData* named = &tiling_data;
  const uint32_t n = named->shape.cols;
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, n * sizeof(float));
  pipe.InitBuffer(out, 1, n * sizeof(float));
  AscendC::GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, n);
  yGm.SetGlobalBuffer((__gm__ float*)y, n);

  AscendC::LocalTensor<float> xLocal = in.AllocTensor<float>();
  AscendC::DataCopy(xLocal, xGm, n);
  in.EnQue(xLocal);
  xLocal = in.DeQue<float>();
  AscendC::LocalTensor<float> yLocal = out.AllocTensor<float>();
  AscendC::Adds(yLocal, xLocal, 1.0f, n);
  yLocal.SetValue(0, yLocal.GetValue(0) + yLocal.GetValue(1));  // scalar right after the vector
  out.EnQue(yLocal);
  in.FreeTensor(xLocal);
  yLocal = out.DeQue<float>();
  AscendC::DataCopy(yGm, yLocal, n);
  out.FreeTensor(yLocal);
}
