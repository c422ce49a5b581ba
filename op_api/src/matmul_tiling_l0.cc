// The general schedule's base block, as CANN's Matmul tiling chooses it (docs/CUBE.md, "The base
// block (session 38)"): read from asc-devkit's matmul_tiling_algorithm.cpp (GetL0Factors,
// GetL0FactorsCand, GetFinalMkn, GetLoadSize, GetTwoFactors, GetBestValue, PreprocessL0DB),
// written anew. Extents in fractals: 16 rows of M or N, 32 B of K.
#include <algorithm>
#include <climits>
#include <functional>
#include <vector>

#include "lib/matmul/matmul_tiling.h"
#include "matmul_tiling_util.h"

namespace matmul_tiling {
namespace {

using detail::AlignUp;
using detail::BiasBytes;
using detail::CeilDiv;
using detail::ElemBits;

// The divisors of `dim` nearest `base`: the first above it (up to `most`) and the nearest at
// or below it; {1, 1} for a `dim` of 1, 0 where there is none.
void NearDivisors(int64_t base, int64_t dim, int64_t most, std::vector<int64_t>& out) {
  if (dim == 1) {
    out.push_back(1);
    out.push_back(1);
    return;
  }
  int64_t found = 0;
  for (int64_t up = base + 1; up <= most && up <= dim; ++up) {
    if (dim % up == 0) {
      out.push_back(up), ++found;
      break;
    }
  }
  for (int64_t down = base; down >= 1 && found < 2; --down) {
    if (dim % down == 0) out.push_back(down), ++found;
  }
  for (; found < 2; ++found) out.push_back(0);
}

// The largest power of two up to `x` (at most 4096), 1 below 2.
int64_t PowerBelow(int64_t x) {
  int64_t p = 1;
  while (p < 4096 && p * 2 <= x) p *= 2;
  return p;
}

// Candidates for one side: the divisors near `base` of the side and of its power of two,
// widest first, each once (CANN keeps one 0 among them, skipped by its users).
std::vector<int64_t> Candidates(int64_t base, int64_t side, int64_t most, bool align2) {
  std::vector<int64_t> c;
  NearDivisors(base, side, most, c);
  NearDivisors(base, PowerBelow(side), most, c);
  if (align2) {
    for (int64_t& x : c) x = AlignUp(x, 2);
  }
  std::sort(c.rbegin(), c.rend());
  c.erase(std::unique(c.begin(), c.end()), c.end());
  return c;
}

struct L0Inputs {
  int64_t m, n, k;                    // the core's extents (fractals)
  int64_t fix_m, fix_n;               // SetFixSplit's base blocks (fractals) or 0
  int64_t l1, l0a, l0b, l0c;          // bytes
  int64_t db_a, db_b;                 // L0A/L0B buffers
  int64_t sa, sb;                     // element bits of A and B
  bool a_trans, b_trans, bias_table;  // bias_table: a bias the bias table bounds (910B)
  int64_t bias_bytes;                 // of one bias element in L1, 0 without a bias
};

// The best so far and its ranking (CANN's L0StatusPack finals).
struct L0Best {
  int64_t m = 0, n = 0, k = 0, load = INT_MAX, mad = 0, loops = INT_MAX;
  float l0c_use = 0;
  bool mte1_bound = false;  // the best already keeps the cube busier than MTE1
};

// Fractal rows of A and B through L0 for the core's block with m0 x n0 x k0 base blocks.
int64_t LoadSize(const L0Inputs& in, int64_t m0, int64_t n0, int64_t k0) {
  if (in.m * in.k * 512 <= in.l0a || in.n * in.k * 512 <= in.l0b) return in.m + in.n;
  if (k0 >= in.k) {
    return std::min(in.n + CeilDiv(in.n, n0) * in.m, in.m + CeilDiv(in.m, m0) * in.n);
  }
  return CeilDiv(in.m, m0) * in.n + CeilDiv(in.n, n0) * in.m;
}

void Rank(const L0Inputs& in, int64_t m0, int64_t n0, int64_t k0, L0Best& b) {
  const float use = static_cast<float>(m0 * n0 * 1024 * 1.0 / in.l0c);
  const int64_t mte1 =
      std::max<int64_t>(6, m0 * k0 * 512 / 256) + std::max<int64_t>(6, k0 * n0 * 512 / 128);
  const int64_t mad = m0 * k0 * n0;
  const int64_t load = LoadSize(in, m0, n0, k0);
  const int64_t loops = (n0 != 1 ? k0 : 1) + (k0 != 1 ? m0 : 1);
  const bool better = b.m == 0 || load < b.load || (mte1 < mad && !b.mte1_bound) ||
                      (load == b.load && mad > b.mad &&
                       static_cast<float>(mad) * use >= static_cast<float>(b.mad) * b.l0c_use) ||
                      (mad == b.mad && load == b.load && loops < b.loops);
  const bool keeps_pipe = !b.mte1_bound || mte1 < mad;
  const bool fits_l1 =
      (m0 + n0) * k0 * 512 + (in.bias_table ? n0 * 16 * in.bias_bytes : 0) <= in.l1;
  // With float operands a fractal of K is 8 deep: N keeps at least 8 fractals where it has them.
  const int64_t min_n = in.sa == 32 || in.sb == 32 ? 8 : 16;
  const bool wide_n = in.fix_n > 0 || !(in.n >= min_n && n0 < min_n);
  if (better && keeps_pipe && fits_l1 && wide_n) {
    b.mte1_bound = b.mte1_bound || mte1 < mad;
    b.m = m0, b.n = n0, b.k = k0, b.load = load, b.l0c_use = use, b.mad = mad, b.loops = loops;
  }
}

// Whether m0 x n0 by k0 fits double-buffered L0A and L0B with the loads' alignments (float: K
// pairs where a transposing load fills it; 8-bit: M or N pairs where one does).
bool FitsL0(const L0Inputs& in, int64_t m0, int64_t n0, int64_t k0) {
  if (in.sa == 32) {
    const int64_t ka = in.a_trans ? AlignUp(k0, 2) : k0;
    const int64_t kb = in.a_trans || !in.b_trans ? AlignUp(k0, 2) : k0;
    return ka * m0 * 1024 <= in.l0a && kb * n0 * 1024 <= in.l0b;
  }
  if (in.sa <= 8) {
    const int64_t ma = in.a_trans ? AlignUp(m0, 2) : m0;
    const int64_t nb = in.b_trans ? n0 : AlignUp(n0, 2);
    return k0 * ma * 1024 <= in.l0a && k0 * nb * 1024 <= in.l0b;
  }
  return true;
}

// One pass with M (n_major false) or N as the axis chosen first.
L0Best Search(const L0Inputs& in, bool n_major) {
  const int64_t max_mk = std::min(in.l1, in.l0a / in.db_a) / 512;
  const int64_t max_nk = std::min(in.l1, in.l0b / in.db_b) / 512;
  const int64_t max_mn = in.l0c / 1024;
  const int64_t bias_n = in.bias_table ? 16 : 64;  // fractals of N the bias table holds
  const bool b_pairs = in.sb <= 8;
  const int64_t n_side = AlignUp(in.n, b_pairs ? 2 : 1);
  const int64_t major = n_major ? n_side : in.m, minor = n_major ? in.m : n_side;
  const int64_t major_k = n_major ? max_nk : max_mk, minor_k = n_major ? max_mk : max_nk;
  const int64_t fix_major = n_major ? in.fix_n : in.fix_m;
  const int64_t fix_minor = n_major ? in.fix_m : in.fix_n;
  const bool bias = in.bias_bytes > 0;
  const int64_t pnt = n_major && bias ? std::min<int64_t>(11, bias_n) : 11;
  const int64_t num = n_major && bias ? std::min<int64_t>(64, bias_n) : 64;
  const std::vector<int64_t> majors = fix_major > 0
                                          ? std::vector<int64_t>{fix_major}
                                          : Candidates(pnt, major, num, n_major && b_pairs);
  L0Best best;
  for (int64_t f : majors) {
    if (f == 0 || f > max_mn || f > major_k || f > major) continue;
    const int64_t minor_max = std::min(max_mn / f, minor_k);
    const int64_t mm = !n_major && bias ? std::min(minor_max, bias_n) : minor_max;
    const std::vector<int64_t> minors = fix_minor > 0
                                            ? std::vector<int64_t>{fix_minor}
                                            : Candidates(mm, minor, mm, !n_major && b_pairs);
    for (int64_t g : minors) {
      if (g == 0 || g * f > max_mn || g > minor_k || g > minor || g > major_k) continue;
      if (bias && (n_major ? f : g) > 64) continue;
      const int64_t k_max = std::min(major_k / f, minor_k / g);
      std::vector<int64_t> ks;
      NearDivisors(k_max, in.k, k_max, ks);
      NearDivisors(k_max, PowerBelow(in.k), 64, ks);
      std::sort(ks.rbegin(), ks.rend());
      ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
      const int64_t m0 = n_major ? g : f, n0 = n_major ? f : g;
      for (int64_t k0 : ks) {
        if (k0 == 0 || g * k0 > minor_k || f * k0 > major_k || !FitsL0(in, m0, n0, k0)) continue;
        Rank(in, m0, n0, k0, best);
      }
    }
  }
  return best;
}

}  // namespace

bool MatmulApiTiling::PlanCannBase(int64_t* bm, int64_t* bn, int64_t* bk, int64_t* db_a,
                                   int64_t* db_b) {
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_;
  const int64_t l0c = l0cBudget_ > 0 ? std::min<int64_t>(l0cBudget_, l0c_) : l0c_;
  L0Inputs in{coreFrac_[0],
              coreFrac_[1],
              coreFrac_[2],
              fixM_ > 0 ? CeilDiv(fixM_, 16) : 0,
              fixN_ > 0 ? CeilDiv(fixN_, 16) : 0,
              l1,
              static_cast<int64_t>(l0a_),
              static_cast<int64_t>(l0b_),
              l0c,
              2,
              2,
              sa,
              sb,
              a_.isTrans,
              b_.isTrans,
              biasTable_ && isBias_,
              isBias_ ? BiasBytes(bias_.dataType) : 0};
  // A fixed base side too wide for two 32 B columns in L0 keeps one buffer there.
  if (fixM_ > 0 && fixM_ * 32 > in.l0a / 2) in.db_a = 1;
  if (fixN_ > 0 && fixN_ * 32 > in.l0b / 2) in.db_b = 1;
  // CANN ranks with M first, then N first, and keeps the N-first pick where there is one.
  L0Best b = Search(in, true);
  if (b.m == 0) b = Search(in, false);
  if (b.m == 0) {
    return Fail("no base block fits the core's " + std::to_string(coreFrac_[0] * 16) + " x " +
                std::to_string(coreFrac_[1] * 16) + " block" +
                (fixM_ > 0 || fixN_ > 0 ? " with SetFixSplit(" + std::to_string(fixM_) + ", " +
                                              std::to_string(fixN_) + ")"
                                        : std::string()) +
                " (CANN's tiling refuses it too: a fixed base side must not exceed the core's "
                "side, aligned to 16)");
  }
  *bm = b.m * 16;
  *bn = b.n * 16;
  *bk = b.k * (256 / sa);
  *db_a = in.db_a;
  *db_b = in.db_b;
  return true;
}

}  // namespace matmul_tiling
