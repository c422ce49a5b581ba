// Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh, Power, Erf and Erfc of float
// computed on lanes within a stated error of the exact value (docs/ASCENDC.md), as
// vector_hl_float-inl.h's APIs: every lane operation a correctly rounded IEEE operation or an
// exact integer/bit operation, none fused, so the same bits on every Highway target and width.
// - Sin, Cos, Tan: the float argument reduced on double lanes by fdlibm's e_rem_pio2f.c (pi/2 in
//   25 + 53 bits, good for |x| < 2^28 pi/2; larger arguments go back to the caller) and its
//   k_sinf.c, k_cosf.c and k_tanf.c kernels in double, rounded to float once.
// - Asin, Acos, Atan: fdlibm's e_asinf.c (its sqrt in double), e_acosf.c, s_atanf.c on float
//   lanes. Sinh, Cosh: vector_hl_float-inl.h's HyperbolicF; Power, Asinh, Acosh, Atanh:
//   vector_hl_log_based-inl.h's.
// - Erf, Erfc: fdlibm's s_erff.c on float lanes (its three intervals and rational
//   approximations), exp by ExpSameBits. Erfc above 9.1 (results near the subnormals) goes back.
// Those files' notice, kept as it asks:
//   Copyright (C) 1993, 2004 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunPro, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this software is freely granted, provided
//   that this notice is preserved.
// Included once per target by vector_hl_math-inl.h (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_HL_TRIG_ERF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_HL_TRIG_ERF_INL_H_
#undef OPSIM_SIM_VECTOR_HL_TRIG_ERF_INL_H_
#else
#define OPSIM_SIM_VECTOR_HL_TRIG_ERF_INL_H_
#endif

#include <cstddef>

#include <hwy/highway.h>

#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "vector/vector_exp-inl.h"
#include "vector/vector_hl_float-inl.h"
#include "vector/vector_hl_lanes-inl.h"
#include "vector/vector_hl_log_based-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// c[0] + s (c[1] + s (... + s c[N-1])), each step rounded (Horner, no fused multiply-add).
template <class D, size_t N>
HWY_INLINE hn::Vec<D> HornerNoFma(D d, hn::Vec<D> s, const hn::TFromD<D> (&c)[N]) {
  hn::Vec<D> p = hn::Set(d, c[N - 1]);
  for (size_t k = N - 1; k-- > 0;) p = hn::Add(hn::Set(d, c[k]), hn::Mul(s, p));
  return p;
}

// The largest |x| the reduction takes: 2^28 pi/2 (e_rem_pio2f.c's medium range).
constexpr float kTrigLimit = 0x1.921fb6p+28f;

// x = n pi/2 + r with |r| <~ pi/4 (e_rem_pio2f.c's medium case): n rounded to nearest by the
// shifter (no float/int conversion, whose out-of-range fix-ups differ by target), n pi2_1 exact
// (pio2_1 has 25 bits, |n| < 2^28). `odd`: n odd; `upper`: bit 1 of n.
struct TrigReduced {
  HlV r;
  HlM odd;
  HlM upper;
};

HWY_INLINE TrigReduced ReducePio2(HlD d, HlV x) {
  const hn::RebindToSigned<HlD> di;
  const HlV shifter = hn::Set(d, 0x1.8p52);
  const HlV t = hn::Add(hn::Mul(x, hn::Set(d, 6.36619772367581382433e-01)), shifter);
  const HlV fn = hn::Sub(t, shifter);
  const HlV r = hn::Sub(hn::Sub(x, hn::Mul(fn, hn::Set(d, 1.57079631090164184570e+00))),
                        hn::Mul(fn, hn::Set(d, 1.58932547735281966916e-08)));
  // t's low mantissa bits hold 2^51 + n: its two lowest bits are n mod 4.
  const auto n = hn::BitCast(di, t);
  const auto one = hn::Set(di, 1), two = hn::Set(di, 2);
  return {r, hn::RebindMask(d, hn::Eq(hn::And(n, one), one)),
          hn::RebindMask(d, hn::Eq(hn::And(n, two), two))};
}

