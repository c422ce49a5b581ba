// The host program of opsim's CCE-layout test project: fills x and y, runs scale_add on 8
// blocks and checks z = 2x + y itself (no data files, no python). Exit status 0 when every
// element matches; a kernel fault ends the program inside ICPU_RUN_KF with status 1.
#include <cstdint>
#include <cstdio>
#ifdef ASCENDC_CPU_DEBUG
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void scale_add(GM_ADDR x, GM_ADDR y, GM_ADDR z);
#else
#include "acl/acl.h"
extern void scale_add_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x, uint8_t* y,
                         uint8_t* z);
#endif

int32_t main() {
  constexpr uint32_t kBlockDim = 8;
  constexpr size_t kCount = 8 * 2048;
  constexpr size_t kBytes = kCount * sizeof(float);
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(kBytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(kBytes);
  uint8_t* z = (uint8_t*)AscendC::GmAlloc(kBytes);
  float* xf = reinterpret_cast<float*>(x);
  float* yf = reinterpret_cast<float*>(y);
  float* zf = reinterpret_cast<float*>(z);
  for (size_t i = 0; i < kCount; ++i) {
    xf[i] = static_cast<float>(i % 97) * 0.5f;
    yf[i] = static_cast<float>(i % 13) - 6.0f;
    zf[i] = -1.0f;
  }
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(scale_add, kBlockDim, x, y, z);
  size_t bad = 0;
  for (size_t i = 0; i < kCount; ++i) {
    if (zf[i] != 2.0f * xf[i] + yf[i]) {
      if (bad++ < 5) std::printf("z[%zu] = %g, expected %g\n", i, zf[i], 2.0f * xf[i] + yf[i]);
    }
  }
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(z);
  std::printf(bad == 0 ? "scale_add: all %zu elements match\n" : "scale_add: %zu wrong\n",
              bad == 0 ? kCount : bad);
  return bad == 0 ? 0 : 1;
#else
  (void)kBlockDim;
  (void)kBytes;
  std::printf("this test project runs in CPU-debug mode only\n");
  return 1;
#endif
}
