// The high-level TopK (lib/sort/topk.h) as the 910B's implementation computes it: each row's inner
// scores (negated when isLargest is false) Sort32'd with their indices and merged by MrgSort, the
// first k proposals gathered out (values negated back). So the result is a stable sort of the row
// (equal scores keep their order: TopK's page says the earlier one comes first) with NaN before
// every number in both orders (as the page says), and the values are the source's own bits. The
// indices are srcIndexLocal's (one row shared in Normal mode, one per row in Small mode) or
// 0..inner-1; a finished row's k indices are n. Documented rules, a tiling that is not
// TopKTilingFunc's for the call, and a tmpLocal below GetTopKMaxMinTmpSize's figure are faults.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_topk.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace topk_impl {

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "TopK", message);
}

std::string S(int64_t v) { return std::to_string(v); }

struct TopKShape {
  int64_t rows, inner, k;
  int64_t value_stride, index_stride;  // elements between output rows
  uint32_t tb;                         // bytes of T
};

void CheckInfo(const TopKCall& c) {
  const AscendC::TopKInfo& i = c.info;
  if (i.outter < 1) Fail("topKInfo.outter " + S(i.outter) + " must be at least 1");
  if (i.inner < 32 || i.inner % 32 != 0) {
    Fail("topKInfo.inner " + S(i.inner) + " must be a positive multiple of 32");
  }
  if (i.n < 1 || i.n > i.inner) {
    Fail("topKInfo.n " + S(i.n) + " must be in [1, topKInfo.inner " + S(i.inner) + "]");
  }
  if (c.k < 1 || c.k > i.n) Fail("k " + S(c.k) + " must be in [1, topKInfo.n " + S(i.n) + "]");
  if (c.small && i.inner != 32) {
    Fail("topKInfo.inner " + S(i.inner) + " must be 32 in Small mode (TOPK_NSMALL)");
  }
  if (c.small && c.has_finish) Fail("isHasfinish must be false in Small mode (TOPK_NSMALL)");
  if (!c.small && i.inner > 4096) {
    Fail("topKInfo.inner " + S(i.inner) + " must be at most 4096 in Normal mode");
  }
}

// k copies of the 2-bit pattern 0b10 (GatherMask's odd 32-bit words: the indices), lowest first.
uint32_t OddWords(int64_t k) {
  uint32_t m = 0;
  for (int64_t i = 0; i < k; ++i) m = (m << 2) | 0b10u;
  return m;
}

// The tiling fields the 910B's TopK steers by, against TopKTilingFunc's figures for this call.
// Those that fix the sort and gather for inner, k and T must be equal (a tiling for another inner,
// k or type sorts and gathers other spans); those that only count rows must cover the call's rows
// (a tiling made for more rows, as for a kernel's largest tile, computes these rows right).
void CheckTiling(const TopKCall& c) {
  const AscendC::tiling::TopkTiling& t = *c.tiling;
  const int64_t inner = c.info.inner, rows = c.info.outter, k = c.k;
  const int64_t per = c.is_float ? 2 : 4;  // elements of T in one 8-byte proposal
  const int64_t k8 = (k + 7) / 8 * 8, k16 = (k + 15) / 16 * 16;
  using Field = std::pair<const char*, std::pair<int64_t, int64_t>>;
  std::vector<Field> equal, at_least;
  if (c.small) {
    at_least.push_back({"innerDataSize", {t.innerDataSize, inner * rows * per}});
    equal.push_back({"vreduceIdxMask0", {t.vreduceIdxMask0, OddWords(k < 16 ? k : 16)}});
    equal.push_back({"vreduceIdxMask1", {t.vreduceIdxMask1, k > 16 ? OddWords(k - 16) : 0}});
    if (!c.largest) {
      at_least.push_back({"allDataSize", {t.allDataSize, inner * rows}});
      at_least.push_back({"maskOffset", {t.maskOffset, rows * k}});
    }
  } else {
    equal.push_back({"kAlignFourBytes", {t.kAlignFourBytes, k8}});
    equal.push_back({"innerDataSize", {t.innerDataSize, inner * per}});
    equal.push_back({"sortRepeat", {t.sortRepeat, inner / 32}});
    equal.push_back({"maskVreducev2FourBytes", {t.maskVreducev2FourBytes, 2 * k}});
    if (!c.is_float) equal.push_back({"maskVreducev2TwoBytes", {t.maskVreducev2TwoBytes, 4 * k}});
    if (!c.is_float) equal.push_back({"kAlignTwoBytes", {t.kAlignTwoBytes, k16}});
    if (!c.largest) {
      at_least.push_back({"maskOffset", {t.maskOffset, rows * (c.is_float ? k8 : k16)}});
    }
  }
  const std::string call = " for inner " + S(inner) + ", outter " + S(rows) + ", k " + S(k) +
                           (c.is_float ? ", float" : ", half");
  for (const auto& [name, v] : equal) {
    if (v.first != v.second) {
      Fail(std::string("tilling.") + name + " is " + S(v.first) + "; TopKTilingFunc gives " +
           S(v.second) + call + " (a tiling made for another call)");
    }
  }
  for (const auto& [name, v] : at_least) {
    if (v.first < v.second) {
      Fail(std::string("tilling.") + name + " is " + S(v.first) + "; this call's rows need " +
           S(v.second) + call + " (a tiling made for fewer rows)");
    }
  }
}

