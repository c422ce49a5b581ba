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

const OpsimIcpuLaunch kIcpuRunKf{"ICPU_RUN_KF", "", OPSIM_ICPU_KIND_UNSTATED, 0};

// The launch as its program wrote it: "ICPU_RUN_KF(add, blockDim=8)",
// "AscCPUKernelLaunch(add, numBlocks=8)" or "add<<<8, ...>>> at add.asc:42"; block_dim 0 when
// the launch was refused before its blocks were known.
std::string Label(const OpsimIcpuLaunch& how, const char* kernel_name, uint32_t block_dim) {
  const std::string name = kernel_name;
  const std::string door = how.door != nullptr ? how.door : "ICPU_RUN_KF";
  if (door == "<<<>>>") {
    std::string out =
        name + "<<<" + (block_dim != 0 ? std::to_string(block_dim) + ", " : "") + "...>>>";
    if (how.where != nullptr && how.where[0] != '\0') out += std::string(" at ") + how.where;
    return out;
  }
  const char* blocks = door == "ICPU_RUN_KF" ? ", blockDim=" : ", numBlocks=";
  return door + "(" + name + (block_dim != 0 ? blocks + std::to_string(block_dim) : "") + ")";
}

int Refuse(const OpsimIcpuLaunch& how, const char* kernel_name, const std::string& why) {
  std::fprintf(stderr, "[ERROR] %s: %s\n", Label(how, kernel_name, 0).c_str(), why.c_str());
  return 1;
}

// One region per non-null pointer argument, from that pointer to the end of its GmAlloc block.
// A pointer that is not GmAlloc memory (the AddN sample's ListTensorDesc on the host stack) is
// passed on as CANN's CPU mode passes it, with a warning: the kernel may read it as a host
// struct, but it has no GM region, so a GlobalTensor over it faults (on the chip it must be
// device memory: the sample's NPU path copies it there).
Status ArgumentRegions(const std::string& label, const std::string& launch,
                       const std::vector<std::string>& names, const void* const* gm_args,
                       std::vector<sim::GmRegion>* regions) {
  for (size_t i = 0; i < names.size(); ++i) {
    const void* ptr = gm_args[i];
    if (ptr == nullptr) continue;
    const void* base = nullptr;
    uint64_t bytes = 0;
    if (!sim::FindGmAllocBlock(ptr, &base, &bytes)) {
      std::fprintf(stderr,
                   "[WARNING] %s: argument %zu '%s' (%p) is not memory from "
                   "AscendC::GmAlloc: passed to the kernel unchecked, as CANN's CPU mode passes "
                   "it (it has no GM region: a GlobalTensor over it faults)\n",
                   label.c_str(), i, names[i].c_str(), ptr);
      continue;
    }
    RememberGmArgument(base, bytes, launch, names[i]);
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

// Runs the launch on the cores its kernel declared: `__vector__` the vector cores, `__cube__` the
// cube cores, `__mix__(1, n)` one AIC with n AIV per block (the AIC runs the kernel's own code
// unless the kernel is a Matmul client, whose AIC serves it). A kernel that states nothing runs
// as the KernelMode says: AIC_MODE the cube cores; MIX_MODE one AIC with its AIV cores per block
// when the program's kernels use the Matmul's MIX form (lib/matmul_intf.h without
// ASCENDC_CUBE_ONLY), the vector cores otherwise; MIX_AIC_1_1 one AIC with one AIV, the AIC
// running the kernel's own code unless it is the Matmul's server. A KERNEL_TASK_TYPE_DEFAULT in
// the kernel overrides all of these.
sim::LaunchResult LaunchByKind(const OpsimIcpuLaunch& how, const sim::DeviceProfile& device,
                               uint32_t block_dim, sim::LaunchOptions options,
                               OpsimIcpuInvoke invoke, void* ctx) {
  const auto run = [invoke, ctx] { invoke(ctx); };
  const bool matmul = sim::detail::MixKernelAt(g_kernel_fn);
  switch (how.kind) {
    case OPSIM_ICPU_KIND_VECTOR:
      options.core_type = sim::CoreType::kAiv;
      return sim::Launch(device, block_dim, options, run);
    case OPSIM_ICPU_KIND_CUBE:
      options.core_type = sim::CoreType::kAic;
      return sim::Launch(device, block_dim, options, run);
    case OPSIM_ICPU_KIND_MIX:
      return sim::LaunchMix(device, block_dim, options, run,
                            sim::MixShape{how.aiv_per_aic, !matmul});
    default: break;
  }
  const int mode = g_kernel_mode;
  if (mode == kAicMode) options.core_type = sim::CoreType::kAic;
  if (mode == kMixMode && matmul) return sim::LaunchMix(device, block_dim, options, run);
  if (mode == kMixAic11Mode) {
    return sim::LaunchMix(device, block_dim, options, run, sim::MixShape{1, !matmul});
  }
  return sim::Launch(device, block_dim, options, run);
}

// The launch's checks before it runs: the call, the SoC and its profile, the kernel mode, the
// kernel's declared kind.
Status CheckLaunch(const OpsimIcpuLaunch& how, const char* soc, const char* arg_text,
                   const void* const* gm_args, uint32_t arg_count, OpsimIcpuInvoke invoke,
                   sim::DeviceProfile* device) {
  if (arg_text == nullptr || invoke == nullptr || (arg_count > 0 && gm_args == nullptr)) {
    return Status(ErrorCode::kInvalidParam,
                  "called with a null kernel, argument list or callback (use the ICPU_RUN_KF "
                  "macro)");
  }
  if (soc == nullptr) {
    return Status(ErrorCode::kInvalidParam,
                  "no SoC: the program was not compiled with the definitions of a "
                  "tikicpulib::<SoC> target (link the kernel library to "
                  "tikicpulib::${SOC_VERSION})");
  }
  // SetKernelMode takes the enum, but a cast lets any int through (SetKernelMode(99)).
  if (const int mode = g_kernel_mode; mode < kMixMode || mode > kMixAic11Mode) {
    return Status(ErrorCode::kInvalidParam,
                  "KernelMode " + std::to_string(mode) +
                      " is not a KernelMode (expected MIX_MODE 0, AIC_MODE 1, AIV_MODE 2 or "
                      "MIX_AIC_1_1 3; set by AscendC::SetKernelMode)");
  }
  if (how.kind < OPSIM_ICPU_KIND_UNSTATED || how.kind > OPSIM_ICPU_KIND_MIX ||
      (how.kind == OPSIM_ICPU_KIND_MIX && how.aiv_per_aic != 1 && how.aiv_per_aic != 2)) {
    return Status(ErrorCode::kInvalidParam,
                  "kernel kind " + std::to_string(how.kind) + " with " +
                      std::to_string(how.aiv_per_aic) +
                      " AIV per AIC is not one opsim runs (expected vector, cube, or mix with "
                      "1 or 2 AIV per AIC)");
  }
  std::string profile_name;
  Status status = ProfileForSoc(soc, &profile_name);
  if (status.ok()) status = LoadProfile(profile_name, device);
  return status;
}

}  // namespace
}  // namespace opsim::cpudebug

