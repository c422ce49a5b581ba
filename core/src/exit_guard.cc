#include "opsim/core/exit_guard.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>

#include "opsim/core/signal_guard.h"

namespace opsim::exit_guard {
namespace {

thread_local const UserCodeScope* tls_scope = nullptr;
thread_local int tls_depth = 0;  // this thread's open scopes
std::atomic<int> g_running{0};   // open scopes, every thread
std::atomic<Describer> g_describer{nullptr};
char g_pending[512];  // what the exiting thread ran, for ReportExit

bool DescribeThisThread(char* out, size_t size) {
  if (const Describer d = g_describer.load(); d != nullptr && d(out, size)) return true;
  const UserCodeScope* scope = tls_scope;
  if (scope == nullptr) return false;
  std::snprintf(out, size, "%.*s of %.*s", static_cast<int>(scope->stage().size()),
                scope->stage().data(), static_cast<int>(scope->subject().size()),
                scope->subject().data());
  return true;
}

[[noreturn]] void Fail(const char* call, const char* during) {
  std::fprintf(stderr, "opsim: %s called by user code during %s: treated as a failure\n", call,
               during);
  std::fflush(stderr);
  _exit(kUserExitStatus);
}

// Registered by the exiting thread's Sentinel, so it runs first of the exit handlers.
void ReportExit(int status, void*) {
  char call[32];
  std::snprintf(call, sizeof call, "exit(%d)", status);
  Fail(call, g_pending);
}

// Registered once: exit() from a thread running no user code while another thread runs some
// (user code that started a thread of its own, say). A scope's thread is not named: it is busy.
void CheckOtherThreads(int status, void*) {
  if (g_running.load() == 0) return;
  std::fprintf(stderr,
               "opsim: exit(%d) called while user code was running on another thread: treated "
               "as a failure\n",
               status);
  std::fflush(stderr);
  _exit(kUserExitStatus);
}

// quick_exit() runs no thread_local destructor, only its own handlers: this one.
void CheckQuickExit() {
  char what[256];
  if (DescribeThisThread(what, sizeof what)) Fail("quick_exit()", what);
  if (g_running.load() > 0) Fail("quick_exit()", "code on another thread");
}

// exit() runs the calling thread's thread_local destructors before any atexit or on_exit
// handler (glibc's __run_exit_handlers), so this sees the exit first, while the rest of the
// process (a core pool whose destructor would join this very thread) is untouched. It does not
// know the status; the handler it registers, which exit() runs next, does. A thread that ends
// inside user code without exit() (pthread_exit) is a failure too: opsim's callers catch
// everything there, so it ends in terminate long before.
struct Sentinel {
  Sentinel() = default;
  Sentinel(const Sentinel&) = delete;
  Sentinel& operator=(const Sentinel&) = delete;
  ~Sentinel() {
    if (!DescribeThisThread(g_pending, sizeof g_pending)) return;
    if (on_exit(&ReportExit, nullptr) != 0) Fail("exit()", g_pending);
  }
};

using ExitFunction = void (*)(int);

// exit() or quick_exit() from guarded code (a user's host call under op_api, a kernel's block)
// goes back to its guard as that code's error, and the process goes on. `caller` is the call's
// return address: one byte back is inside the calling function even when the call ends it.
void RecoverIfGuarded(const char* call, int status, const void* caller) {
  const auto pc = reinterpret_cast<uintptr_t>(caller) - 1;
  const auto sp = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  signal_guard::JumpFromExit(call, status, pc, sp);
}

// The C library's function of that name, which ours stands in front of.
[[noreturn]] void CallNext(const char* name, ExitFunction self, int status) {
  const auto next = reinterpret_cast<ExitFunction>(dlsym(RTLD_NEXT, name));
  if (next != nullptr && next != self) next(status);
  std::fflush(nullptr);
  _exit(status);
}

void InstallOnce() {
  on_exit(&CheckOtherThreads, nullptr);
  at_quick_exit(&CheckQuickExit);
  // A forked child has only the forking thread: other threads' scopes are not its own.
  pthread_atfork(nullptr, nullptr, [] { g_running.store(tls_depth); });
}

}  // namespace

UserCodeScope::UserCodeScope(std::string_view stage, std::string_view subject)
    : stage_(stage), subject_(subject), outer_(tls_scope) {
  WatchThisThread();
  tls_scope = this;
  ++tls_depth;
  g_running.fetch_add(1, std::memory_order_relaxed);
}

UserCodeScope::~UserCodeScope() {
  g_running.fetch_sub(1, std::memory_order_relaxed);
  --tls_depth;
  tls_scope = outer_;
}

void SetDescriber(Describer describer) { g_describer.store(describer); }

void WatchThisThread() {
  static std::once_flag once;
  std::call_once(once, &InstallOnce);
  thread_local Sentinel sentinel;
  static_cast<void>(&sentinel);
}

}  // namespace opsim::exit_guard

// Ours, in front of the C library's for every object the loader binds to the first definition
// (a user's library, a CPU-debug program, opsim itself): see RecoverIfGuarded. Code that binds
// to the C library's directly still meets the Sentinel and CheckQuickExit above.
extern "C" void exit(int status) noexcept {
  opsim::exit_guard::RecoverIfGuarded("exit", status, __builtin_return_address(0));
  opsim::exit_guard::CallNext("exit", &exit, status);
}

extern "C" void quick_exit(int status) noexcept {
  opsim::exit_guard::RecoverIfGuarded("quick_exit", status, __builtin_return_address(0));
  opsim::exit_guard::CallNext("quick_exit", &quick_exit, status);
}
