#include "runtime/launch_watchdog.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "runtime/kernel_guard.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

// Polled, not woken per launch: arming costs a suite of thousands of launches no system call.
constexpr auto kPoll = std::chrono::milliseconds(50);

}  // namespace

Status ResolveWallTimeout(double requested, double* seconds) {
  if (requested >= 0) {
    if (!(requested <= kMaxWallTimeoutSeconds)) {
      return {ErrorCode::kInvalidParam, "Launch: wall_timeout_s = " + std::to_string(requested) +
                                            " is more than 1e6 seconds (the launch's host "
                                            "wall-clock limit; 0 for none)"};
    }
    *seconds = requested;
    return Status::Ok();
  }
  *seconds = kDefaultWallTimeoutSeconds;
  const char* text = std::getenv("OPSIM_LAUNCH_TIMEOUT");
  if (text == nullptr || *text == '\0') return Status::Ok();
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  // !(v <= max) also refuses NaN; "inf" would overflow the deadline's clock.
  if (end == text || *end != '\0' || v < 0 || !(v <= kMaxWallTimeoutSeconds)) {
    return {ErrorCode::kInvalidParam,
            std::string("Launch: OPSIM_LAUNCH_TIMEOUT = '") + text +
                "' is not a number of seconds in [0, 1e6] (the launch's host wall-clock limit; "
                "0 for none, unset for 120)"};
  }
  *seconds = v;
  return Status::Ok();
}

// Never destroyed, its thread detached: a destructor joining the thread at exit() would hang in
// a forked child, which has no such thread (a library probe whose initialiser calls exit(0)
// waited out its 60 s limit instead of reporting the exit).
LaunchWatchdog& LaunchWatchdog::Get() {
  static LaunchWatchdog* const watchdog = new LaunchWatchdog;
  return *watchdog;
}

void LaunchWatchdog::Watch(LaunchState* state, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(seconds));
  std::lock_guard<std::mutex> lock(mu_);
  if (!started_) {
    std::thread([this] { Loop(); }).detach();
    started_ = true;
  }
  entries_.push_back({state, deadline, seconds, false});
}

void LaunchWatchdog::Unwatch(LaunchState* state) {
  std::lock_guard<std::mutex> lock(mu_);
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].state != state) continue;
    entries_[i] = entries_.back();
    entries_.pop_back();
    return;
  }
}

void LaunchWatchdog::Loop() {
  // Kernel code must not get this thread's signals, nor may it run a block.
  sigset_t block;
  sigemptyset(&block);
  sigaddset(&block, WatchdogSignal());
  pthread_sigmask(SIG_BLOCK, &block, nullptr);
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait_for(lock, kPoll);
    const auto now = std::chrono::steady_clock::now();
    for (Entry& e : entries_) {
      if (now >= e.deadline) Fire(e);
    }
  }
}

// Once past the deadline: the fault first (it names the cores), then a signal to every thread
// still running one of the launch's blocks, again at each poll until the launch has ended.
void LaunchWatchdog::Fire(Entry& e) {
  std::vector<pthread_t> threads = e.state->StopForWallClock(e.seconds, !e.fired);
  e.fired = true;
  std::sort(threads.begin(), threads.end());
  threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
  for (pthread_t t : threads) pthread_kill(t, WatchdogSignal());
}

}  // namespace opsim::sim::detail
