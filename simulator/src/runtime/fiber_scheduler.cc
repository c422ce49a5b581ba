#include "runtime/fiber_scheduler.h"

#include <cstdlib>
#include <memory>
#include <new>

namespace opsim::sim::detail {

// On the heap: at 1120 bytes the scheduler was two thirds of the library's TLS block, all of
// which a program that loads the library by dlopen (opsim_op_gen, through an operator library)
// must find in glibc's small static TLS surplus (the library is initial-exec,
// simulator/CMakeLists.txt), which ASan's runtime shares.
FiberScheduler& FiberScheduler::ThisThread() {
  thread_local const std::unique_ptr<FiberScheduler> scheduler = std::make_unique<FiberScheduler>();
  return *scheduler;
}

FiberScheduler::UbBuffer::~UbBuffer() { std::free(ptr); }

uint8_t* FiberScheduler::Ub(uint32_t bytes, LocalFill** fill) {
  UbBuffer& ub = current_->ub;
  if (ub.fill == nullptr || ub.fill->capacity < bytes) {
    std::free(ub.ptr);
    ub.fill = nullptr;
    const size_t capacity = (size_t{bytes} + 4095) / 4096 * 4096;
    ub.ptr = static_cast<uint8_t*>(std::aligned_alloc(4096, capacity + 4096));
    if (ub.ptr == nullptr) throw std::bad_alloc();
    ub.fill = new (ub.ptr + capacity) LocalFill{};
    ub.fill->capacity = static_cast<uint32_t>(capacity);
  }
  *fill = ub.fill;
  return ub.ptr;
}

void FiberScheduler::Run(SlotSource& source) {
  source_ = &source;
  uint32_t slot = 0;
  while (source.TakeSlot(&slot)) source.RunSlot(slot);
  if (live_ > 0) {
    draining_ = true;
    SwitchAway();
    draining_ = false;
  }
  source_ = nullptr;
  barrier_ = nullptr;
}

void FiberScheduler::Park(ParkBarrier& barrier, uint64_t ticket) {
  if (source_ == nullptr) {
    // Not inside Run (a launch that runs its only core directly): nothing else to do here.
    barrier.WaitReleased({ticket});
    return;
  }
  barrier_ = &barrier;
  parked_.push_back({current_, ticket});
  try {
    SwitchAway();
  } catch (...) {
    // No fiber could be started (out of memory): the block leaves with a fault that aborts the
    // launch, so the slot taken for the fiber never running only leaves its core time at 0.
    for (size_t i = 0; i < parked_.size(); ++i) {
      if (parked_[i].context == current_) {
        parked_.erase(parked_.begin() + static_cast<long>(i));
        break;
      }
    }
    throw;
  }
}

void FiberScheduler::SwitchAway() {
  Context* self = current_;
  Context* next = PickNext();
  if (next != self) Switch(self, next, /*finished=*/false);
}

FiberScheduler::Context* FiberScheduler::PickNext() {
  for (;;) {
    if (draining_ && live_ == 0) return &main_;
    for (size_t i = 0; i < parked_.size(); ++i) {
      if (barrier_->Released(parked_[i].ticket)) {
        Context* c = parked_[i].context;
        parked_.erase(parked_.begin() + static_cast<long>(i));
        return c;
      }
    }
    uint32_t slot = 0;
    if (source_->TakeSlot(&slot)) return StartFiber(slot);
    // Every context of this thread is parked or finished, so someone is parked (the thread's own
    // stack at least, in a block or in Run): in SyncAll, or for a turn at the shared L2.
    if (parked_.empty()) std::abort();
    tickets_.clear();
    for (const Parked& p : parked_) tickets_.push_back(p.ticket);
    barrier_->WaitReleased(tickets_);
  }
}

FiberScheduler::Pool& FiberScheduler::SharedPool() {
  static Pool pool;
  return pool;
}

FiberScheduler::Context* FiberScheduler::StartFiber(uint32_t slot) {
  Pool& pool = SharedPool();
  Context* c = nullptr;
  {
    std::lock_guard<std::mutex> lock(pool.mu);
    if (!pool.idle.empty()) {
      c = pool.idle.back();
      pool.idle.pop_back();
    }
  }
  if (c == nullptr) {
    auto fresh = std::make_unique<Context>();
    c = fresh.get();
    std::lock_guard<std::mutex> lock(pool.mu);
    pool.all.push_back(std::move(fresh));
  }
  try {
    c->exec.Prepare(&FiberScheduler::Entry);
  } catch (...) {
    std::lock_guard<std::mutex> lock(pool.mu);
    pool.idle.push_back(c);
    throw;
  }
  c->first_slot = slot;
  ++live_;
  return c;
}

void FiberScheduler::Switch(Context* from, Context* to, bool finished) {
  current_ = to;
  from->exec.SwitchTo(to->exec, finished);
  RecycleFinished();  // back in `from`
}

void FiberScheduler::RecycleFinished() {
  if (finished_ != nullptr) {
    Pool& pool = SharedPool();
    std::lock_guard<std::mutex> lock(pool.mu);
    pool.idle.push_back(finished_);
    finished_ = nullptr;
  }
}

void FiberScheduler::Entry() { ThisThread().FiberMain(); }

void FiberScheduler::FiberMain() {
  Context* self = current_;
  self->exec.Landed();
  RecycleFinished();
  uint32_t slot = self->first_slot;
  do {
    source_->RunSlot(slot);
  } while (source_->TakeSlot(&slot));
  --live_;
  // The stack is still in use until the switch: whoever runs next pools it.
  finished_ = self;
  Switch(self, PickNext(), /*finished=*/true);
  std::abort();  // a finished fiber is only ever restarted through Prepare
}

}  // namespace opsim::sim::detail
