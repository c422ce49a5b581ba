// A host wall-clock limit per launch. A block spinning in scalar code never reaches an Ascend C
// call, so the simulated-time limit (LaunchOptions::timeout_ns) never fires and the host would
// hang; past OPSIM_LAUNCH_TIMEOUT seconds (120 by default) the watchdog records a kTimeout fault
// naming the cores still running and signals their host threads, whose blocks then stop
// (kernel_guard.h).
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "opsim/core/status.h"

namespace opsim::sim::detail {

class LaunchState;

// The limit a launch runs with, in seconds (0: none): `requested` when it is not negative (the
// launch's LaunchOptions::wall_timeout_s), else OPSIM_LAUNCH_TIMEOUT's, read at each launch, else
// kDefaultWallTimeoutSeconds. A value that is not a number of seconds in
// [0, kMaxWallTimeoutSeconds] is an error naming it and the rule; the launch does not run.
Status ResolveWallTimeout(double requested, double* seconds);
inline constexpr double kDefaultWallTimeoutSeconds = 120;
inline constexpr double kMaxWallTimeoutSeconds = 1e6;  // 11.6 days: a typo, not a limit

class LaunchWatchdog {
 public:
  static LaunchWatchdog& Get();
  // `state` is watched from now until Unwatch (seconds > 0).
  void Watch(LaunchState* state, double seconds);
  void Unwatch(LaunchState* state);

 private:
  struct Entry {
    LaunchState* state;
    std::chrono::steady_clock::time_point deadline;
    double seconds;
    bool fired;
  };
  void Loop();
  void Fire(Entry& e);

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Entry> entries_;
  bool started_ = false;  // the polling thread, detached
};

// Watches one launch for the scope's lifetime.
class WatchScope {
 public:
  WatchScope(LaunchState* state, double seconds) : state_(seconds > 0 ? state : nullptr) {
    if (state_ != nullptr) LaunchWatchdog::Get().Watch(state_, seconds);
  }
  ~WatchScope() {
    if (state_ != nullptr) LaunchWatchdog::Get().Unwatch(state_);
  }
  WatchScope(const WatchScope&) = delete;
  WatchScope& operator=(const WatchScope&) = delete;

 private:
  LaunchState* state_;
};

}  // namespace opsim::sim::detail
