// x[i] = 0 for each tensor of the list, in place: the list's own tensors are the result.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void aclnn_kinds_foreach_zero(GM_ADDR x, GM_ADDR workspace,
                                                               GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(AclnnKindsForeachTilingData, t, tiling);
  AscendC::ListTensorDesc xs(reinterpret_cast<__gm__ void*>(x));
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 4096);
  AscendC::LocalTensor<float> zeros = buf.Get<float>();
  AscendC::Duplicate(zeros, 0.0f, 1024);
  AscendC::PipeBarrier<PIPE_ALL>();
  for (uint32_t i = 0; i < t.count; ++i) {
    AscendC::GlobalTensor<float> xg;
    xg.SetGlobalBuffer(xs.GetDataPtr<float>(i), t.lengths[i]);
    AscendC::DataCopy(xg, zeros, t.lengths[i]);
  }
}
