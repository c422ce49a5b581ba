// The N_BUFFER_33 schedule's tiling over several cores, as CANN's MultiCoreMatmulTiling makes it
// (docs/CUBE.md, "N_BUFFER_33"): each core holds at most 3 x 3 base blocks of A (3 of M by 3 of
// K) in L1, so M is cut into blocks of three base M, K must fit three base K, and N is spread
// over the cores left by the split that makes the cube's work per byte loaded highest.
#include <algorithm>
#include <string>

#include "lib/matmul/matmul_tiling.h"
#include "matmul_tiling_util.h"

namespace matmul_tiling {
namespace {

using detail::AlignUp;
using detail::CeilDiv;
using detail::ElemBits;

constexpr int64_t kBlocks33 = 3;  // base blocks of M and of K one core holds

// What the split ranks one candidate by: the cube cycles of the core's block (fractal
// multiplications per base K), the cycles per byte of A and B it loads, and how many cores
// it leaves unused, weighted by the base block's sides (CANN's band ratio).
struct SplitScore {
  double cycles = 0, intensity = 0, band = 0;
};

struct SplitInputs {
  int64_t m, n, bm, bn, bk, k0, sa, sb, cores;
  bool a_trans, b_trans;
};

// The extent of one of `parts` pieces of `total`; an operand the DMA reads in rows whose total
// is whole 256 B is cut at 256 B where that still leaves `parts` pieces, else its loads count
// twice (*unaligned).
int64_t Piece(int64_t total, int64_t parts, bool row_major, int64_t bits, bool* unaligned) {
  const int64_t align = 256 * 8 / bits;
  int64_t piece = 0;
  if (!detail::AlignPiece(row_major && total % align == 0, total, parts, align, &piece)) {
    *unaligned = true;
  }
  return piece;
}

SplitScore Score(const SplitInputs& in, int64_t m_dim, int64_t n_dim) {
  bool unaligned = false;
  const int64_t sm = Piece(in.m, m_dim, in.a_trans, in.sa, &unaligned);
  const int64_t sn = Piece(in.n, n_dim, !in.b_trans, in.sb, &unaligned);
  // Every base block of the core's sm x sn (tails included) loads its rows of A and columns of
  // B for one base K: A's rows once per column of blocks, B's columns once per row of blocks.
  const double cycles = static_cast<double>(sm * sn * in.bk) / (16.0 * 16.0 * in.k0);
  const double bytes = (unaligned ? 2.0 : 1.0) * in.bk *
                       (CeilDiv(sn, in.bn) * sm * in.sa + CeilDiv(sm, in.bm) * sn * in.sb) / 8.0;
  SplitScore s;
  s.cycles = cycles;
  s.intensity = bytes > 0 ? cycles / bytes : 0;
  s.band = static_cast<double>((in.cores - m_dim) * in.bm + (in.cores - n_dim) * in.bn) /
           static_cast<double>((in.bm + in.bn) * in.cores);
  return s;
}

// CANN's order: the higher intensity; at equal intensity (1e-4) and cycles within 1 %, the
// larger band ratio; else the fewer cycles.
bool Better(const SplitScore& a, const SplitScore& b) {
  if (a.intensity - b.intensity > 1e-4 || b.intensity - a.intensity > 1e-4) {
    return a.intensity > b.intensity;
  }
  const double gap = a.cycles > b.cycles ? a.cycles - b.cycles : b.cycles - a.cycles;
  if (gap < 0.01 * b.cycles) return a.band > b.band;
  return a.cycles < b.cycles;
}

// nDim from 1 to one more than N's whole base blocks or the cores M leaves.
int64_t ChooseNDim(const SplitInputs& in, int64_t m_dim) {
  const int64_t most = std::min(in.n / in.bn, in.cores / m_dim) + 1;
  int64_t best = 1;
  SplitScore best_score = Score(in, m_dim, 1);
  for (int64_t nd = 2; nd <= most; ++nd) {
    const SplitScore s = Score(in, m_dim, nd);
    if (Better(s, best_score)) best = nd, best_score = s;
  }
  return best;
}

}  // namespace

MatmulApiTiling::CannBlock MatmulApiTiling::CannMultiCoreBase(int64_t l0c) const {
  const bool both_trans = a_.isTrans && b_.isTrans;
  CannBlock b{l0c == 262144 || both_trans ? 256 : 128, both_trans ? 128 : 256,
              128 * 8 / ElemBits(a_.dataType)};
  if (fixM_ > 0) b.m = fixM_;
  if (fixN_ > 0) b.n = fixN_;
  return b;
}

bool MatmulApiTiling::PlanNBuffer33(AscendC::tiling::TCubeTiling& t, int64_t cores) {
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  const int64_t k0 = 256 / sa;
  const int64_t l0c = l0cBudget_ > 0 ? std::min<int64_t>(l0cBudget_, l0c_) : l0c_;
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_;
  const CannBlock base = CannMultiCoreBase(l0c);
  const int64_t bm = base.m, bn = base.n, bk = base.k;
  if (bm % 16 != 0 || bn % 16 != 0 || bm * bn * 4 > l0c) {
    return Fail("N_BUFFER_33: baseM = " + std::to_string(bm) + ", baseN = " + std::to_string(bn) +
                ": both must be multiples of 16 and baseM x baseN x 4 B fit L0C (" +
                std::to_string(l0c) + " B)");
  }
  if (CeilDiv(k_, bk) > kBlocks33) {
    return Fail("N_BUFFER_33: K = " + std::to_string(k_) + " takes " +
                std::to_string(CeilDiv(k_, bk)) + " base blocks of baseK " + std::to_string(bk) +
                "; the schedule holds at most 3 (slice K, as CANN's tiling asks)");
  }
  const int64_t m_dim = CeilDiv(m_, bm * kBlocks33);
  const SplitInputs in{m_, n_, bm, bn, bk, k0, sa, sb, cores, a_.isTrans, b_.isTrans};
  const int64_t n_dim = ChooseNDim(in, m_dim);
  // Each core's block: whole fractals of M and N cut evenly; more blocks than cores (an M over
  // 3 x baseM x cores) leave CANN's tiling with the first `cores` blocks of three base M.
  t.usedCoreNum = static_cast<int32_t>(std::min(m_dim * n_dim, cores));
  t.singleCoreM = static_cast<int32_t>(CeilDiv(AlignUp(m_, 16), m_dim));
  t.singleCoreN = static_cast<int32_t>(CeilDiv(AlignUp(n_, 16), n_dim));
  t.singleCoreK = k_;
  if (m_dim * n_dim > cores) {
    t.singleCoreM = static_cast<int32_t>(std::min<int64_t>(bm * kBlocks33, m_));
  }
  if (traverse_ == MatrixTraverse::NOSET) {
    // K is in L1 whole: N first where walking N reloads fewer rows and columns of L1 than
    // walking M (CANN's GetIteratorOrder).
    const int64_t sm = t.singleCoreM, sn = t.singleCoreN;
    t.iterateOrder = sm + sn * CeilDiv(sm, bm) < sn + sm * CeilDiv(sn, bn) ? 1 : 0;
  }
  t.baseM = static_cast<int32_t>(bm);
  t.baseN = static_cast<int32_t>(bn);
  t.baseK = static_cast<int32_t>(bk);
  // L1: the core's whole A (stepM base M by stepKa base K) and one column of B, single-buffered.
  t.stepM = static_cast<int32_t>(CeilDiv(t.singleCoreM, bm));
  t.stepN = 1;
  t.stepKa = t.stepKb = static_cast<int32_t>(CeilDiv(k_, bk));
  t.depthA1 = t.stepKa * t.stepM;
  t.depthB1 = t.stepKb;
  const int64_t l1_bytes =
      (int64_t{t.depthA1} * bm * bk * sa + int64_t{t.depthB1} * bn * bk * sb) / 8 +
      (isBias_ ? bn * 4 : 0);
  if (l1_bytes > l1) {
    return Fail("N_BUFFER_33: " + std::to_string(t.depthA1) + " base blocks of A and " +
                std::to_string(t.depthB1) + " of B (" + std::to_string(l1_bytes) +
                " B) do not fit L1 (" + std::to_string(l1) + " B)");
  }
  // L0A and L0B double-buffered, single where a fixed baseM or baseN leaves no room for two.
  const auto fits_l0 = [&](int64_t db) {
    return bm * bk * sa / 8 * db <= static_cast<int64_t>(l0a_) &&
           bn * bk * sb / 8 * db <= static_cast<int64_t>(l0b_);
  };
  if (!fits_l0(1)) {
    return Fail("N_BUFFER_33: baseM = " + std::to_string(bm) + ", baseN = " + std::to_string(bn) +
                " by baseK " + std::to_string(bk) + " do not fit L0A (" + std::to_string(l0a_) +
                " B) and L0B (" + std::to_string(l0b_) + " B)");
  }
  t.dbL0A = t.dbL0B = fits_l0(2) ? 2 : 1;
  NoteSplit(t, static_cast<int32_t>(m_dim), static_cast<int32_t>(n_dim));
  return true;
}

}  // namespace matmul_tiling
