#include "runtime/core_pool.h"

namespace opsim::sim::detail {

CorePool& CorePool::Get() {
  static CorePool pool;
  return pool;
}

CorePool::~CorePool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    quit_ = true;
  }
  work_cv_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void CorePool::Run(uint32_t n, const std::function<void(uint32_t)>& job) {
  std::lock_guard<std::mutex> run_lock(run_mu_);
  std::unique_lock<std::mutex> lock(mu_);
  while (threads_.size() < n) {
    const uint32_t index = static_cast<uint32_t>(threads_.size());
    threads_.emplace_back([this, index, seen = generation_] { Loop(index, seen); });
  }
  job_ = &job;
  n_ = n;
  remaining_ = n;
  ++generation_;
  work_cv_.notify_all();
  done_cv_.wait(lock, [&] { return remaining_ == 0; });
  job_ = nullptr;
}

void CorePool::Loop(uint32_t index, uint64_t seen) {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [&] { return quit_ || (generation_ != seen && index < n_); });
    if (quit_) return;
    seen = generation_;
    const std::function<void(uint32_t)>* job = job_;
    lock.unlock();
    (*job)(index);
    lock.lock();
    if (--remaining_ == 0) done_cv_.notify_all();
  }
}

}  // namespace opsim::sim::detail
