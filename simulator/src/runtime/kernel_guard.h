// Hardware-style exceptions in kernel code (integer division by zero, a store outside every
// mapping, an overflowing stack, abort(), a trap) become a fault of the block that raised them,
// as the chip raises an AI Core exception and stops the kernel, instead of ending the process.
// The launch watchdog's signal (launch_watchdog.h) stops a block spinning in scalar code the same
// way. In-process: a stray store that lands in mapped memory corrupts it unseen (docs/CHECKS.md).
#pragma once

#include <functional>

#include "opsim/core/signal_guard.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

// The signal the watchdog sends to a host thread running a block past the wall-clock limit.
int WatchdogSignal();

// Where a block's kernel code started: the signal handler jumps back here and records the signal
// in frame.record.
struct BlockGuard {
  signal_guard::Frame frame;
};

// Installs the process's signal handler with the kernel guard's hook (once; other code's handlers
// still run outside kernels; opsim/core/signal_guard.h), this thread's alternate signal stack (once
// per thread), so a stack overflow is caught too, and the exit() check (opsim/core/exit_guard.h).
void PrepareGuardThread();

// Runs kernel() for core's current block under `guard` (registered with core.launch): false when it
// returned (exceptions pass through), true when a signal stopped it (guard says which).
bool RunGuarded(Core& core, BlockGuard& guard, const std::function<void()>& kernel);

// The fault for a block a signal stopped: the signal, what it means, where, and the core.
Fault HardwareFault(const Core& core, const BlockGuard& guard);

}  // namespace opsim::sim::detail
