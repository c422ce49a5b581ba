// MrgSort, GetMrgSortResult, Sort's full merge and Extract (hl_sort.h) on the 910B's 8-byte
// proposals. Order: largest score first, NaN before every number (as Sort32 here); equal scores
// keep list order (the lower list first, then each list's own order), so Sort32 followed by the
// full merge is a stable sort of all the proposals.
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_sort.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/proposal_merge.h"

namespace opsim::sim::detail {
// Named, not anonymous: the simulator builds as unity files.
namespace sort_impl {

constexpr uint64_t kProposal = 8;  // the score first, then the uint32 index
constexpr uint32_t kMaxListLength = 4095;

ProposalLayout Layout(bool half_scores) { return {kProposal, 0, half_scores}; }

[[noreturn]] void Fail(const char* api, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, api, message);
}

// VMS4_SR, per core: the proposals the last MrgSort took from each list.
std::mutex& ResultMutex() {
  static std::mutex m;
  return m;
}
std::map<const Core*, std::vector<uint16_t>>& Results() {
  static std::map<const Core*, std::vector<uint16_t>> r;
  return r;
}

void CheckMrgSort(const MrgSortCall& c, int lists) {
  const char* name = "MrgSort";
  if (lists == 0) {
    Fail(name, "validBit " + std::to_string(c.valid_bit) +
                   " is not 0b11, 0b111 or 0b1111 (2, 3 or 4 lists)");
  }
  if (c.repeat < 1 || c.repeat > 255) {
    Fail(name, "repeatTime " + std::to_string(c.repeat) + " is outside [1, 255]");
  }
  for (int k = 0; k < lists; ++k) {
    if (c.lengths[k] > kMaxListLength) {
      Fail(name, "elementCountList[" + std::to_string(k) + "] is " + std::to_string(c.lengths[k]) +
                     ": it must be at most 4095");
    }
  }
}

void MrgSort(const MrgSortCall& c) {
  const char* name = "MrgSort";
  const int lists = MrgSortListCount(c.valid_bit);
  CheckMrgSort(c, lists);
  const int32_t repeat = MrgSortRepeats(c, kProposal) ? c.repeat : 1;
  uint64_t per_repeat = 0;
  for (int k = 0; k < lists; ++k) per_repeat += c.lengths[k];
  const uint64_t total = per_repeat * static_cast<uint64_t>(repeat);
  CheckVectorOperand(*c.dst, total * kProposal, name, "dst");
  UbRef srcs[4];
  for (int k = 0; k < lists; ++k) {
    const uint64_t span = (repeat > 1 && k == 0 ? total : c.lengths[k]) * kProposal;
    CheckVectorOperand(*c.lists[k], span, name, "src");
    Core& core = Cur();
    if (core.checked && span > 0) CheckWritten(core, *c.lists[k], 0, span, name, "src");
    srcs[k] = *c.lists[k];
  }
  ChargeRepeat(name, static_cast<uint32_t>((total * kProposal + 255) / 256), c.dst, srcs, lists);
  uint16_t taken[4] = {0, 0, 0, 0};
  MergeProposalLists(c, lists, repeat, Layout(c.half_scores), taken);
  MrgSortRecordResult(taken);
}

void FullMerge(const UbRef& dst, const UbRef& tmp, bool half_scores, int32_t repeat) {
  const char* name = "Sort";
  const uint64_t n = static_cast<uint64_t>(repeat) * 32;
  if (n == 0) return;
  if (tmp.bytes < n * kProposal) {
    Fail(name, "tmp holds " + std::to_string(tmp.bytes) + " bytes; the full sort of " +
                   std::to_string(n) + " proposals needs at least " +
                   std::to_string(n * kProposal));
  }
  CheckVectorOperand(tmp, n * kProposal, name, "tmp");
  // A copy of dst to tmp, then rounds of four-way merges from tmp into dst, each followed by a
  // copy back to tmp (CANN's sequence; its cost an estimate at one repeat per 256 bytes).
  uint32_t rounds = 0;
  for (uint64_t runs = static_cast<uint64_t>(repeat); runs > 1; runs = (runs + 3) / 4) ++rounds;
  const uint32_t repeats = static_cast<uint32_t>(n * kProposal / 256);
  ChargeRepeat(name, repeats, &tmp, &dst, 1);
  for (uint32_t i = 0; i < rounds; ++i) {
    ChargeRepeat(name, repeats, &dst, &tmp, 1);
    ChargeRepeat(name, repeats, &tmp, &dst, 1);
  }
  uint64_t run = 32;
  std::vector<uint8_t> from(dst.ptr, dst.ptr + n * kProposal);
  for (uint32_t i = 0; i < rounds; ++i, run *= 4) {
    for (uint64_t start = 0; start < n; start += 4 * run) {
      std::vector<std::vector<uint8_t>> runs;
      for (uint64_t s = start; s < n && s < start + 4 * run; s += run) {
        const uint64_t end = std::min(n, s + run);
        runs.emplace_back(from.begin() + s * kProposal, from.begin() + end * kProposal);
      }
      uint16_t taken[4];
      MergeProposalRuns(runs, Layout(half_scores), false, dst.ptr + start * kProposal, taken);
    }
    from.assign(dst.ptr, dst.ptr + n * kProposal);
  }
  std::memcpy(tmp.ptr, from.data(), n * kProposal);  // the chip leaves the last copy in tmp
}

void Extract(const UbRef& values, const UbRef& indices, const UbRef& sorted, bool half_scores,
             int32_t repeat) {
  const char* name = "Extract";
  if (repeat < 0 || repeat > 255) {
    Fail(name, "repeatTime " + std::to_string(repeat) + " is outside [0, 255]");
  }
  const uint64_t n = static_cast<uint64_t>(repeat) * 32, score = half_scores ? 2 : 4;
  CheckVectorOperand(values, n * score, name, "dstValue");
  CheckVectorOperand(indices, n * 4, name, "dstIndex");
  CheckVectorOperand(sorted, n * kProposal, name, "sorted");
  Core& core = Cur();
  if (core.checked && n > 0) CheckWritten(core, sorted, 0, n * kProposal, name, "sorted");
  ChargeRepeat(name, static_cast<uint32_t>(repeat), &values, &sorted, 1);
  ChargeRepeat(name, static_cast<uint32_t>(repeat), &indices, &sorted, 1);
  const std::vector<uint8_t> in(sorted.ptr, sorted.ptr + n * kProposal);
  for (uint64_t i = 0; i < n; ++i) {
    std::memcpy(values.ptr + i * score, in.data() + i * kProposal, score);
    std::memcpy(indices.ptr + i * 4, in.data() + i * kProposal + 4, 4);
  }
}

}  // namespace sort_impl

