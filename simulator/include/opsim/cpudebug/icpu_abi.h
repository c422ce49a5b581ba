// The CPU-debug runtime's entry points (libtikicpulib). Plain C types only: a CPU-debug main.cpp
// is compiled with -D_GLIBCXX_USE_CXX11_ABI=0 while opsim's libraries use the new string ABI,
// so nothing whose layout depends on that ABI may cross this line.
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Runs one block of the kernel: calls the kernel with the arguments saved in ctx.
typedef void (*OpsimIcpuInvoke)(void* ctx);

// How a launch was written, for its messages, and the core type its kernel declared.
typedef struct OpsimIcpuLaunch {
  const char* door;   // "ICPU_RUN_KF", "AscCPUKernelLaunch" or "<<<>>>" (the asc driver's rewrite)
  const char* where;  // "file.asc:42" of a <<<>>> launch; "" otherwise
  int kind;           // OPSIM_ICPU_KIND_*: what the kernel's declaration says
  uint32_t aiv_per_aic;  // a __mix__(1, n) kernel's n
} OpsimIcpuLaunch;
// A kernel declared `__global__ __aicore__` says nothing: the KernelMode decides (SetKernelMode).
#define OPSIM_ICPU_KIND_UNSTATED 0
#define OPSIM_ICPU_KIND_VECTOR 1  // __vector__: the vector cores
#define OPSIM_ICPU_KIND_CUBE 2    // __cube__: the cube cores
#define OPSIM_ICPU_KIND_MIX 3     // __mix__(1, n): one AIC with n AIV per block

// Launches the kernel on the simulated device of `soc` (a SoC name such as "Ascend910B1") with
// every check on. arg_text is the argument list as written ("x, y, z, tiling");
// gm_args[i] is argument i when it is a pointer (each non-null one must be GmAlloc memory and
// becomes a GM region named after its argument), null otherwise. On a fault or an invalid
// launch it prints the reason on stderr, naming the launch as `how` says it was written, and
// returns non-zero; on success it prints one line with the simulated time on stdout and returns 0.
int opsim_icpu_run_as(const OpsimIcpuLaunch* how, const char* kernel_name, const char* soc,
                      uint32_t block_dim, const char* arg_text, const void* const* gm_args,
                      uint32_t arg_count, OpsimIcpuInvoke invoke, void* ctx);
// opsim_icpu_run_as for an ICPU_RUN_KF launch.
int opsim_icpu_run(const char* kernel_name, const char* soc, uint32_t block_dim,
                   const char* arg_text, const void* const* gm_args, uint32_t arg_count,
                   OpsimIcpuInvoke invoke, void* ctx);

// Prints "[ERROR] <launch>(<kernel_name>): <why>" on stderr and returns non-zero: a launch
// refused before it reached the runtime (a blockDim out of range).
int opsim_icpu_refuse_as(const OpsimIcpuLaunch* how, const char* kernel_name, const char* why);
int opsim_icpu_refuse(const char* kernel_name, const char* why);  // an ICPU_RUN_KF launch

// AscendC::SetKernelMode: 0 MIX_MODE, 1 AIC_MODE, 2 AIV_MODE, 3 MIX_AIC_1_1.
void opsim_icpu_set_kernel_mode(int mode);
// ICPU_SET_TILING_KEY: what TILING_KEY_IS compares against in the next launches.
void opsim_icpu_set_tiling_key(uint64_t key);
// The kernel the next opsim_icpu_run on this thread launches: its library says whether it is a
// MIX kernel (lib/matmul_intf.h).
void opsim_icpu_note_kernel(const void* kernel);

#ifdef __cplusplus
}
#endif
