// A kernel that sums rows with the simulator's batched ext:: instruction instead of Ascend C's
// reductions: it compiles against the simulator, and the strict portability check must refuse
// it (no chip has opsim::ext::ReduceRows).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void strict_fixture_calls_ext(GM_ADDR x, GM_ADDR y) {
  (void)x;
  (void)y;
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  AscendC::LocalTensor<float> src = buf.Get<float>();
  AscendC::LocalTensor<float> dst = src[128];
  using namespace opsim::ext;
  ReduceRows(dst, src, ReduceOp::kSum, 4, 32, 32);
}
