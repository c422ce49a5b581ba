// The high-level transcendental and activation APIs of float computed on float lanes, within a
// stated error of the exact value instead of the model's bits (docs/ASCENDC.md has each bound).
// Every lane operation is a correctly rounded IEEE operation or an exact integer/bit operation,
// none fused (the vector unit compiles with -ffp-contract=off and calls no MulAdd), so a lane's
// result depends on its input alone: the same bits on every Highway target and width. Half stays
// with the model's paths (vector_hl_math-inl.h, the runtime's tables).
// Included once per target by vector_hl_math-inl.h (hence the toggle guard).
//
// The logarithms follow fdlibm's e_logf.c, e_log2f.c and e_log10f.c (their argument reduction and
// minimax coefficients), whose notice is kept as it asks:
//   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunPro, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this software is freely granted, provided
//   that this notice is preserved.
#if defined(OPSIM_SIM_VECTOR_HL_FLOAT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_HL_FLOAT_INL_H_
#undef OPSIM_SIM_VECTOR_HL_FLOAT_INL_H_
#else
#define OPSIM_SIM_VECTOR_HL_FLOAT_INL_H_
#endif

#include <hwy/highway.h>

#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "vector/vector_exp-inl.h"
#include "vector/vector_hl_lanes-inl.h"
#include "vector/vector_math-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Float lanes as many as a double vector has: an argument computed on double lanes beside them.
using HlHalfF = hn::Rebind<float, HlD>;
using HlVHalfF = hn::Vec<HlHalfF>;
using HlHalfFResult = LaneResult<HlHalfF>;

// Above this exp argument x / (1 + exp(arg)) falls towards the subnormals, where float's result
// keeps fewer bits than the bound needs: those lanes go back to the caller (the model's).
constexpr double kFarArg = 80.0;

// x / (1 + exp(arg)) with arg on double lanes (the model's expression in the model's order, so
// the model's argument): split into float hi + lo, exp within 1 ulp of exp(arg) whatever its
// size, then two float roundings. Within 3 ulps of the exact value.
HWY_INLINE HlHalfFResult OverOnePlusExpF(HlHalfF df, HlVHalfF x, HlV arg) {
  const HlD dd;
  using K = ExpConstants<float>;
  const HlV clamped = hn::Min(hn::Max(arg, hn::Set(dd, K::kLowerBound)), hn::Set(dd, kFarArg + 1));
  const HlVHalfF hi = DemoteLikeCast(df, clamped);
  const HlVHalfF lo = DemoteLikeCast(df, hn::Sub(clamped, hn::PromoteTo(dd, hi)));
  const HlVHalfF e = ExpSplitInRange(df, hi, lo);
  const HlVHalfF v = hn::Div(x, hn::Add(hn::Set(df, 1.0f), e));
  return {v, hn::Gt(hi, hn::Set(df, static_cast<float>(kFarArg))), NoLanes(df)};
}

// Swish(x, beta) = x / (1 + exp(-beta x)), the argument on double lanes as the model's.
HWY_INLINE HlHalfFResult SwishF(HlHalfF df, HlVHalfF x, double beta) {
  const HlD dd;
  return OverOnePlusExpF(df, x, hn::Mul(hn::Set(dd, -beta), hn::PromoteTo(dd, x)));
}

// The model's Gelu argument -sqrt(8/pi) (x + 0.044715 x^3), in its order.
HWY_INLINE HlHalfFResult GeluF(HlHalfF df, HlVHalfF x) {
  const HlD dd;
  const HlV xd = hn::PromoteTo(dd, x);
  const HlV cube = hn::Mul(hn::Mul(hn::Mul(hn::Set(dd, 0.044715), xd), xd), xd);
  return OverOnePlusExpF(df, x, hn::Mul(hn::Set(dd, -1.5957691216057308), hn::Add(xd, cube)));
}

