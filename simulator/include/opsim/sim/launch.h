// Launching a kernel on blockDim simulated cores over a host thread pool.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/fault.h"

namespace opsim::sim {

// The vector core's pipes, then the cube's: MTE1 (L1 -> L0A/L0B), M (the cube) and FIX
// (L0C -> GM/UB) (docs/CUBE.md).
enum class Pipe : uint8_t { kS = 0, kV = 1, kMte2 = 2, kMte3 = 3, kMte1 = 4, kM = 5, kFix = 6 };
inline constexpr int kPipeCount = 7;
const char* PipeName(Pipe pipe);  // "S", "V", "MTE2", "MTE3", "MTE1", "M", "FIX"

// Which core type a launch's blocks run on: AIV (vector) or AIC (cube). On chips whose AI core
// holds both (cube_cores == vector_cores) either reaches every buffer; where they are separate
// cores (910B: one AIC to two AIV), an AIV has no L1/L0 and an AIC no Unified Buffer.
enum class CoreType : uint8_t { kAiv, kAic };

// What a GM region holds for the launch. Checked mode's initcheck treats inputs, tilings and
// regions of unknown role (a CPU-debug launch does not say) as written; the bytes of outputs and
// workspaces start unwritten.
enum class GmRole : uint8_t { kUnknown, kInput, kOutput, kWorkspace, kTiling };

// A span of host memory the kernel may address as global memory.
struct GmRegion {
  const void* base = nullptr;
  uint64_t bytes = 0;
  std::string name;  // used in fault messages: "x", "y", "workspace"
  // When > 0 the region's first output_bytes bytes are an output of the launch: in checked mode,
  // any of them that no core wrote is a kUnwrittenOutput fault after the kernel ends. A byte
  // count rather than a flag, since a region may extend past its tensor (padded device buffers).
  uint64_t output_bytes = 0;
  GmRole role = GmRole::kUnknown;
};

struct TraceEvent {
  int32_t block;
  Pipe pipe;
  const char* name;  // instruction name (static string)
  double start_ns;
  double dur_ns;
  uint64_t bytes;
};

struct LaunchOptions {
  int host_threads = 0;  // 0: all hardware threads
  bool checked = false;  // missing-sync, GM race, initialisation and flag-pairing checks
  bool trace = false;    // collect per-instruction events for a Chrome trace
  // CANN's --cce-auto-sync, on by default as in kernel-launch and operator projects: the syncs
  // between S and V/MTE2/MTE3 and between dependent V instructions are ordered on the timeline
  // as the compiler inserts them. Off: in checked mode their absence is a kMissingSync fault.
  bool auto_sync = true;
  uint64_t tiling_key = 0;  // what TILING_KEY_IS(k) compares against
  // AIC launches (KERNEL_TYPE_AIC_ONLY) run on DeviceProfile::cube_cores cores.
  CoreType core_type = CoreType::kAiv;
  // Unchecked mode only: a GM -> UB DataCopy whose tile is then only read by instructions that
  // read in place (the count-form ReduceSum/Max/Min, WholeReduce*, Cast: detail/copy_elision.h)
  // is not performed on the host; they read GM, and the UB bytes are written only when something
  // else could see them (docs/PERFORMANCE.md, "Copy elision").
  // Results, faults and the simulated timeline are the same either way.
  bool copy_elision = true;
  // Simulated time one core may run before the launch stops with kTimeout, as the chip's AI Core
  // timeout (aclrtSetOpExecuteTimeOut) stops a kernel that never ends; 0: no limit. The chip's
  // defaults are 68 s to 1091 s; a simulator's second of device time is minutes on the host, and
  // no kernel it is for comes near it (a 256 MiB reduction takes about 150 us).
  double timeout_ns = 1e9;
  // The host wall-clock limit of the launch in seconds, for kernel code that spins without an
  // Ascend C call (the simulated limit above never sees it); 0: none; negative: the environment's
  // OPSIM_LAUNCH_TIMEOUT, else 120 s (docs/CHECKS.md).
  double wall_timeout_s = -1;
  std::vector<GmRegion> regions;  // memory the kernel may touch (plus GmAlloc'd blocks)
};

struct PipeStats {
  double busy_ns = 0;
  uint64_t bytes = 0;
  uint64_t instructions = 0;
  uint64_t l2_hit_bytes = 0;  // MTE2: bytes of `bytes` read from the L2, not from HBM
};

struct KernelStats {
  uint32_t block_dim = 0;
  double device_ns = 0;  // simulated kernel time: launch + max(slowest core, HBM bound)
  double slowest_core_ns = 0;
  double hbm_bound_ns = 0;                    // GM bytes moved / HBM bandwidth
  std::array<PipeStats, kPipeCount> pipes{};  // summed over all cores
  std::vector<double> core_ns;                // per physical core, blocks run on it back to back
  // The host's side only (LaunchOptions::copy_elision): GM -> UB bytes read in place, never
  // copied into the UB.
  uint64_t elided_copy_bytes = 0;
  std::vector<TraceEvent> trace;  // when LaunchOptions::trace
};

// A finding that is suspicious but legal on the chip (docs/CHECKS.md, "Warnings"): the launch
// goes on. One per (kind, instruction, GM region), with the lowest block that met it and how
// many times all blocks did.
struct Warning {
  std::string kind;         // "global_tensor_overrun", ...
  int32_t block = -1;       // the lowest block that met it
  std::string instruction;  // "DataCopy", ...
  std::string message;      // the first occurrence's, with the rule and the addresses
  uint64_t count = 1;       // occurrences over every block
  // "core 3: DataCopy: <message> [kind]", plus " (x<count>)" when it occurred more than once.
  std::string ToString() const;
};

struct LaunchResult {
  Status status;                  // kKernelFault when a fault stopped the kernel
  std::optional<Fault> fault;     // the fault of the lowest faulting block
  std::vector<Warning> warnings;  // by block, then in the order each block met them
  KernelStats stats;
};

// Runs kernel() once per block in [0, block_dim). Blocks run on min(block_dim, cores) simulated
// cores (block b on core b % cores), at most host_threads of them at a time. Never throws.
LaunchResult Launch(const DeviceProfile& device, uint32_t block_dim, const LaunchOptions& options,
                    const std::function<void()>& kernel);

// CPU-debug builds (ICPU_RUN_KF): kernel code compiled with CANN's --cce-auto-sync=off (ccec
// defines OPSIM_CCE_AUTO_SYNC=0, and kernel_operator.h then calls the first at load time) makes
// the second true, and ICPU_RUN_KF launches run with LaunchOptions::auto_sync off.
void DeclareKernelsBuiltWithoutAutoSync();
bool KernelsBuiltWithoutAutoSync();

// Writes a Chrome trace (a process per core, a thread per pipe, complete events, times in us).
Status WriteChromeTrace(const KernelStats& stats, const std::string& path);
std::string ChromeTraceJson(const KernelStats& stats);

// Human summary: simulated time, bytes per pipe and per-pipe busy share.
std::string FormatStats(const KernelStats& stats);

}  // namespace opsim::sim