bool Overlap(const detail::UbRef& a, uint64_t ab, const detail::UbRef& b, uint64_t bb) {
  return ab > 0 && bb > 0 && a.ptr < b.ptr + bb && b.ptr < a.ptr + ab;
}

float Score(const TopKCall& c, int64_t e) {
  if (c.is_float) {
    float f;
    std::memcpy(&f, c.src->ptr + e * 4, 4);
    return f;
  }
  uint16_t bits;
  std::memcpy(&bits, c.src->ptr + e * 2, 2);
  return static_cast<float>(opsim::Half::FromBits(bits));
}

// One row: the positions of its k first proposals after Sort32 and the merges.
std::vector<int64_t> RowOrder(const TopKCall& c, int64_t row, const TopKShape& s) {
  std::vector<int64_t> pos(static_cast<size_t>(s.inner));
  for (int64_t j = 0; j < s.inner; ++j) pos[static_cast<size_t>(j)] = j;
  auto key = [&](int64_t j) {
    const float x = Score(c, row * s.inner + j);
    return c.largest ? x : -x;
  };
  std::stable_sort(pos.begin(), pos.end(), [&](int64_t a, int64_t b) {
    const float ka = key(a), kb = key(b);
    if (std::isnan(ka) || std::isnan(kb)) return std::isnan(ka) && !std::isnan(kb);
    return ka > kb;
  });
  pos.resize(static_cast<size_t>(s.k));
  return pos;
}

void Compute(const TopKCall& c, const TopKShape& s) {
  for (int64_t r = 0; r < s.rows; ++r) {
    const std::vector<int64_t> order = RowOrder(c, r, s);
    const bool finished = c.has_finish && c.finish->ptr[r] != 0;
    for (int64_t i = 0; i < s.k; ++i) {
      const int64_t j = order[static_cast<size_t>(i)];
      std::memcpy(c.dst_value->ptr + (r * s.value_stride + i) * s.tb,
                  c.src->ptr + (r * s.inner + j) * s.tb, s.tb);
      int32_t index = static_cast<int32_t>(j);
      if (c.init_index) {
        const int64_t at = c.small ? r * s.inner + j : j;
        std::memcpy(&index, c.src_index->ptr + at * 4, 4);
      }
      if (finished) index = c.info.n;
      std::memcpy(c.dst_index->ptr + (r * s.index_stride + i) * 4, &index, 4);
    }
  }
}

// Vector passes over the rows' proposals: Sort32, each round of four-way merges and its copy,
// the two GatherMasks; the negations and the generated indices add one each (an assumption: the
// chip's per-instruction timing of these is not documented).
uint32_t Passes(const TopKCall& c, int64_t inner) {
  uint32_t merge_rounds = 0;
  for (int64_t run = 32; run < inner; run *= 4) ++merge_rounds;
  uint32_t passes = 1 + 2 * merge_rounds + 2;
  if (!c.largest) passes += 2;
  if (!c.init_index) passes += 1;
  return passes;
}

