// What the cores of one launch share: GM regions, the SyncAll barrier, GM write records for the
// overlap check, and the first fault.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <vector>

#include "opsim/sim/detail/core.h"
#include "opsim/sim/launch.h"
#include "runtime/fiber_scheduler.h"

namespace opsim::sim::detail {

// Thrown in a core that must stop because another core faulted.
struct AbortError {};

// Blocks waiting in SyncAll park in their host thread's FiberScheduler; the barrier's
// generation is their ticket.
class LaunchState final : private ParkBarrier {
 public:
  LaunchState(const DeviceProfile& device, uint32_t block_dim, uint32_t cores,
              const LaunchOptions& options);

  const DeviceProfile& device;
  const LaunchOptions& options;
  const uint32_t block_dim;
  const uint32_t cores;
  std::vector<GmRegion> regions;

  // Index of the region holding [ptr, ptr + bytes), or -1.
  int16_t FindRegion(const uint8_t* ptr) const;
  std::string DescribeGm(const uint8_t* ptr, uint64_t bytes) const;

  // Checked mode: remembers that `core` wrote [ptr, ptr + bytes); atomic writes (SetAtomicAdd
  // and kin) count for the output check but may overlap.
  void RecordWrite(const Core& core, const uint8_t* ptr, uint64_t bytes, bool atomic = false) {
    if (options.checked) RecordWriteSlow(core, ptr, bytes, atomic);
  }
  // Checked mode: the first pair of blocks that wrote the same bytes in one SyncAll epoch.
  std::optional<Fault> FindOverlappingWrites() const;
  // Checked mode: the first output region (GmRegion::output_bytes) with bytes no core wrote.
  std::optional<Fault> FindUnwrittenOutputs() const;

  void SyncAll(Core& core);
  void BlockExited(const Core& core);
  // Records a fault (keeping the lowest block's) and stops every core.
  void RecordFault(const Fault& fault);
  // Whether `block` need not start: a lower block faulted. A block below every fault still runs,
  // so the fault reported is the lowest block's whichever host thread got there first.
  bool Skips(int32_t block) const { return block > fault_block_; }
  std::optional<Fault> fault() const;

 private:
  struct WriteSpan {
    uintptr_t begin;
    uintptr_t end;
    uint32_t epoch;
    int32_t block;
    bool atomic;
  };
  void RecordWriteSlow(const Core& core, const uint8_t* ptr, uint64_t bytes, bool atomic);
  bool Released(uint64_t ticket) const override;
  void WaitReleased(uint64_t ticket) override;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  uint32_t arrived_ = 0;
  uint32_t exited_ = 0;
  // Written under mu_; read without it by parked blocks' schedulers.
  std::atomic<uint64_t> generation_ = 0;
  double arrive_max_ns_ = 0;
  double release_ns_ = 0;
  std::atomic<bool> abort_ = false;
  std::atomic<int32_t> fault_block_ = std::numeric_limits<int32_t>::max();  // fault_'s block
  std::optional<Fault> fault_;
  std::vector<std::vector<WriteSpan>> writes_;  // per core, no lock needed
};

}  // namespace opsim::sim::detail