// The activation APIs of float whose exp argument is a product or a polynomial.
HWY_INLINE size_t ActivationFloatLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left,
                                       bool* done) {
  const auto run = [&](auto f) { return RunLanes(HlHalfF(), c, n, left, false, f); };
  const double s = c.scalar;
  *done = true;
  switch (static_cast<hl::MathApi>(c.api)) {
    case hl::MathApi::kSwish:
      return run([s](HlHalfF d, HlVHalfF x, HlVHalfF) { return SwishF(d, x, s); });
    case hl::MathApi::kFasterGelu:
      return run([](HlHalfF d, HlVHalfF x, HlVHalfF) { return SwishF(d, x, 1.702); });
    case hl::MathApi::kGelu:
      return run([](HlHalfF d, HlVHalfF x, HlVHalfF) { return GeluF(d, x); });
    case hl::MathApi::kSwiGLU:  // x * Swish(y, beta)
      return run([s](HlHalfF d, HlVHalfF x, HlVHalfF y) {
        const HlHalfFResult g = SwishF(d, y, s);
        return HlHalfFResult{hn::Mul(x, g.v), g.bad, NoLanes(d)};
      });
    case hl::MathApi::kGeGLU:  // x * y / (1 + exp(c0 y (y^2 + c1))), the model's argument
      return run([](HlHalfF d, HlVHalfF x, HlVHalfF y) {
        const HlD dd;
        const HlV yd = hn::PromoteTo(dd, y);
        const HlV arg = hn::Mul(hn::Mul(hn::Set(dd, -0.0713548162726), yd),
                                hn::Add(hn::Mul(yd, yd), hn::Set(dd, 22.363860002236)));
        const HlHalfFResult g = OverOnePlusExpF(d, y, arg);
        return HlHalfFResult{hn::Mul(x, g.v), g.bad, NoLanes(d)};
      });
    default: *done = false; return 0;
  }
}

// tanh(x) - x = x^3 p(x^2) for |x| < 0.55: Taylor's coefficients to x^21, whose next term is
// under 2^-33 of x there (the series' ratio is about 0.12 per term at 0.55).
HWY_INLINE HlVF TanhSmall(HlF d, HlVF x) {
  static constexpr float kCoef[] = {9.691537956929451e-05f, -0.00023912911424355248f,
                                    0.000590027440945586f,  -0.0014558343870513183f,
                                    0.003592128036572481f,  -0.008863235529902197f,
                                    0.021869488536155203f,  -0.05396825396825397f,
                                    0.13333333333333333f,   -0.3333333333333333f};
  const HlVF x2 = hn::Mul(x, x);
  HlVF p = hn::Set(d, kCoef[0]);
  for (size_t k = 1; k < sizeof(kCoef) / sizeof(kCoef[0]); ++k) {
    p = hn::Add(hn::Mul(p, x2), hn::Set(d, kCoef[k]));
  }
  return hn::Add(x, hn::Mul(x, hn::Mul(x2, p)));
}

// tanh(|x|) = 1 - 2 / (1 + exp(2|x|)) for |x| >= 0.55, where 2 / (1 + e) < 0.5 keeps the
// subtraction's cancellation within an ulp; 2|x| is exact, exp overflows to inf (tanh = 1).
HWY_INLINE HlVF TanhLarge(HlF d, HlVF x) {
  const HlVF ax = hn::Abs(x);
  const HlVF e = ExpSameBits(d, hn::Add(ax, ax));
  const HlVF one = hn::Set(d, 1.0f);
  return hn::CopySign(hn::Sub(one, hn::Div(hn::Set(d, 2.0f), hn::Add(one, e))), x);
}

HWY_INLINE HlFResult TanhF(HlF d, HlVF x) {
  const auto small = hn::Lt(hn::Abs(x), hn::Set(d, 0.55f));
  // The polynomial keeps x's sign for every x but -0 (x + x (x^2 p) is +0 there).
  if (hn::AllTrue(d, small)) return Settled(d, hn::CopySign(TanhSmall(d, x), x));
  if (hn::AllFalse(d, small)) return Settled(d, TanhLarge(d, x));
  return Settled(d, hn::IfThenElse(small, hn::CopySign(TanhSmall(d, x), x), TanhLarge(d, x)));
}

