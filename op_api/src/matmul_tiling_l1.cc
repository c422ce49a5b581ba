// The general schedule's L1 steps and depths, as CANN's Matmul tiling chooses them (docs/CUBE.md,
// "CANN's split and base block (session 38)"): read from asc-devkit's
// matmul_tiling_algorithm.cpp (GetL1Factors and its full-load modes, UpdateTiling,
// UpdateDepthB1, GetIteratorOrder, GetUsedSize), written anew. Extents in fractals: 16 rows of
// M or N, 32 B of K; the core's block as CANN's split counts it, the base block in the same.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>

#include "lib/matmul/matmul_tiling.h"
#include "matmul_tiling_util.h"

namespace matmul_tiling {
namespace {

using detail::CeilDiv;
using detail::ElemBits;

int64_t Up(int64_t x, int64_t a) { return CeilDiv(x, a) * a; }

struct L1In {
  int64_t m, n, k, m0, n0, k0, l1;
  int64_t bias_bytes;   // a bias element's bytes, 0 without a bias
  int64_t ka, kb;       // K's alignment (in fractals) for A and B: 2 where float pairs it
  bool wide_a, wide_b;  // a fractal of A or B takes two 512 B blocks in L1 (float, int8)
  bool a_float, b_float, a_trans, b_trans;
  int64_t a_bits, b_bits;
};

// One candidate: K (fractals), M/N base blocks and buffers of A and B in L1; its load.
struct L1 {
  int64_t ka = 1, kb = 1, ma = 1, nb = 1, dba = 1, dbb = 1, load = 0;
};

// Bytes of L1 the candidate takes (0 where CANN's 32-bit products overflow).
int64_t Bytes(const L1In& in, const L1& s, int64_t cw) {
  const int64_t a = s.ma * in.m0 * 512 * s.dba * (in.wide_a ? 2 : 1) * Up(s.ka, in.ka);
  const int64_t b = s.nb * in.n0 * 512 * s.dbb * (in.wide_b ? 2 : 1) * Up(s.kb, in.kb);
  const int64_t bias = cw > 0 ? s.nb * in.n0 * cw * 16 * s.dbb * in.bias_bytes : 0;
  if (a > INT_MAX || b > INT_MAX || bias > INT_MAX) return 0;
  return std::min<int64_t>(a + b + bias, INT_MAX);
}

enum class Axis { kA, kB, mA, nB };

// The most of one axis `room` bytes of L1 hold, the rest of the candidate fixed; 0 where the
// rest is empty (a K of 0 fractals, where CANN's CalL1MaxLen divides by zero and stops).
int64_t MaxLen(const L1In& in, int64_t room, const L1& s, int64_t align, Axis axis, int64_t cw) {
  int64_t per = 1;
  switch (axis) {
    case Axis::kA: per = s.ma * in.m0 * s.dba * 512; break;
    case Axis::kB: per = s.nb * in.n0 * s.dbb * 512; break;
    case Axis::mA: per = Up(s.ka, align) * in.m0 * s.dba * 512; break;
    case Axis::nB: per = Up(s.kb, align) * in.n0 * s.dbb * 512 + cw * in.n0 * 512; break;
  }
  if (per <= 0) return 0;
  const int64_t len = room / per;
  return axis == Axis::kA || axis == Axis::kB ? len / align * align : len;
}

// The largest factor of `base` at most `f` (CANN's GetNearestFactor).
int64_t Nearest(int64_t base, int64_t f) {
  while (f > base || (f > 0 && base % f != 0)) --f;
  return f;
}

struct Limits {
  int64_t all, max_ma, max_nb, max_ka, max_kb, m_rep, n_rep;
};

Limits LimitsOf(const L1In& in) {
  const int64_t mte1 = 32 / ((in.n0 == 1 ? 1 : in.k0) + (in.k0 == 1 ? 1 : in.m0));
  return {CeilDiv(in.k, in.k0),
          CeilDiv(in.m, in.m0),
          CeilDiv(in.n, in.n0),
          std::max(mte1, (CeilDiv(32, in.m0) + in.k0 - 1) / in.k0),
          std::max(mte1, (CeilDiv(32, in.n0) + in.k0 - 1) / in.k0),
          CeilDiv(in.m, in.m0),
          CeilDiv(in.n, in.n0)};
}

// A's whole block in L1 and as much of B as fits beside it; load INT_MAX where it does not fit.
bool AFull(const L1In& in, const Limits& lim, int64_t cw, L1* out) {
  L1 s{Up(in.k, in.k0), in.k0, lim.max_ma, 1, 1, 1, 0};
  const int64_t cur = Bytes(in, s, cw);
  if (cur <= 0 || cur > in.l1) return false;
  const int64_t a_size =
      std::max(Up(in.k, in.ka), Up(s.ka, in.ka)) * std::max(s.ma * in.m0, in.m) * 512;
  const int64_t b_size = in.l1 - a_size;
  s.dbb = 2;
  if (Bytes(in, s, cw) > in.l1) s.dbb = 1;
  const int64_t bias = cw * s.nb * in.n0 * 16 * in.bias_bytes * s.dbb;
  s.kb = std::min(MaxLen(in, b_size - bias, s, in.kb, Axis::kB, cw), in.k);
  s.kb = Nearest(lim.all, std::min(s.kb / in.k0, lim.max_kb)) * in.k0;
  if (s.kb == in.k) {
    s.nb = Nearest(lim.n_rep, std::min(MaxLen(in, b_size, s, in.kb, Axis::nB, cw), lim.max_nb));
  }
  const bool invalid = s.nb == 0 || s.kb == 0;
  s.load = invalid ? INT_MAX : in.m + (s.kb == in.k ? 1 : lim.m_rep) * in.n;
  if (s.kb == in.k && s.nb * in.n0 == in.n) s.dbb = 1;
  *out = s;
  return true;
}

// B's whole block in L1 and as much of A as fits beside it.
bool BFull(const L1In& in, const Limits& lim, int64_t cw, L1* out) {
  L1 s{in.k0, Up(in.k, in.k0), 1, lim.max_nb, 1, 1, 0};
  const int64_t cur = Bytes(in, s, cw);
  if (cur <= 0 || cur > in.l1) return false;
  const int64_t b_size =
      std::max(Up(in.k, in.kb), Up(s.kb, in.kb)) * std::max(s.nb * in.n0, in.n) * 512;
  const int64_t a_size = in.l1 - b_size;
  s.dba = 2;
  if (Bytes(in, s, cw) > in.l1) s.dba = 1;
  const int64_t bias = cw * s.nb * in.n0 * 16 * in.bias_bytes * s.dbb;
  s.ka = std::min(MaxLen(in, a_size - bias, s, in.ka, Axis::kA, cw), in.k);
  s.ka = Nearest(lim.all, std::min(s.ka / in.k0, lim.max_ka)) * in.k0;
  if (s.ka == in.k) {
    s.ma =
        Nearest(lim.m_rep, std::min(MaxLen(in, a_size - bias, s, in.ka, Axis::mA, cw), lim.max_ma));
  }
  const bool invalid = s.ma == 0 || s.ka == 0;
  s.load = invalid ? INT_MAX : in.n + (s.ka == in.k ? 1 : lim.n_rep) * in.m;
  if (s.ka == in.k && s.ma * in.m0 >= in.m) s.dba = 1;
  *out = s;
  return true;
}

// Neither whole: the L1 buffers first (double where they fit, both when K takes several loads).
void NeitherBuffers(const L1In& in, int64_t cw, L1& s) {
  const auto fit = [&](L1& x) {
    if (Bytes(in, x, cw) > in.l1) {
      x.dbb = 1;
      if (Bytes(in, x, cw) > in.l1) x.dba = 1;
    }
  };
  const int64_t kb = s.kb;
  s.kb = 2;
  fit(s);
  s.kb = in.k;
  const bool both = in.m != in.m0 && in.k > in.k0 && Bytes(in, s, cw) > in.l1;
  s.kb = kb;
  if (both) {
    s.dba = s.dbb = 2;
    fit(s);
  }
}

// K of A and B in L1 for ND operands: the side `a_first` names takes what L1 leaves beside one
// base K of the other, then the other what is left (CANN's NeitherFullLoadKforND).
void NeitherKNd(const L1In& in, const Limits& lim, int64_t cw, bool a_first, L1& s) {
  const int64_t bias = cw * s.nb * in.n0 * 16 * in.bias_bytes * s.dbb;
  const int64_t av = in.a_bits == 8 ? 32 : (in.a_bits == 4 ? 64 : 16);
  const int64_t align_m = Up(s.ma * 16, av), align_n = Up(s.nb * 16, av);
  const int64_t align_k = Up(in.k0 * (256 / in.a_bits), av) * in.a_bits / 8;
  const bool a_int8 = in.a_bits == 8, a_small = in.a_bits <= 8, b_small = in.b_bits <= 8;
  // Bytes per K fractal of one side, with the loads' alignments.
  const bool b_wide = in.b_float || (in.a_trans && a_int8);
  const bool b_pair = !in.b_trans && b_small;
  const auto b_per_k = [&] {
    return b_wide ? s.nb * in.n0 * 16 * align_k * s.dbb
                  : (b_pair ? align_n * in.n0 * align_k * s.dbb : s.nb * in.n0 * 512 * s.dbb);
  };
  const bool a_wide = (in.a_trans && in.a_float) || (!in.a_trans && a_int8);
  const bool a_pair = in.a_trans && a_int8;
  if (a_first) {
    s.kb = in.k0;
    const int64_t a_room = in.l1 - s.kb * b_per_k();
    const int64_t per = s.ma * in.m0 * 16 * s.dba * 32;
    s.ka = per == 0 ? in.k : std::min((a_room - bias) / per, in.k);
    s.ka = Nearest(lim.all, std::max<int64_t>(s.ka / in.k0, 1)) * in.k0;
    const int64_t b_room = in.l1 - s.ka * s.ma * in.m0 * 512 * s.dba;
    s.kb = std::min((b_room - bias) / b_per_k(), in.k);
    s.kb = Nearest(lim.all, std::max<int64_t>(std::min(s.kb / in.k0, lim.max_kb), 1)) * in.k0;
    return;
  }
  s.ka = in.k0;
  const int64_t a_fixed = a_wide ? s.ka * s.ma * in.m0 * 16 * align_k * s.dba
                                 : (a_pair ? s.ka * align_m * in.m0 * align_k * s.dba
                                           : s.ka * s.ma * in.m0 * 512 * s.dba);
  s.kb = std::min((in.l1 - a_fixed - bias) / (s.nb * in.n0 * 16 * s.dbb * 32), in.k);
  s.kb = Nearest(lim.all, std::max<int64_t>(s.kb / in.k0, 1)) * in.k0;
  const int64_t a_room = in.l1 - s.kb * s.nb * in.n0 * 512 * s.dbb - bias;
  const bool a_wide2 = (in.a_trans && in.a_float) || (!in.a_trans && a_small);
  const int64_t per =
      a_wide2 ? s.ma * in.m0 * 16 * s.dba * align_k
              : (a_pair ? align_m * in.m0 * s.dba * align_k : s.ma * in.m0 * 16 * s.dba * 32);
  s.ka = per == 0 ? in.k : std::min(a_room / per, in.k);
  s.ka = Nearest(lim.all, std::max<int64_t>(std::min(s.ka / in.k0, lim.max_ka), 1)) * in.k0;
}

// K of A and B in L1 for A transposed with B as stored (CANN's NeitherFullLoadKforNZ).
void NeitherKNz(const L1In& in, const Limits& lim, int64_t cw, L1& s) {
  s.kb = in.k;
  const int64_t bias = cw * s.nb * in.n0 * 16 * in.bias_bytes * s.dbb;
  const int64_t cur = Bytes(in, s, cw);
  if (cur > 0 && cur <= in.l1) {
    const int64_t a_room = in.l1 - Up(in.k, in.kb) * s.nb * in.n0 * 512 * s.dbb;
    s.ka = std::min(MaxLen(in, a_room - bias, s, in.ka, Axis::kA, cw), in.k);
    s.ka = Nearest(lim.all, std::max<int64_t>(std::min(s.ka / in.k0, lim.max_ka), 1)) * in.k0;
    return;
  }
  int64_t per_k = std::min(
      (in.l1 - bias) / (in.m0 * 512 * s.dba + 16 * in.n0 * 32 * s.dbb) / in.k0 * in.k0, in.k);
  const int64_t bias_l1 = (in.bias_bytes > 0 ? s.nb * in.n0 : 0) * 16 * in.bias_bytes * s.dbb;
  if (in.a_float &&
      (s.ma * in.m0 * Up(per_k, in.ka) * s.dba + s.nb * in.n0 * Up(per_k, in.kb) * s.dbb) * 512 +
              bias_l1 >
          in.l1) {
    per_k -= 1;
  }
  int64_t times = Nearest(lim.all, std::min(per_k / in.k0, std::max(lim.max_ka, lim.max_kb)));
  times = std::min(times, lim.all);
  s.ka = s.kb = times * in.k0;
}

void NeitherK(const L1In& in, const Limits& lim, int64_t cw, L1& s) {
  if (in.k0 == in.k) return;
  if (in.a_trans && !in.b_trans) {
    NeitherKNz(in, lim, cw, s);
  } else {
    const bool a_first = !in.a_trans && (!in.b_trans || in.m0 > in.n0);
    NeitherKNd(in, lim, cw, a_first, s);
  }
  // One side's K a multiple of the other's, the larger dividing K.
  if (s.ka > s.kb && s.ka % s.kb != 0) {
    while (s.ka % s.kb != 0 || (s.ka != s.kb && in.k % s.ka != 0)) --s.ka;
  }
  if (s.ka < s.kb && s.kb % s.ka != 0) {
    while (s.kb % s.ka != 0 || (s.ka != s.kb && in.k % s.kb != 0)) --s.kb;
  }
}

// Base blocks of M and N in L1 beside K's steps, M first or N first by the smaller load.
void NeitherMN(const L1In& in, const Limits& lim, int64_t* cw, L1& s) {
  if (in.bias_bytes == 4 && *cw > 0) ++*cw;
  const int64_t bias = *cw * s.nb * in.n0 * 16 * 2 * s.dbb;
  const auto clamp = [](int64_t x, int64_t most, int64_t rep) {
    return std::max<int64_t>(std::min(std::min(x, most), rep), 1);
  };
  L1 mf = s, nf = s;
  int64_t a_room = in.l1 - Up(mf.kb, in.kb) * in.n0 * 512 * mf.dbb;
  mf.ma = Nearest(
      lim.m_rep, clamp(MaxLen(in, a_room - bias, mf, in.ka, Axis::mA, *cw), lim.max_ma, lim.m_rep));
  int64_t b_room = in.l1 - Up(mf.ka, in.ka) * mf.ma * in.m0 * 512 * mf.dba;
  mf.nb = Nearest(
      lim.n_rep, clamp(MaxLen(in, b_room - bias, mf, in.kb, Axis::nB, *cw), lim.max_nb, lim.n_rep));
  mf.load = in.m + in.n * CeilDiv(in.m, mf.ma * in.m0);
  b_room = in.l1 - Up(nf.ka, in.ka) * in.m0 * 512 * nf.dba;
  nf.nb = Nearest(
      lim.n_rep, clamp(MaxLen(in, b_room - bias, nf, in.kb, Axis::nB, *cw), lim.max_nb, lim.n_rep));
  a_room = in.l1 - Up(in.k, in.kb) * nf.nb * in.n0 * 512 * nf.dbb;
  nf.ma = Nearest(lim.m_rep, clamp(MaxLen(in, a_room - bias * nf.nb, nf, in.ka, Axis::mA, *cw),
                                   lim.max_ma, lim.m_rep));
  nf.load = in.m * CeilDiv(in.n, nf.nb * in.n0) + in.n;
  const bool a_whole = s.ka >= in.k, b_whole = s.kb >= in.k;
  if (a_whole && b_whole) {
    s = nf.load > mf.load ? mf : nf;
  } else if (a_whole) {
    s = mf, s.nb = 1;
  } else if (b_whole) {
    s = nf, s.ma = 1;
  } else {
    s.ma = s.nb = 1;
    s.load = in.m * CeilDiv(in.n, mf.nb * in.n0) + in.n * CeilDiv(in.m, mf.ma * in.m0);
  }
}

// CANN's pick among the four modes: neither whole, then A whole, B whole, both whole, each
// taken where it loads less (or as much with more base blocks in L1); a whole operand counts
// only where its K is one load of the shape's K (ND operands).
L1 ChooseL1(const L1In& in, int64_t shape_k32, bool nd) {
  const Limits lim = LimitsOf(in);
  int64_t cw = in.bias_bytes > 0 ? 1 : 0;
  L1 both{Up(in.k, in.k0), Up(in.k, in.k0), lim.max_ma, lim.max_nb, 1, 1, 0};
  const int64_t both_bytes = Bytes(in, both, cw);
  const bool both_fits = both_bytes > 0 && both_bytes <= in.l1;
  both.load = in.m + in.n;
  L1 a, b;
  const bool a_fits = AFull(in, lim, cw, &a);
  const bool b_fits = BFull(in, lim, cw, &b);
  L1 s{in.k0, in.k0, 1, 1, 2, 2, INT_MAX};
  NeitherBuffers(in, cw, s);
  NeitherK(in, lim, cw, s);
  NeitherMN(in, lim, &cw, s);
  const auto once = [&](int64_t k) { return !nd || k <= 0 || CeilDiv(shape_k32, k) == 1; };
  const auto better = [&](const L1& x) {
    return x.load < s.load || (x.load == s.load && x.ma + x.nb >= s.ma + s.nb);
  };
  if (a_fits && once(a.ka) && better(a)) s = a;
  if (b_fits && once(b.kb) && better(b)) s = b;
  if (both_fits && once(both.ka) && once(both.kb) && better(both)) s = both;
  return s;
}

}  // namespace

bool MatmulApiTiling::PlanCannL1(AscendC::tiling::TCubeTiling& t) {
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_;
  const int64_t reduce = 256 / sa;
  const bool fa = a_.dataType == DataType::DT_FLOAT, fb = b_.dataType == DataType::DT_FLOAT;
  const bool any_float = fa || fb;
  const int64_t bias_bytes = isBias_ ? detail::BiasBytes(bias_.dataType) : 0;
  const L1In in{coreFrac_[0],
                coreFrac_[1],
                coreFrac_[2],
                t.baseM / 16,
                t.baseN / 16,
                t.baseK / reduce,
                l1,
                bias_bytes,
                any_float && a_.isTrans ? 2 : 1,
                any_float && (a_.isTrans || !b_.isTrans) ? 2 : 1,
                fa || (sa == 8 && a_.isTrans),
                fb || (sb == 8 && !b_.isTrans),
                fa,
                fb,
                a_.isTrans,
                b_.isTrans,
                sa,
                sb};
  const bool nd = a_.type == CubeFormat::ND && b_.type == CubeFormat::ND;
  const L1 s = ChooseL1(in, CeilDiv(k_, reduce), nd);
  return SetCannL1(t, {s.ka, s.kb, s.ma, s.nb, s.dba, s.dbb});
}

// UpdateTiling's part from the L1 factors: the iterate order, steps and depths (UpdateDepthB1,
// AdjustFloatL1Factor), and CheckFinalParams' L1 rules.
bool MatmulApiTiling::SetCannL1(AscendC::tiling::TCubeTiling& t, const CannL1& s) {
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_;
  const int64_t reduce = 256 / sa;
  const bool fa = a_.dataType == DataType::DT_FLOAT, fb = b_.dataType == DataType::DT_FLOAT;
  const int64_t bias_bytes = isBias_ ? detail::BiasBytes(bias_.dataType) : 0;
  const int64_t k0 = t.baseK / reduce;
  if (traverse_ == MatrixTraverse::NOSET) {
    // K whole in L1 on one side: walk the other; on both: the order that reloads less.
    const bool ka_whole = t.singleCoreK <= s.ka * reduce, kb_whole = t.singleCoreK <= s.kb * reduce;
    const int64_t sm = t.singleCoreM, sn = t.singleCoreN;
    const int64_t a_load = sm + sn * CeilDiv(sm, s.ma * t.baseM);
    const int64_t b_load = sn + sm * CeilDiv(sn, s.nb * t.baseN);
    t.iterateOrder = ka_whole && kb_whole ? (a_load < b_load ? 1 : 0) : (ka_whole ? 1 : 0);
  }
  t.depthA1 = static_cast<int32_t>(CeilDiv(s.ka, k0) * s.ma * s.dba);
  int64_t depth_b = CeilDiv(s.kb, k0) * s.nb * s.dbb;
  if (fb && biasTable_) {
    // CANN counts float B's K aligned to 16 in 16-bit products (which wrap) and lowers depthB1
    // where that overflows L1.
    const uint16_t bk16 = static_cast<uint16_t>(CeilDiv(t.baseK, 16) * 16);
    const uint16_t kn = static_cast<uint16_t>(bk16 * t.baseN);
    const uint16_t km = static_cast<uint16_t>((a_.isTrans && fa ? bk16 : t.baseK) * t.baseM);
    if ((int64_t{t.depthA1} * km + int64_t{kn} * depth_b) * 4 > l1 && kn > 0) {
      depth_b = std::max<int64_t>(int64_t{t.baseN} * t.baseK * depth_b / kn, 1);
    }
  }
  t.depthB1 = static_cast<int32_t>(depth_b);
  t.stepM = static_cast<int32_t>(s.ma);
  t.stepN = static_cast<int32_t>(std::min(s.nb, depth_b));
  t.stepKa = static_cast<int32_t>(CeilDiv(s.ka, k0));
  t.stepKb = static_cast<int32_t>(CeilDiv(s.kb, k0));
  if (fb && t.baseK == 8) {
    t.stepKb = 1;
    t.depthB1 = static_cast<int32_t>(std::min(s.nb, depth_b) * s.dbb);
  }
  const int64_t bytes =
      (int64_t{t.depthA1} * t.baseM * t.baseK * sa + int64_t{t.depthB1} * t.baseN * t.baseK * sb) /
          8 +
      (biasTable_ ? t.baseN * bias_bytes : 0);
  if (t.stepM <= 0 || t.stepN <= 0 || t.depthA1 <= 0 || t.depthB1 <= 0 || t.stepM > t.depthA1 ||
      t.stepN > t.depthB1 || bytes > l1) {
    return Fail("no L1 steps fit: depthA1 " + std::to_string(t.depthA1) + ", depthB1 " +
                std::to_string(t.depthB1) + ", stepM " + std::to_string(t.stepM) + ", stepN " +
                std::to_string(t.stepN) + ", " + std::to_string(bytes) + " B of L1 (" +
                std::to_string(l1) + " B; CANN's tiling refuses it too)");
  }
  return true;
}

int64_t MatmulApiTiling::CannUbBytes(const AscendC::tiling::TCubeTiling& t) const {
  if (!ubTails_) return 0;
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  // A row of an ND operand whose bytes are not whole 32 B is padded in UB on its way to L1.
  const auto ragged = [](int64_t elems, int64_t bits) { return elems * bits / 8 % 32 != 0; };
  int64_t a = 0, b = 0;
  if (!a_.isTrans && ragged(t.singleCoreK, sa)) a = int64_t{t.baseM} * 32;
  if (a_.isTrans && ragged(t.singleCoreM, sa)) a = int64_t{t.baseK} * 32;
  if (!b_.isTrans && ragged(t.singleCoreN, sb)) b = int64_t{t.baseK} * 32;
  if (b_.isTrans && ragged(t.singleCoreK, sb)) b = int64_t{t.baseN} * 32;
  int64_t ub = a_.type == CubeFormat::ND || b_.type == CubeFormat::ND ? std::max(a, b) : 0;
  if (!ubOutput_) return ub;
  const int64_t c_bytes = c_.dataType == DataType::DT_FLOAT || c_.dataType == DataType::DT_INT32
                              ? 4
                              : (c_.dataType == DataType::DT_INT8 ? 1 : 2);
  const int64_t tile = int64_t{t.baseM} * t.baseN * c_bytes;
  if (c_.pos == TPosition::GM) {
    ub += tile + (c_.type == CubeFormat::ND && t.singleCoreN * c_bytes % 32 != 0 ? 32 : 0);
  }
  if (c_.pos == TPosition::VECCALC && c_.type != CubeFormat::NZ) ub += tile;
  if (deqType_ == DequantType::TENSOR && c_.type == CubeFormat::NZ) ub += int64_t{t.baseN} * 8;
  return ub;
}

}  // namespace matmul_tiling
