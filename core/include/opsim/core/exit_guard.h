// exit() or quick_exit() called by code opsim runs but did not write (a kernel, a user's tiling
// function or InferShape) would end the process with the status that code chose, 0 included, as
// if opsim had finished. opsim_core defines both in front of the C library's: called from code
// under a guard of opsim/core/signal_guard.h (a user's host call, a kernel's block), they jump
// back to that guard, which reports the call as that code's error, and the process goes on.
// Otherwise, while such code runs on some thread (a thread the user's code started, say, or code
// bound to the C library's exit directly), the process prints "opsim: exit(<status>) called by
// user code during <what>: treated as a failure" and ends with status 70 (EX_SOFTWARE) before any
// other exit handler runs. _exit() and a direct exit system call bypass every handler and cannot
// be caught this way (docs/CHECKS.md).
#pragma once

#include <cstddef>
#include <string_view>

namespace opsim::exit_guard {

// The status the process ends with when user code called exit().
inline constexpr int kUserExitStatus = 70;

// Marks this thread as running a user's host code (`stage` of `subject`, e.g. "tiling" of
// "AddCustom") for the scope's life. Scopes nest; the strings must outlive the scope.
class UserCodeScope {
 public:
  UserCodeScope(std::string_view stage, std::string_view subject);
  ~UserCodeScope();
  UserCodeScope(const UserCodeScope&) = delete;
  UserCodeScope& operator=(const UserCodeScope&) = delete;

  std::string_view stage() const { return stage_; }
  std::string_view subject() const { return subject_; }

 private:
  std::string_view stage_;
  std::string_view subject_;
  const UserCodeScope* outer_;
};

// For a layer whose marks cannot nest as scopes (the simulator's blocks switch between fibers on
// one thread): writes what this thread runs ("a kernel launch on ascend910b (core 0, block 0)")
// into out[size] and returns true, or returns false. Asked before the scopes. Set once.
using Describer = bool (*)(char* out, size_t size);
void SetDescriber(Describer describer);

// Arms the check on this thread (cheap after the first call on a thread). UserCodeScope does it;
// a layer with a Describer calls it on each thread that runs user code.
void WatchThisThread();

}  // namespace opsim::exit_guard
