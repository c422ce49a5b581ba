#include "runtime/gm_shadow.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <mutex>

#include "runtime/launch_state.h"

namespace opsim::sim::detail {

void ByteRanges::Add(uintptr_t lo, uintptr_t hi) {
  if (lo >= hi) return;
  auto it = ranges_.upper_bound(lo);
  if (it != ranges_.begin()) {
    auto prev = std::prev(it);
    if (prev->second >= lo) {  // touching or overlapping: merge
      lo = prev->first;
      hi = std::max(hi, prev->second);
      it = ranges_.erase(prev);
    }
  }
  while (it != ranges_.end() && it->first <= hi) {
    hi = std::max(hi, it->second);
    it = ranges_.erase(it);
  }
  ranges_.emplace_hint(it, lo, hi);
}

std::pair<uintptr_t, uintptr_t> ByteRanges::FirstGap(uintptr_t lo, uintptr_t hi) const {
  uintptr_t at = lo;
  auto it = ranges_.upper_bound(lo);
  if (it != ranges_.begin()) {
    const auto prev = std::prev(it);
    if (prev->second > at) at = prev->second;
  }
  if (at >= hi) return {hi, hi};
  // Merged ranges never touch, so the next one starts past `at`.
  return {at, it != ranges_.end() && it->first < hi ? it->first : hi};
}

namespace {

// Value-sum pools outlive their launch: a fresh pool per launch (8 B per 32 B written) cost the
// kernel's page zeroing each time, which doubled the host time of a checked Add of 4096 x 4096
// floats. At most this many are kept, each as large as the largest epoch of one core so far.
constexpr size_t kKeptPools = 64;
std::mutex& PoolMutex() {
  static std::mutex mu;
  return mu;
}
std::vector<std::vector<uint64_t>>& KeptPools() {
  static std::vector<std::vector<uint64_t>> kept;
  return kept;
}
std::vector<std::vector<uint64_t>> TakePools(uint32_t cores) {
  std::vector<std::vector<uint64_t>> pools(cores);
  std::lock_guard<std::mutex> lock(PoolMutex());
  std::vector<std::vector<uint64_t>>& kept = KeptPools();
  for (uint32_t i = 0; i < cores && !kept.empty(); ++i) {
    pools[i] = std::move(kept.back());
    pools[i].clear();
    kept.pop_back();
  }
  return pools;
}

}  // namespace

GmShadow::~GmShadow() {
  std::lock_guard<std::mutex> lock(PoolMutex());
  std::vector<std::vector<uint64_t>>& kept = KeptPools();
  for (std::vector<uint64_t>& pool : digests_) {
    if (pool.capacity() > 0 && kept.size() < kKeptPools) kept.push_back(std::move(pool));
  }
}

GmShadow::GmShadow(uint32_t cores, bool log_reads)
    : log_reads_(log_reads),
      logs_(cores),
      own_(cores),
      own_block_(cores, -1),
      sealed_(cores, 0),
      sync_(cores, 0),
      digests_(TakePools(cores)) {}

namespace {

// The term of one 8 B-aligned word of a write: its bytes the write covers (`mask`), their values
// and the word's place in its 32 B block. An odd multiply and a xor-shift are bijections, so
// words differing in one byte always differ in their terms.
constexpr uint64_t kPlace[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull,
                                0x082efa98ec4e6c89ull};
inline uint64_t WordTerm(uintptr_t word_addr, uint64_t value, uint64_t mask, uint64_t tweak = 0) {
  uint64_t z =
      ((value & mask) ^ kPlace[(word_addr / 8) % 4] ^ mask ^ tweak) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 29)) * 0xbf58476d1ce4e5b9ull;
  return z ^ (z >> 32);
}

// The bytes [a, b) of the word at w (a <= b within it), as they sit in the word.
uint64_t WordBytes(const GmValues& v, uintptr_t lo, uintptr_t w, uintptr_t a, uintptr_t b) {
  uint64_t word = 0;
  auto* out = reinterpret_cast<uint8_t*>(&word);
  if (v.period == 0) {
    std::memcpy(out + (a - w), v.at + (a - lo), b - a);
  } else {
    for (uintptr_t x = a; x < b; ++x) out[x - w] = v.at[(x - lo) % v.period];
  }
  return word;
}

