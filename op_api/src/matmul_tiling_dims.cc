// The general schedule's split over cores, as CANN's MultiCoreMatmulTiling makes it after
// SetShape (docs/CUBE.md, "The multi-core split (session 38)"): read from asc-devkit's
// matmul_tiling_algorithm.cpp (GetDims, PreProcessMiniShape, CalcLoadSize, GetDimsHelper,
// UpdateMultiCore, GetSingleShape) and math_util.cpp, written anew. Every extent is counted in
// fractals: 16 rows of M or N, 32 B of K.
#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

#include "lib/matmul/matmul_tiling.h"
#include "matmul_tiling_util.h"

namespace matmul_tiling {
namespace {

using detail::AlignUp;
using detail::CeilDiv;
using detail::ElemBits;

// CANN's "mapped" extent: the next power of two from 17 fractals up (1024 and past, and
// exactly 16, map to 2048); below 16 the extent itself.
int64_t MapShape(int64_t x) {
  if (x < 16) return x;
  int64_t seed = 16;
  while (seed < 1024 && !(seed < x && x <= 2 * seed)) seed *= 2;
  return seed * 2;
}

int64_t DivisorCount(int64_t x) {
  int64_t count = 0;
  for (int64_t i = 1; i <= x; ++i) count += x % i == 0;
  return count;
}

// The most divisors any divisor of x within [lo, hi] has.
int64_t MostDivisors(int64_t x, int64_t lo, int64_t hi) {
  int64_t most = 0;
  for (int64_t f = lo; f <= hi; ++f) {
    if (x % f == 0) most = std::max(most, DivisorCount(f));
  }
  return most;
}

// Whether a per-core extent has divisors enough for the base and L1 blocks to divide it (at
// most 8 always does).
bool DividesWell(int64_t x) {
  if (x <= 8) return true;
  const int64_t l0 = MostDivisors(x, 1, 64);
  const int64_t l1 = x > 128 ? MostDivisors(x, 65, 128) : 0;
  return l0 > 2 && !(x > 128 && l0 + l1 <= 4);
}

// A core's extent of `parts` pieces: from the even piece towards the mapped extent's piece,
// the first that divides well.
int64_t BestPiece(int64_t extent, int64_t mapped, int64_t parts) {
  int64_t piece = CeilDiv(extent, parts);
  const int64_t goal = CeilDiv(mapped, parts);
  while (piece != goal && !DividesWell(piece)) piece += piece < goal ? 1 : -1;
  return piece;
}

struct DimsInputs {
  int64_t m32, n32, k32, m_map, n_map, cores, l1, l0a, l0c;
  bool a_trans, b_trans;
};

// The fractals of A and B all cores load for mDim x nDim (CANN's CalcLoadSize): whole
// operands once per core of the other axis where a core's share fits L1, else reloaded per
// the pieces of the other operand that fit beside it.
int64_t LoadSize(const DimsInputs& in, int64_t sm, int64_t sn, int64_t md, int64_t nd) {
  const int64_t kb = in.k32 * 512;  // bytes of 16 rows by the whole K
  const int64_t frag = 512, l1 = in.l1;
  const int64_t n0 = std::min<int64_t>(16, sn);
  const int64_t m0 = std::min<int64_t>(16, std::min<int64_t>(sm, 128 / n0));
  const int64_t k0 = std::min(std::min(64 / m0, 64 / n0), in.k32);
  if ((sm + 2 * n0) * kb <= l1 || (sn + 2 * m0) * kb <= l1 || (sm + sn) * kb <= l1) {
    return in.m32 * nd + in.n32 * md;
  }
  if ((n0 * kb + m0 * k0 * frag) * 2 > l1 && (m0 * kb + n0 * k0 * frag) * 2 > l1) {
    return in.m32 * CeilDiv(in.n32, n0) + in.n32 * CeilDiv(in.m32, m0);
  }
  if ((m0 + n0) * kb * 2 <= l1) {
    const int64_t m1 = CeilDiv(l1 - n0 * kb * 2, kb * 2 * m0) * m0;
    const int64_t n1 = CeilDiv(l1 - m0 * kb * 2, kb * 2 * n0) * n0;
    const int64_t m_first = in.m32 * nd + in.n32 * CeilDiv(in.m32, m1);
    const int64_t n_first = in.n32 * md + in.m32 * CeilDiv(in.n32, n1);
    return m_first < n_first ? m_first : n_first;
  }
  // The second test reads B's share as the first left it: CANN's CalcLoadSize keeps the
  // first estimate's reload counts in the shares it tests next.
  int64_t load = INT_MAX, b_share = sn;
  if (sm * kb + n0 * k0 * frag * 2 <= l1 || (m0 * kb + n0 * k0 * frag) * 2 <= l1) {
    load = in.m32 * nd + in.n32 * CeilDiv(in.m32, m0);
    b_share = in.n32 * CeilDiv(in.m32, m0);
  }
  if (b_share * kb + m0 * k0 * frag * 2 <= l1 || (n0 * kb + m0 * k0 * frag) * 2 <= l1) {
    load = std::min(load, in.n32 * md + in.m32 * CeilDiv(in.n32, n0));
  }
  return load;
}

// How many L0 blocks of a nominal 64 x 128-fractal budget a core's block takes.
int64_t LoopsToL0(int64_t sm, int64_t sn, int64_t sk) {
  int64_t n0 = std::min<int64_t>(16, sn);
  int64_t m0 = std::min<int64_t>(std::min<int64_t>(sm, 128 / n0), 64);
  n0 = std::min<int64_t>(std::min<int64_t>(sn, 128 / m0), 64);
  m0 = std::min<int64_t>(std::min<int64_t>(sm, 128 / n0), 64);
  const int64_t k0 = std::min(std::min(64 / m0, 64 / n0), sk);
  return CeilDiv(sm, m0) * CeilDiv(sn, n0) * CeilDiv(sk, k0);
}

// Candidate core counts of one axis: divisors of the extent, of its mapped extent or of the
// cores, up to both.
std::vector<int64_t> AxisFactors(int64_t extent, int64_t mapped, int64_t cores) {
  std::vector<int64_t> f;
  for (int64_t i = 1; i <= std::min(cores, extent); ++i) {
    if (extent % i == 0 || mapped % i == 0 || cores % i == 0) f.push_back(i);
  }
  return f;
}

void AddFactor(std::vector<int64_t>& f, int64_t x) {
  if (std::find(f.begin(), f.end(), x) == f.end())
    f.insert(std::upper_bound(f.begin(), f.end(), x), x);
}

// The running best of the search and its ranking state (CANN's DimCalculator).
struct DimsBest {
  int64_t md = 1, nd = 1, load = INT_MAX, loops = INT_MAX, use = 1;
  bool big = false;  // the best keeps DMA-friendly rows: 16 fractals of the row-major side
};

void Consider(const DimsInputs& in, int64_t md, int64_t nd, DimsBest& b) {
  const int64_t sm = CeilDiv(in.m32, md), sn = CeilDiv(in.n32, nd);
  const int64_t load = LoadSize(in, sm, sn, md, nd);
  // A candidate whose row-major side keeps 16 fractals replaces a best that does not; one that
  // splits it finer never replaces one that keeps it.
  bool rows_ok = true;
  if (!in.b_trans && in.n32 >= 16 && sn < 16) rows_ok = false;
  if (in.a_trans && in.m32 >= 16 && sm < 16) rows_ok = false;
  const bool plain = in.b_trans && !in.a_trans;
  const bool take_any = !plain && !b.big && rows_ok;
  const bool never = !plain && b.big && !rows_ok;
  const bool ranked = plain || (b.big == rows_ok);
  const int64_t loops = LoopsToL0(sm, sn, in.k32), use = md * nd;
  const bool by_loops = ranked && (loops < b.loops || (use > b.use && loops == b.loops));
  const bool by_load = !by_loops && use == b.use && load < b.load;
  if ((take_any || by_loops || by_load) && !never) {
    b = {md, nd, load, loops, use, false};
    b.big = (in.b_trans || sn >= 16) && (!in.a_trans || sm >= 16) && use > 1;
  }
}

// mDim x nDim for a shape whose A, B and C fit L0 whole: one core per 32 fractals of an axis.
bool MiniShape(const DimsInputs& in, int64_t* md, int64_t* nd, int64_t* sm_out, int64_t* sn_out) {
  if (in.m32 * in.n32 > in.cores || in.m32 * in.k32 > in.l0a / 512 ||
      in.n32 * in.k32 > in.l0a / 512 || in.m32 * in.n32 > in.l0c / 1024) {
    return false;
  }
  const int64_t sm = in.m32 <= 32 ? in.m32 : CeilDiv(in.m_map, in.m_map / 32);
  const int64_t sn = in.n32 <= 32 ? in.n32 : CeilDiv(in.n_map, in.n_map / 32);
  *md = CeilDiv(in.m32, sm);
  *nd = CeilDiv(in.n32, sn);
  *sm_out = sm;
  *sn_out = sn;
  return true;
}

// mDim x nDim and each core's M and N (fractals) as the base block sees them.
void ChooseDims(const DimsInputs& in, int64_t* md_out, int64_t* nd_out, int64_t* sm_out,
                int64_t* sn_out) {
  if (MiniShape(in, md_out, nd_out, sm_out, sn_out)) return;
  std::vector<int64_t> mf = AxisFactors(in.m32, in.m_map, in.cores);
  std::vector<int64_t> nf = AxisFactors(in.n32, in.n_map, in.cores);
  // The split that balances the two axes' shares, rounded both ways.
  const float opt = std::sqrt(static_cast<float>(in.m32) / in.n32 * in.cores);
  const int64_t m_opt = static_cast<int64_t>(std::ceil(opt));
  const int64_t n_opt = static_cast<int64_t>(std::ceil(in.cores / opt));
  AddFactor(mf, m_opt);
  AddFactor(mf, n_opt == 0 ? 1 : in.cores / n_opt);
  AddFactor(nf, n_opt);
  AddFactor(nf, m_opt == 0 ? 1 : in.cores / m_opt);
  DimsBest best;
  for (int64_t nd : nf) {
    for (int64_t md : mf) {
      if (md >= 1 && nd >= 1 && nd <= in.cores && md * nd <= in.cores) Consider(in, md, nd, best);
    }
  }
  int64_t sm = CeilDiv(in.m32, best.md), sn = CeilDiv(in.n32, best.nd);
  const int64_t pm = BestPiece(in.m32, in.m_map, best.md);
  const int64_t pn = BestPiece(in.n32, in.n_map, best.nd);
  if (CeilDiv(in.m32, pm) * CeilDiv(in.n32, pn) <= in.cores) sm = pm, sn = pn;
  *md_out = std::min(CeilDiv(in.m32, sm), in.cores);
  *nd_out = std::min(CeilDiv(in.n32, sn), in.cores);
  *sm_out = sm;
  *sn_out = sn;
}

// One of `parts` pieces of `total`; aligned up to `align` where asked and where the aligned
// pieces still number `parts`.
int64_t Piece(int64_t total, int64_t parts, int64_t align, bool aligned) {
  const int64_t piece = CeilDiv(total, parts);
  if (!aligned || parts <= 1) return piece;
  const int64_t up = AlignUp(piece, align);
  return up < CeilDiv(total, parts - 1) ? up : piece;
}

}  // namespace

// CANN's one-core block: each extent in fractals, moved towards its power of two until it
// divides well.
void MatmulApiTiling::NoteCannCore(int64_t m, int64_t n, int64_t k) {
  const int64_t m32 = CeilDiv(m, 16), n32 = CeilDiv(n, 16);
  const int64_t k32 = CeilDiv(k, 256 / ElemBits(a_.dataType));
  coreFrac_[0] = BestPiece(m32, MapShape(m32), 1);
  coreFrac_[1] = BestPiece(n32, MapShape(n32), 1);
  coreFrac_[2] = BestPiece(k32, MapShape(k32), 1);
}

bool MultiCoreMatmulTiling::SplitCores(AscendC::tiling::TCubeTiling& t) {
  const int64_t cores = dim_ > 0 ? dim_ : static_cast<int64_t>(aicCores_);
  t.singleCoreK = k_;
  if (singleM_ > 0 || singleN_ > 0 || singleK_ > 0) {
    // SetSingleShape: one core's tiling of that block (the rest SetShape's), SetDim's cores.
    t.singleCoreM = singleM_ > 0 ? singleM_ : m_;
    t.singleCoreN = singleN_ > 0 ? singleN_ : n_;
    t.singleCoreK = singleK_ > 0 ? singleK_ : k_;
    t.usedCoreNum = static_cast<int32_t>(cores);
    NoteCannCore(t.singleCoreM, t.singleCoreN, t.singleCoreK);
    NoteSplit(t, static_cast<int32_t>(CeilDiv(m_, t.singleCoreM)),
              static_cast<int32_t>(CeilDiv(n_, t.singleCoreN)));
    return true;
  }
  if (cores == 1) {
    t.singleCoreM = m_, t.singleCoreN = n_, t.usedCoreNum = 1;
    NoteCannCore(m_, n_, k_);
    NoteSplit(t, 1, 1);
    return true;
  }
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_;
  const int64_t l0c = l0cBudget_ > 0 ? std::min<int64_t>(l0cBudget_, l0c_) : l0c_;
  DimsInputs in{CeilDiv(m_, 16),
                CeilDiv(n_, 16),
                CeilDiv(k_, 256 / sa),
                0,
                0,
                cores,
                l1,
                static_cast<int64_t>(l0a_),
                l0c,
                a_.isTrans,
                b_.isTrans};
  in.m_map = MapShape(in.m32);
  in.n_map = MapShape(in.n32);
  int64_t md = 1, nd = 1, sm = 1, sn = 1;
  ChooseDims(in, &md, &nd, &sm, &sn);
  coreFrac_[0] = sm, coreFrac_[1] = sn, coreFrac_[2] = in.k32;
  // Each core's block: the fractal-aligned extent cut evenly; with an NZ operand (or C) CANN
  // aligns the row-major side's piece to 256 B of it.
  const bool nz_c = c_.type == CubeFormat::NZ;
  const bool nz = a_.type == CubeFormat::NZ || b_.type == CubeFormat::NZ;
  const int64_t sm0 = CeilDiv(m_, md), sn0 = CeilDiv(n_, nd);
  const bool out_heavy = sm0 * sn0 * 2 * ElemBits(c_.dataType) > sn0 * k_ * sa + sm0 * k_ * sb;
  t.singleCoreN = static_cast<int32_t>(
      Piece(in.n32 * 16, nd, 2048 / sb, (nz && (!b_.isTrans || out_heavy)) || nz_c));
  t.singleCoreM =
      static_cast<int32_t>(Piece(in.m32 * 16, md, 2048 / sa, (nz && a_.isTrans) || nz_c));
  t.usedCoreNum = static_cast<int32_t>(md * nd);
  // GetCoreNum's mDim and nDim are CANN's: the blocks of singleCore M and N that cover the shape.
  NoteSplit(t, static_cast<int32_t>(CeilDiv(m_, t.singleCoreM)),
            static_cast<int32_t>(CeilDiv(n_, t.singleCoreN)));
  return true;
}

}  // namespace matmul_tiling
