// Checked mode's view of GM across cores: each core's GM accesses in the current SyncAll epoch
// (for the race check, gm_race) and the bytes written in this launch (for the initialisation
// checks, uninitialized_read and unwritten_output). docs/CHECKS.md, "GM between cores".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "opsim/sim/fault.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::detail {

class LaunchState;

// What an access did to its bytes. kRef is GlobalTensor::operator(), whose reference may be
// read or written through: a read for races, a write for initialisation. kGarbage is a DMA out
// of UB bytes nothing wrote: a write for races, but the GM bytes stay unwritten.
enum class GmUse : uint8_t { kRead, kWrite, kAtomic, kRef, kGarbage };

struct GmSpan {
  uintptr_t lo;
  uintptr_t hi;
  double t;           // simulated start of the instruction
  const char* instr;  // static string
  int32_t block;
  GmUse use;
  Pipe pipe;
  int32_t who;   // the core (FlagCoreId): its program order is its slot's sync points'
  uint32_t pos;  // the slot's sync points (flag writes and hand-overs) before this access
};

// A core at a flag write or hand-over: `pos` is its slot's sync point there (the slot's accesses
// logged after it have pos + 1 or more). who < 0: not known (the race check goes by times).
struct FlagMark {
  int32_t who = -1;
  uint32_t pos = 0;
};

// Disjoint, merged [lo, hi) byte ranges.
class ByteRanges {
 public:
  void Add(uintptr_t lo, uintptr_t hi);
  // The first sub-range of [lo, hi) not covered, or an empty one ({hi, hi}) when all is.
  std::pair<uintptr_t, uintptr_t> FirstGap(uintptr_t lo, uintptr_t hi) const;
  bool Covers(uintptr_t lo, uintptr_t hi) const { return FirstGap(lo, hi).first == hi; }
  // Calls f(a, b) for every covered sub-range of [lo, hi), in address order.
  template <typename F>
  void ForCovered(uintptr_t lo, uintptr_t hi, F&& f) const {
    auto it = ranges_.upper_bound(lo);
    if (it != ranges_.begin()) --it;
    for (; it != ranges_.end() && it->first < hi; ++it) {
      const uintptr_t a = it->first > lo ? it->first : lo;
      const uintptr_t b = it->second < hi ? it->second : hi;
      if (a < b) f(a, b);
    }
  }
  void Clear() { ranges_.clear(); }
  bool Empty() const { return ranges_.empty(); }

 private:
  std::map<uintptr_t, uintptr_t> ranges_;  // lo -> hi
};

class GmShadow {
 public:
  // log_reads: whether reads are logged at all (a launch of one block cannot race).
  GmShadow(uint32_t cores, bool log_reads);

  // Records an access by `block` on `core` (the core's own thread; no lock). Streaming accesses
  // coalesce with the core's previous record, so a copy loop stays one record per tensor.
  void Log(uint32_t core, int32_t block, int32_t who, const uint8_t* lo, uint64_t bytes, GmUse use,
           const char* instr, Pipe pipe, double t) {
    if (bytes == 0 || (!log_reads_ && use == GmUse::kRead)) return;
    const auto a = reinterpret_cast<uintptr_t>(lo);
    std::vector<GmSpan>& log = logs_[core];
    if (!log.empty() && sealed_[core] == 0) {
      GmSpan& last = log.back();
      if (last.block == block && last.who == who && last.use == use && last.instr == instr) {
        if (last.hi == a) {
          last.hi += bytes;
          if (use != GmUse::kRead) NoteWrite(core, block, use, a, a + bytes);
          return;
        }
        if (a >= last.lo && a + bytes <= last.hi) return;  // inside it: nothing new
      }
    }
    // Past the cap a core's reads go unlogged: a race with them can be missed, never invented.
    if (use == GmUse::kRead && log.size() >= kMaxSpansPerCore) return;
    log.push_back({a, a + bytes, t, instr, block, use, pipe, who, sync_[core]});
    sealed_[core] = 0;
    if (use != GmUse::kRead) NoteWrite(core, block, use, a, a + bytes);
  }

  // Whether [lo, hi) was written in an earlier epoch or by `block` itself in this one; else the
  // first unwritten sub-range.
  std::pair<uintptr_t, uintptr_t> FirstUnwritten(uint32_t core, int32_t block, uintptr_t lo,
                                                 uintptr_t hi) const;
  // Calls f(a, b) for each written sub-range of [lo, hi) (earlier epochs or `block` itself).
  template <typename F>
  void ForWritten(uint32_t core, int32_t block, uintptr_t lo, uintptr_t hi, F&& f) const {
    written_.ForCovered(lo, hi, f);
    if (own_block_[core] == block) own_[core].ForCovered(lo, hi, f);
  }

  // At the end of an epoch (every other core parked, or the launch over): the first race of the
  // epoch in address order (gm_race), then the epoch's writes join the launch's written bytes.
  std::optional<Fault> EndEpoch(const LaunchState& launch);
  void Seal(uint32_t core) { sealed_[core] = 1; }
  // A flag write or hand-over on `core`'s slot (the core's own thread): the slot's accesses so
  // far come before it, its next ones after it (a record of their own). Returns its position.
  uint32_t SyncPoint(uint32_t core) {
    sealed_[core] = 1;
    return sync_[core]++;
  }
  const ByteRanges& written() const { return written_; }

 private:
  // Past this many read records on one core in one epoch, its reads are no longer logged.
  static constexpr size_t kMaxSpansPerCore = size_t{1} << 22;
  void NoteWrite(uint32_t core, int32_t block, GmUse use, uintptr_t lo, uintptr_t hi) {
    if (use == GmUse::kGarbage) return;  // bytes of nothing written stay unwritten
    if (own_block_[core] != block) {
      own_[core].Clear();
      own_block_[core] = block;
    }
    own_[core].Add(lo, hi);
  }
  std::optional<Fault> FindRace(const LaunchState& launch) const;

  bool log_reads_;
  std::vector<std::vector<GmSpan>> logs_;  // per core, this epoch
  std::vector<ByteRanges> own_;            // per core: its current block's writes this epoch
  std::vector<int32_t> own_block_;
  std::vector<uint8_t> sealed_;  // per core: the next access starts a new record
  std::vector<uint32_t> sync_;   // per core: its slot's sync points so far (the whole launch)
  ByteRanges written_;           // every write of the epochs before
};

}  // namespace opsim::sim::detail