// sin(r) for |r| <= pi/4 (k_sinf.c: |sin(r)/r - s(r)| < 2^-37.5).
HWY_INLINE HlV SinKernel(HlD d, HlV x) {
  const auto c = [d](double v) { return hn::Set(d, v); };
  const HlV z = hn::Mul(x, x);
  const HlV w = hn::Mul(z, z);
  const HlV r = hn::Add(c(-0x1a00f9e2cae774.0p-65), hn::Mul(z, c(0x16cd878c3b46a7.0p-71)));
  const HlV s = hn::Mul(z, x);
  const HlV head = hn::Add(
      x, hn::Mul(s, hn::Add(c(-0x15555554cbac77.0p-55), hn::Mul(z, c(0x111110896efbb2.0p-59)))));
  return hn::Add(head, hn::Mul(hn::Mul(s, w), r));
}

// cos(r) for |r| <= pi/4 (k_cosf.c: |cos(r) - c(r)| < 2^-34.1).
HWY_INLINE HlV CosKernel(HlD d, HlV x) {
  const auto c = [d](double v) { return hn::Set(d, v); };
  const HlV z = hn::Mul(x, x);
  const HlV w = hn::Mul(z, z);
  const HlV r = hn::Add(c(-0x16c087e80f1e27.0p-62), hn::Mul(z, c(0x199342e0ee5069.0p-68)));
  const HlV head = hn::Add(hn::Add(c(1.0), hn::Mul(z, c(-0x1ffffffd0c5e81.0p-54))),
                           hn::Mul(w, c(0x155553e1053a42.0p-57)));
  return hn::Add(head, hn::Mul(hn::Mul(w, z), r));
}

// tan(r) for |r| <= pi/4, or -1/tan(r) for the odd quadrants (k_tanf.c: |tan(r)/r - t(r)| <
// 2^-25.5).
HWY_INLINE HlV TanKernel(HlD d, HlV x, HlM odd) {
  const auto c = [d](double v) { return hn::Set(d, v); };
  const HlV z = hn::Mul(x, x);
  HlV r = hn::Add(c(0x185dadfcecf44e.0p-61), hn::Mul(z, c(0x1362b9bf971bcd.0p-59)));
  const HlV t = hn::Add(c(0x1b54c91d865afe.0p-57), hn::Mul(z, c(0x191df3908c33ce.0p-58)));
  const HlV w = hn::Mul(z, z);
  const HlV s = hn::Mul(z, x);
  const HlV u = hn::Add(c(0x15554d3418c99f.0p-54), hn::Mul(z, c(0x1112fd38999f72.0p-55)));
  r = hn::Add(hn::Add(x, hn::Mul(s, u)), hn::Mul(hn::Mul(s, w), hn::Add(t, hn::Mul(w, r))));
  return hn::IfThenElse(odd, hn::Neg(hn::Div(c(1.0), r)), r);
}

enum class TrigFn { kSin, kCos, kTan };

// sin, cos or tan of float lanes (|x| < kTrigLimit; the others go back), rounded once. A zero
// argument keeps its sign (sin, tan), which the kernels' x + (+0) would lose.
template <TrigFn kFn>
HWY_INLINE HlHalfFResult TrigF(HlHalfF df, HlVHalfF x) {
  const HlD dd;
  const auto far = hn::Not(hn::Lt(hn::Abs(x), hn::Set(df, kTrigLimit)));
  const HlV xd = hn::PromoteTo(dd, hn::IfThenZeroElse(far, x));
  const TrigReduced q = ReducePio2(dd, xd);
  HlV v;
  if constexpr (kFn == TrigFn::kTan) {
    v = TanKernel(dd, q.r, q.odd);
  } else {
    const HlV sin_r = SinKernel(dd, q.r), cos_r = CosKernel(dd, q.r);
    // sin: sin r, cos r, -sin r, -cos r by quadrant; cos: cos r, -sin r, -cos r, sin r.
    v = kFn == TrigFn::kSin ? hn::IfThenElse(q.odd, cos_r, sin_r)
                            : hn::IfThenElse(q.odd, sin_r, cos_r);
    const HlM negate = kFn == TrigFn::kSin ? q.upper : hn::Xor(q.upper, q.odd);
    v = hn::IfThenElse(negate, hn::Neg(v), v);
  }
  HlVHalfF f = DemoteLikeCast(df, v);
  if constexpr (kFn != TrigFn::kCos) {
    f = hn::IfThenElse(hn::Eq(x, hn::Zero(df)), x, f);
  }
  return {f, far, NoLanes(df)};
}