void Run(const TopKCall& c) {
  CheckInfo(c);
  CheckTiling(c);
  TopKShape s{c.info.outter, c.info.inner, c.k, 0, 0, c.is_float ? 4u : 2u};
  const int64_t k8 = (s.k + 7) / 8 * 8, k16 = (s.k + 15) / 16 * 16;
  s.value_stride = c.small ? s.k : (c.is_float ? k8 : k16);
  s.index_stride = c.small ? s.k : k8;
  const uint32_t min_tmp = opsim::topk::MinTmpBytes910B(
      c.info.inner, c.info.outter, c.init_index,
      c.small ? AscendC::TopKMode::TOPK_NSMALL : AscendC::TopKMode::TOPK_NORMAL, c.largest);
  if (c.tmp != nullptr && c.tmp->bytes < min_tmp) {
    Fail("tmpLocal holds " + S(c.tmp->bytes) + " bytes; this call needs at least " + S(min_tmp) +
         " (the minimum GetTopKMaxMinTmpSize gives)");
  }
  const uint64_t src_bytes = static_cast<uint64_t>(s.rows * s.inner) * s.tb;
  const uint64_t idx_bytes =
      c.init_index ? static_cast<uint64_t>(s.inner) * 4 * (c.small ? s.rows : 1) : 0;
  const uint64_t finish_bytes = c.has_finish ? static_cast<uint64_t>(s.rows) : 0;
  // Smallest first, the chip negates tilling.maskOffset values back: past the rows' own when the
  // tiling was made for more rows.
  const int64_t value_elems =
      std::max<int64_t>(s.rows * s.value_stride, c.largest ? 0 : c.tiling->maskOffset);
  const uint64_t value_bytes = static_cast<uint64_t>(value_elems) * s.tb;
  const uint64_t index_bytes = static_cast<uint64_t>(s.rows * s.index_stride) * 4;
  const uint64_t tmp_bytes = c.tmp != nullptr ? min_tmp : 0;
  const std::pair<const char*, std::pair<const detail::UbRef*, uint64_t>> ins[] = {
      {"srcLocal", {c.src, src_bytes}},
      {"srcIndexLocal", {c.src_index, idx_bytes}},
      {"tmpLocal", {c.tmp, tmp_bytes}}};
  const std::pair<const char*, std::pair<const detail::UbRef*, uint64_t>> outs[] = {
      {"dstValueLocal", {c.dst_value, value_bytes}}, {"dstIndexLocal", {c.dst_index, index_bytes}}};
  for (const auto& o : outs) {
    for (const auto& i : ins) {
      if (i.second.first != nullptr &&
          Overlap(*o.second.first, o.second.second, *i.second.first, i.second.second)) {
        Fail(std::string(o.first) + " and " + i.first +
             " overlap: CANN does not allow a destination to share memory with a source");
      }
    }
  }
  if (Overlap(*c.dst_value, value_bytes, *c.dst_index, index_bytes)) {
    Fail("dstValueLocal and dstIndexLocal overlap");
  }
  detail::Core& core = detail::Cur();
  HlOperands o;
  o.Write(c.dst_value, value_bytes);
  o.Write(c.dst_index, index_bytes);
  o.Read(c.src, src_bytes);
  if (idx_bytes > 0) o.Read(c.src_index, idx_bytes);
  if (finish_bytes > 0) o.Read(c.finish, finish_bytes);
  CheckOperandsInUb(core, o, c.tmp, "TopK");
  IssueOnVectorPipe(
      core, o, c.tmp,
      Passes(c, s.inner) * core.VectorCost(static_cast<uint64_t>(s.rows * s.inner) * 8), "TopK");
  Compute(c, s);
}

}  // namespace topk_impl

void RunTopK(const TopKCall& call) { topk_impl::Run(call); }

}  // namespace opsim::sim::hl
