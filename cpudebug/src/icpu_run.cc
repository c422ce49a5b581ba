// ICPU_RUN_KF's runtime: the SoC's device profile, a GM region per pointer argument named after
// it, a checked launch, and the fault (or the simulated time) reported the way a CPU-debug
// program's user reads it.
#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "arg_names.h"
#include "gm_leak_report.h"
#include "opsim/cpudebug/icpu_abi.h"
#include "opsim/sim/ascendc/cube_matmul_engine.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/launch.h"
#include "opsim/sim/launch_mix.h"
#include "profile_location.h"
#include "soc_profiles.h"

namespace opsim::cpudebug {
namespace {

std::atomic<int> g_kernel_mode{0};  // MIX_MODE until SetKernelMode, as in Ascend's CPU mode
std::atomic<uint64_t> g_tiling_key{0};
// The kernel ICPU_RUN_KF is about to launch (opsim_icpu_note_kernel): its library says whether
// it is a MIX kernel.
thread_local const void* g_kernel_fn = nullptr;

// The leak report at exit is part of every CPU-debug program that links libtikicpulib.
const bool g_leak_report_installed = (InstallGmLeakReport(), true);

constexpr int kMixMode = 0;
constexpr int kAicMode = 1;
constexpr int kMixAic11Mode = 3;

int Refuse(const char* kernel_name, const std::string& why) {
  std::fprintf(stderr, "[ERROR] ICPU_RUN_KF(%s): %s\n", kernel_name, why.c_str());
  return 1;
}

// One region per non-null pointer argument, from that pointer to the end of its GmAlloc block.
// A pointer that is not GmAlloc memory (the AddN sample's ListTensorDesc on the host stack) is
// passed on as CANN's CPU mode passes it, with a warning: the kernel may read it as a host
// struct, but it has no GM region, so a GlobalTensor over it faults (on the chip it must be
// device memory: the sample's NPU path copies it there).
Status ArgumentRegions(const char* kernel_name, const std::vector<std::string>& names,
                       const void* const* gm_args, std::vector<sim::GmRegion>* regions) {
  for (size_t i = 0; i < names.size(); ++i) {
    const void* ptr = gm_args[i];
    if (ptr == nullptr) continue;
    const void* base = nullptr;
    uint64_t bytes = 0;
    if (!sim::FindGmAllocBlock(ptr, &base, &bytes)) {
      std::fprintf(stderr,
                   "[WARNING] ICPU_RUN_KF(%s): argument %zu '%s' (%p) is not memory from "
                   "AscendC::GmAlloc: passed to the kernel unchecked, as CANN's CPU mode passes "
                   "it (it has no GM region: a GlobalTensor over it faults)\n",
                   kernel_name, i, names[i].c_str(), ptr);
      continue;
    }
    RememberGmArgument(base, bytes, kernel_name, names[i]);
    const uint64_t offset =
        static_cast<uint64_t>(static_cast<const uint8_t*>(ptr) - static_cast<const uint8_t*>(base));
    // The region is the allocation GmAlloc made, rounded up to 512 B as the device allocator
    // rounds (gm_registry.cc): the chip lets a kernel read an aligned tail inside it. Past the
    // size its GlobalTensor declares is still a global_tensor_overrun warning.
    const uint64_t allocated = std::max<uint64_t>((bytes + 511) / 512 * 512, 512);
    regions->push_back({ptr, allocated - offset, names[i]});
  }
  return Status::Ok();
}

// "x at 0x7f.. (8192 B), y at ..." so that an address in a fault message can be placed.
std::string DescribeRegions(const std::vector<sim::GmRegion>& regions) {
  std::string out;
  for (const sim::GmRegion& r : regions) {
    char addr[32];
    std::snprintf(addr, sizeof(addr), "%p", r.base);
    out +=
        (out.empty() ? "" : ", ") + r.name + " at " + addr + " (" + std::to_string(r.bytes) + " B)";
  }
  return out.empty() ? "none (no pointer arguments)" : out;
}

// CANN's --cce-auto-sync for this launch: OPSIM_AUTO_SYNC=on|off in the environment (a CPU-debug
// build has no device compiler step to pass the option to), else off when the kernel code was
// compiled with --cce-auto-sync=off (ccec) or -DOPSIM_CCE_AUTO_SYNC=0, else on.
Status AutoSyncSetting(bool* auto_sync) {
  const char* env = std::getenv("OPSIM_AUTO_SYNC");
  if (env == nullptr) {
    *auto_sync = !sim::KernelsBuiltWithoutAutoSync();
    return Status::Ok();
  }
  const std::string value = env;
  if (value != "on" && value != "off") {
    return Status(ErrorCode::kInvalidParam, "OPSIM_AUTO_SYNC='" + value +
                                                "' is not an auto-sync setting (expected on or "
                                                "off, as CANN's --cce-auto-sync=on|off)");
  }
  *auto_sync = value == "on";
  return Status::Ok();
}

}  // namespace
}  // namespace opsim::cpudebug