// atan of float lanes (s_atanf.c): |x| reduced by the identities about 0.5, 1, 1.5 and inf
// (by interval, chosen per lane), atan(t) = t - t (s1 + s2) on the reduced t, the identity's
// constant added back in two parts.
HWY_INLINE HlFResult AtanF(HlF d, HlVF x) {
  static constexpr float kHi[] = {4.6364760399e-01f, 7.8539812565e-01f, 9.8279368877e-01f,
                                  1.5707962513e+00f};
  static constexpr float kLo[] = {5.0121582440e-09f, 3.7748947079e-08f, 3.4473217170e-08f,
                                  7.5497894159e-08f};
  const auto c = [d](float v) { return hn::Set(d, v); };
  const HlVF ax = hn::Abs(x), one = c(1.0f);
  const auto reduced = hn::Not(hn::Lt(ax, c(0.4375f)));
  const auto id1 = hn::Not(hn::Lt(ax, c(0.6875f)));
  const auto id2 = hn::Not(hn::Lt(ax, c(1.1875f)));
  const auto id3 = hn::Not(hn::Lt(ax, c(2.4375f)));
  // (2x - 1)/(2 + x), (x - 1)/(x + 1), (x - 1.5)/(1 + 1.5x), -1/x: one division per lane.
  HlVF num = hn::Sub(hn::Mul(c(2.0f), ax), one), den = hn::Add(c(2.0f), ax);
  num = hn::IfThenElse(id1, hn::Sub(ax, one), num);
  den = hn::IfThenElse(id1, hn::Add(ax, one), den);
  num = hn::IfThenElse(id2, hn::Sub(ax, c(1.5f)), num);
  den = hn::IfThenElse(id2, hn::Add(one, hn::Mul(c(1.5f), ax)), den);
  num = hn::IfThenElse(id3, c(-1.0f), num);
  den = hn::IfThenElse(id3, ax, den);
  const HlVF t = hn::IfThenElse(reduced, hn::Div(num, den), x);
  const HlVF z = hn::Mul(t, t);
  const HlVF w = hn::Mul(z, z);
  const HlVF s1 = hn::Mul(
      z, hn::Add(c(3.3333328366e-01f),
                 hn::Mul(w, hn::Add(c(1.4253635705e-01f), hn::Mul(w, c(6.1687607318e-02f))))));
  const HlVF s2 = hn::Mul(w, hn::Add(c(-1.9999158382e-01f), hn::Mul(w, c(-1.0648017377e-01f))));
  const HlVF ts = hn::Mul(t, hn::Add(s1, s2));
  const auto pick = [&](const float(&k)[4]) {
    return hn::IfThenElse(id3, c(k[3]),
                          hn::IfThenElse(id2, c(k[2]), hn::IfThenElse(id1, c(k[1]), c(k[0]))));
  };
  const HlVF far = hn::Sub(pick(kHi), hn::Sub(hn::Sub(ts, pick(kLo)), t));
  const HlVF v = hn::IfThenElse(reduced, hn::CopySign(far, x), hn::Sub(x, ts));
  return Settled(d, hn::IfThenElse(hn::Lt(ax, c(0x1p-12f)), x, v));  // x there (and -0 stays)
}

