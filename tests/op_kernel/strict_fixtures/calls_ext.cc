// A kernel that sums rows with the batched ext:: instruction the simulator once had instead of
// Ascend C's reductions. No chip has opsim::ext::ReduceRows, and neither does the simulator any
// more: the kernel fails to compile in both modes, in strict mode on the poisoned name.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void strict_fixture_calls_ext(GM_ADDR x, GM_ADDR y) {
  (void)x;
  (void)y;
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  AscendC::LocalTensor<float> src = buf.Get<float>();
  AscendC::LocalTensor<float> dst = src[128];
  opsim::ext::ReduceRows(dst, src, opsim::ext::ReduceOp::kSum, 4, 32, 32);
}
