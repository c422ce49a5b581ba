// Per-buffer pipe bookkeeping and the missing-sync check: which pipe last wrote and read each UB
// buffer and until when, and, in checked mode, a kMissingSync fault when an instruction is not
// ordered after another pipe's access. What counts as missing depends on LaunchOptions::auto_sync
// (docs/CHECKS.md, "Synchronisation"): CANN's --cce-auto-sync inserts the S <-> V/MTE2/MTE3 flags
// and the PipeBarrier<PIPE_V> between dependent vector instructions; the V/MTE2/MTE3 hand-offs
// are always the kernel's.
#include <algorithm>
#include <string>

#include "opsim/sim/detail/core.h"
#include "runtime/describe_buffer.h"

namespace opsim::sim::detail {
namespace {

constexpr int kScalar = static_cast<int>(Pipe::kS);
constexpr int kVector = static_cast<int>(Pipe::kV);

std::string Ns(double t) { return std::to_string(t) + " ns"; }

// The HardEvent a kernel names for the hand-off from `from` to `to`: "V_S", "MTE2_S", "S_MTE3".
std::string EventName(int from, int to) {
  return std::string(PipeName(static_cast<Pipe>(from))) + "_" + PipeName(static_cast<Pipe>(to));
}

// What is missing between an access of `other` and one of `pipe`, for the fault message. Pairs
// with S are what auto-sync would have inserted, so the message says it is off.
std::string MissingHandOff(int other, int pipe) {
  if (other == kScalar || pipe == kScalar) {
    const std::string e = EventName(other, pipe);
    return "missing SetFlag<" + e + ">/WaitFlag<" + e +
           "> between the pipes (auto-sync is off; CANN's --cce-auto-sync would insert it)";
  }
  return "";  // the V/MTE2/MTE3 hand-offs keep their messages below
}

// Auto-sync off: a V instruction reading a V write to the same buffer, with no PipeBarrier<PIPE_V>
// (or <PIPE_ALL>) since and no other pipe in between, is unordered in the vector pipe.
// Only reads: the vector pipe issues in order, so a later write cannot overtake an earlier one,
// but a read may start before an earlier instruction's result is written back.
void CheckVectorRead(const Core& core, const BufferRecord& r, const UbRef& ref, double start,
                     const char* instr) {
  if (core.auto_sync || !r.v_write_pending || r.write_pipe != kVector) return;
  if (r.v_write_barriers != core.v_barriers) return;  // a PipeBarrier since the write
  if (r.write_end > start) return;  // this instruction's own write (ReduceSum's work tensor)
  RaiseFault(FaultKind::kMissingSync, instr,
             "V reads " + DescribeBuffer(core, ref.buf) + " at " + Ns(start) +
                 " after the V write ending at " + Ns(r.write_end) +
                 " with no PipeBarrier<PIPE_V> between them (auto-sync is off; CANN's "
                 "--cce-auto-sync would insert it)");
}

// Whether another pipe's write (`write`) or read may still run at `start`, by the latest end of
// each pipe's accesses. Under auto-sync the pairs with S are the compiler's to order.
bool OtherPipeRunsAt(const Core& core, const BufferRecord& r, int pipe, double start, bool write) {
  for (int q = 0; q < kPipeCount; ++q) {
    if (q == pipe || r.bounds[q][write].latest_end <= start) continue;
    if (core.auto_sync && (q == kScalar || pipe == kScalar)) continue;
    return true;
  }
  return false;
}

// Another pipe's write (`write`) or read still running over bytes [lo, hi) at `start`: a
// hazard, the earliest remembered when there are several.
const PipeAccess* Overlapping(const Core& core, const BufferRecord& r, int pipe, uint32_t lo,
                              uint32_t hi, double start, bool write) {
  if (!OtherPipeRunsAt(core, r, pipe, start, write)) return nullptr;
  const PipeAccess* first = nullptr;
  for (uint32_t i = 0; i < r.accesses.size(); ++i) {
    const PipeAccess& a = r.accesses[i];
    if (a.write != write || a.pipe == pipe || start >= a.end || a.hi <= lo || hi <= a.lo) continue;
    if (core.auto_sync && (a.pipe == kScalar || pipe == kScalar)) continue;
    if (first == nullptr || a.order < first->order) first = &a;
  }
  return first;
}

// Keeps the access for later ones to be checked against. An earlier access of the same pipe and
// kind inside [lo, hi) adds nothing (this one ends later, the pipe runs in order). Past
// PipeAccessRing::kKept the one that ended first goes (a missed hazard, never an invented one).
void Remember(BufferRecord& r, int pipe, uint32_t lo, uint32_t hi, double end, bool write) {
  PipeAccessBounds& b = r.bounds[pipe][write];
  if (b.highest_lo >= lo && b.lowest_hi <= hi) {  // one may lie inside [lo, hi): drop those that do
    b.highest_lo = -1;
    b.lowest_hi = UINT32_MAX;
    r.accesses.Filter([&](const PipeAccess& a) {
      if (a.pipe != pipe || a.write != write) return true;
      if (a.lo >= lo && a.hi <= hi) return false;
      b.highest_lo = std::max<int64_t>(b.highest_lo, a.lo);
      b.lowest_hi = std::min(b.lowest_hi, a.hi);
      return true;
    });
  }
  r.accesses.Insert({lo, hi, end, static_cast<int8_t>(pipe), write});
  b.highest_lo = std::max<int64_t>(b.highest_lo, lo);
  b.lowest_hi = std::min(b.lowest_hi, hi);
  b.latest_end = std::max(b.latest_end, end);
}

// Local-memory offsets [lo, hi) as offsets in the buffer.
std::string Bytes(const BufferRecord& r, uint32_t lo, uint32_t hi) {
  return "bytes [" + std::to_string(lo - r.offset) + ", " + std::to_string(hi - r.offset) + ")";
}

// The bytes from the view's start that an access of `span` covers (UINT64_MAX: the whole view):
// at most the view's, but a static tensor accessed past its declared size (a warning, core.cc)
// covers what the access touched, up to its memory's end.
uint64_t Covered(const Core& core, const BufferRecord& r, const UbRef& ref, uint64_t span) {
  if (span <= ref.bytes || span == UINT64_MAX || r.owner != kRawOwner) {
    return std::min<uint64_t>(span, ref.bytes);
  }
  const uint64_t room = uint64_t{r.offset} + r.bytes - static_cast<uint64_t>(ref.ptr - core.ub);
  return std::min(span, room);
}

// The checked halves of TrackRead and TrackWrite, out of line: with their fault messages inline
// every unchecked call (each operand of each vector instruction) saved six registers and set up
// an 850 B frame for a few field updates (issue 29, session 25).
[[gnu::noinline]] void CheckedRead(Core& core, BufferRecord& r, const UbRef& ref, Pipe pipe,
                                   double start, double end, const char* instr, uint64_t span) {
  const int p = static_cast<int>(pipe);
  const auto lo = static_cast<uint32_t>(ref.ptr - core.ub);
  const auto hi = static_cast<uint32_t>(lo + Covered(core, r, ref, span));
  if (const PipeAccess* w = Overlapping(core, r, p, lo, hi, start, true)) {
    const std::string missing = MissingHandOff(w->pipe, p);
    RaiseFault(FaultKind::kMissingSync, instr,
               std::string(PipeName(pipe)) + " reads " + DescribeBuffer(core, ref.buf) + " " +
                   Bytes(r, lo, hi) + " at " + std::to_string(start) + " ns before the " +
                   PipeName(static_cast<Pipe>(w->pipe)) + " write of " + Bytes(r, w->lo, w->hi) +
                   " ending at " + std::to_string(w->end) + " ns: " +
                   (missing.empty() ? "missing EnQue/DeQue or SetFlag/WaitFlag between the pipes"
                                    : missing));
  }
  if (p == kVector) CheckVectorRead(core, r, ref, start, instr);
  Remember(r, p, lo, hi, end, false);
}

[[gnu::noinline]] void CheckedWrite(Core& core, BufferRecord& r, const UbRef& ref, Pipe pipe,
                                    double start, double end, const char* instr, uint64_t bytes,
                                    uint64_t span) {
  const int p = static_cast<int>(pipe);
  MarkWritten(core, ref.ptr, Covered(core, r, ref, bytes));
  const auto lo = static_cast<uint32_t>(ref.ptr - core.ub);
  const auto hi = static_cast<uint32_t>(lo + Covered(core, r, ref, span));
  const PipeAccess* read = Overlapping(core, r, p, lo, hi, start, false);
  const PipeAccess* other = read ? read : Overlapping(core, r, p, lo, hi, start, true);
  if (other) {
    const std::string missing = MissingHandOff(other->pipe, p);
    RaiseFault(
        FaultKind::kMissingSync, instr,
        std::string(PipeName(pipe)) + " overwrites " + DescribeBuffer(core, ref.buf) + " " +
            Bytes(r, lo, hi) + " at " + std::to_string(start) + " ns while a " +
            PipeName(static_cast<Pipe>(other->pipe)) + (read ? " read" : " write") + " of " +
            Bytes(r, other->lo, other->hi) + " runs until " + std::to_string(other->end) +
            " ns: " + (missing.empty() ? "missing synchronisation between the pipes" : missing));
  }
  Remember(r, p, lo, hi, end, true);
}

// CheckLocalMemoryIA's ranges: the view's bytes (span from its start, or all of it).
void DataExpHook(const Core& core, const UbRef& ref, Pipe pipe, bool write, uint64_t span,
                 const char* instr) {
  const uint64_t lo = static_cast<uint64_t>(ref.ptr - core.ub);
  const BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  CheckDataExp(core, pipe, write, lo, lo + Covered(core, r, ref, span), instr);
}

}  // namespace

void CheckTrackedRead(Core& core, const UbRef& ref, Pipe pipe, double start, double end,
                      const char* instr, uint64_t span) {
  if (core.data_exp_on) DataExpHook(core, ref, pipe, false, span, instr);
  if (core.checked) {
    CheckedRead(core, core.bufs[static_cast<size_t>(ref.buf)], ref, pipe, start, end, instr, span);
  }
}

void CheckTrackedWrite(Core& core, const UbRef& ref, Pipe pipe, double start, double end,
                       const char* instr, uint64_t bytes, uint64_t span) {
  if (core.data_exp_on) DataExpHook(core, ref, pipe, true, span, instr);
  if (core.checked) {
    CheckedWrite(core, core.bufs[static_cast<size_t>(ref.buf)], ref, pipe, start, end, instr, bytes,
                 span);
  }
}

}  // namespace opsim::sim::detail