// The lanes of one interval of |x|, computed only when a lane of the vector falls in it.
template <class D, class F>
HWY_INLINE hn::Vec<D> Interval(D d, hn::Mask<D> in, hn::Vec<D> other, F f) {
  if (hn::AllFalse(d, in)) return other;
  return hn::IfThenElse(in, f(), other);
}

// e_asinf.c's R(t) = p(t)/q(t): asin(x) = x + x R(x^2), t the square (or (1 - |x|)/2).
template <class D>
HWY_INLINE hn::Vec<D> AsinRational(D d, hn::Vec<D> t) {
  static constexpr float kP[] = {1.6666586697e-01f, -4.2743422091e-02f, -8.6563630030e-03f};
  const hn::Vec<D> p = hn::Mul(t, HornerNoFma(d, t, kP));
  const hn::Vec<D> q = hn::Add(hn::Set(d, 1.0f), hn::Mul(t, hn::Set(d, -7.0662963390e-01f)));
  return hn::Div(p, q);
}

// asin of float lanes (e_asinf.c): x + x R(x^2) below 0.5, pi/2 - 2 (s + s R(t)) with t = (1 -
// |x|)/2 and s = sqrt(t) in double above; x itself below 2^-12. |x| > 1 goes back.
HWY_INLINE HlHalfFResult AsinF(HlHalfF df, HlVHalfF x) {
  const HlD dd;
  const HlVHalfF ax = hn::Abs(x);
  const auto outside = hn::Gt(ax, hn::Set(df, 1.0f));
  const auto small = hn::Lt(ax, hn::Set(df, 0.5f));
  HlVHalfF v = x;
  v = Interval(df, hn::AndNot(small, hn::Not(outside)), v, [&] {
    const HlVHalfF t =
        hn::Mul(hn::Sub(hn::Set(df, 1.0f), hn::Min(ax, hn::Set(df, 1.0f))), hn::Set(df, 0.5f));
    const HlV s = hn::Sqrt(hn::PromoteTo(dd, t));
    const HlV w = hn::PromoteTo(dd, AsinRational(df, t));
    const HlV r = hn::Sub(hn::Set(dd, 1.570796326794896558e+00),
                          hn::Mul(hn::Set(dd, 2.0), hn::Add(s, hn::Mul(s, w))));
    return hn::CopySign(DemoteLikeCast(df, r), x);
  });
  v = Interval(df, hn::AndNot(hn::Lt(ax, hn::Set(df, 0x1p-12f)), small), v,
               [&] { return hn::Add(x, hn::Mul(x, AsinRational(df, hn::Mul(x, x)))); });
  return {v, outside, NoLanes(df)};
}

// acos of float lanes (e_acosf.c): pi/2 - (x - (pio2_lo - x R(x^2))) below 0.5; above, from s =
// sqrt((1 -+ x)/2), for x > 0.5 with s split at its top 12 bits (df) and the rest c = (z -
// df^2)/(s + df); acos(+-1) = 0, float pi set. |x| > 1 goes back.
HWY_INLINE HlFResult AcosF(HlF d, HlVF x) {
  const auto c = [d](float v) { return hn::Set(d, v); };
  const hn::RebindToUnsigned<HlF> du;
  const HlVF ax = hn::Abs(x), one = c(1.0f), two = c(2.0f);
  const HlVF pio2_lo = c(7.5497894159e-08f);
  const auto outside = hn::Gt(ax, one);
  const auto small = hn::Lt(ax, c(0.5f));
  const auto negative = hn::Lt(x, hn::Zero(d));
  HlVF v = hn::IfThenElse(negative, c(3.1415927410e+00f), hn::Zero(d));  // |x| == 1: pi, +0
  const auto inner = hn::AndNot(small, hn::Lt(ax, one));
  v = Interval(d, hn::And(inner, negative), v, [&] {
    const HlVF z = hn::Mul(hn::Add(one, x), c(0.5f));
    const HlVF s = hn::Sqrt(z);
    const HlVF w = hn::Sub(hn::Mul(AsinRational(d, z), s), pio2_lo);
    return hn::Sub(c(3.1415925026e+00f), hn::Mul(two, hn::Add(s, w)));
  });
  v = Interval(d, hn::AndNot(negative, inner), v, [&] {
    const HlVF z = hn::Mul(hn::Sub(one, hn::Min(x, one)), c(0.5f));
    const HlVF s = hn::Sqrt(z);
    const HlVF hi = hn::BitCast(d, hn::And(hn::BitCast(du, s), hn::Set(du, 0xFFFFF000u)));
    const HlVF rest = hn::Div(hn::Sub(z, hn::Mul(hi, hi)), hn::Add(s, hi));
    return hn::Mul(two, hn::Add(hi, hn::Add(hn::Mul(AsinRational(d, z), s), rest)));
  });
  v = Interval(d, small, v, [&] {
    const HlVF r = AsinRational(d, hn::Mul(x, x));
    return hn::Sub(c(1.5707962513e+00f), hn::Sub(x, hn::Sub(pio2_lo, hn::Mul(x, r))));
  });
  return {v, outside, NoLanes(d)};
}

