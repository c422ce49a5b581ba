// What the cores of one launch share: GM regions, the SyncAll barrier, GM write records for the
// overlap check, and the first fault.
#pragma once

#include <pthread.h>

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

struct BlockGuard;  // kernel_guard.h

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

  // What the signal handler (kernel_guard.h) and the watchdog (launch_watchdog.h) need: per core,
  // the guard of its running block, the host thread running it, and whether it waits in SyncAll.
  // A core's blocks all run in one execution context, so a guard per core is one per context.
  void SetGuard(uint32_t core, BlockGuard* guard) { watch_[core].guard = guard; }
  BlockGuard* Guard(uint32_t core) const { return watch_[core].guard; }
  void CoreRunning(uint32_t core, int32_t block) {
    watch_[core].thread.store(pthread_self(), std::memory_order_relaxed);
    watch_[core].block.store(block, std::memory_order_relaxed);
  }
  void CoreIdle(uint32_t core) { watch_[core].block.store(-1, std::memory_order_relaxed); }
  bool WallStopped() const { return wall_stopped_.load(); }
  // The watchdog, past the launch's wall-clock limit: the first call records a kTimeout fault
  // naming the cores still running (and those waiting in SyncAll) and stops the launch; every
  // call returns the host threads of the running ones, to be signalled.
  std::vector<pthread_t> StopForWallClock(double seconds, bool first);

 private:
  struct CoreWatch {
    BlockGuard* volatile guard = nullptr;  // read by a signal handler on the same thread
    std::atomic<pthread_t> thread{};
    std::atomic<int32_t> block{-1};
    std::atomic<bool> waiting{false};
  };
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
  std::vector<CoreWatch> watch_;                // per core
  std::atomic<bool> wall_stopped_ = false;
};

}  // namespace opsim::sim::detail
