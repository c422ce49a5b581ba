#include "opsim/core/exit_guard.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>

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
