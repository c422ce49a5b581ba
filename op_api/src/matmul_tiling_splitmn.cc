// CANN's SPLIT_MN and SPLIT_SMALL_MN tilings (docs/CUBE.md, "SPLIT_MN (session 39)"): on the
// 910B, a MultiCoreMatmulTiling over several cores without SetShape (SetOrgShape alone) and
// without the split of K takes the split over M and N that does the most cube work per byte
// loaded (SPLIT_MN: M of 128 or more and M x N above 26214 a core) or that loads the fewest
// bytes (SPLIT_SMALL_MN: M x N under 26214 a core), a fixed base block and K steps that fill
// half of L1 each. Read from asc-devkit's matmul_tiling_algorithm.cpp (DoMultiCoreSplitMNTiling,
// CalcMultiCoreDims(SmallShape), CalcComputeIntensity(SmallShape), UpdateBaseBlock,
// CalcL1Tiling, UpdateStepK, GetSingleShape) and written anew; its float arithmetic is kept, as
// the ranking's ties depend on it.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "lib/matmul/matmul_tiling.h"
#include "matmul_tiling_util.h"

namespace matmul_tiling {
namespace {

using detail::AlignUp;
using detail::CeilDiv;

constexpr int64_t kMnLimit = 26214;  // 128 x 256 x 0.8 elements of C a core

struct Block {
  int64_t m, n, k;  // elements
};

// One split as CANN ranks it: mDim x nDim, the cube cycles, cycles per byte, the unused cores
// weighted by the base sides, the bytes loaded, and (small shapes) its own base block.
struct Split {
  int64_t md = 1, nd = 1;
  float cycles = 0, intensity = 0, band = 0, memory = 0;
  Block base{0, 0, 0};
};

struct Operands {
  int64_t a_bits, b_bits, reduce;  // reduce: K elements of a 32 B fractal row of A
};

// Cube cycles and bytes of one base block of bm x bn over bk, `count` times.
void AddBlocks(const Operands& o, int64_t bm, int64_t bn, int64_t bk, float ratio, float a_ratio,
               float b_ratio, int64_t count, Split* s) {
  const float cycles = static_cast<float>(bm * bn * bk) / static_cast<float>(16 * 16 * o.reduce);
  const float bytes =
      a_ratio * bm * bk * o.a_bits / 8 + b_ratio * bn * bk * o.b_bits / 8;  // CANN's float
  s->cycles += cycles * count;
  s->memory += ratio * bytes * count;
}

// Every base block of the core's sm x sn, its tails on M and N included.
void AddCoreBlocks(const Operands& o, int64_t sm, int64_t sn, const Block& b, float ratio,
                   float a_ratio, float b_ratio, Split* s) {
  const int64_t main_m = sm / b.m, tail_m = sm % b.m, main_n = sn / b.n, tail_n = sn % b.n;
  if (main_m > 0 && main_n > 0) {
    AddBlocks(o, b.m, b.n, b.k, ratio, a_ratio, b_ratio, main_m * main_n, s);
  }
  if (main_m > 0 && tail_n > 0) AddBlocks(o, b.m, tail_n, b.k, ratio, a_ratio, b_ratio, main_m, s);
  if (tail_m > 0 && main_n > 0) AddBlocks(o, tail_m, b.n, b.k, ratio, a_ratio, b_ratio, main_n, s);
  if (tail_m > 0 && tail_n > 0) AddBlocks(o, tail_m, tail_n, b.k, ratio, a_ratio, b_ratio, 1, s);
  s->intensity = s->memory > 0 ? s->cycles / s->memory : 0;
}

float Band(int64_t cores, int64_t md, int64_t nd, const Block& b) {
  return static_cast<float>((cores - md) * b.m + (cores - nd) * b.n) /
         static_cast<float>((b.m + b.n) * cores);
}

// SPLIT_MN's order: higher intensity; at equal intensity (1e-4) and cycles within 1 % the
// larger band ratio; else fewer cycles.
bool BeforeMn(const Split& a, const Split& b) {
  if (std::fabs(a.intensity - b.intensity) > 1.0e-4f) return a.intensity > b.intensity;
  if (std::fabs(a.cycles - b.cycles) < 0.01f * b.cycles) return a.band > b.band;
  return a.cycles < b.cycles;
}

// SPLIT_SMALL_MN's order: fewer bytes (beyond 5 %); at cycles within 1 % the larger band
// ratio; else the higher intensity.
bool BeforeSmall(const Split& a, const Split& b) {
  if (std::fabs(b.memory - a.memory) > 0.05f * a.memory) return a.memory < b.memory;
  if (std::fabs(a.cycles - b.cycles) < 0.01f * b.cycles) return a.band > b.band;
  return a.intensity > b.intensity;
}

// CANN ranks the splits with std::sort under an order that is not strict-weak near its ties, so
// which split comes first depends on the sort's steps. These are the steps of the GNU library's
// introsort (median-of-three quicksort down to runs of 16, then insertion), each scan bounded
// where that library's unguarded loops would leave the range.
using Before = bool (*)(const Split&, const Split&);

// Insertion of v[i] into the sorted v[lo, i): to the front where it precedes v[lo].
void Insert(std::vector<Split>& v, size_t lo, size_t i, Before before, bool guarded) {
  const Split x = v[i];
  size_t j = i;
  if (guarded && before(x, v[lo])) {
    for (; j > lo; --j) v[j] = v[j - 1];
  } else {
    for (; j > 0 && before(x, v[j - 1]); --j) v[j] = v[j - 1];
  }
  v[j] = x;
}

void MedianToFirst(std::vector<Split>& v, size_t r, size_t a, size_t b, size_t c, Before before) {
  size_t m = b;
  if (before(v[a], v[b])) {
    m = before(v[b], v[c]) ? b : (before(v[a], v[c]) ? c : a);
  } else {
    m = before(v[a], v[c]) ? a : (before(v[b], v[c]) ? c : b);
  }
  std::swap(v[r], v[m]);
}

// Partitions v[lo, hi) around v[lo]'s median of three; the cut.
size_t Partition(std::vector<Split>& v, size_t lo, size_t hi, Before before) {
  MedianToFirst(v, lo, lo + 1, lo + (hi - lo) / 2, hi - 1, before);
  size_t f = lo + 1, l = hi;
  while (true) {
    while (f < hi && before(v[f], v[lo])) ++f;
    --l;
    while (l > lo && before(v[lo], v[l])) --l;
    if (!(f < l)) return f;
    std::swap(v[f], v[l]);
    ++f;
  }
}

void IntroLoop(std::vector<Split>& v, size_t lo, size_t hi, int depth, Before before) {
  while (hi - lo > 16) {
    if (depth == 0) {  // the library's heap sort; not reached by the few splits ranked here
      for (size_t i = lo + 1; i < hi; ++i) Insert(v, lo, i, before, true);
      return;
    }
    --depth;
    const size_t cut = Partition(v, lo, hi, before);
    IntroLoop(v, cut, hi, depth, before);
    hi = cut;
  }
}

Split First(std::vector<Split> v, Before before) {
  const size_t n = v.size();
  int lg = 0;
  while ((size_t{2} << lg) <= n) ++lg;
  IntroLoop(v, 0, n, 2 * lg, before);
  const size_t head = std::min<size_t>(n, 16);
  for (size_t i = 1; i < head; ++i) Insert(v, 0, i, before, true);
  for (size_t i = head; i < n; ++i) Insert(v, 0, i, before, false);
  return v[0];
}

// CANN's UpdateBaseBlock: base M and N from the core's block (128 and 256 at most, 384 for N
// where base K and M are small), base K no deeper than K aligned to 32.
void FitBase(int64_t sm, int64_t sn, int64_t ka, Block* b) {
  b->k = std::min(b->k, AlignUp(ka, 32));
  b->m = sm >= 128 ? 128 : AlignUp(sm, 16);
  const int64_t max_n = b->k <= 32 && b->m <= 64 ? 384 : 256;
  b->n = sn >= max_n ? max_n : AlignUp(sn, 16);
}

// A small shape's axis is aligned where its length is a multiple of one of these widths; an
// unaligned core piece of one of them loads at that width's bandwidth ratio, others at 4x.
constexpr int64_t kBandWidths[7][2] = {{128, 20}, {192, 27}, {256, 10}, {320, 20},
                                       {384, 15}, {448, 17}, {512, 10}};  // ratio x 10

bool SmallAligned(int64_t len) {
  for (const auto& w : kBandWidths) {
    if (len % w[0] == 0) return true;
  }
  return false;
}

float SmallRatio(bool aligned, int64_t piece) {
  if (aligned) return 1.0f;
  for (const auto& w : kBandWidths) {
    if (w[0] == piece) return static_cast<float>(w[1]) / 10.0f;
  }
  return 4.0f;
}

// K elements of a 32 B fractal row (CANN's GetC0Size).
int64_t C0Of(DataType t) {
  const int64_t bits = detail::ElemBits(t);
  return t == DataType::DT_FLOAT ? 8 : (bits == 8 ? 32 : (bits == 4 ? 64 : 16));
}

// A base side as L1 holds it (CANN's GetA/BBaseHeight/WidthAlign): float rows and the K of
// transposing loads in whole fractals.
int64_t L1Side(const MatmulOperand& op, bool is_a, bool height, int64_t v) {
  const bool f = op.dataType == DataType::DT_FLOAT;
  const bool small = detail::ElemBits(op.dataType) <= 8;
  const int64_t c0 = C0Of(op.dataType);
  if (is_a && height) return f ? AlignUp(v, 16) : (small && op.isTrans ? AlignUp(v, c0) : v);
  if (is_a) return f && op.isTrans ? AlignUp(v, 16) : (f || small ? AlignUp(v, c0) : v);
  if (height) return f && !op.isTrans ? AlignUp(v, 16) : (small ? AlignUp(v, c0) : v);
  return f || (small && !op.isTrans) ? AlignUp(v, c0) : v;
}

// CANN's UpdateStepK: a step of K short of the whole is cut to whole 512 B (or 256 B) of A's
// type where its base K divides that.
int64_t StepK(int64_t step, int64_t bk, int64_t k, int64_t bits) {
  if (step * bk >= k) return step;
  const int64_t row = bk * bits / 8;
  for (const int64_t unit : {int64_t{512}, int64_t{256}}) {
    if (step * row > unit) {
      if (step * row % unit != 0 && unit % row == 0) {
        while (step * row % unit != 0 && step > 1) --step;
      }
      return step;
    }
  }
  return step;
}

}  // namespace

// CANN's GetMultiCoreScenario: 1 SPLIT_MN, 2 SPLIT_SMALL_MN, 0 neither.
int MatmulApiTiling::SplitMnScenario(int64_t cores) const {
  if (!soc910b_ || cores <= 1 || enableSplitK_ || setM_ != -1 || setN_ != -1) return 0;
  const int64_t mn = int64_t{orgM_} * orgN_;
  if (orgM_ >= 128 && mn > kMnLimit * cores) return 1;
  if (mn < kMnLimit * cores) return 2;
  return 0;
}

bool MatmulApiTiling::PlanSplitMn(AscendC::tiling::TCubeTiling& t, int64_t cores, int scenario) {
  const Operands o{detail::ElemBits(a_.dataType), detail::ElemBits(b_.dataType),
                   256 / detail::ElemBits(a_.dataType)};
  const int64_t a_align = 2048 / o.a_bits, b_align = 2048 / o.b_bits;  // 256 B of elements
  const int64_t l0c = l0cBudget_ > 0 ? std::min<int64_t>(l0cBudget_, l0c_) : l0c_;
  if (!CheckFixedBase(l0c)) return false;
  const CannBlock fixed = CannMultiCoreBase(l0c);
  Block base{fixed.m, fixed.n, fixed.k};
  std::vector<Split> all;
  Split pick;
  if (scenario == 1) {
    for (int64_t md = 1; md <= cores; ++md) {
      if (cores % md != 0) continue;
      Split s;
      s.md = md, s.nd = cores / md;
      int64_t sm = 0, sn = 0;
      const bool ok_a =
          detail::AlignPiece(a_.isTrans && orgM_ % a_align == 0, orgM_, s.md, a_align, &sm);
      const bool ok_b =
          detail::AlignPiece(!b_.isTrans && orgN_ % b_align == 0, orgN_, s.nd, b_align, &sn);
      s.band = Band(cores, s.md, s.nd, base);
      AddCoreBlocks(o, sm, sn, base, ok_a && ok_b ? 1.0f : 2.0f, 1.0f, 1.0f, &s);
      all.push_back(s);
    }
    pick = First(all, BeforeMn);
  } else if (orgM_ <= 128 && orgN_ >= 128 * cores) {
    pick.md = 1, pick.nd = cores;
    FitBase(orgM_, orgN_ / cores, orgKa_, &base);
  } else if (orgN_ <= 256 && orgM_ >= 128 * cores) {
    pick.md = cores, pick.nd = 1;
    FitBase(orgM_ / cores, orgN_, orgKa_, &base);
  } else {
    for (int64_t used = cores; used >= 1; --used) {
      for (int64_t md = 1; md <= used; ++md) {
        if (used % md != 0) continue;
        Split s;
        s.md = md, s.nd = used / md;
        int64_t sm = 0, sn = 0;
        const bool ok_a =
            detail::AlignPiece(a_.isTrans && SmallAligned(orgM_), orgM_, s.md, a_align, &sm);
        const bool ok_b =
            detail::AlignPiece(!b_.isTrans && SmallAligned(orgN_), orgN_, s.nd, b_align, &sn);
        FitBase(sm, sn, orgKa_, &base);
        s.base = base;
        // Cores beyond 20 with pieces under 32 share the bandwidth of 20.
        const int64_t rate = sm < 32 && sn < 32 && s.md * s.nd > 20 ? 20 : s.md * s.nd;
        s.band = Band(cores, s.md, s.nd, base);
        AddCoreBlocks(o, sm, sn, base, static_cast<float>(s.md * s.nd) / static_cast<float>(rate),
                      SmallRatio(ok_a, sm), SmallRatio(ok_b, sn), &s);
        all.push_back(s);
      }
    }
    pick = First(all, BeforeSmall);
    base = pick.base;
  }
  if (scenario == 2) {
    // Base K as deep as half of a 64 KiB L0A/L0B holds beside base M and N.
    const int64_t room = 32768 * 8 / o.a_bits;
    const int64_t c0 = C0Of(a_.dataType);
    base.k = std::min(std::min(room / base.m, room / base.n) / c0 * c0, AlignUp(orgKa_, c0));
  }
  return FinishSplitMn(t, pick.md, pick.nd, {base.m, base.n, base.k});
}

// The core's block (GetSingleShape: pieces aligned to 256 B where the layout wants it), the L1
// steps (CalcL1Tiling) and the rest of UpdateTiling.
bool MatmulApiTiling::FinishSplitMn(AscendC::tiling::TCubeTiling& t, int64_t md, int64_t nd,
                                    const CannBlock& base) {
  const int64_t sa = detail::ElemBits(a_.dataType), sb = detail::ElemBits(b_.dataType);
  const int64_t m16 = AlignUp(orgM_, 16), n16 = AlignUp(orgN_, 16);
  const int64_t sm = CeilDiv(orgM_, md), sn = CeilDiv(orgN_, nd), sk = orgKa_;
  const int64_t c_bits = c_.dataType == DataType::DT_FLOAT || c_.dataType == DataType::DT_INT32
                             ? 32
                             : (c_.dataType == DataType::DT_INT8 ? 8 : 16);
  const bool out_align = sn * sm * 2 * c_bits > sn * sk * sa + sm * sk * sb;  // NeedOutputAlign
  const bool c_nz = c_.type == CubeFormat::NZ;
  int64_t single_n = sn, single_m = sm;
  detail::AlignPiece(!b_.isTrans || out_align || c_nz, n16, nd, 2048 / sb, &single_n);
  detail::AlignPiece(a_.isTrans || c_nz, m16, md, 2048 / sa, &single_m);
  t.usedCoreNum = static_cast<int32_t>(md * nd);
  t.singleCoreM = static_cast<int32_t>(single_m);
  t.singleCoreN = static_cast<int32_t>(single_n);
  t.singleCoreK = static_cast<int32_t>(sk);
  t.baseM = static_cast<int32_t>(base.m);
  t.baseN = static_cast<int32_t>(base.n);
  t.baseK = static_cast<int32_t>(base.k);
  t.dbL0A = t.dbL0B = 2;
  coreFrac_[0] = CeilDiv(single_m, 16), coreFrac_[1] = CeilDiv(single_n, 16);
  coreFrac_[2] = CeilDiv(sk, 256 / sa);
  // L1: as many base K of A and of B as half of L1 holds each (the one with the narrower base
  // side halved where both do not fit), then steps of 256 B or 512 B multiples, one a multiple
  // of the other, double-buffered.
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_;
  int64_t depth_a = l1 / 2 / base.m / base.k * 8 / sa;
  int64_t depth_b = (l1 + 256) / 2 / base.n / base.k * 8 / sb;
  const int64_t bias = isBias_ ? base.n * detail::BiasBytes(bias_.dataType) : 0;
  const int64_t a_h = L1Side(a_, true, true, base.m), a_w = L1Side(a_, true, false, base.k);
  const int64_t b_h = L1Side(b_, false, true, base.k), b_w = L1Side(b_, false, false, base.n);
  if (depth_a * a_h * a_w * sa / 8 + depth_b * b_h * b_w * sb / 8 > l1 - bias) {
    (a_h <= b_w ? depth_a : depth_b) /= 2;
  }
  int64_t step_a = StepK(depth_a / 2, base.k, sk, sa), step_b = StepK(depth_b / 2, base.k, sk, sa);
  if (step_a >= step_b && step_b != 0) {
    step_a = step_a / step_b * step_b;
  } else if (step_a != 0) {
    step_b = step_b / step_a * step_a;
  }
  if (step_a <= 0 || step_b <= 0) {
    // CANN's tiling returns this one unchecked (stepKa or stepKb 0), which its Matmul's Init
    // cannot run: refused here.
    return Fail(std::string(step_a <= 0 ? "stepKa" : "stepKb") + " = 0: half of L1 (" +
                std::to_string(l1) + " B) holds no double-buffered base block of " +
                (step_a <= 0 ? "A (" + std::to_string(base.m) : "B (" + std::to_string(base.n)) +
                " x " + std::to_string(base.k) + ") beside the other's (CANN's SPLIT_MN tiling " +
                "returns it unchecked; no Matmul runs a step of 0)");
  }
  const int64_t k0 = base.k / (256 / sa);
  // GetCoreNum: CANN divides SetShape's M and N, here unset (-1), by the core's: 0 each.
  NoteSplit(t, 0, 0);
  return SetCannL1(t, {k0 * step_a, k0 * step_b, 1, 1, 2, 2});
}

}  // namespace matmul_tiling
