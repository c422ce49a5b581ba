// An execution context of a host thread: either the thread's own stack or a fiber on a stack of
// its own. Blocks waiting in SyncAll park in one so that their host thread can run other blocks;
// switching is a swapcontext in user space, not an OS thread hand-off.
#pragma once

#include <ucontext.h>

#include <cstddef>

namespace opsim::sim::detail {

class ExecContext {
 public:
  ExecContext() = default;  // the thread's own stack until Prepare()
  ExecContext(const ExecContext&) = delete;
  ExecContext& operator=(const ExecContext&) = delete;
  ~ExecContext();

  // Makes this context start in `entry` on its fiber stack when switched to. The stack (with a
  // guard page below it) is mapped on first use and kept, so a pooled context costs no syscall
  // but getcontext's. `entry` must never return: it ends by switching away with finished = true.
  void Prepare(void (*entry)());
  // Saves the running context in *this and runs `to`; returns when something switches back.
  // `finished`: *this will not resume until it is prepared again (its frames are abandoned).
  void SwitchTo(ExecContext& to, bool finished);
  // To be called first thing by an `entry` function, in the context that was just switched to.
  void Landed();

 private:
  ucontext_t uc_{};
  char* map_ = nullptr;  // guard page + stack, or null for a thread's own stack
  size_t map_bytes_ = 0;
  // AddressSanitizer bookkeeping: the stack's bounds and this context's fake stack.
  const void* stack_bottom_ = nullptr;
  size_t stack_bytes_ = 0;
  void* fake_stack_ = nullptr;
};

}  // namespace opsim::sim::detail
