// CANN's CPU-debug launch header, which `.asc` sources include under ASCENDC_CPU_DEBUG before
// their `<<<>>>` launches (asc-devkit's samples; its page "CPU域孪生调试"): in CPU mode the asc
// compiler rewrites `kernel<<<numBlocks, dynUBufSize, stream>>>(args...)` into
// `AscendC::AscCPUKernelLaunch(numBlocks, dynUBufSize, stream, "<mangled name>", kernel, args...)`.
// opsim's asc driver (bin/opsim-asc, docs/CPU_DEBUG.md "`.asc` projects") rewrites it into the
// overload below that also takes the kernel's declared kind; a host compiler does not rewrite
// `<<<>>>`, so a program built without the driver calls AscCPUKernelLaunch itself (or ICPU_RUN_KF).
#pragma once

#include <cstdlib>
#include <utility>

#include "acl/acl.h"
#include "tikicpulib.h"

namespace AscendC {

// What the asc driver knows of a `<<<>>>` launch: its kernel's declared kind
// (OPSIM_ICPU_KIND_*: `__vector__`, `__cube__`, `__mix__(1, n)` or none) and where it is written.
struct AscKernelLaunchSite {
  int kind;
  unsigned aivPerAic;  // n of __mix__(1, n)
  const char* where;   // "file.asc:42"
  const char* args;    // the launch's arguments as written, which name the GM regions
};

// Runs `kernelFunc` on numBlocks blocks of the simulated device through ICPU_RUN_KF's run path,
// on the cores of its declared kind; its messages name the `<<<>>>` launch and where it is. A
// fault ends the program with status 1, as CANN's CPU debug does. The stream does not defer the
// launch: opsim's ACL streams are synchronous (the kernel has run when the call returns, so
// aclrtSynchronizeStream has nothing left to wait for); dynUBufSize (the l2ctrl slot) does not
// change a simulated run.
template <typename T, typename U, typename S, typename... Args>
inline void AscCPUKernelLaunch(const AscKernelLaunchSite& site,
                               ::opsim::cpudebug::BlockDimArg numBlocks, U dynUBufSize, S stream,
                               const char* name, T kernelFunc, Args&&... args) {
  (void)dynUBufSize;
  (void)stream;
  const OpsimIcpuLaunch how{"<<<>>>", site.where, site.kind, site.aivPerAic};
  if (::opsim::cpudebug::RunKernelAs(how, name, OPSIM_ICPU_SOC_VERSION, site.args, numBlocks,
                                     kernelFunc, std::forward<Args>(args)...) != 0) {
    std::exit(EXIT_FAILURE);
  }
}

// CANN's form, as a program calls it by hand: the kernel's kind is not known here (CANN looks
// it up by the mangled name in the device compiler's records of `__cube__`/`__vector__`/
// `__mix__`, which a host build has not), so the KernelMode decides (SetKernelMode; MIX_MODE runs
// a vector kernel on the vector cores). Its messages name AscCPUKernelLaunch and `mangling`.
template <typename T, typename... Args>
inline void AscCPUKernelLaunch(unsigned numBlocks, void* dynUBufSize, aclrtStream stream,
                               const char* mangling, T kernelFunc, Args... args) {
  (void)dynUBufSize;
  (void)stream;
  const OpsimIcpuLaunch how{"AscCPUKernelLaunch", "", OPSIM_ICPU_KIND_UNSTATED, 0};
  if (::opsim::cpudebug::RunKernelAs(how, mangling, OPSIM_ICPU_SOC_VERSION, "", numBlocks,
                                     kernelFunc, args...) != 0) {
    std::exit(EXIT_FAILURE);
  }
}

}  // namespace AscendC