// sinh(x) - x = x^3 p(x^2) for |x| < 1: Taylor's coefficients to x^13, whose next term is under
// 2^-40 of x there.
HWY_INLINE HlVF SinhSmall(HlF d, HlVF x) {
  static constexpr float kCoef[] = {1.6059043836821613e-10f, 2.505210838544172e-08f,
                                    2.7557319223985893e-06f, 0.0001984126984126984f,
                                    0.008333333333333333f,   0.16666666666666666f};
  const HlVF x2 = hn::Mul(x, x);
  HlVF p = hn::Set(d, kCoef[0]);
  for (size_t k = 1; k < sizeof(kCoef) / sizeof(kCoef[0]); ++k) {
    p = hn::Add(hn::Mul(p, x2), hn::Set(d, kCoef[k]));
  }
  return hn::Add(x, hn::Mul(x, hn::Mul(x2, p)));
}

// Above this |x| exp(|x|) overflows float while cosh and sinh may not: those lanes go back.
constexpr float kHyperbolicFar = 88.0f;

// cosh(x) = e/2 + (1/2)/e and, for |x| >= 1, sinh(x) = e/2 - (1/2)/e (the second term at most
// e^-2 of the first: no cancellation to speak of), e = exp(|x|) within 1 ulp.
template <bool kSinh>
HWY_INLINE HlFResult HyperbolicF(HlF d, HlVF x) {
  const HlVF ax = hn::Abs(x);
  const auto far = hn::Gt(ax, hn::Set(d, kHyperbolicFar));
  const HlVF e = ExpSameBits(d, hn::Min(ax, hn::Set(d, kHyperbolicFar)));
  const HlVF half = hn::Set(d, 0.5f);
  const HlVF head = hn::Mul(half, e), tail = hn::Div(half, e);
  if constexpr (!kSinh) {
    return {hn::Add(head, tail), far, NoLanes(d)};
  } else {
    const auto small = hn::Lt(ax, hn::Set(d, 1.0f));
    HlVF v = hn::CopySign(hn::Sub(head, tail), x);
    if (!hn::AllFalse(d, small)) v = hn::IfThenElse(small, SinhSmall(d, x), v);
    return {v, far, NoLanes(d)};  // x + x (x^2 p) keeps the sign of a zero x
  }
}

// The pieces of log(x) for finite x > 0, fdlibm's e_logf.c reduction: x = 2^k (1 + f) with
// 1 + f in [sqrt(2)/2, sqrt(2)), s = f / (2 + f), log(1 + f) = f - hfsq + s (hfsq + R) with
// hfsq = f^2 / 2 and R(s^2) its minimax polynomial (fdlibm's Lg1..Lg7, under 2^-25 relative).
struct LogParts {
  HlVF k;     // the exponent, as a float
  HlVF f;     // 1 + f: the reduced argument
  HlVF hfsq;  // f^2 / 2
  HlVF r;     // s (hfsq + R)
};