// erf(x) - x = x y(x^2) for |x| < 0.84375 (s_erff.c's pp/qq): y.
HWY_INLINE HlVF ErfSmallY(HlF d, HlVF x) {
  static constexpr float kP[] = {1.2837916613e-01f, -3.2504209876e-01f, -2.8481749818e-02f,
                                 -5.7702702470e-03f, -2.3763017452e-05f};
  static constexpr float kQ[] = {1.0f,
                                 3.9791721106e-01f,
                                 6.5022252500e-02f,
                                 5.0813062117e-03f,
                                 1.3249473704e-04f,
                                 -3.9602282413e-06f};
  const HlVF z = hn::Mul(x, x);
  return hn::Div(HornerNoFma(d, z, kP), HornerNoFma(d, z, kQ));
}

// erf(|x|) - erx for 0.84375 <= |x| < 1.25 (s_erff.c's pa/qa): P/Q.
HWY_INLINE HlVF ErfMiddle(HlF d, HlVF ax) {
  static constexpr float kP[] = {-2.3621185683e-03f, 4.1485610604e-01f,  -3.7220788002e-01f,
                                 3.1834661961e-01f,  -1.1089469492e-01f, 3.5478305072e-02f,
                                 -2.1663755178e-03f};
  static constexpr float kQ[] = {1.0f,
                                 1.0642088205e-01f,
                                 5.4039794207e-01f,
                                 7.1828655899e-02f,
                                 1.2617121637e-01f,
                                 1.3637083583e-02f,
                                 1.1984500103e-02f};
  const HlVF s = hn::Sub(ax, hn::Set(d, 1.0f));
  return hn::Div(HornerNoFma(d, s, kP), HornerNoFma(d, s, kQ));
}

