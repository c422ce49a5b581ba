// GM bytes touched by S (GlobalTensor::GetValue/SetValue) and by a DMA (DataCopy: MTE2 reads GM,
// MTE3 writes it): CANN's --cce-auto-sync inserts the MTE2/MTE3 <-> S syncs for them as for UB
// (docs/CHECKS.md, "Synchronisation"). With auto-sync on the later access waits for the earlier
// one's end plus the flag latency; off, checked mode faults when it starts before that end. Only
// pairs with at least one write conflict; each core sees its own accesses (other cores are
// SyncAll's business). Records no longer able to delay or fault anything are dropped, adjacent
// scalar accesses merge, and at most kMaxRecords of each kind are kept (the oldest go first).
#include <algorithm>
#include <string>

#include "opsim/sim/detail/core.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr size_t kMaxRecords = 256;

bool Conflicts(const GmAccess& a, const uint8_t* lo, const uint8_t* hi, bool write) {
  return (a.write || write) && a.lo < hi && lo < a.hi;
}

// The other side's records for an access on `pipe`: S looks at the DMAs, a DMA at S.
std::vector<GmAccess>& OthersOf(Core& core, Pipe pipe) {
  return pipe == Pipe::kS ? core.gm_dma : core.gm_scalar;
}

// Drops what can no longer delay or fault the pipes that would meet it.
void Prune(Core& core, std::vector<GmAccess>& records, Pipe pipe) {
  const double seen_by = pipe == Pipe::kS ? std::min(core.clock[static_cast<int>(Pipe::kMte2)],
                                                     core.clock[static_cast<int>(Pipe::kMte3)])
                                          : core.clock[static_cast<int>(Pipe::kS)];
  std::erase_if(records, [&](const GmAccess& a) { return a.end + core.flag_ns <= seen_by; });
}

std::string Event(Pipe from, Pipe to) { return std::string(PipeName(from)) + "_" + PipeName(to); }

}  // namespace

double GmSyncStart(Core& core, Pipe pipe, const uint8_t* lo, const uint8_t* hi, bool write) {
  if (!core.auto_sync) return 0;
  double start = 0;
  for (const GmAccess& a : OthersOf(core, pipe)) {
    if (Conflicts(a, lo, hi, write)) start = std::max(start, a.end + core.flag_ns);
  }
  return start;
}

void TrackGm(Core& core, Pipe pipe, const uint8_t* lo, const uint8_t* hi, bool write, double start,
             double end, const char* instr) {
  if (lo == hi) return;
  if (core.checked && !core.auto_sync) {
    for (const GmAccess& a : OthersOf(core, pipe)) {
      if (!Conflicts(a, lo, hi, write) || start >= a.end) continue;
      const std::string e = Event(a.pipe, pipe);
      RaiseFault(FaultKind::kMissingSync, instr,
                 std::string(PipeName(pipe)) + (write ? " writes " : " reads ") +
                     core.launch->DescribeGm(lo, static_cast<uint64_t>(hi - lo)) + " at " +
                     std::to_string(start) + " ns before the " + PipeName(a.pipe) +
                     (a.write ? " write" : " read") + " of it ending at " + std::to_string(a.end) +
                     " ns: missing SetFlag<" + e + ">/WaitFlag<" + e +
                     "> between the pipes (auto-sync is off; CANN's --cce-auto-sync would "
                     "insert it)");
    }
  }
  std::vector<GmAccess>& mine = pipe == Pipe::kS ? core.gm_scalar : core.gm_dma;
  if (pipe == Pipe::kS && !mine.empty()) {  // a scalar loop over consecutive elements: one record
    GmAccess& last = mine.back();
    if (last.write == write && lo <= last.hi && last.lo <= hi) {
      last.lo = std::min(last.lo, lo);
      last.hi = std::max(last.hi, hi);
      last.end = std::max(last.end, end);
      return;
    }
  }
  if (mine.size() >= kMaxRecords) Prune(core, mine, pipe);
  if (mine.size() >= kMaxRecords) mine.erase(mine.begin());
  mine.push_back({lo, hi, end, pipe, write});
}

}  // namespace opsim::sim::detail
