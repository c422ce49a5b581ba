// Hardware-style signals (SIGFPE, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT) raised by code opsim
// runs but did not write (a kernel, a user's tiling function or InferShape) become that code's
// error instead of the process's end. One handler serves the whole process, so that there is one
// set of previous handlers to pass foreign signals on to and one sanitizer death callback (it
// holds only one): the simulator's kernel guard plugs in as a hook, a user's host calls jump back
// to a frame of their thread (RunWithThreadFrame). Each thread that runs such code gets an
// alternate signal stack, so a stack overflow is caught too. Linux, x86-64 and AArch64.
#pragma once

#include <setjmp.h>
#include <signal.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace opsim::signal_guard {

// What the handler saw: the signal, siginfo's si_code and si_addr, and the program counter and
// stack pointer it interrupted. For an exit() the guarded code called (JumpFromExit), `exit_call`
// names the function ("exit", "quick_exit"), `code` holds the status, `signal` is 0 and `pc` is
// the call's return address.
struct SignalRecord {
  int signal = 0;
  int code = 0;
  const void* address = nullptr;
  uintptr_t pc = 0;
  uintptr_t sp = 0;
  const char* exit_call = nullptr;
};

// A place to come back to: its owner sigsetjmp's `env`; the handler fills `record` and jumps.
struct Frame {
  sigjmp_buf env;
  SignalRecord record;
};

// Whether `sig` is one of the hardware-style signals above.
bool IsFaultSignal(int sig);

// The simulator's hook, asked first on the thread the signal interrupted (in the handler, so
// async-signal-safe code only): true when it dealt with the signal; it may also jump (JumpTo) and
// never return; false lets the handler go on to this thread's frame, else to the previous handler.
// Not asked for a fault signal once a sanitizer is dying: that signal is the sanitizer's report.
using Hook = bool (*)(int sig, siginfo_t* info, void* context);

// The simulator's: the frame of the block this thread runs, or null. Asked before this thread's
// frame when guarded code calls exit().
using FrameFinder = Frame* (*)();

// Installs the process's handlers (once) and this thread's alternate stack (once per thread).
void Prepare();

// Sets the hook (once per process) and also handles `extra_signal` (the launch watchdog's), which
// only the hook sees and is never passed on.
void SetHook(Hook hook, int extra_signal);

// Sets the finder (once per process).
void SetFrameFinder(FrameFinder finder);

// From exit() or quick_exit() (opsim/core/exit_guard.h): records `call`(status), called from
// `pc` with the stack at `sp`, in the frame that guards this thread (the finder's, else the
// thread's frame) and jumps to it; returns false when nothing guards this thread.
bool JumpFromExit(const char* call, int status, uintptr_t pc, uintptr_t sp);

// From a handler or hook: records the signal in `frame` and jumps to it, with the guarded signals
// unblocked again (abort() blocks them, and the next guarded call must be guarded too).
[[noreturn]] void JumpTo(Frame& frame, int sig, const siginfo_t* info, const void* context);

// The program counter a signal interrupted (context is the handler's ucontext_t).
uintptr_t ProgramCounter(const void* context);

// After a jump: under AddressSanitizer, clears the redzones the abandoned frames left between the
// faulting stack pointer `sp` and `frame_top` (an address in the frame jumped to), which later
// calls reuse. ASan's siglongjmp clears a thread's own stack, not a fiber's. No-op otherwise.
void UnpoisonAbandonedStack(uintptr_t sp, const volatile void* frame_top);

// Runs fn(arg) with `frame` as this thread's frame (nested calls restore the outer one): false
// when fn returned (an exception passes through), true when a fault signal stopped it (frame's
// record says which). Frames abandoned by the jump run no destructors.
bool RunWithThreadFrame(Frame& frame, void (*fn)(void*), void* arg);

// "SIGFPE: integer division by zero", "SIGSEGV: an access to 0x10, where nothing is mapped",
// "SIGABRT: <who> called abort() (or a failed assert, or terminate)", "<who> called exit(3),
// which would have ended the process", ...
std::string DescribeSignal(const SignalRecord& record, std::string_view who);

// Whether a SIGSEGV hit next to the stack pointer: a stack that overflowed.
bool StackOverflowed(const SignalRecord& record);

// The object (shared library or program) holding `pc`, as the loader opened it, the offset in it
// and the dynamic symbol containing it (as stored: mangled); empty file when unknown.
struct CodeSite {
  std::string file;
  uintptr_t offset = 0;
  std::string symbol;
};
CodeSite LocateCode(uintptr_t pc);

}  // namespace opsim::signal_guard
