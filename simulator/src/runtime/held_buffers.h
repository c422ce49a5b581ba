// A queue buffer still held when its TPipe, TBufPool or kernel ends: the one rule for every end.
#pragma once

#include <cstddef>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// Judges buffer `buf` of `core` as the chip would when `instr` ends its life. Allocated or
// dequeued and never freed: the chip's TPipe::Destroy (and TBufPool::Reset) resets its buffers
// without looking at their state, so nothing goes wrong and a `buffer_leak` warning says so.
// Enqueued and never dequeued: the EnQue's hand-off event (SetFlag) is never waited for or
// released, so the next WaitFlag of that event on the core passes early: a `buffer_leak` fault.
void JudgeHeldBuffer(const Core& core, size_t buf, const char* instr);

}  // namespace opsim::sim::detail
