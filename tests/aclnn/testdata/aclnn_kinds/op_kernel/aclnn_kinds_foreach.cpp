// y[i] = 2 * x[i] for each tensor of the lists, one core: x and y are each one GM address of a
// ListTensorDesc block, as the framework hands a DYNAMIC parameter to a kernel.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void aclnn_kinds_foreach(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                          GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(AclnnKindsForeachTilingData, t, tiling);
  AscendC::ListTensorDesc xs(reinterpret_cast<__gm__ void*>(x));
  AscendC::ListTensorDesc ys(reinterpret_cast<__gm__ void*>(y));
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 4096);
  for (uint32_t i = 0; i < t.count; ++i) {
    const uint32_t n = t.lengths[i];
    AscendC::GlobalTensor<float> xg;
    AscendC::GlobalTensor<float> yg;
    xg.SetGlobalBuffer(xs.GetDataPtr<float>(i), n);
    yg.SetGlobalBuffer(ys.GetDataPtr<float>(i), n);
    AscendC::LocalTensor<float> l = buf.Get<float>();
    AscendC::DataCopy(l, xg, n);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Muls(l, l, 2.0f, n);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yg, l, n);
    AscendC::PipeBarrier<PIPE_ALL>();
  }
}
