// What the cores of one launch share: GM regions, the SyncAll barrier, host-thread tokens,
// GM write records for the overlap check, and the first fault.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include "opsim/sim/detail/core.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::detail {

// Thrown in a core that must stop because another core faulted.
struct AbortError {};

class LaunchState {
 public:
  LaunchState(const DeviceProfile& device, uint32_t block_dim, uint32_t cores, int host_threads,
              const LaunchOptions& options);

  const DeviceProfile& device;
  const LaunchOptions& options;
  const uint32_t block_dim;
  const uint32_t cores;
  std::vector<GmRegion> regions;
  // Called when a block is about to wait in SyncAll, so another host thread can start a block.
  std::function<void()> on_block;

  // Index of the region holding [ptr, ptr + bytes), or -1.
  int16_t FindRegion(const uint8_t* ptr) const;
  std::string DescribeGm(const uint8_t* ptr, uint64_t bytes) const;

  // Checked mode: remembers that `core` wrote [ptr, ptr + bytes).
  void RecordWrite(const Core& core, const uint8_t* ptr, uint64_t bytes) {
    if (options.checked) RecordWriteSlow(core, ptr, bytes);
  }
  // Checked mode: the first pair of blocks that wrote the same bytes in one SyncAll epoch.
  std::optional<Fault> FindOverlappingWrites() const;

  void AcquireToken();
  void ReleaseToken();
  void SyncAll(Core& core);
  void BlockExited(const Core& core);
  // Records a fault (keeping the lowest block's) and stops every core.
  void RecordFault(const Fault& fault);
  bool aborted() const;
  std::optional<Fault> fault() const;

 private:
  struct WriteSpan {
    uintptr_t begin;
    uintptr_t end;
    uint32_t epoch;
    int32_t block;
  };
  void RecordWriteSlow(const Core& core, const uint8_t* ptr, uint64_t bytes);

  mutable std::mutex mu_;
  std::condition_variable cv_;
  int tokens_;
  uint32_t arrived_ = 0;
  uint32_t exited_ = 0;
  uint64_t generation_ = 0;
  double arrive_max_ns_ = 0;
  double release_ns_ = 0;
  bool abort_ = false;
  std::optional<Fault> fault_;
  std::vector<std::vector<WriteSpan>> writes_;  // per core, no lock needed
};

}  // namespace opsim::sim::detail
