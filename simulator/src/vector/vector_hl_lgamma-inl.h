// Lgamma of x > 0 on double lanes for the model's std::lgamma: fdlibm's e_lgamma_r.c (the C
// library's algorithm for positive arguments) with its special cases left to the caller, each
// interval computed only when a lane of the vector falls in it. Within a few double ulps of the
// exact value, relatively, also around the zeros at 1 and 2 (its polynomials there are in x - 1,
// x - 2 and x - tc), so the band check (vector_hl_math-inl.h) gives the model's bits.
// e_lgamma_r.c's notice, kept as it asks:
//   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunSoft, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this software is freely granted, provided
//   that this notice is preserved.
// Included once per target by vector_hl_math-inl.h (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_HL_LGAMMA_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_HL_LGAMMA_INL_H_
#undef OPSIM_SIM_VECTOR_HL_LGAMMA_INL_H_
#else
#define OPSIM_SIM_VECTOR_HL_LGAMMA_INL_H_
#endif

#include <cstddef>

#include <hwy/highway.h>

#include "vector/vector_hl_lanes-inl.h"
#include "vector/vector_hl_log_based-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// c[0] + t (c[1] + t (... c[n - 1])): Horner's scheme, each step one rounding.
template <size_t kN>
HWY_INLINE HlV Horner(HlD d, HlV t, const double (&c)[kN]) {
  HlV p = hn::Set(d, c[kN - 1]);
  for (size_t k = kN - 1; k > 0; --k) p = hn::Add(hn::Set(d, c[k - 1]), hn::Mul(t, p));
  return p;
}

// lgamma's minimum: tc, lgamma(tc) = tf + (-tt).
constexpr double kLgammaTc = 1.46163214496836224576e+00;
constexpr double kLgammaTf = -1.21486290535849611461e-01;
constexpr double kLgammaTt = -3.63867699703950536541e-18;

// x < 2 around 1 and 2 (e_lgamma_r.c's case 0): y = 1 - x or 2 - x.
HWY_INLINE HlV LgammaNearOneTwo(HlD d, HlV y) {
  static constexpr double kEven[] = {7.72156649015328655494e-02, 6.73523010531292681824e-02,
                                     7.38555086081402883957e-03, 1.19270763183362067845e-03,
                                     2.20862790713908385557e-04, 2.52144565451257326939e-05};
  static constexpr double kOdd[] = {3.22467033424113591611e-01, 2.05808084325167332806e-02,
                                    2.89051383673415629091e-03, 5.10069792153511336608e-04,
                                    1.08011567247583939954e-04, 4.48640949618915160150e-05};
  const HlV z = hn::Mul(y, y);
  const HlV p = hn::Add(hn::Mul(y, Horner(d, z, kEven)), hn::Mul(z, Horner(d, z, kOdd)));
  return hn::Sub(p, hn::Mul(hn::Set(d, 0.5), y));
}

// Around the minimum tc (case 1): y = x - tc.
HWY_INLINE HlV LgammaNearMinimum(HlD d, HlV y) {
  static constexpr double kT0[] = {4.83836122723810047042e-01, -3.27885410759859649565e-02,
                                   6.10053870246291332635e-03, -1.40346469989232843813e-03,
                                   3.15632070903625950361e-04};
  static constexpr double kT1[] = {-1.47587722994593911752e-01, 1.79706750811820387126e-02,
                                   -3.68452016781138256760e-03, 8.81081882437654011382e-04,
                                   -3.12754168375120860518e-04};
  static constexpr double kT2[] = {6.46249402391333854778e-02, -1.03142241298341437450e-02,
                                   2.25964780900612472250e-03, -5.38595305356740546715e-04,
                                   3.35529192635519073543e-04};
  const HlV z = hn::Mul(y, y);
  const HlV w = hn::Mul(z, y);
  const HlV p2 = Horner(d, w, kT1), p3 = Horner(d, w, kT2);
  const HlV tail = hn::Sub(hn::Set(d, kLgammaTt), hn::Mul(w, hn::Add(p2, hn::Mul(y, p3))));
  const HlV p = hn::Sub(hn::Mul(z, Horner(d, w, kT0)), tail);
  return hn::Add(hn::Set(d, kLgammaTf), p);
}

