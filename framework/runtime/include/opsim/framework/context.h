// Context: what an Operation runs on. It owns the simulated device profile and the options every
// launch uses (host threads, checked mode, tracing) and the switch that lifts the strict ATB
// dtype table. atb::Context is an alias of this class.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/gm_blocks.h"
#include "opsim/sim/launch.h"

namespace opsim {

inline constexpr char kDefaultDevice[] = "ascend910b";

struct ContextOptions {
  std::string device = kDefaultDevice;  // a profile name under sim::DefaultDeviceDir()
  int host_threads = 0;                 // 0: all hardware threads
  bool checked = false;                 // the simulator's checked mode
  // CANN's --cce-auto-sync for every launch (sim::LaunchOptions::auto_sync); a kernel whose
  // library was built with it off runs with it off either way (op_api::KernelBuild::auto_sync).
  bool auto_sync = true;
  bool trace = false;        // keep the stats and trace of every kernel launch
  bool copy_elision = true;  // sim::LaunchOptions::copy_elision of every launch
  double timeout_ns = 1e9;   // sim::LaunchOptions::timeout_ns of every launch (0: no limit)
  // sim::LaunchOptions::wall_timeout_s of every launch: the host wall-clock limit in seconds
  // (0: none; negative: OPSIM_LAUNCH_TIMEOUT, else 120).
  double wall_timeout_s = -1;
  // ATB ships MAX/MIN for int32 and bfloat16 and SUM for float16 and bfloat16 only; by default
  // the facade refuses the rest as ATB does (ERROR_INVALID_TENSOR_INI_MATCH). false lifts the
  // table to the package's full dtype list (docs/SPEC.md section 2).
  bool strict_atb_dtypes = true;
  // The caller's device buffers are padded as aclrtMalloc pads them (PaddedDeviceBytes):
  // kernels of OpDef operations may then read (not write) that padding, as on the chip, where
  // some public kernels read a few bytes past a tensor.
  bool padded_device_buffers = false;
};

// aclrtMalloc's size for a tensor of `bytes`: rounded up to 32 B, plus 32 B.
constexpr uint64_t PaddedDeviceBytes(uint64_t bytes) { return sim::AclrtMallocBytes(bytes); }

class Context {
 public:
  // Loads options.device; kConfigError (file, line, field) when the profile cannot be loaded.
  static Status Create(const ContextOptions& options, std::unique_ptr<Context>* out);
  // A context on a profile the caller already holds (tests, custom chips).
  Context(sim::DeviceProfile device, const ContextOptions& options);

  const sim::DeviceProfile& device() const { return *device_; }
  const ContextOptions& options() const { return options_; }
  // Switches to another shipped profile; the context is unchanged on error. Operations set up
  // on the old device must be set up again (Execute refuses them).
  Status SetDevice(const std::string& name);
  void SetHostThreads(int threads) { options_.host_threads = threads; }
  void SetChecked(bool checked) { options_.checked = checked; }
  void SetAutoSync(bool auto_sync) { options_.auto_sync = auto_sync; }
  void SetTrace(bool trace) { options_.trace = trace; }
  void SetStrictAtbDTypes(bool strict) { options_.strict_atb_dtypes = strict; }
  // Bumped by SetDevice, so an operation can tell that its tiling is for another device.
  uint64_t device_generation() const { return device_generation_; }

  // ATB's stream API, kept so ATB code compiles; the simulator runs synchronously.
  DiscardableStatus SetExecuteStream(void* stream) {
    stream_ = stream;
    return Status::Ok();
  }
  void* GetExecuteStream() const { return stream_; }

  // Every launch reports here: the simulated time always, the kernel stats when tracing.
  void RecordLaunch(const sim::KernelStats& stats);
  double device_ns() const { return device_ns_; }
  uint64_t elided_copy_bytes() const { return elided_copy_bytes_; }  // KernelStats' sum
  uint64_t launches() const { return launches_; }
  const std::vector<sim::KernelStats>& traces() const { return traces_; }
  // A launch's warnings (sim::Warning: legal on the chip, suspicious), as
  // "<op>: core N: <instruction>: <message> [kind] (xN)", in launch order; at most
  // kMaxWarnings are kept (a bench repeating a launch would repeat them).
  void RecordWarnings(const std::string& op, const std::vector<sim::Warning>& warnings);
  const std::vector<std::string>& warnings() const { return warnings_; }
  // warnings()[first..] as "warning: <text>" lines on `out`: how every door that runs a user's
  // program shows a launch's warnings (opsim exec after its run, aclnn after each launch).
  void PrintWarnings(std::FILE* out, size_t first = 0) const;
  static constexpr size_t kMaxWarnings = 64;
  void ClearRecord();

 private:
  std::shared_ptr<const sim::DeviceProfile> device_;
  ContextOptions options_;
  uint64_t device_generation_ = 0;
  void* stream_ = nullptr;
  double device_ns_ = 0;
  uint64_t elided_copy_bytes_ = 0;
  uint64_t launches_ = 0;
  std::vector<sim::KernelStats> traces_;
  std::vector<std::string> warnings_;
};

}  // namespace opsim
