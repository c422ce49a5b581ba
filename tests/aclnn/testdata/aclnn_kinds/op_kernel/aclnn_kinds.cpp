// y = sum of the list x + bias (when given) + c, one block, the whole row in the UB.
#include "kernel_operator.h"

// The ValueDepend inputs reach the tiling (c), not the kernel.
extern "C" __global__ __aicore__ void aclnn_kinds(GM_ADDR x, GM_ADDR bias, GM_ADDR scales,
                                                  GM_ADDR shifts, GM_ADDR mask, GM_ADDR y,
                                                  GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(t, tiling);
  const uint32_t n = t.total;
  AscendC::ListTensorDesc list(x);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> acc_buf;
  pipe.InitBuffer(in, 1, n * sizeof(float));
  pipe.InitBuffer(out, 1, n * sizeof(float));
  pipe.InitBuffer(acc_buf, n * sizeof(float));
  AscendC::LocalTensor<float> acc = acc_buf.Get<float>();
  AscendC::Duplicate(acc, t.c, n);
  const uint32_t count = list.GetSize();
  for (uint32_t i = 0; i <= count; ++i) {
    AscendC::GlobalTensor<float> g;
    if (i < count) {
      uint64_t shape[8] = {};
      AscendC::TensorDesc<float> desc;
      desc.SetShapeAddr(shape);
      list.GetDesc(desc, i);
      g = desc.GetDataObj();
    } else if (bias != nullptr) {
      g.SetGlobalBuffer((__gm__ float*)bias, n);
    } else {
      break;
    }
    AscendC::LocalTensor<float> v = in.AllocTensor<float>();
    AscendC::DataCopy(v, g, n);
    in.EnQue(v);
    v = in.DeQue<float>();
    AscendC::Add(acc, acc, v, n);
    in.FreeTensor(v);
  }
  AscendC::LocalTensor<float> o = out.AllocTensor<float>();
  AscendC::Adds(o, acc, 0.0f, n);
  out.EnQue(o);
  o = out.DeQue<float>();
  AscendC::GlobalTensor<float> yg;
  yg.SetGlobalBuffer((__gm__ float*)y, n);
  AscendC::DataCopy(yg, o, n);
  out.FreeTensor(o);
}