extern "C" void opsim_icpu_set_kernel_mode(int mode) { opsim::cpudebug::g_kernel_mode = mode; }

extern "C" int opsim_icpu_refuse_as(const OpsimIcpuLaunch* how, const char* kernel_name,
                                    const char* why) {
  return opsim::cpudebug::Refuse(how != nullptr ? *how : opsim::cpudebug::kIcpuRunKf,
                                 kernel_name != nullptr ? kernel_name : "?",
                                 why != nullptr ? why : "refused");
}

extern "C" int opsim_icpu_refuse(const char* kernel_name, const char* why) {
  return opsim_icpu_refuse_as(nullptr, kernel_name, why);
}

extern "C" void opsim_icpu_set_tiling_key(uint64_t key) { opsim::cpudebug::g_tiling_key = key; }

extern "C" void opsim_icpu_note_kernel(const void* kernel) {
  opsim::cpudebug::g_kernel_fn = kernel;
}

extern "C" int opsim_icpu_run_as(const OpsimIcpuLaunch* how_in, const char* kernel_name,
                                 const char* soc, uint32_t block_dim, const char* arg_text,
                                 const void* const* gm_args, uint32_t arg_count,
                                 OpsimIcpuInvoke invoke, void* ctx) {
  using namespace opsim;
  using namespace opsim::cpudebug;
  const OpsimIcpuLaunch& how = how_in != nullptr ? *how_in : kIcpuRunKf;
  if (kernel_name == nullptr) kernel_name = "?";
  sim::DeviceProfile device;
  Status status = CheckLaunch(how, soc, arg_text, gm_args, arg_count, invoke, &device);
  if (!status.ok()) return Refuse(how, kernel_name, status.message());

  const std::string label = Label(how, kernel_name, block_dim);
  const std::vector<std::string> names = ArgumentNames(arg_text, arg_count);
  sim::LaunchOptions options;
  options.checked = true;
  options.tiling_key = g_tiling_key;
  status = AutoSyncSetting(&options.auto_sync);
  if (status.ok()) {
    status = ArgumentRegions(label, Label(how, kernel_name, 0), names, gm_args, &options.regions);
  }
  if (!status.ok()) return Refuse(how, kernel_name, status.message());

  const sim::LaunchResult result = LaunchByKind(how, device, block_dim, options, invoke, ctx);
  for (const sim::Warning& w : result.warnings) {
    std::fprintf(stderr, "[WARNING] %s: %s\n", label.c_str(), w.ToString().c_str());
  }
  if (result.fault) {
    const sim::Fault& f = *result.fault;
    std::fprintf(stderr,
                 "[ERROR] %s on %s (profile %s): kernel fault in block %d, instruction %s: %s "
                 "[%s]\n",
                 label.c_str(), soc, device.name.c_str(), f.block, f.instruction.c_str(),
                 f.message.c_str(), std::string(sim::FaultKindName(f.kind)).c_str());
    std::fprintf(stderr, "[ERROR] GM regions: %s\n", DescribeRegions(options.regions).c_str());
    return 1;
  }
  if (!result.status.ok()) return Refuse(how, kernel_name, result.status.message());
  std::printf("[SUCCESS] %s on %s (profile %s): %.2f us simulated\n", label.c_str(), soc,
              device.name.c_str(), result.stats.device_ns / 1000.0);
  std::fflush(stdout);
  return 0;
}

extern "C" int opsim_icpu_run(const char* kernel_name, const char* soc, uint32_t block_dim,
                              const char* arg_text, const void* const* gm_args, uint32_t arg_count,
                              OpsimIcpuInvoke invoke, void* ctx) {
  return opsim_icpu_run_as(nullptr, kernel_name, soc, block_dim, arg_text, gm_args, arg_count,
                           invoke, ctx);
}