// erfc(|x|) for |x| >= 1.25 (s_erff.c: exp(-z^2 - 0.5625) exp((z - x)(z + x) + R/S) / x with z
// x's top bits, R/S in 1/x^2 on [1.25, 1/0.35) (ra/sa) or beyond (rb/sb, padded with zero
// leading coefficients: Horner's result is the same).
HWY_INLINE HlVF ErfcLarge(HlF d, HlVF ax) {
  static constexpr float kRa[] = {-9.8649440333e-03f, -6.9385856390e-01f, -1.0558626175e+01f,
                                  -6.2375331879e+01f, -1.6239666748e+02f, -1.8460508728e+02f,
                                  -8.1287437439e+01f, -9.8143291473e+00f, 0.0f};
  static constexpr float kSa[] = {1.0f,
                                  1.9651271820e+01f,
                                  1.3765776062e+02f,
                                  4.3456588745e+02f,
                                  6.4538726807e+02f,
                                  4.2900814819e+02f,
                                  1.0863500214e+02f,
                                  6.5702495575e+00f,
                                  -6.0424413532e-02f};
  static constexpr float kRb[] = {-9.8649431020e-03f,
                                  -7.9928326607e-01f,
                                  -1.7757955551e+01f,
                                  -1.6063638306e+02f,
                                  -6.3756646729e+02f,
                                  -1.0250950928e+03f,
                                  -4.8351919556e+02f,
                                  0.0f,
                                  0.0f};
  static constexpr float kSb[] = {1.0f,
                                  3.0338060379e+01f,
                                  3.2579251099e+02f,
                                  1.5367296143e+03f,
                                  3.1998581543e+03f,
                                  2.5530502930e+03f,
                                  4.7452853394e+02f,
                                  -2.2440952301e+01f,
                                  0.0f};
  const hn::RebindToUnsigned<HlF> du;
  const auto near = hn::Lt(ax, hn::Set(d, 0x1.6db6dcp+1f));  // 1/0.35
  const HlVF s = hn::Div(hn::Set(d, 1.0f), hn::Mul(ax, ax));
  const auto pick = [&](const float(&a)[9], const float(&b)[9]) {
    HlVF p = hn::IfThenElse(near, hn::Set(d, a[8]), hn::Set(d, b[8]));
    for (size_t k = 8; k-- > 0;) {
      p = hn::Add(hn::IfThenElse(near, hn::Set(d, a[k]), hn::Set(d, b[k])), hn::Mul(s, p));
    }
    return p;
  };
  const HlVF ratio = hn::Div(pick(kRa, kRb), pick(kSa, kSb));
  // z keeps x's top 11 bits (FreeBSD's fix of s_erff.c: with 12, z^2 + 0.5625 needs 25 bits
  // just below x = 8, and erfc there was 58 ulps off, measured).
  const HlVF z = hn::BitCast(d, hn::And(hn::BitCast(du, ax), hn::Set(du, 0xFFFFE000u)));
  const HlVF e1 = ExpSameBits(d, hn::Sub(hn::Neg(hn::Mul(z, z)), hn::Set(d, 0.5625f)));
  const HlVF e2 = ExpSameBits(d, hn::Add(hn::Mul(hn::Sub(z, ax), hn::Add(z, ax)), ratio));
  return hn::Div(hn::Mul(e1, e2), ax);
}

constexpr float kErx = 8.4506291151e-01f;  // erf(1) rounded to float's top bits (s_erff.c)

HWY_INLINE HlFResult ErfF(HlF d, HlVF x) {
  const HlVF ax = hn::Abs(x);
  const HlVF one = hn::Set(d, 1.0f);
  const auto small = hn::Lt(ax, hn::Set(d, 0.84375f));
  const auto middle = hn::AndNot(small, hn::Lt(ax, hn::Set(d, 1.25f)));
  const auto large = hn::AndNot(hn::Lt(ax, hn::Set(d, 1.25f)), hn::Lt(ax, hn::Set(d, 6.0f)));
  HlVF v = hn::CopySign(one, x);  // |x| >= 6: 1 - tiny rounds to 1
  v = Interval(d, large, v, [&] {
    const HlVF clamped = hn::Max(ax, hn::Set(d, 1.25f));
    return hn::CopySign(hn::Sub(one, ErfcLarge(d, clamped)), x);
  });
  v = Interval(d, middle, v,
               [&] { return hn::CopySign(hn::Add(hn::Set(d, kErx), ErfMiddle(d, ax)), x); });
  v = Interval(d, small, v, [&] { return hn::Add(x, hn::Mul(x, ErfSmallY(d, x))); });
  return Settled(d, v);
}

// The largest x whose erfc is computed here (erfc(9.1) ~ 2^-123: beyond, the subnormals).
constexpr float kErfcFar = 9.1f;

