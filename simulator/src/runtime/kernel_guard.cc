#include "runtime/kernel_guard.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>

#include "runtime/launch_state.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace opsim::sim::detail {

extern thread_local Core* tls_core;

namespace {

constexpr int kFaultSignals[] = {SIGFPE, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT};
struct sigaction g_previous[NSIG];  // what our handlers replaced: run outside kernels

// Executable code of the runtime (this library and the objects IsRuntimeName names). A watchdog
// signal that lands there must not jump out: a lock may be held. The block then stops at its next
// instruction instead, and the watchdog signals again until it has.
struct CodeRange {
  uintptr_t lo = 0;
  uintptr_t hi = 0;
};
CodeRange g_runtime[16];
int g_runtime_count = 0;

// The runtime's objects by file name: the C, C++ and math runtimes, the loader, and under the
// sanitizers their runtimes, which intercept malloc and the locking calls (so an address taken of
// pthread_cond_wait or malloc would name the sanitizer, not libc).
bool IsRuntimeName(const char* path) {
  static const char* const kNames[] = {"/libc.so",    "/libstdc++.so", "/libgcc_s.so",
                                       "/libm.so",    "/ld-linux",     "/libpthread.so",
                                       "/libasan.so", "/libubsan.so"};
  for (const char* name : kNames) {
    if (std::strstr(path, name) != nullptr) return true;
  }
  return false;
}

bool Contains(const dl_phdr_info& info, uintptr_t address) {
  for (int s = 0; s < info.dlpi_phnum; ++s) {
    const ElfW(Phdr)& p = info.dlpi_phdr[s];
    const uintptr_t lo = info.dlpi_addr + p.p_vaddr;
    if (p.p_type == PT_LOAD && address >= lo && address < lo + p.p_memsz) return true;
  }
  return false;
}

int AddRuntimeObject(dl_phdr_info* info, size_t, void* simulator_address) {
  if (!IsRuntimeName(info->dlpi_name) &&
      !Contains(*info, reinterpret_cast<uintptr_t>(simulator_address))) {
    return 0;
  }
  for (int s = 0; s < info->dlpi_phnum; ++s) {
    const ElfW(Phdr)& p = info->dlpi_phdr[s];
    if (p.p_type != PT_LOAD || (p.p_flags & PF_X) == 0 || g_runtime_count == 16) continue;
    const uintptr_t lo = info->dlpi_addr + p.p_vaddr;
    g_runtime[g_runtime_count++] = {lo, lo + p.p_memsz};
  }
  return 0;
}

void FindRuntimeCode() { dl_iterate_phdr(&AddRuntimeObject, reinterpret_cast<void*>(&CurOrNull)); }

bool InRuntime(uintptr_t pc) {
  for (int i = 0; i < g_runtime_count; ++i) {
    if (pc >= g_runtime[i].lo && pc < g_runtime[i].hi) return true;
  }
  return false;
}

#if defined(__x86_64__)
uintptr_t ProgramCounter(const ucontext_t& uc) {
  return static_cast<uintptr_t>(uc.uc_mcontext.gregs[REG_RIP]);
}
uintptr_t StackPointer(const ucontext_t& uc) {
  return static_cast<uintptr_t>(uc.uc_mcontext.gregs[REG_RSP]);
}
#elif defined(__aarch64__)
uintptr_t ProgramCounter(const ucontext_t& uc) { return uc.uc_mcontext.pc; }
uintptr_t StackPointer(const ucontext_t& uc) { return uc.uc_mcontext.sp; }
#else
#error "kernel_guard.cc reads the program counter and stack pointer of x86-64 and AArch64 only"
#endif

// Set once a sanitizer has found an error and is ending the process (ASan's abort_on_error
// raises SIGABRT): that abort is the sanitizer's report, not the kernel's, and must not become
// a fault the launch survives.
std::atomic<bool> g_sanitizer_dying{false};

// Outside a kernel the signal is not ours: what was there before handles it.
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

[[noreturn]] void Escape(BlockGuard& guard, int sig, const siginfo_t* info, const ucontext_t& uc) {
  guard.signal = sig;
  guard.code = info->si_code;
  guard.address = info->si_addr;
  guard.pc = ProgramCounter(uc);
  guard.sp = StackPointer(uc);
  // abort() blocks signals before raising SIGABRT; the next block must be guarded again.
  sigset_t ours;
  sigemptyset(&ours);
  for (int s : kFaultSignals) sigaddset(&ours, s);
  sigaddset(&ours, WatchdogSignal());
  pthread_sigmask(SIG_UNBLOCK, &ours, nullptr);
  siglongjmp(guard.env, 1);
}

void OnSignal(int sig, siginfo_t* info, void* context) {
  const int saved_errno = errno;
  const auto& uc = *static_cast<const ucontext_t*>(context);
  Core* core = tls_core;
  LaunchState* launch = core != nullptr ? core->launch : nullptr;
  BlockGuard* guard =
      launch != nullptr ? launch->Guard(static_cast<uint32_t>(core->core_idx)) : nullptr;
  if (sig == WatchdogSignal()) {
    // Only a launch the watchdog stopped; a late signal finds its thread elsewhere and is dropped.
    if (guard != nullptr && launch->WallStopped()) {
      if (!InRuntime(ProgramCounter(uc))) Escape(*guard, sig, info, uc);
      core->timeout_ns = -1;  // the next instruction stops the block (RaiseTimeout)
    }
    errno = saved_errno;
    return;
  }
  if (guard == nullptr || g_sanitizer_dying.load()) {
    Chain(sig, info, context);
    errno = saved_errno;
    return;
  }
  Escape(*guard, sig, info, uc);
}

void InstallHandlers() {
  FindRuntimeCode();
  struct sigaction action {};
  action.sa_sigaction = &OnSignal;
  // SA_NODEFER: a block that jumps out leaves the signal unblocked for the next one.
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (int s : kFaultSignals) sigaction(s, &action, &g_previous[s]);
  sigaction(WatchdogSignal(), &action, &g_previous[WatchdogSignal()]);
#if defined(__SANITIZE_ADDRESS__)
  // A sanitizer's report inside a kernel ends the process as it would without the guard: the
  // test that ran into it must fail. (UBSan's own runtime exits without a signal unless
  // UBSAN_OPTIONS sets abort_on_error.)
  __sanitizer_set_death_callback([] { g_sanitizer_dying.store(true); });
#endif
}

// A stack that overflowed cannot run the handler: each thread that runs blocks gets a second one.
void EnsureAltStack() {
  stack_t current{};
  if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) return;
  constexpr size_t kBytes = 64 * 1024;
  void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return;  // no second stack: only an overflow goes uncaught
  stack_t alt{};
  alt.ss_sp = p;
  alt.ss_size = kBytes;
  if (sigaltstack(&alt, nullptr) != 0) munmap(p, kBytes);
}

