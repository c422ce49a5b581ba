// Compiled as a CPU-debug main.cpp is (C++17, -O2, the old string ABI, -Wall -Werror): the
// headers it includes must build there. Nothing runs; the build is the test.
#include "acl/acl.h"
#include "cpu_debug_launch.h"
#include "securec.h"
#include "tikicpulib.h"

// CANN defines __CCE_KT_TEST__ only on a CPU-debug or kernel-UT build's command line (this
// one has ASCENDC_CPU_DEBUG alone), never in a header.
#ifdef __CCE_KT_TEST__
#error "a header defines __CCE_KT_TEST__; CANN's come only from the command line"
#endif

extern "C" __global__ __aicore__ void cxx17_check_kernel(GM_ADDR x, uint32_t n);
extern "C" __global__ __aicore__ void cxx17_check_kernel_without_parameters();

void Cxx17MainCheck() {
  auto* x = static_cast<uint8_t*>(AscendC::GmAlloc(64));
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_SET_TILING_KEY(1);
  ICPU_RUN_KF(cxx17_check_kernel, 1, x, 16u);
  ICPU_RUN_KF(cxx17_check_kernel_without_parameters, 1);
  AscendC::AscCPUKernelLaunch(1, nullptr, nullptr, "cxx17_check_kernel", cxx17_check_kernel, x,
                              16u);
  (void)aclFloat16ToFloat(aclFloatToFloat16(1.0f));
  char name[8];
  (void)strcpy_s(name, sizeof(name), "x");
  (void)memset_s(x, 64, 0, 64);
  AscendC::GmFree(x);
}