extern "C" void opsim_icpu_set_kernel_mode(int mode) { opsim::cpudebug::g_kernel_mode = mode; }

extern "C" int opsim_icpu_refuse(const char* kernel_name, const char* why) {
  return opsim::cpudebug::Refuse(kernel_name != nullptr ? kernel_name : "?",
                                 why != nullptr ? why : "refused");
}

extern "C" void opsim_icpu_set_tiling_key(uint64_t key) { opsim::cpudebug::g_tiling_key = key; }

extern "C" void opsim_icpu_note_kernel(const void* kernel) {
  opsim::cpudebug::g_kernel_fn = kernel;
}

extern "C" int opsim_icpu_run(const char* kernel_name, const char* soc, uint32_t block_dim,
                              const char* arg_text, const void* const* gm_args, uint32_t arg_count,
                              OpsimIcpuInvoke invoke, void* ctx) {
  using namespace opsim;
  using namespace opsim::cpudebug;
  if (kernel_name == nullptr || arg_text == nullptr || invoke == nullptr ||
      (arg_count > 0 && gm_args == nullptr)) {
    return Refuse(kernel_name ? kernel_name : "?",
                  "called with a null kernel, argument list or "
                  "callback (use the ICPU_RUN_KF macro)");
  }
  if (soc == nullptr) {
    return Refuse(
        kernel_name,
        "no SoC: the program was not compiled with the definitions of a "
        "tikicpulib::<SoC> target (link the kernel library to tikicpulib::${SOC_VERSION})");
  }
  // SetKernelMode takes the enum, but a cast lets any int through (SetKernelMode(99)).
  if (const int mode = g_kernel_mode; mode < kMixMode || mode > kMixAic11Mode) {
    return Refuse(kernel_name, "KernelMode " + std::to_string(mode) +
                                   " is not a KernelMode (expected MIX_MODE 0, AIC_MODE 1, "
                                   "AIV_MODE 2 or MIX_AIC_1_1 3; set by AscendC::SetKernelMode)");
  }
  std::string profile_name;
  Status status = ProfileForSoc(soc, &profile_name);
  sim::DeviceProfile device;
  if (status.ok()) status = LoadProfile(profile_name, &device);
  if (!status.ok()) return Refuse(kernel_name, status.message());

  const std::vector<std::string> names = ArgumentNames(arg_text, arg_count);
  sim::LaunchOptions options;
  options.checked = true;
  options.tiling_key = g_tiling_key;
  status = AutoSyncSetting(&options.auto_sync);
  if (!status.ok()) return Refuse(kernel_name, status.message());
  status = ArgumentRegions(kernel_name, names, gm_args, &options.regions);
  if (!status.ok()) return Refuse(kernel_name, status.message());

  // AIC_MODE runs the kernel on the cube cores. MIX_MODE runs one AIC with its AIV cores per
  // block when the program's kernels use the Matmul's MIX form (lib/matmul_intf.h without
  // ASCENDC_CUBE_ONLY); a MIX_MODE launch of vector kernels runs them on the vector cores.
  // MIX_AIC_1_1 runs one AIC with one AIV, the AIC running the kernel's own code unless it is
  // the Matmul's server. A KERNEL_TASK_TYPE_DEFAULT in the kernel overrides all of these.
  const int mode = g_kernel_mode;
  if (mode == kAicMode) options.core_type = sim::CoreType::kAic;
  const auto run = [invoke, ctx] { invoke(ctx); };
  const bool matmul = sim::detail::MixKernelAt(g_kernel_fn);
  sim::LaunchResult result;
  if (mode == kMixMode && matmul) {
    result = sim::LaunchMix(device, block_dim, options, run);
  } else if (mode == kMixAic11Mode) {
    result = sim::LaunchMix(device, block_dim, options, run, sim::MixShape{1, !matmul});
  } else {
    result = sim::Launch(device, block_dim, options, run);
  }
  for (const sim::Warning& w : result.warnings) {
    std::fprintf(stderr, "[WARNING] ICPU_RUN_KF(%s, blockDim=%u): %s\n", kernel_name, block_dim,
                 w.ToString().c_str());
  }
  if (result.fault) {
    const sim::Fault& f = *result.fault;
    std::fprintf(stderr,
                 "[ERROR] ICPU_RUN_KF(%s, blockDim=%u) on %s (profile %s): kernel fault in "
                 "block %d, instruction %s: %s [%s]\n",
                 kernel_name, block_dim, soc, device.name.c_str(), f.block, f.instruction.c_str(),
                 f.message.c_str(), std::string(sim::FaultKindName(f.kind)).c_str());
    std::fprintf(stderr, "[ERROR] GM regions: %s\n", DescribeRegions(options.regions).c_str());
    return 1;
  }
  if (!result.status.ok()) return Refuse(kernel_name, result.status.message());
  std::printf("[SUCCESS] ICPU_RUN_KF(%s, blockDim=%u) on %s (profile %s): %.2f us simulated\n",
              kernel_name, block_dim, soc, device.name.c_str(), result.stats.device_ns / 1000.0);
  std::fflush(stdout);
  return 0;
}
