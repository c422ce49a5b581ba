#include "opsim/core/signal_guard.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <mutex>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace opsim::signal_guard {
namespace {

constexpr int kFaultSignals[] = {SIGFPE, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT};
struct sigaction g_previous[NSIG];  // what our handler replaced: it runs for signals not ours

std::atomic<Hook> g_hook{nullptr};
std::atomic<FrameFinder> g_frame_finder{nullptr};
std::atomic<int> g_extra_signal{0};

// Set once a sanitizer has found an error and is ending the process (ASan's abort_on_error
// raises SIGABRT): that abort is the sanitizer's report, not the guarded code's, and must not
// become an error the process survives.
std::atomic<bool> g_sanitizer_dying{false};

// This thread's innermost host frame (RunWithThreadFrame); read by the handler on this thread.
thread_local Frame* volatile tls_frame = nullptr;

#if defined(__x86_64__)
uintptr_t StackPointer(const ucontext_t& uc) {
  return static_cast<uintptr_t>(uc.uc_mcontext.gregs[REG_RSP]);
}
#elif defined(__aarch64__)
uintptr_t StackPointer(const ucontext_t& uc) { return uc.uc_mcontext.sp; }
#else
#error "signal_guard.cc reads the program counter and stack pointer of x86-64 and AArch64 only"
#endif

// A signal that is not ours: what was there before handles it.
void Chain(int sig, siginfo_t* info, void* context) {
  const struct sigaction& old = g_previous[sig];
  if ((old.sa_flags & SA_SIGINFO) != 0 && old.sa_sigaction != nullptr) {
    old.sa_sigaction(sig, info, context);
    return;
  }
  if (old.sa_handler == SIG_IGN && sig != SIGSEGV && sig != SIGBUS && sig != SIGFPE &&
      sig != SIGILL) {
    return;
  }
  if (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN) {
    old.sa_handler(sig);
    return;
  }
  // The default action: a synchronous fault happens again when the handler returns; a sent
  // signal is sent again.
  signal(sig, SIG_DFL);
  if (info->si_code <= 0) raise(sig);
}

void OnSignal(int sig, siginfo_t* info, void* context) {
  const int saved_errno = errno;
  const bool fault = IsFaultSignal(sig);
  if (!fault || !g_sanitizer_dying.load()) {
    const Hook hook = g_hook.load();
    if (hook != nullptr && hook(sig, info, context)) {
      errno = saved_errno;
      return;
    }
    Frame* frame = tls_frame;
    if (fault && frame != nullptr) JumpTo(*frame, sig, info, context);
  }
  if (fault) Chain(sig, info, context);
  errno = saved_errno;
}

void Install(int sig) {
  struct sigaction action {};
  action.sa_sigaction = &OnSignal;
  // SA_NODEFER: code that jumps out leaves the signal unblocked for the next guarded call.
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  sigaction(sig, &action, &g_previous[sig]);
}

void InstallHandlers() {
  for (int s : kFaultSignals) Install(s);
#if defined(__SANITIZE_ADDRESS__)
  // A sanitizer's report inside guarded code ends the process as it would without the guard: the
  // test that ran into it must fail. (UBSan's own runtime exits without a signal unless
  // UBSAN_OPTIONS sets abort_on_error.)
  __sanitizer_set_death_callback([] { g_sanitizer_dying.store(true); });
#endif
}

// A stack that overflowed cannot run the handler: each guarded thread gets a second one, given
// back when the thread ends (threads that call user code come and go; the pool's stay).
class AltStack {
 public:
  AltStack() = default;
  AltStack(const AltStack&) = delete;
  AltStack& operator=(const AltStack&) = delete;
  ~AltStack() {
    if (stack_ == nullptr) return;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    if (sigaltstack(&off, nullptr) == 0) munmap(stack_, kBytes);
  }

  // Once per thread; a thread that has one already (the sanitizers give their threads one) keeps
  // it.
  void Ensure() {
    if (ready_) return;
    ready_ = true;
    stack_t current{};
    if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) return;
    void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;  // no second stack: only an overflow goes uncaught
    stack_t alt{};
    alt.ss_sp = p;
    alt.ss_size = kBytes;
    if (sigaltstack(&alt, nullptr) != 0) {
      munmap(p, kBytes);
      return;
    }
    stack_ = p;
  }

 private:
  static constexpr size_t kBytes = 64 * 1024;
  void* stack_ = nullptr;
  bool ready_ = false;
};

// Restores the outer frame however RunWithThreadFrame's call ends (a return, a jump, a throw).
struct RestoreFrame {
  Frame* outer;
  ~RestoreFrame() { tls_frame = outer; }
};

// noinline: the frame that called sigsetjmp must be this one, alive until it returns. What the
// code after it uses lives in volatile locals, in memory, so the jump back finds it as it was.
__attribute__((noinline)) bool EnterFrame(Frame& frame_ref, void (*fn_ref)(void*), void* arg_ref) {
  Frame* volatile frame = &frame_ref;
  void (*volatile fn)(void*) = fn_ref;
  void* volatile arg = arg_ref;
  if (sigsetjmp(frame->env, 0) != 0) {
    UnpoisonAbandonedStack(frame->record.sp, &frame);
    return true;
  }
  fn(arg);
  return false;
}

}  // namespace