HWY_INLINE LogParts LogReduce(HlF d, HlVF x) {
  const hn::RebindToSigned<HlF> di;
  const auto c = [d](float v) { return hn::Set(d, v); };
  // Subnormals scaled up by 2^25 (exact) first.
  const auto sub = hn::Lt(x, c(0x1p-126f));
  x = hn::IfThenElse(sub, hn::Mul(x, c(0x1p25f)), x);
  const auto bits = hn::BitCast(di, x);
  // Moving the mantissa boundary from 1 to sqrt(2)/2 (0x3F3504F3): the exponent field of
  // bits + (1.0 - sqrt(2)/2) counts k, the mantissa rebuilt over sqrt(2)/2's exponent is 1 + f.
  const auto shifted = hn::Add(bits, hn::Set(di, 0x3F800000 - 0x3F3504F3));
  const auto k_int = hn::Sub(hn::ShiftRight<23>(shifted), hn::Set(di, 0x7F));
  const HlVF k = hn::Sub(hn::ConvertTo(d, k_int), hn::IfThenElseZero(sub, c(25.0f)));
  const auto m = hn::Add(hn::And(shifted, hn::Set(di, 0x007FFFFF)), hn::Set(di, 0x3F3504F3));
  const HlVF f = hn::Sub(hn::BitCast(d, m), c(1.0f));  // exact (Sterbenz)
  const HlVF s = hn::Div(f, hn::Add(c(2.0f), f));
  const HlVF z = hn::Mul(s, s);
  const HlVF w = hn::Mul(z, z);
  const auto lin = [](HlVF a, HlVF t, HlVF b) { return hn::Add(hn::Mul(a, t), b); };
  const HlVF t1 =
      hn::Mul(w, lin(lin(c(1.5313838422e-01f), w, c(2.2222198546e-01f)), w, c(4.0000000596e-01f)));
  const HlVF t2 = hn::Mul(
      z, lin(lin(lin(c(1.4798198640e-01f), w, c(1.8183572590e-01f)), w, c(2.8571429849e-01f)), w,
             c(6.6666668653e-01f)));
  const HlVF hfsq = hn::Mul(hn::Mul(c(0.5f), f), f);
  return {k, f, hfsq, hn::Mul(s, hn::Add(hfsq, hn::Add(t2, t1)))};
}

// f - hfsq rounded down to its top 12 significant bits, so that products with a constant's top
// 12 bits are exact; lo holds the rest of log(1 + f) (fdlibm's e_log2f.c, e_log10f.c).
HWY_INLINE void LogHiLo(HlF d, const LogParts& p, HlVF* hi, HlVF* lo) {
  const hn::RebindToUnsigned<HlF> du;
  *hi = hn::BitCast(d, hn::And(hn::BitCast(du, hn::Sub(p.f, p.hfsq)), hn::Set(du, 0xFFFFF000u)));
  *lo = hn::Add(hn::Sub(hn::Sub(p.f, *hi), p.hfsq), p.r);
}

HWY_INLINE HlVF LogF(HlF d, HlVF x) {
  const LogParts p = LogReduce(d, x);
  const auto c = [d](float v) { return hn::Set(d, v); };
  // k ln2_hi is exact (ln2_hi has 16 bits, |k| <= 151).
  const HlVF small = hn::Add(hn::Mul(p.k, c(9.0580006145e-06f)), p.r);
  return hn::Add(hn::Mul(p.k, c(0x1.62e3p-1f)), hn::Sub(p.f, hn::Sub(p.hfsq, small)));
}

HWY_INLINE HlVF Log2F(HlF d, HlVF x) {
  const LogParts p = LogReduce(d, x);
  const auto c = [d](float v) { return hn::Set(d, v); };
  HlVF hi, lo;
  LogHiLo(d, p, &hi, &lo);
  const HlVF inv_hi = c(0x1.716p+0f), inv_lo = c(-1.7605285393e-04f);  // 1/ln2 in two parts
  const HlVF val_hi = hn::Mul(hi, inv_hi);
  const HlVF val_lo = hn::Add(hn::Mul(hn::Add(lo, hi), inv_lo), hn::Mul(lo, inv_hi));
  const HlVF w = hn::Add(p.k, val_hi);  // k + val_hi, its rounding error added back below
  return hn::Add(hn::Add(val_lo, hn::Add(hn::Sub(p.k, w), val_hi)), w);
}

HWY_INLINE HlVF Log10F(HlF d, HlVF x) {
  const LogParts p = LogReduce(d, x);
  const auto c = [d](float v) { return hn::Set(d, v); };
  HlVF hi, lo;
  LogHiLo(d, p, &hi, &lo);
  const HlVF inv_hi = c(0x1.bccp-2f), inv_lo = c(-3.1689971365e-05f);  // 1/ln10 in two parts
  const HlVF l2_hi = c(0x1.3441p-2f), l2_lo = c(7.9034151668e-07f);    // log10(2) in two parts
  HlVF v = hn::Add(hn::Mul(p.k, l2_lo), hn::Mul(hn::Add(lo, hi), inv_lo));
  v = hn::Add(v, hn::Mul(lo, inv_hi));
  v = hn::Add(v, hn::Mul(hi, inv_hi));
  return hn::Add(v, hn::Mul(p.k, l2_hi));
}

