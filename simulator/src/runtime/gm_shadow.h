// Checked mode's view of GM across cores: each core's GM accesses in the current SyncAll epoch
// (for the race check, gm_race) and the bytes written in this launch (for the initialisation
// checks, uninitialized_read and unwritten_output). docs/CHECKS.md, "GM between cores".
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "opsim/sim/fault.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::detail {

class LaunchState;

// The instruction an int4b_t GlobalTensor::SetValue logs as: a store into a byte whose values
// compare only with another int4b_t store's: the nibble each set (Int4StoreKey), or the byte
// once a record stored both of its nibbles (Int4Stored).
inline constexpr char kInt4SetValue[] = "GlobalTensor::SetValue (int4b_t)";
// What an int4b_t record's stores set in its last byte: the nibbles' values (low in bits 0-3,
// high in 4-7) and which nibbles were stored (kInt4Low, kInt4High). `key` is one store's
// (Int4StoreKey: bit 4 the high nibble, bits 0-3 its value); a later store of a nibble wins.
inline constexpr uint16_t kInt4Low = 0x100;
inline constexpr uint16_t kInt4High = 0x200;
inline uint16_t Int4Stored(uint16_t nibbles, uint8_t key) {
  const bool high = (key & 0x10) != 0;
  const unsigned shift = high ? 4 : 0;
  return static_cast<uint16_t>((nibbles & ~(0xFu << shift)) | ((key & 0xFu) << shift) |
                               (high ? kInt4High : kInt4Low));
}

// What an access did to its bytes. kRef is GlobalTensor::operator(), whose reference may be
// read or written through: a read for races, a write for initialisation. kGarbage is a DMA out
// of UB bytes nothing wrote: a write for races, but the GM bytes stay unwritten.
enum class GmUse : uint8_t { kRead, kWrite, kAtomic, kRef, kGarbage };

struct GmSpan {
  uintptr_t lo;
  uintptr_t hi;
  double t;           // simulated start of the instruction
  double end;         // simulated end of its pipe's instruction (the record's last one)
  const char* instr;  // static string
  int32_t block;
  GmUse use;
  Pipe pipe;
  uint16_t nibbles;  // kInt4SetValue: what its stores set in its last byte (Int4Stored)
  int32_t who;       // the core (FlagCoreId): its program order is its slot's sync points'
  uint32_t pos;      // the slot's sync points (flag writes and hand-overs) before this access
  // A plain write's values: its core's digest pool holds one sum per 32 B GM block it touches
  // from `dig` on (gm_digest below); kNoDigest when the values are not known.
  uint32_t dig = kNoDigest;
  uint32_t core = 0;  // the logging core (whose pool `dig` indexes)
  static constexpr uint32_t kNoDigest = UINT32_MAX;
};

// A write's values, as the same-value rule (docs/CHECKS.md, "GM between cores") compares them:
// `bytes` values at `at`, or, with period > 0, the `period` bytes at `at` repeated (a fill).
struct GmValues {
  const uint8_t* at = nullptr;  // nullptr: not known (the write races whatever its values)
  uint32_t period = 0;
};