// Between the small and the lower interval (case 2): y = x or x - 1, a rational function.
HWY_INLINE HlV LgammaRational(HlD d, HlV y) {
  static constexpr double kU[] = {-7.72156649015328655494e-02, 6.32827064025093366517e-01,
                                  1.45492250137234768737e+00,  9.77717527963372745603e-01,
                                  2.28963728064692451092e-01,  1.33810918536787660377e-02};
  static constexpr double kV[] = {1.0,
                                  2.45597793713041134822e+00,
                                  2.12848976379893395361e+00,
                                  7.69285150456672783825e-01,
                                  1.04222645593369134254e-01,
                                  3.21709242282423911810e-03};
  const HlV p1 = hn::Mul(y, Horner(d, y, kU));
  return hn::Add(hn::Mul(hn::Set(d, -0.5), y), hn::Div(p1, Horner(d, y, kV)));
}

// [2, 8): lgamma(2 + y) by the rational function of e_lgamma_r.c, y = x - floor(x).
HWY_INLINE HlV LgammaTwoToThree(HlD d, HlV y) {
  static constexpr double kS[] = {-7.72156649015328655494e-02, 2.14982415960608852501e-01,
                                  3.25778796408930981787e-01,  1.46350472652464452805e-01,
                                  2.66422703033638609560e-02,  1.84028451407337715652e-03,
                                  3.19475326584100867617e-05};
  static constexpr double kR[] = {1.0,
                                  1.39200533467621045958e+00,
                                  7.21935547567138069525e-01,
                                  1.71933865632803078993e-01,
                                  1.86459191715652901344e-02,
                                  7.77942496381893596434e-04,
                                  7.32668430744625636189e-06};
  const HlV p = hn::Mul(y, Horner(d, y, kS));
  return hn::Add(hn::Mul(hn::Set(d, 0.5), y), hn::Div(p, Horner(d, y, kR)));
}

// x >= 8: (x - 1/2)(log x - 1) + w(1/x), log_x = log x.
HWY_INLINE HlV LgammaLarge(HlD d, HlV x, HlV log_x) {
  static constexpr double kW[] = {8.33333333333329678849e-02, -2.77777777728775536470e-03,
                                  7.93650558643019558500e-04, -5.95187557450339963135e-04,
                                  8.36339918996282139126e-04, -1.63092934096575273989e-03};
  const HlV z = hn::Div(hn::Set(d, 1.0), x);
  const HlV w =
      hn::Add(hn::Set(d, 4.18938533204672725052e-01), hn::Mul(z, Horner(d, hn::Mul(z, z), kW)));
  const HlV one = hn::Set(d, 1.0);
  return hn::Add(hn::Mul(hn::Sub(x, hn::Set(d, 0.5)), hn::Sub(log_x, one)), w);
}

// The bounds of e_lgamma_r.c's intervals (its high-word tests as doubles).
constexpr double kLgammaSmall = 0x1p-70;          // below: -log x
constexpr double kLgammaLogBelow = 0x1.ccccdp-1;  // about 0.9: r = -log x, then x + 1's
constexpr double kLgammaHuge = 0x1p58;            // above: x (log x - 1)