// The term of an int4b_t record's byte at `a`: a store's key (as AddValueSums adds it for the
// record's first store there) while one nibble is stored, the byte's value once both are. The
// tweak sets a byte apart from a key: its bits span all 8 bytes, so (value & mask) ^ tweak of
// one byte lane never equals a key's term input.
uint64_t Int4ByteTerm(uintptr_t a, uint16_t nibbles) {
  constexpr uint64_t kBothNibbles = 0x6a09e667f3bcc909ull;
  const uintptr_t w = a / 8 * 8;
  const unsigned shift = 8 * static_cast<unsigned>(a - w);
  const uint64_t mask = uint64_t{0xFF} << shift;
  if ((nibbles & (kInt4Low | kInt4High)) == (kInt4Low | kInt4High)) {
    return WordTerm(w, uint64_t{nibbles & 0xFFu} << shift, mask, kBothNibbles);
  }
  const uint64_t key =
      (nibbles & kInt4High) != 0 ? 0x10u | ((nibbles >> 4) & 0xFu) : nibbles & 0xFu;
  return WordTerm(w, key << shift, mask);
}

}  // namespace

void AddValueSums(std::vector<uint64_t>& pool, size_t first, uintptr_t span_lo, uintptr_t lo,
                  uint64_t bytes, GmValues v) {
  const uintptr_t hi = lo + bytes;
  uint64_t* sums = pool.data() + first - span_lo / 32;  // indexed by GM address / 32
  auto part_word = [&](uintptr_t w) {
    const uintptr_t a = std::max(w, lo);
    const uintptr_t b = std::min(w + 8, hi);
    const uint64_t mask = (~uint64_t{0} >> (64 - 8 * (b - a))) << (8 * (a - w));
    sums[w / 32] += WordTerm(w, WordBytes(v, lo, w, a, b), mask);
  };
  const uintptr_t whole_lo = (lo + 7) / 8 * 8;
  const uintptr_t whole_hi = std::max(whole_lo, hi / 8 * 8);
  if (lo < whole_lo) part_word(lo / 8 * 8);  // all of [lo, hi) when it ends in that word
  if (whole_hi < hi) part_word(whole_hi);
  if (v.period == 0) {  // a copy's whole words: the common case, kept tight
    for (uintptr_t w = whole_lo; w < whole_hi; w += 8) {
      uint64_t word;
      std::memcpy(&word, v.at + (w - lo), 8);
      sums[w / 32] += WordTerm(w, word, ~uint64_t{0});
    }
    return;
  }
  // A fill whose period divides 8 puts the same bytes in every whole word.
  const bool same_words = 8 % v.period == 0;
  uint64_t word = 0;
  for (uintptr_t w = whole_lo; w < whole_hi; w += 8) {
    if (!same_words || w == whole_lo) word = WordBytes(v, lo, w, w, w + 8);
    sums[w / 32] += WordTerm(w, word, ~uint64_t{0});
  }
}

void GmShadow::RewriteInt4(GmSpan& s, uintptr_t a, GmValues values) {
  if (values.at == nullptr || a != s.hi - 1) {
    s.dig = GmSpan::kNoDigest;  // an earlier byte's nibbles are not kept
    return;
  }
  uint64_t& sum = digests_[s.core][s.dig + a / 32 - s.lo / 32];
  sum -= Int4ByteTerm(a, s.nibbles);
  s.nibbles = Int4Stored(s.nibbles, *values.at);
  sum += Int4ByteTerm(a, s.nibbles);
}

void GmShadow::RewriteValues(GmSpan& s, uintptr_t a, uint64_t bytes, GmValues values) {
  if (s.dig == GmSpan::kNoDigest) return;
  if (s.instr == kInt4SetValue) return RewriteInt4(s, a, values);
  const uintptr_t hi = a + bytes;
  const uintptr_t first = a / 32 * 32;
  const uintptr_t last = (hi - 1) / 32 * 32;
  if (values.at == nullptr || std::max(s.lo, first) < a || std::min(s.hi, last + 32) > hi) {
    s.dig = GmSpan::kNoDigest;  // a block's sum would mix old and new values
    return;
  }
  std::vector<uint64_t>& pool = digests_[s.core];
  for (uintptr_t blk = first; blk <= last; blk += 32) pool[s.dig + blk / 32 - s.lo / 32] = 0;
  AddValueSums(pool, s.dig, s.lo, a, bytes, values);
}