HWY_INLINE HlFResult ErfcF(HlF d, HlVF x) {
  const HlVF ax = hn::Abs(x);
  const HlVF one = hn::Set(d, 1.0f), two = hn::Set(d, 2.0f);
  const auto positive = hn::Gt(x, hn::Zero(d));
  const auto small = hn::Lt(ax, hn::Set(d, 0.84375f));
  const auto middle = hn::AndNot(small, hn::Lt(ax, hn::Set(d, 1.25f)));
  const auto far = hn::Gt(x, hn::Set(d, kErfcFar));
  const auto large = hn::AndNot(hn::Or(small, middle), hn::Not(far));
  HlVF v = hn::IfThenElseZero(hn::Not(positive), two);  // x < -6: 2 - tiny rounds to 2
  v = Interval(d, hn::And(large, hn::Gt(x, hn::Set(d, -6.0f))), v, [&] {
    const HlVF tail = ErfcLarge(d, hn::Min(hn::Max(ax, hn::Set(d, 1.25f)), hn::Set(d, kErfcFar)));
    return hn::IfThenElse(positive, tail, hn::Sub(two, tail));
  });
  v = Interval(d, middle, v, [&] {
    const HlVF pq = ErfMiddle(d, ax);
    return hn::IfThenElse(positive, hn::Sub(hn::Set(d, 1.0f - kErx), pq),
                          hn::Add(one, hn::Add(hn::Set(d, kErx), pq)));
  });
  v = Interval(d, small, v, [&] {
    const HlVF xy = hn::Mul(x, ErfSmallY(d, x));
    const HlVF below = hn::Sub(one, hn::Add(x, xy));  // x < 1/4
    const HlVF above = hn::Sub(hn::Set(d, 0.5f), hn::Add(xy, hn::Sub(x, hn::Set(d, 0.5f))));
    return hn::IfThenElse(hn::Lt(x, hn::Set(d, 0.25f)), below, above);
  });
  return {v, far, NoLanes(d)};
}

// Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh, Power, Erf and Erfc of float
// (see the file comment and vector_hl_log_based-inl.h); `done`
// false for the others.
HWY_INLINE size_t TrigErfFloatLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left,
                                    bool* done) {
  const auto run_d = [&](auto f) { return RunLanes(HlHalfF(), c, n, left, false, f); };
  const auto run_f = [&](auto f) { return RunLanes(HlF(), c, n, left, false, f); };
  *done = !c.half;
  if (c.half) return 0;
  switch (static_cast<hl::MathApi>(c.api)) {
    case hl::MathApi::kSin:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF) { return TrigF<TrigFn::kSin>(d, x); });
    case hl::MathApi::kCos:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF) { return TrigF<TrigFn::kCos>(d, x); });
    case hl::MathApi::kTan:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF) { return TrigF<TrigFn::kTan>(d, x); });
    case hl::MathApi::kAtan: return run_f([](HlF d, HlVF x, HlVF) { return AtanF(d, x); });
    case hl::MathApi::kAsin:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF) { return AsinF(d, x); });
    case hl::MathApi::kAcos: return run_f([](HlF d, HlVF x, HlVF) { return AcosF(d, x); });
    case hl::MathApi::kSinh:
      return run_f([](HlF d, HlVF x, HlVF) { return HyperbolicF<true>(d, x); });
    case hl::MathApi::kCosh:
      return run_f([](HlF d, HlVF x, HlVF) { return HyperbolicF<false>(d, x); });
    case hl::MathApi::kAsinh:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF) { return AsinhF(d, x); });
    case hl::MathApi::kAcosh:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF) { return AcoshF(d, x); });
    case hl::MathApi::kAtanh:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF) { return AtanhF(d, x); });
    case hl::MathApi::kPower:
      return run_d([](HlHalfF d, HlVHalfF x, HlVHalfF y) { return PowerF(d, x, y); });
    case hl::MathApi::kErf: return run_f([](HlF d, HlVF x, HlVF) { return ErfF(d, x); });
    case hl::MathApi::kErfc: return run_f([](HlF d, HlVF x, HlVF) { return ErfcF(d, x); });
    default: *done = false; return 0;
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_HL_TRIG_ERF_INL_H_
