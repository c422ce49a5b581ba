// Power, Asinh, Acosh and Atanh of float computed from a log on double lanes (fdlibm's e_log.c,
// within an ulp of double, written without fused operations: the same bits on every target),
// rounded to float once, within a stated bound of the exact value (docs/ASCENDC.md). e_log.c's
// notice, kept as it asks:
//   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunPro, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this software is freely granted, provided
//   that this notice is preserved.
// Included once per target by vector_hl_trig_erf-inl.h (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_HL_LOG_BASED_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_HL_LOG_BASED_INL_H_
#undef OPSIM_SIM_VECTOR_HL_LOG_BASED_INL_H_
#else
#define OPSIM_SIM_VECTOR_HL_LOG_BASED_INL_H_
#endif

#include <cstdint>

#include <hwy/highway.h>

#include "vector/vector_exp-inl.h"
#include "vector/vector_hl_float-inl.h"
#include "vector/vector_hl_lanes-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// log of x > 0 on double lanes (fdlibm's e_log.c without its special cases: x = 2^k (1 + f), 1 + f
// in [sqrt(2)/2, sqrt(2)), Lg1..Lg7; within an ulp of double): finite normal doubles only.
HWY_INLINE HlV LogD(HlD d, HlV x) {
  const hn::RebindToSigned<HlD> di;
  const auto c = [d](double v) { return hn::Set(d, v); };
  constexpr int64_t kSqrtHalf = 0x3FE6A09E667F3BCD;  // sqrt(2)/2's bits
  const auto shifted = hn::Add(hn::BitCast(di, x), hn::Set(di, 0x3FF0000000000000 - kSqrtHalf));
  const auto k_int = hn::Sub(hn::ShiftRight<52>(shifted), hn::Set(di, 1023));
  const HlV k = hn::ConvertTo(d, k_int);  // |k| < 2^10: exact on every target
  const auto m = hn::Add(hn::And(shifted, hn::Set(di, 0x000FFFFFFFFFFFFF)), hn::Set(di, kSqrtHalf));
  const HlV f = hn::Sub(hn::BitCast(d, m), c(1.0));  // exact (Sterbenz)
  const HlV s = hn::Div(f, hn::Add(c(2.0), f));
  const HlV z = hn::Mul(s, s);
  const HlV w = hn::Mul(z, z);
  const auto lin = [](HlV a, HlV t, HlV b) { return hn::Add(hn::Mul(a, t), b); };
  const HlV t1 = hn::Mul(w, lin(lin(c(1.531383769920937332e-01), w, c(2.222219843214978396e-01)), w,
                                c(3.999999999940941908e-01)));
  const HlV t2 =
      hn::Mul(z, lin(lin(lin(c(1.479819860511658591e-01), w, c(1.818357216161805012e-01)), w,
                         c(2.857142874366239149e-01)),
                     w, c(6.666666666666735130e-01)));
  const HlV hfsq = hn::Mul(hn::Mul(c(0.5), f), f);
  const HlV small = hn::Add(hn::Mul(s, hn::Add(hfsq, hn::Add(t2, t1))),
                            hn::Mul(k, c(1.90821492927058770002e-10)));
  return hn::Add(hn::Mul(k, c(6.93147180369123816490e-01)), hn::Sub(f, hn::Sub(hfsq, small)));
}

// pow(x, y) = exp(y log x) for x > 0: log x on double lanes (y log x within 2^-45 of the exact
// value while |y log x| <= 80), its exp on float lanes from the float split of the product.
// x <= 0 (the model's sign and pole rules) and |y log x| > 80 (near overflow or the subnormals)
// go back to the caller.
HWY_INLINE HlHalfFResult PowerF(HlHalfF df, HlVHalfF x, HlVHalfF y) {
  const HlD dd;
  const auto positive = hn::Gt(x, hn::Zero(df));
  const HlV lx = LogD(dd, hn::PromoteTo(dd, hn::IfThenElse(positive, x, hn::Set(df, 1.0f))));
  const HlV t = hn::Mul(hn::PromoteTo(dd, y), lx);
  const HlV clamped = hn::Min(hn::Max(t, hn::Set(dd, -kFarArg)), hn::Set(dd, kFarArg));
  const HlVHalfF hi = DemoteLikeCast(df, clamped);
  const HlVHalfF lo = DemoteLikeCast(df, hn::Sub(clamped, hn::PromoteTo(dd, hi)));
  const auto far = hn::Gt(hn::Abs(hi), hn::Set(df, static_cast<float>(kFarArg) - 0.5f));
  return {ExpSplitInRange(df, hi, lo), hn::Or(hn::Not(positive), far), NoLanes(df)};
}