// log of x > 0 (finite: RunLanes hands inf and NaN back); x <= 0 goes back too.
template <class F>
HWY_INLINE HlFResult LogLikeF(HlF d, HlVF x, F log) {
  const auto positive = hn::Gt(x, hn::Zero(d));
  return {log(d, hn::IfThenElse(positive, x, hn::Set(d, 1.0f))), hn::Not(positive), NoLanes(d)};
}

// Exp, Sigmoid and Silu of float: ExpSameBits (< 1 ulp) and correctly rounded IEEE steps. Below
// -80, 1 + exp(-x) would overflow float where the model's double does not: there sigmoid(x) =
// exp(x) (1 - exp(x) + ...), the dropped factor within 2^-115 of 1; silu(x) = x exp(x) would
// lose its bits in the subnormals, so those lanes go back to the caller (the model's).
HWY_INLINE size_t ExpFloatLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left,
                                bool* done) {
  const auto run = [&](auto f) { return RunLanes(HlF(), c, n, left, false, f); };
  const auto far = [](HlF d, HlVF x) { return hn::Lt(x, hn::Set(d, -80.0f)); };
  *done = true;
  switch (static_cast<hl::MathApi>(c.api)) {
    case hl::MathApi::kExp:
      return run([](HlF d, HlVF x, HlVF) { return Settled(d, ExpSameBits(d, x)); });
    case hl::MathApi::kSigmoid:
      return run([far](HlF d, HlVF x, HlVF) {
        const HlVF one = hn::Set(d, 1.0f);
        const HlVF v = hn::Div(one, hn::Add(one, ExpSameBits(d, hn::Neg(x))));
        const auto tail = far(d, x);
        if (HWY_LIKELY(hn::AllFalse(d, tail))) return Settled(d, v);
        return Settled(d, hn::IfThenElse(tail, ExpSameBits(d, hn::Min(x, hn::Zero(d))), v));
      });
    case hl::MathApi::kSilu:
      return run([far](HlF d, HlVF x, HlVF) {
        const HlVF v = hn::Div(x, hn::Add(hn::Set(d, 1.0f), ExpSameBits(d, hn::Neg(x))));
        return HlFResult{v, far(d, x), NoLanes(d)};
      });
    default: *done = false; return 0;
  }
}

// Tanh and the logs of float (kept apart from ExpFloatLanes: in one function with them Sigmoid
// ran 20 % slower, measured).
HWY_INLINE size_t TanhLogFloatLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left,
                                    bool* done) {
  const auto run = [&](auto f) { return RunLanes(HlF(), c, n, left, false, f); };
  *done = true;
  switch (static_cast<hl::MathApi>(c.api)) {
    case hl::MathApi::kTanh: return run([](HlF d, HlVF x, HlVF) { return TanhF(d, x); });
    case hl::MathApi::kLog:
      return run([](HlF d, HlVF x, HlVF) {
        return LogLikeF(d, x, [](HlF d2, HlVF v) { return LogF(d2, v); });
      });
    case hl::MathApi::kLog2:
      return run([](HlF d, HlVF x, HlVF) {
        return LogLikeF(d, x, [](HlF d2, HlVF v) { return Log2F(d2, v); });
      });
    case hl::MathApi::kLog10:
      return run([](HlF d, HlVF x, HlVF) {
        return LogLikeF(d, x, [](HlF d2, HlVF v) { return Log10F(d2, v); });
      });
    default: *done = false; return 0;
  }
}

// The float APIs computed in float32 (see the file comment); `done` false for the others.
HWY_INLINE size_t FloatApproxLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left,
                                   bool* done) {
  *done = false;
  if (c.half) return 0;
  const size_t count = ExpFloatLanes(c, n, left, done);
  if (*done) return count;
  const size_t tanh_log = TanhLogFloatLanes(c, n, left, done);
  if (*done) return tanh_log;
  return ActivationFloatLanes(c, n, left, done);
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_HL_FLOAT_INL_H_
