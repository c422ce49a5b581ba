// CANN's CPU-debug launch header, which `.asc` sources include under ASCENDC_CPU_DEBUG before
// their `<<<>>>` launches (asc-devkit's samples; its page "CPU域孪生调试"): in CPU mode the asc
// compiler rewrites `kernel<<<numBlocks, dynUBufSize, stream>>>(args...)` into
// `AscendC::AscCPUKernelLaunch(numBlocks, dynUBufSize, stream, "<mangled name>", kernel, args...)`.
// A host compiler does not rewrite `<<<>>>`, so a program calls it itself (or ICPU_RUN_KF).
#pragma once

#include <cstdlib>

#include "acl/acl.h"
#include "tikicpulib.h"

namespace AscendC {

// Runs `kernelFunc` on numBlocks blocks of the simulated device as ICPU_RUN_KF does, named
// `mangling` in its messages; a fault ends the program with status 1, as CANN's CPU debug does.
// The core type is the current KernelMode (SetKernelMode; MIX_MODE runs a vector kernel on the
// vector cores): CANN looks it up by the mangled name in the device compiler's records of
// `__cube__`/`__vector__`/`__mix__`, which a host build has not. dynUBufSize and the stream do
// not change a simulated run (the launch is synchronous).
template <typename T, typename... Args>
inline void AscCPUKernelLaunch(unsigned numBlocks, void* dynUBufSize, aclrtStream stream,
                               const char* mangling, T kernelFunc, Args... args) {
  (void)dynUBufSize;
  (void)stream;
  if (::opsim::cpudebug::RunKernel(mangling, OPSIM_ICPU_SOC_VERSION, "", numBlocks, kernelFunc,
                                   args...) != 0) {
    std::exit(EXIT_FAILURE);
  }
}

}  // namespace AscendC
