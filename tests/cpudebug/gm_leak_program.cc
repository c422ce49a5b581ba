// A CPU-debug program as a user writes one: GmAlloc, ICPU_RUN_KF, GmFree. `gm_leak_program leak`
// forgets to free the kernel's output z and a block it never passed to a kernel; without an
// argument it frees everything. The leak report at exit is what cpudebug_gm_leak_test reads.
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

constexpr uint32_t kCount = 256;  // floats copied from x to z

extern "C" __global__ __aicore__ void copy_kernel(GM_ADDR x, GM_ADDR z) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kCount * sizeof(float));
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer((__gm__ float*)x, kCount);
  zg.SetGlobalBuffer((__gm__ float*)z, kCount);
  AscendC::DataCopy(t, xg, kCount);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zg, t, kCount);
}

int main(int argc, char** argv) {
  const bool leak = argc > 1 && std::strcmp(argv[1], "leak") == 0;
  auto* x = static_cast<uint8_t*>(AscendC::GmAlloc(kCount * sizeof(float)));
  auto* z = static_cast<uint8_t*>(AscendC::GmAlloc(8192));
  ICPU_RUN_KF(copy_kernel, 1, x, z);
  AscendC::GmFree(x);
  if (leak) {
    (void)AscendC::GmAlloc(100);
  } else {
    AscendC::GmFree(z);
  }
  return 0;
}