bool IsFaultSignal(int sig) {
  for (int s : kFaultSignals) {
    if (s == sig) return true;
  }
  return false;
}

void Prepare() {
  static std::once_flag once;
  std::call_once(once, &InstallHandlers);
  thread_local AltStack alt_stack;
  alt_stack.Ensure();
}

void SetHook(Hook hook, int extra_signal) {
  static std::once_flag once;
  std::call_once(once, [&] {
    g_hook.store(hook);
    g_extra_signal.store(extra_signal);
    Install(extra_signal);
  });
}

void SetFrameFinder(FrameFinder finder) {
  static std::once_flag once;
  std::call_once(once, [&] { g_frame_finder.store(finder); });
}

bool JumpFromExit(const char* call, int status, uintptr_t pc, uintptr_t sp) {
  const FrameFinder finder = g_frame_finder.load();
  Frame* frame = finder != nullptr ? finder() : nullptr;
  if (frame == nullptr) frame = tls_frame;
  if (frame == nullptr) return false;
  frame->record = SignalRecord{0, status, nullptr, pc, sp, call};
  siglongjmp(frame->env, 1);
}

[[noreturn]] void JumpTo(Frame& frame, int sig, const siginfo_t* info, const void* context) {
  const auto& uc = *static_cast<const ucontext_t*>(context);
  frame.record.signal = sig;
  frame.record.code = info->si_code;
  frame.record.address = info->si_addr;
  frame.record.pc = ProgramCounter(context);
  frame.record.sp = StackPointer(uc);
  frame.record.exit_call = nullptr;
  sigset_t ours;
  sigemptyset(&ours);
  for (int s : kFaultSignals) sigaddset(&ours, s);
  if (const int extra = g_extra_signal.load(); extra != 0) sigaddset(&ours, extra);
  pthread_sigmask(SIG_UNBLOCK, &ours, nullptr);
  siglongjmp(frame.env, 1);
}

uintptr_t ProgramCounter(const void* context) {
  const auto& uc = *static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
  return static_cast<uintptr_t>(uc.uc_mcontext.gregs[REG_RIP]);
#else
  return uc.uc_mcontext.pc;
#endif
}

void UnpoisonAbandonedStack([[maybe_unused]] uintptr_t sp,
                            [[maybe_unused]] const volatile void* frame_top) {
#if defined(__SANITIZE_ADDRESS__)
  // 128: the x86-64 red zone below the stack pointer, which leaf code uses unannounced.
  const uintptr_t low = sp - 128;
  const auto high = reinterpret_cast<uintptr_t>(frame_top);
  if (low < high) __asan_unpoison_memory_region(reinterpret_cast<void*>(low), high - low);
#endif
}

bool RunWithThreadFrame(Frame& frame, void (*fn)(void*), void* arg) {
  const RestoreFrame restore{tls_frame};
  tls_frame = &frame;
  return EnterFrame(frame, fn, arg);
}

std::string DescribeSignal(const SignalRecord& r, std::string_view who) {
  char address[40];  // %p would print a null address as "(nil)"
  std::snprintf(address, sizeof address, "0x%zx", reinterpret_cast<size_t>(r.address));
  if (r.exit_call != nullptr) {
    return std::string(who) + " called " + r.exit_call + "(" + std::to_string(r.code) +
           "), which would have ended the process";
  }
  switch (r.signal) {
    case SIGFPE:
      return r.code == FPE_INTDIV   ? "SIGFPE: integer division by zero"
             : r.code == FPE_INTOVF ? "SIGFPE: integer overflow (INT_MIN / -1)"
                                    : "SIGFPE: arithmetic exception";
    case SIGSEGV:
      return std::string("SIGSEGV: an access to ") + address +
             (r.code == SEGV_ACCERR ? ", which the page does not permit"
                                    : ", where nothing is mapped");
    case SIGBUS: return std::string("SIGBUS: a bus error at ") + address;
    case SIGILL:
      return "SIGILL: an illegal instruction (a trap GCC puts where code is unreachable)";
    case SIGTRAP: return "SIGTRAP: a trap instruction";
    case SIGABRT:
      return "SIGABRT: " + std::string(who) + " called abort() (or a failed assert, or terminate)";
    default: return "signal " + std::to_string(r.signal);
  }
}

bool StackOverflowed(const SignalRecord& r) {
  // A call or a frame's first store lands at most a frame below the stack pointer; 64 KiB covers
  // large frames without taking a wild pointer elsewhere for an overflow.
  constexpr uintptr_t kNear = 64 * 1024;
  const auto address = reinterpret_cast<uintptr_t>(r.address);
  return r.signal == SIGSEGV && r.sp != 0 && address + kNear >= r.sp && address <= r.sp + kNear;
}

CodeSite LocateCode(uintptr_t pc) {
  CodeSite site;
  Dl_info info{};
  if (pc == 0 || dladdr(reinterpret_cast<void*>(pc), &info) == 0 || info.dli_fname == nullptr) {
    return site;
  }
  site.file = info.dli_fname;
  site.offset = pc - reinterpret_cast<uintptr_t>(info.dli_fbase);
  if (info.dli_sname != nullptr) site.symbol = info.dli_sname;
  return site;
}

}  // namespace opsim::signal_guard