bool GmShadow::SameValues(const GmSpan& a, const GmSpan& b, uintptr_t lo, uintptr_t hi) const {
  if (a.dig == GmSpan::kNoDigest || b.dig == GmSpan::kNoDigest) return false;
  // An int4b_t store's values are keys of a nibble, not bytes (kInt4SetValue).
  if ((a.instr == kInt4SetValue) != (b.instr == kInt4SetValue)) return false;
  const std::vector<uint64_t>& pa = digests_[a.core];
  const std::vector<uint64_t>& pb = digests_[b.core];
  for (uintptr_t blk = lo / 32 * 32; blk < hi; blk += 32) {
    // Sums compare only over the same bytes: a block one write covers more of than the other
    // (an unaligned end) cannot be compared.
    if (std::max(a.lo, blk) != std::max(b.lo, blk) ||
        std::min(a.hi, blk + 32) != std::min(b.hi, blk + 32)) {
      return false;
    }
    if (pa[a.dig + blk / 32 - a.lo / 32] != pb[b.dig + blk / 32 - b.lo / 32]) return false;
  }
  return true;
}

std::pair<uintptr_t, uintptr_t> GmShadow::FirstUnwritten(uint32_t core, int32_t block, uintptr_t lo,
                                                         uintptr_t hi) const {
  const bool own = own_block_[core] == block;
  for (auto gap = written_.FirstGap(lo, hi); gap.first < gap.second;
       gap = written_.FirstGap(gap.second, hi)) {
    if (!own) return gap;
    const auto still = own_[core].FirstGap(gap.first, gap.second);
    if (still.first < still.second) return still;
  }
  return {hi, hi};
}

namespace {

// Race classes: reads (kRead, kRef), plain writes (kWrite, kGarbage), atomic accumulation.
int RaceClass(GmUse use) {
  switch (use) {
    case GmUse::kRead:
    case GmUse::kRef: return 0;
    case GmUse::kWrite:
    case GmUse::kGarbage: return 1;
    case GmUse::kAtomic: return 2;
  }
  return 0;
}
// Reads never race with reads, nor accumulations with accumulations (the chip serialises them).
bool RaceClassesConflict(int a, int b) { return !(a == 0 && b == 0) && !(a == 2 && b == 2); }

std::string RaceSide(const GmSpan& s) {
  char buf[160];
  std::snprintf(buf, sizeof(buf), "%s, %s at %.2f us", s.instr, PipeName(s.pipe), s.t / 1000.0);
  return buf;
}

std::string RaceBlock(const GmSpan& s) { return "block " + std::to_string(s.block); }

// "blocks 0 and 1 both write GM 'y' [...] without a SyncAll between them (block 0: ...; ...)".
std::string BothWrite(const LaunchState& launch, const GmSpan& a, const GmSpan& b, uintptr_t lo,
                      uintptr_t hi) {
  const GmSpan& first = a.block < b.block ? a : b;
  const GmSpan& late = a.block < b.block ? b : a;
  return "blocks " + std::to_string(first.block) + " and " + std::to_string(late.block) +
         " both write " + launch.DescribeGm(reinterpret_cast<const uint8_t*>(lo), hi - lo) +
         " without a SyncAll between them (" + RaceBlock(first) + ": " + RaceSide(first) + "; " +
         RaceBlock(late) + ": " + RaceSide(late) + ")";
}

// The race fault for two conflicting spans of different blocks over [lo, hi).
Fault DescribeRace(const LaunchState& launch, const GmSpan& a, const GmSpan& b, uintptr_t lo,
                   uintptr_t hi) {
  const GmSpan& late = a.block > b.block ? a : b;  // the fault is the higher block's
  const std::string where = launch.DescribeGm(reinterpret_cast<const uint8_t*>(lo), hi - lo);
  const int ca = RaceClass(a.use);
  const int cb = RaceClass(b.use);
  std::string msg;
  if (ca == 1 && cb == 1) {
    msg = BothWrite(launch, a, b, lo, hi) + ": which value stays depends on which core writes last";
  } else if (ca == 2 || cb == 2) {
    const GmSpan& acc = ca == 2 ? a : b;
    const GmSpan& other = ca == 2 ? b : a;
    msg = RaceBlock(acc) + " accumulates atomically into " + where + " (" + RaceSide(acc) +
          ") while " + RaceBlock(other) + (RaceClass(other.use) == 0 ? " reads" : " writes") +
          " it (" + RaceSide(other) +
          ") with no SyncAll between them: initialise or read the bytes, SyncAll, then "
          "accumulate";
  } else {
    const GmSpan& w = ca == 1 ? a : b;
    const GmSpan& r = ca == 1 ? b : a;
    const bool raw = w.t <= r.t;  // the simulated order; the chip's depends on timing
    msg = std::string(raw ? "read-after-write" : "write-after-read") + " race on " + where + ": " +
          (raw ? RaceBlock(w) + " writes it (" + RaceSide(w) + ") and " + RaceBlock(r) +
                     " reads it (" + RaceSide(r) + ")"
               : RaceBlock(r) + " reads it (" + RaceSide(r) + ") and " + RaceBlock(w) +
                     " overwrites it (" + RaceSide(w) + ")") +
          " with no SyncAll between them: what block " + std::to_string(r.block) +
          " reads depends on which core runs first";
  }
  return Fault{FaultKind::kGmRace, late.block, late.instr, std::move(msg)};
}

}  // namespace