// noinline: the frame that called sigsetjmp must be this one, alive until it returns. What the
// code after it uses lives in volatile locals, in memory, so the jump back finds it as it was.
__attribute__((noinline)) bool Enter(BlockGuard& guard_ref,
                                     const std::function<void()>& kernel_ref) {
  BlockGuard* volatile guard = &guard_ref;
  const std::function<void()>* volatile kernel = &kernel_ref;
  if (sigsetjmp(guard->env, 0) != 0) {
#if defined(__SANITIZE_ADDRESS__)
    // The abandoned frames below this one left their redzones poisoned, and the runtime's calls
    // from here reuse that stack. ASan's siglongjmp clears a thread's own stack but not a fiber's.
    // 128: the x86-64 red zone below the stack pointer, which leaf code uses unannounced.
    const uintptr_t low = guard->sp - 128;
    const auto high = reinterpret_cast<uintptr_t>(&guard);
    if (low < high) __asan_unpoison_memory_region(reinterpret_cast<void*>(low), high - low);
#endif
    return true;
  }
  (*kernel)();
  return false;
}

std::string SignalMeaning(const BlockGuard& g) {
  char address[40];
  std::snprintf(address, sizeof address, "%p", g.address);
  switch (g.signal) {
    case SIGFPE:
      return g.code == FPE_INTDIV   ? "SIGFPE: integer division by zero"
             : g.code == FPE_INTOVF ? "SIGFPE: integer overflow (INT_MIN / -1)"
                                    : "SIGFPE: arithmetic exception";
    case SIGSEGV:
      return std::string("SIGSEGV: an access to ") + address +
             (g.code == SEGV_ACCERR ? ", which the page does not permit"
                                    : ", where nothing is mapped") +
             " (outside every GM region, the core's UB and its stack; or the stack overflowed)";
    case SIGBUS: return std::string("SIGBUS: a bus error at ") + address;
    case SIGILL:
      return "SIGILL: an illegal instruction (a trap GCC puts where code is unreachable)";
    case SIGTRAP: return "SIGTRAP: a trap instruction";
    case SIGABRT: return "SIGABRT: the kernel called abort() (or a failed assert, or terminate)";
    default: return std::string("signal ") + std::to_string(g.signal);
  }
}

}  // namespace

int WatchdogSignal() { return SIGURG; }  // ignored by default: a late one harms nothing

void PrepareGuardThread() {
  static std::once_flag once;
  std::call_once(once, &InstallHandlers);
  thread_local bool ready = false;
  if (!ready) {
    EnsureAltStack();
    ready = true;
  }
}

bool RunGuarded(Core& core, BlockGuard& guard, const std::function<void()>& kernel) {
  const auto index = static_cast<uint32_t>(core.core_idx);
  core.launch->SetGuard(index, &guard);
  bool stopped = false;
  try {
    stopped = Enter(guard, kernel);
  } catch (...) {
    core.launch->SetGuard(index, nullptr);
    throw;
  }
  core.launch->SetGuard(index, nullptr);
  return stopped;
}

Fault HardwareFault(const Core& core, const BlockGuard& guard) {
  // Where: the library and function of the faulting instruction (the kernel's own, usually).
  std::string where;
  Dl_info info{};
  if (guard.pc != 0 && dladdr(reinterpret_cast<void*>(guard.pc), &info) != 0 &&
      info.dli_fname != nullptr) {
    char offset[40];
    std::snprintf(offset, sizeof offset, "+0x%zx",
                  static_cast<size_t>(guard.pc - reinterpret_cast<uintptr_t>(info.dli_fbase)));
    where = std::string(" at ") + info.dli_fname + offset +
            (info.dli_sname != nullptr ? std::string(" (") + info.dli_sname + ")" : "");
  }
  if (guard.signal == WatchdogSignal()) {  // the watchdog recorded the launch's fault already
    return Fault{FaultKind::kTimeout, core.block_idx, "kernel (host wall clock)",
                 "stopped by the launch's host wall-clock watchdog" + where};
  }
  return Fault{FaultKind::kAicoreException, core.block_idx, "kernel",
               "AI Core exception on core " + std::to_string(core.core_idx) + " (block " +
                   std::to_string(core.block_idx) + "): " + SignalMeaning(guard) + where};
}

}  // namespace opsim::sim::detail
