#include "runtime/kernel_guard.h"

#include <link.h>
#include <signal.h>

#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "opsim/core/exit_guard.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

extern thread_local Core* tls_core;

namespace {

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

// The kernel guard's part of the process's one signal handler (opsim/core/signal_guard.h): a
// fault signal raised by a block's code jumps back to the block's start; anything else is not
// the kernel's and goes on to the rest of the handler.
// The guard of the block this thread runs, or null.
BlockGuard* RunningBlockGuard() {
  Core* core = tls_core;
  LaunchState* launch = core != nullptr ? core->launch : nullptr;
  return launch != nullptr ? launch->Guard(static_cast<uint32_t>(core->core_idx)) : nullptr;
}

signal_guard::Frame* RunningBlockFrame() {
  BlockGuard* guard = RunningBlockGuard();
  return guard != nullptr ? &guard->frame : nullptr;
}

bool OnKernelSignal(int sig, siginfo_t* info, void* context) {
  Core* core = tls_core;
  BlockGuard* guard = RunningBlockGuard();
  if (sig == WatchdogSignal()) {
    // Only a launch the watchdog stopped; a late signal finds its thread elsewhere and is dropped.
    if (guard != nullptr && core->launch->WallStopped()) {
      if (!InRuntime(signal_guard::ProgramCounter(context))) {
        signal_guard::JumpTo(guard->frame, sig, info, context);
      }
      core->timeout_ns = -1;  // the next instruction stops the block (RaiseTimeout)
    }
    return true;
  }
  if (guard == nullptr) return false;
  signal_guard::JumpTo(guard->frame, sig, info, context);
}

// What an exit() from a block's code was running, for the exits the guard cannot take back
// (opsim/core/exit_guard.h).
bool DescribeRunningBlock(char* out, size_t size) {
  const Core* core = tls_core;
  if (core == nullptr || core->launch == nullptr || core->device == nullptr) return false;
  std::snprintf(out, size, "a kernel launch on %s (core %d, block %d)", core->device->name.c_str(),
                static_cast<int>(core->core_idx), static_cast<int>(core->block_idx));
  return true;
}

void InstallHook() {
  FindRuntimeCode();
  signal_guard::SetHook(&OnKernelSignal, WatchdogSignal());
  signal_guard::SetFrameFinder(&RunningBlockFrame);
  exit_guard::SetDescriber(&DescribeRunningBlock);
}

// noinline: the frame that called sigsetjmp must be this one, alive until it returns. What the
// code after it uses lives in volatile locals, in memory, so the jump back finds it as it was.
__attribute__((noinline)) bool Enter(BlockGuard& guard_ref,
                                     const std::function<void()>& kernel_ref) {
  BlockGuard* volatile guard = &guard_ref;
  const std::function<void()>* volatile kernel = &kernel_ref;
  if (sigsetjmp(guard->frame.env, 0) != 0) {
    // The abandoned frames below this one left their redzones poisoned, and the runtime's calls
    // from here reuse that stack (a fiber's, which ASan's siglongjmp does not clear).
    signal_guard::UnpoisonAbandonedStack(guard->frame.record.sp, &guard);
    return true;
  }
  (*kernel)();
  return false;
}

std::string SignalMeaning(const signal_guard::SignalRecord& r) {
  std::string meaning = signal_guard::DescribeSignal(r, "the kernel");
  if (r.signal == SIGSEGV) {
    meaning += " (outside every GM region, the core's UB and its stack; or the stack overflowed)";
  }
  return meaning;
}

}  // namespace

int WatchdogSignal() { return SIGURG; }  // ignored by default: a late one harms nothing

void PrepareGuardThread() {
  static std::once_flag once;
  std::call_once(once, &InstallHook);
  thread_local bool ready = false;
  if (!ready) {
    signal_guard::Prepare();
    exit_guard::WatchThisThread();
    ready = true;
  }
}

bool RunGuarded(Core& core, BlockGuard& guard, const std::function<void()>& kernel) {
  const auto index = static_cast<uint32_t>(core.core_idx);
  core.launch->SetGuard(index, &guard);
  core.last_instruction = nullptr;
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
  const signal_guard::SignalRecord& r = guard.frame.record;
  std::string where;
  if (const signal_guard::CodeSite site = signal_guard::LocateCode(r.pc); !site.file.empty()) {
    char offset[40];
    std::snprintf(offset, sizeof offset, "+0x%zx", static_cast<size_t>(site.offset));
    where = " at " + site.file + offset + (site.symbol.empty() ? "" : " (" + site.symbol + ")");
  }
  if (r.signal == WatchdogSignal()) {  // the watchdog recorded the launch's fault already
    return Fault{FaultKind::kTimeout, core.block_idx, "kernel (host wall clock)",
                 "stopped by the launch's host wall-clock watchdog" + where};
  }
  const std::string after =
      core.last_instruction != nullptr
          ? std::string("; the block's last instruction: ") + core.last_instruction
          : std::string("; before the block's first instruction");
  return Fault{FaultKind::kAicoreException, core.block_idx, "kernel",
               "AI Core exception on core " + std::to_string(core.core_idx) + " (block " +
                   std::to_string(core.block_idx) + "): " + SignalMeaning(r) + where + after};
}

}  // namespace opsim::sim::detail