// One 64-bit sum per 32 B-aligned GM block of a write's bytes: a mixed term per 8 B word,
// of the bytes the write covers in it, their values and the word's place. Sums add, so a write
// streamed in pieces that do not split a word gets the sums of one write; two writes covering
// the same bytes of a block, split alike, wrote the same values there exactly when their sums
// agree (but for a 2^-64 chance). A word split differently only makes the sums differ (a race).
void AddValueSums(std::vector<uint64_t>& pool, size_t first, uintptr_t span_lo, uintptr_t lo,
                  uint64_t bytes, GmValues v);

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
  ~GmShadow();  // keeps its value-sum pools for the next launch
  GmShadow(const GmShadow&) = delete;
  GmShadow& operator=(const GmShadow&) = delete;

  // Records an access by `block` on `core` (the core's own thread; no lock). Streaming accesses
  // coalesce with the core's previous record, so a copy loop stays one record per tensor.
  // A plain write (kWrite) gives its values when known, for the same-value rule.
  void Log(uint32_t core, int32_t block, int32_t who, const uint8_t* lo, uint64_t bytes, GmUse use,
           const char* instr, Pipe pipe, double t, double end, GmValues values = {}) {
    if (bytes == 0 || (!log_reads_ && use == GmUse::kRead)) return;
    const auto a = reinterpret_cast<uintptr_t>(lo);
    std::vector<GmSpan>& log = logs_[core];
    if (!log.empty() && sealed_[core] == 0) {
      GmSpan& last = log.back();
      if (last.block == block && last.who == who && last.use == use && last.instr == instr) {
        if (last.hi == a) {
          last.hi += bytes;
          last.end = std::max(last.end, end);
          if (use != GmUse::kRead) {
            NoteWrite(core, block, use, a, a + bytes);
            if (use == GmUse::kWrite) ExtendValues(last, a, bytes, values);
          }
          return;
        }
        if (a >= last.lo && a + bytes <= last.hi) {  // inside it: no new bytes
          last.end = std::max(last.end, end);
          if (use == GmUse::kWrite) RewriteValues(last, a, bytes, values);
          return;
        }
      }
    }
    // Past the cap a core's reads go unlogged: a race with them can be missed, never invented.
    if (use == GmUse::kRead && log.size() >= kMaxSpansPerCore) return;
    log.push_back({a, a + bytes, t, end, instr, block, use, pipe, 0, who, sync_[core]});
    log.back().core = core;
    sealed_[core] = 0;
    if (use == GmUse::kRead) return;
    NoteWrite(core, block, use, a, a + bytes);
    if (use == GmUse::kWrite && values.at != nullptr) {
      GmSpan& s = log.back();
      s.dig = static_cast<uint32_t>(digests_[core].size());
      digests_[core].resize(s.dig + (s.hi - 1) / 32 - s.lo / 32 + 1, 0);
      AddValueSums(digests_[core], s.dig, s.lo, a, bytes, values);
      if (instr == kInt4SetValue) s.nibbles = Int4Stored(0, *values.at);
    }
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
  // Overlapping writes of the same values by different blocks are no race but a warning
  // (gm_same_value_overlap): the epoch's are kept for the launch to take (TakeSameValue).
  std::optional<Fault> EndEpoch(const LaunchState& launch);
  struct SameValueOverlap {
    int16_t region;
    Warning warning;
  };
  std::vector<SameValueOverlap> TakeSameValue() { return std::move(same_value_); }
  void Seal(uint32_t core) { sealed_[core] = 1; }
  // A flag write or hand-over on `core`'s slot (the core's own thread): the slot's accesses so
  // far come before it, its next ones after it (a record of their own). Returns its position.
  uint32_t SyncPoint(uint32_t core) {
    sealed_[core] = 1;
    return sync_[core]++;
  }
  const ByteRanges& written() const { return written_; }
  // Where a record is in its core's log this epoch (program order), and the core's last one's.
  size_t Index(const GmSpan& s) const { return static_cast<size_t>(&s - logs_[s.core].data()); }
  size_t LastIndex(uint32_t core) const { return logs_[core].size() - 1; }
  const GmSpan& Last(uint32_t core) const { return logs_[core].back(); }

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
  // The last span (`s`) grows by [a, a + bytes): its sums too, or it loses them.
  void ExtendValues(GmSpan& s, uintptr_t a, uint64_t bytes, GmValues values) {
    if (s.dig == GmSpan::kNoDigest) return;
    if (values.at == nullptr) {
      s.dig = GmSpan::kNoDigest;
      return;
    }
    std::vector<uint64_t>& pool = digests_[s.core];
    pool.resize(s.dig + (s.hi - 1) / 32 - s.lo / 32 + 1, 0);
    AddValueSums(pool, s.dig, s.lo, a, bytes, values);
    if (s.instr == kInt4SetValue) s.nibbles = Int4Stored(0, *values.at);
  }
  // The last span's bytes [a, a + bytes) are written again: what counts is what stays, the new
  // values. A 32 B block the rewrite covers only part of the span's bytes in loses its sums.
  void RewriteValues(GmSpan& s, uintptr_t a, uint64_t bytes, GmValues values);
  // An int4b_t store into a byte of its record again: the record's last byte takes the nibble
  // (its sum trades the byte's term for the new one); any other byte drops the sums.
  void RewriteInt4(GmSpan& s, uintptr_t a, GmValues values);
  // Whether spans a and b (plain writes) wrote the same values over [lo, hi), which both cover.
  bool SameValues(const GmSpan& a, const GmSpan& b, uintptr_t lo, uintptr_t hi) const;
  void NoteSameValue(const LaunchState& launch, const GmSpan& a, const GmSpan& b, uintptr_t lo,
                     uintptr_t hi);
  std::optional<Fault> FindRace(const LaunchState& launch);

  bool log_reads_;
  std::vector<std::vector<GmSpan>> logs_;  // per core, this epoch
  std::vector<ByteRanges> own_;            // per core: its current block's writes this epoch
  std::vector<int32_t> own_block_;
  std::vector<uint8_t> sealed_;  // per core: the next access starts a new record
  std::vector<uint32_t> sync_;   // per core: its slot's sync points so far (the whole launch)
  std::vector<std::vector<uint64_t>> digests_;  // per core, this epoch: the writes' value sums
  std::vector<SameValueOverlap> same_value_;    // this launch's, not yet taken
  ByteRanges written_;                          // every write of the epochs before
};

}  // namespace opsim::sim::detail