double ProposalScore(const uint8_t* proposal, const ProposalLayout& layout) {
  float v;
  if (layout.half_scores) {
    uint16_t bits;
    std::memcpy(&bits, proposal + layout.score_offset, 2);
    v = static_cast<float>(Half::FromBits(bits));
  } else {
    std::memcpy(&v, proposal + layout.score_offset, 4);
  }
  return std::isnan(v) ? HUGE_VAL : static_cast<double>(v);
}

int MrgSortListCount(uint16_t valid_bit) {
  switch (valid_bit) {
    case 0b0011: return 2;
    case 0b0111: return 3;
    case 0b1111: return 4;
    default: return 0;
  }
}

bool MrgSortRepeats(const MrgSortCall& c, uint64_t proposal_bytes) {
  if (c.valid_bit != 0b1111 || c.exhausted_suspension) return false;
  for (int k = 1; k < 4; ++k) {
    if (c.lengths[k] != c.lengths[0]) return false;
    if (c.lists[k]->ptr != c.lists[0]->ptr + k * c.lengths[0] * proposal_bytes) return false;
  }
  return true;
}

void MergeProposalRuns(const std::vector<std::vector<uint8_t>>& runs, const ProposalLayout& layout,
                       bool suspend, uint8_t* out, uint16_t taken[4]) {
  const uint64_t pb = layout.bytes;
  size_t pos[4] = {0, 0, 0, 0};
  for (;;) {
    int best = -1;
    double best_key = 0;
    for (size_t k = 0; k < runs.size(); ++k) {
      if (pos[k] * pb >= runs[k].size()) continue;
      const double key = ProposalScore(runs[k].data() + pos[k] * pb, layout);
      if (best < 0 || key > best_key) {
        best = static_cast<int>(k);
        best_key = key;
      }
    }
    if (best < 0) break;
    std::memcpy(out, runs[best].data() + pos[best] * pb, pb);
    out += pb;
    ++pos[best];
    if (suspend && pos[best] * pb == runs[best].size()) break;
  }
  for (size_t k = 0; k < 4; ++k) taken[k] = static_cast<uint16_t>(k < runs.size() ? pos[k] : 0);
}

void MergeProposalLists(const MrgSortCall& c, int lists, int32_t repeat,
                        const ProposalLayout& layout, uint16_t taken[4]) {
  const uint64_t pb = layout.bytes;
  uint64_t per_repeat = 0;
  for (int k = 0; k < lists; ++k) per_repeat += c.lengths[k];
  for (int32_t r = 0; r < repeat; ++r) {
    const uint64_t offset = static_cast<uint64_t>(r) * per_repeat * pb;
    std::vector<std::vector<uint8_t>> runs(lists);
    for (int k = 0; k < lists; ++k)
      runs[k].assign(c.lists[k]->ptr + offset, c.lists[k]->ptr + offset + c.lengths[k] * pb);
    MergeProposalRuns(runs, layout, c.exhausted_suspension, c.dst->ptr + offset, taken);
  }
}

void MrgSortRun(const MrgSortCall& call) { sort_impl::MrgSort(call); }

void MrgSortResult(uint16_t taken[4]) {
  std::lock_guard<std::mutex> lock(sort_impl::ResultMutex());
  const auto it = sort_impl::Results().find(&Cur());
  for (int k = 0; k < 4; ++k) {
    taken[k] = it == sort_impl::Results().end() ? 0 : it->second[k];
  }
}

void MrgSortRecordResult(const uint16_t taken[4]) {
  std::lock_guard<std::mutex> lock(sort_impl::ResultMutex());
  sort_impl::Results()[&Cur()] = {taken[0], taken[1], taken[2], taken[3]};
}

void SortFullMergeRun(const UbRef& dst, const UbRef& tmp, bool half_scores, int32_t repeat) {
  sort_impl::FullMerge(dst, tmp, half_scores, repeat);
}

void ExtractRun(const UbRef& values, const UbRef& indices, const UbRef& sorted, bool half_scores,
                int32_t repeat) {
  sort_impl::Extract(values, indices, sorted, half_scores, repeat);
}

}  // namespace opsim::sim::detail