// x < 2 (e_lgamma_r.c's first branch): r (-log x below 0.9, else -0) plus one of the three
// approximations, by x's subinterval: y = 1 - x, 2 - x (case 0), x - tc + 1, x - tc (case 1),
// x, x - 1 (case 2).
HWY_INLINE HlV LgammaBelowTwo(HlD d, HlV x, HlM lanes, HlV r) {
  const auto c = [d](double k) { return hn::Set(d, k); };
  const HlM low = hn::Lt(x, c(kLgammaLogBelow));
  const auto either = [low](HlM if_low, HlM if_high) {
    return hn::Or(hn::And(low, if_low), hn::AndNot(low, if_high));
  };
  const HlM case0 = hn::And(lanes, either(hn::Ge(x, c(0x1.76944p-1)), hn::Ge(x, c(0x1.bb4c3p+0))));
  const HlM case1 = hn::AndNot(
      case0, hn::And(lanes, either(hn::Ge(x, c(0x1.da661p-3)), hn::Ge(x, c(0x1.3b4c4p+0)))));
  const HlM case2 = hn::AndNot(hn::Or(case0, case1), lanes);
  HlV add = hn::Zero(d);
  if (!hn::AllFalse(d, case0)) {
    const HlV y = hn::Sub(hn::IfThenElse(low, c(1.0), c(2.0)), x);
    add = hn::IfThenElse(case0, LgammaNearOneTwo(d, y), add);
  }
  if (!hn::AllFalse(d, case1)) {
    const HlV y = hn::Sub(x, hn::IfThenElse(low, c(kLgammaTc - 1.0), c(kLgammaTc)));
    add = hn::IfThenElse(case1, LgammaNearMinimum(d, y), add);
  }
  if (!hn::AllFalse(d, case2)) {
    const HlV y = hn::IfThenElse(low, x, hn::Sub(x, c(1.0)));
    add = hn::IfThenElse(case2, LgammaRational(d, y), add);
  }
  return hn::IfThenElse(lanes, hn::Add(r, add), r);
}

// lgamma of x > 0 (x <= 0, the poles and the reflection, goes back to the caller).
HWY_INLINE HlLaneResult LgammaLanes(HlD d, HlV x_in) {
  const auto c = [d](double k) { return hn::Set(d, k); };
  const HlM bad = hn::Not(hn::Gt(x_in, hn::Zero(d)));
  const HlV x = hn::IfThenElse(bad, c(3.0), x_in);
  const HlM below_two = hn::Lt(x, c(2.0));
  const HlM below_eight = hn::Lt(x, c(8.0));
  const HlM mid = hn::AndNot(below_two, below_eight);  // [2, 8)
  const HlM large = hn::Not(below_eight);
  // [2, 8): lgamma(x) = lgamma(2 + y) + log((y + 2) ... (y + i - 1)), i = floor(x).
  const HlV whole = hn::Floor(x);
  const HlV frac = hn::Sub(x, whole);
  HlV product = c(1.0);
  if (!hn::AllFalse(d, mid)) {
    for (double k = 6; k >= 2; k -= 1) {
      const HlM use = hn::And(mid, hn::Gt(whole, c(k)));
      product = hn::IfThenElse(use, hn::Mul(product, hn::Add(frac, c(k))), product);
    }
  }
  const HlM log_x_itself = hn::Or(hn::Lt(x, c(kLgammaLogBelow)), large);
  const HlV log_term = LogD(d, hn::IfThenElse(log_x_itself, x, product));  // log 1 = 0 elsewhere
  HlV v = hn::IfThenElse(below_two, hn::Neg(log_term), log_term);          // r of e_lgamma_r.c
  if (!hn::AllFalse(d, mid)) {
    v = hn::IfThenElse(mid, hn::Add(LgammaTwoToThree(d, frac), log_term), v);
  }
  if (!hn::AllFalse(d, large)) {
    const HlV big = hn::Mul(x, hn::Sub(log_term, c(1.0)));
    const HlV at = hn::IfThenElse(hn::Lt(x, c(kLgammaHuge)), LgammaLarge(d, x, log_term), big);
    v = hn::IfThenElse(large, at, v);
  }
  if (!hn::AllFalse(d, below_two)) v = LgammaBelowTwo(d, x, below_two, v);
  return {hn::IfThenElse(hn::Lt(x, c(kLgammaSmall)), hn::Neg(log_term), v), bad, NoLanes(d)};
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_HL_LGAMMA_INL_H_
