// Persistent host threads that play simulated cores, reused across launches so that a launch
// costs a wake-up, not a thread creation.
//
// A launch has one slot per simulated core. `parallel` threads (the host thread budget, the
// caller included) take slots; a block that waits in SyncAll parks in its thread's
// FiberScheduler, which goes on with unstarted slots, so a launch never uses more OS threads
// than its budget.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/fiber_scheduler.h"

namespace opsim::sim::detail {

class CorePool final : private SlotSource {
 public:
  static CorePool& Get();
  ~CorePool();
  // Runs job(s) for every slot s in [0, n) and returns when all are done. The calling thread
  // takes slots too. Launches are serialised: the pool runs one at a time.
  void Run(uint32_t n, uint32_t parallel, const std::function<void(uint32_t)>& job);

 private:
  void Loop(uint32_t index, uint64_t seen);
  void TakeSlots(std::unique_lock<std::mutex>& lock);  // with mu_ held
  bool TakeSlot(uint32_t* slot) override;
  void RunSlot(uint32_t slot) override;

  std::mutex run_mu_;
  std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable done_cv_;
  std::vector<std::thread> threads_;
  const std::function<void(uint32_t)>* job_ = nullptr;
  uint32_t n_ = 0;
  uint32_t next_ = 0;     // next unstarted slot
  uint32_t wanted_ = 0;   // pool threads [0, wanted_) take part in this launch
  uint32_t running_ = 0;  // threads inside TakeSlots; one that leaves has finished its slots
  uint64_t generation_ = 0;
  bool quit_ = false;
};

}  // namespace opsim::sim::detail
