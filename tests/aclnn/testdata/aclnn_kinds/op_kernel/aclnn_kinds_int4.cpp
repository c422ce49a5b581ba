// y = x as half and z = x for 64 int4 values (32 B packed): a DT_INT4 column, whose kernel type
// CANN's op compiler names int4b_t, from the caller's packed bytes to its outputs.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void aclnn_kinds_int4(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                       GM_ADDR workspace, GM_ADDR tiling) {
  constexpr int32_t kCount = 64;
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> packed;
  AscendC::TBuf<AscendC::TPosition::VECCALC> halves;
  pipe.InitBuffer(packed, kCount / 2);
  pipe.InitBuffer(halves, kCount * sizeof(DTYPE_Y));
  AscendC::GlobalTensor<DTYPE_X> xg;
  AscendC::GlobalTensor<DTYPE_Y> yg;
  AscendC::GlobalTensor<DTYPE_Z> zg;
  xg.SetGlobalBuffer((__gm__ DTYPE_X*)x, kCount);
  yg.SetGlobalBuffer((__gm__ DTYPE_Y*)y, kCount);
  zg.SetGlobalBuffer((__gm__ DTYPE_Z*)z, kCount);
  AscendC::LocalTensor<DTYPE_X> xl = packed.Get<DTYPE_X>();
  AscendC::LocalTensor<DTYPE_Y> yl = halves.Get<DTYPE_Y>();
  AscendC::DataCopy(xl, xg, kCount / 2);  // the count form counts int4b_t in bytes (dav_c220)
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Cast(yl, xl, AscendC::RoundMode::CAST_NONE, kCount);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(yg, yl, kCount);
  AscendC::DataCopy(zg, xl, kCount / 2);
}