// Below this |x| the inverse hyperbolics are their Taylor series to x^5 (the next term under
// 2^-80 of x), where the log's absolute error would be too large a part of the result.
constexpr double kInverseSmall = 0x1p-12;

// asinh(x) = sign(x) log(|x| + sqrt(x^2 + 1)), x^2 exact in double; x - x^3/6 + 3x^5/40 below
// 2^-12. Each step within 2^-52 relative, the log's argument >= 1: within 2^-40 of the result.
HWY_INLINE HlHalfFResult AsinhF(HlHalfF df, HlVHalfF x) {
  const HlD dd;
  const auto c = [dd](double v) { return hn::Set(dd, v); };
  const HlV xd = hn::PromoteTo(dd, x);
  const HlV ax = hn::Abs(xd);
  const HlV x2 = hn::Mul(xd, xd);
  const HlV big = LogD(dd, hn::Add(ax, hn::Sqrt(hn::Add(x2, c(1.0)))));
  const HlV series = hn::Mul(x2, hn::Add(c(-1.0 / 6), hn::Mul(x2, c(3.0 / 40))));
  const HlV small = hn::Add(xd, hn::Mul(xd, series));
  const HlV v = hn::IfThenElse(hn::Lt(ax, c(kInverseSmall)), small, hn::CopySign(big, xd));
  // -0's series is -0 + (+0): the zero keeps its sign by selection.
  return Settled(df, hn::IfThenElse(hn::Eq(x, hn::Zero(df)), x, DemoteLikeCast(df, v)));
}

// acosh(x) = log(x + sqrt(x^2 - 1)) for x >= 1 (x^2 - 1 exact for x^2 <= 2, the log's argument
// above 1 + 2^-12 at the smallest float past 1); x < 1 goes back.
HWY_INLINE HlHalfFResult AcoshF(HlHalfF df, HlVHalfF x) {
  const HlD dd;
  const auto below = hn::Lt(x, hn::Set(df, 1.0f));
  const HlV xd = hn::PromoteTo(dd, hn::IfThenElse(below, hn::Set(df, 1.0f), x));
  const HlV root = hn::Sqrt(hn::Sub(hn::Mul(xd, xd), hn::Set(dd, 1.0)));
  return {DemoteLikeCast(df, LogD(dd, hn::Add(xd, root))), below, NoLanes(df)};
}

// atanh(x) = log((1 + x) / (1 - x)) / 2 for |x| < 1 (1 +- x exact in double for |x| >= 2^-28;
// the quotient within 2^-53, its log absolutely within 2^-51 of the exact, >= 2^-11 relative:
// 2^-40); x + x^3/3 + x^5/5 below 2^-12. |x| >= 1 goes back.
HWY_INLINE HlHalfFResult AtanhF(HlHalfF df, HlVHalfF x) {
  const HlD dd;
  const auto c = [dd](double v) { return hn::Set(dd, v); };
  const auto outside = hn::Not(hn::Lt(hn::Abs(x), hn::Set(df, 1.0f)));
  const HlV xd = hn::PromoteTo(dd, hn::IfThenZeroElse(outside, x));
  const HlV ratio = hn::Div(hn::Add(c(1.0), xd), hn::Sub(c(1.0), xd));
  const HlV big = hn::Mul(c(0.5), LogD(dd, ratio));
  const HlV x2 = hn::Mul(xd, xd);
  const HlV small =
      hn::Add(xd, hn::Mul(xd, hn::Mul(x2, hn::Add(c(1.0 / 3), hn::Mul(x2, c(1.0 / 5))))));
  const HlV v = hn::IfThenElse(hn::Lt(hn::Abs(xd), c(kInverseSmall)), small, big);
  return {DemoteLikeCast(df, v), outside, NoLanes(df)};
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_HL_LOG_BASED_INL_H_
