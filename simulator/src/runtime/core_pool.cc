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

void CorePool::Run(uint32_t n, uint32_t parallel, const std::function<void(uint32_t)>& job) {
  std::lock_guard<std::mutex> run_lock(run_mu_);
  std::unique_lock<std::mutex> lock(mu_);
  job_ = &job;
  n_ = n;
  next_ = 0;
  ++generation_;
  wanted_ = 0;
  const uint32_t helpers = (parallel < n ? parallel : n) - 1;  // the caller is one of them
  for (uint32_t i = 0; i < helpers; ++i) {
    if (threads_.size() <= wanted_) {
      threads_.emplace_back([this, index = wanted_, seen = generation_ - 1] { Loop(index, seen); });
    }
    ++wanted_;
  }
  work_cv_.notify_all();
  TakeSlots(lock);
  done_cv_.wait(lock, [&] { return next_ >= n_ && running_ == 0; });
  wanted_ = 0;
  job_ = nullptr;
}

void CorePool::TakeSlots(std::unique_lock<std::mutex>& lock) {
  ++running_;
  lock.unlock();
  FiberScheduler::ThisThread().Run(*this);
  lock.lock();
  if (--running_ == 0 && next_ >= n_) done_cv_.notify_all();
}

bool CorePool::TakeSlot(uint32_t* slot) {
  std::lock_guard<std::mutex> lock(mu_);
  if (next_ >= n_) return false;
  *slot = next_++;
  return true;
}

// job_ is set before any thread is woken and cleared after all have left TakeSlots.
void CorePool::RunSlot(uint32_t slot) { (*job_)(slot); }

void CorePool::Loop(uint32_t index, uint64_t seen) {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [&] { return quit_ || (generation_ != seen && index < wanted_); });
    if (quit_) return;
    seen = generation_;
    TakeSlots(lock);
  }
}

}  // namespace opsim::sim::detail
