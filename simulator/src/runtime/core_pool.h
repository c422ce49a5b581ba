// Persistent host threads, one per simulated core, reused across launches so that a launch
// costs a wake-up, not a thread creation.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace opsim::sim::detail {

class CorePool {
 public:
  static CorePool& Get();
  ~CorePool();
  // Runs job(i) for every i in [0, n), each on its own thread; returns when all are done.
  // Launches are serialised: the pool runs one at a time.
  void Run(uint32_t n, const std::function<void(uint32_t)>& job);

 private:
  void Loop(uint32_t index, uint64_t seen);

  std::mutex run_mu_;
  std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable done_cv_;
  std::vector<std::thread> threads_;
  const std::function<void(uint32_t)>* job_ = nullptr;
  uint32_t n_ = 0;
  uint32_t remaining_ = 0;
  uint64_t generation_ = 0;
  bool quit_ = false;
};

}  // namespace opsim::sim::detail