void GmShadow::NoteSameValue(const LaunchState& launch, const GmSpan& a, const GmSpan& b,
                             uintptr_t lo, uintptr_t hi) {
  const GmSpan& late = a.block > b.block ? a : b;
  const int16_t region = launch.FindRegion(reinterpret_cast<const uint8_t*>(lo));
  for (SameValueOverlap& w : same_value_) {
    if (w.region == region && w.warning.instruction == late.instr) {
      ++w.warning.count;
      return;
    }
  }
  same_value_.push_back(
      {region, Warning{"gm_same_value_overlap", late.block, late.instr,
                       BothWrite(launch, a, b, lo, hi) +
                           ", all with the same values: whichever lands last the bytes are "
                           "the same, but only while every block writes what the others do",
                       1}});
}

std::optional<Fault> GmShadow::FindRace(const LaunchState& launch) {
  std::vector<const GmSpan*> all;
  bool any_write = false;
  for (const std::vector<GmSpan>& log : logs_) {
    for (const GmSpan& s : log) {
      all.push_back(&s);
      any_write |= RaceClass(s.use) != 0;
    }
  }
  if (!any_write) return std::nullopt;  // a read-only epoch cannot race
  // Cores in order, each in program order, then a stable sort: the same order, so the same
  // report, whatever the host threads did.
  std::stable_sort(all.begin(), all.end(),
                   [](const GmSpan* x, const GmSpan* y) { return x->lo < y->lo; });
  // Per class, the span reaching furthest and the one reaching furthest among the other
  // blocks': whatever the next span's block, one of the two is the furthest-reaching span of a
  // different block, which overlaps it if any earlier span of that class and block does.
  struct Top {
    const GmSpan* best = nullptr;
    const GmSpan* other = nullptr;  // furthest among blocks != best->block
  };
  Top top[3];
  for (const GmSpan* s : all) {
    const int cs = RaceClass(s->use);
    for (int c = 0; c < 3; ++c) {
      if (!RaceClassesConflict(cs, c) || top[c].best == nullptr) continue;
      const GmSpan* cand = top[c].best->block != s->block ? top[c].best : top[c].other;
      for (bool noted = false; cand != nullptr && cand->hi > s->lo;) {
        // Ordered by a cross-block flag hand-over (IBSet/IBWait, NotifyNextBlock/WaitPreBlock,
        // a scalar flag): no race. Other spans this pair hides may go unseen: missed, never
        // invented.
        if (launch.FlagOrdered(*cand, *s) || launch.FlagOrdered(*s, *cand)) break;
        // A flag's polling: reads until one sees the store (docs/CHECKS.md, "Flags polled").
        if (launch.PolledFlag(*cand, *s) || launch.PolledFlag(*s, *cand)) break;
        const uintptr_t hi = std::min(cand->hi, s->hi);
        if (!SameValues(*cand, *s, s->lo, hi)) return DescribeRace(launch, *cand, *s, s->lo, hi);
        if (!noted) NoteSameValue(launch, *cand, *s, s->lo, hi);  // once per write
        noted = true;
        // Two writes of the same values: a third block's write under s may still differ.
        const GmSpan* next = top[c].other;
        cand = cand == top[c].best && next != nullptr && next->block != s->block ? next : nullptr;
      }
    }
    Top& t = top[cs];
    if (t.best == nullptr || s->hi > t.best->hi) {
      if (t.best != nullptr && t.best->block != s->block) t.other = t.best;
      t.best = s;
    } else if (s->block != t.best->block && (t.other == nullptr || s->hi > t.other->hi)) {
      t.other = s;
    }
  }
  return std::nullopt;
}

std::optional<Fault> GmShadow::EndEpoch(const LaunchState& launch) {
  std::optional<Fault> race;
  if (launch.block_dim > 1) race = FindRace(launch);
  for (std::vector<GmSpan>& log : logs_) {
    for (const GmSpan& s : log) {
      if (s.use != GmUse::kRead && s.use != GmUse::kGarbage) written_.Add(s.lo, s.hi);
    }
    log.clear();
  }
  for (std::vector<uint64_t>& pool : digests_) pool.clear();
  for (ByteRanges& own : own_) own.Clear();
  std::fill(own_block_.begin(), own_block_.end(), -1);
  return race;
}

}  // namespace opsim::sim::detail
