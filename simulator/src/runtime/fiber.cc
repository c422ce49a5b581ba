#include "runtime/fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace opsim::sim::detail {
namespace {

// Kernels run Highway code and throw exceptions; AddressSanitizer's redzones make frames larger.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kStackBytes = size_t{4} << 20;
#else
constexpr size_t kStackBytes = size_t{1} << 20;
#endif

#if defined(__SANITIZE_ADDRESS__)
// Below a finishing fiber's SwitchTo frame: what its own locals and calls may have poisoned.
constexpr size_t kFinishSlackBytes = size_t{64} << 10;
// The context a switch came from, so the landing side can record its stack bounds (a thread's
// own stack is only known to AddressSanitizer).
thread_local ExecContext* tls_switched_from = nullptr;
#endif

}  // namespace

ExecContext::~ExecContext() {
  if (map_ != nullptr) munmap(map_, map_bytes_);
}

void ExecContext::Prepare(void (*entry)()) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  if (map_ == nullptr) {
    void* p = mmap(nullptr, page + kStackBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    if (mprotect(p, page, PROT_NONE) != 0) {  // an overflow faults instead of corrupting memory
      munmap(p, page + kStackBytes);
      throw std::bad_alloc();
    }
    map_ = static_cast<char*>(p);
    map_bytes_ = page + kStackBytes;
  }
  stack_bottom_ = map_ + page;
  stack_bytes_ = kStackBytes;
#if defined(__SANITIZE_ADDRESS__)
  // Frames abandoned by the previous run of this stack may have left poisoned redzones. A run
  // that ended in SwitchTo(finished) cleared its own (fake_stack_ == this); only a fresh stack,
  // or one whose run ended otherwise, is cleared whole here.
  if (fake_stack_ != this) __asan_unpoison_memory_region(map_ + page, kStackBytes);
#endif
  fake_stack_ = nullptr;
  getcontext(&uc_);
  uc_.uc_stack.ss_sp = map_ + page;
  uc_.uc_stack.ss_size = kStackBytes;
  uc_.uc_link = nullptr;
  makecontext(&uc_, entry, 0);
}

void ExecContext::SwitchTo(ExecContext& to, bool finished) {
#if defined(__SANITIZE_ADDRESS__)
  if (finished && map_ != nullptr) {
    // This run's live frames (this one and its callers, at the top of the stack) are abandoned:
    // clear their redzones now, so that Prepare need not clear all 4 MiB (512 KiB of shadow
    // written, and its pages faulted back in, per fiber start: half of the sanitizer build's
    // case-test time). Deeper frames cleared theirs on return, and the kernel guard clears
    // those a siglongjmp abandons (UnpoisonAbandonedStack).
    char* const bottom = map_ + (map_bytes_ - kStackBytes);
    char* const top = map_ + map_bytes_;
    char* low = static_cast<char*>(__builtin_frame_address(0)) - kFinishSlackBytes;
    if (low < bottom) low = bottom;
    __asan_unpoison_memory_region(low, static_cast<size_t>(top - low));
    fake_stack_ = this;
  }
  __sanitizer_start_switch_fiber(finished ? nullptr : &fake_stack_, to.stack_bottom_,
                                 to.stack_bytes_);
  tls_switched_from = this;
#else
  (void)finished;
#endif
  swapcontext(&uc_, &to.uc_);
  Landed();
}

void ExecContext::Landed() {
#if defined(__SANITIZE_ADDRESS__)
  const void* from_bottom = nullptr;
  size_t from_bytes = 0;
  __sanitizer_finish_switch_fiber(fake_stack_, &from_bottom, &from_bytes);
  if (tls_switched_from != nullptr) {
    tls_switched_from->stack_bottom_ = from_bottom;
    tls_switched_from->stack_bytes_ = from_bytes;
  }
#endif
}

}  // namespace opsim::sim::detail
