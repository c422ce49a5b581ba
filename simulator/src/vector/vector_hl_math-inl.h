// Per-target lanes of the high-level math and activation APIs (vector_hl_lanes.h): the runtime's
// model (hl_math_model.cc, hl_activation_model.cc) evaluated on double lanes in its order of
// operations. Two kinds of API:
// - exact: every step is a correctly rounded IEEE operation (floor, a product, a quotient...), so
//   the double result is the model's own; only NaN and infinite operands and the zeros whose sign
//   a C library function may choose go back to the caller;
// - banded: a step is a function Highway computes a few double ulps from the C library. Both are
//   within 2^-40 of the exact value, so where the whole band of 2^-36 around the lane's value
//   rounds to one float32 (one half, by way of it), that float is the model's. The rest (about one
//   lane in 2^11; also results that are zero, NaN or infinite, and arguments outside a function's
//   valid range) go back to the caller.
// The float APIs computed in float32 are vector_hl_float-inl.h's; the lane machinery
// vector_hl_lanes-inl.h's.
// Included once per target by vector_hl_math.cc (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_HL_MATH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_HL_MATH_INL_H_
#undef OPSIM_SIM_VECTOR_HL_MATH_INL_H_
#else
#define OPSIM_SIM_VECTOR_HL_MATH_INL_H_
#endif

#include <algorithm>
#include <cstring>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_exp-inl.h"
#include "vector/vector_hl_float-inl.h"
#include "vector/vector_hl_lanes-inl.h"
#include "vector/vector_hl_lgamma-inl.h"
#include "vector/vector_hl_trig_erf-inl.h"
#include "vector/vector_math-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using hl::MathApi;

HWY_INLINE HlM AbsAbove(HlD d, HlV x, double limit) {
  return hn::Gt(hn::Abs(x), hn::Set(d, limit));
}

// x / (1 + exp(arg)): the model's Swish, Gelu and GeGLU shape; exp's valid range bounds arg.
HWY_INLINE HlLaneResult OverOnePlusExp(HlD d, HlV x, HlV arg) {
  const HlV v = hn::Div(x, hn::Add(hn::Set(d, 1.0), hn::Exp(d, arg)));
  return {v, hn::Gt(arg, hn::Set(d, 700.0)), hn::Eq(x, hn::Zero(d))};
}

HWY_INLINE HlLaneResult Swish(HlD d, HlV x, HlV beta) {
  return OverOnePlusExp(d, x, hn::Mul(hn::Neg(beta), x));
}

// An odd function: its value at +-0 is that zero (the C library's too), so those lanes settle.
HWY_INLINE HlLaneResult Odd(HlD d, HlV x, HlV v, HlM bad) {
  const HlM zero = hn::Eq(x, hn::Zero(d));
  return {hn::IfThenElse(zero, x, v), bad, zero};
}

// A function whose value at x == 1 is +0 (log, acos, acosh), set rather than computed.
HWY_INLINE HlLaneResult ZeroAtOne(HlD d, HlV x, HlV v, HlM bad) {
  const HlM one = hn::Eq(x, hn::Set(d, 1.0));
  return {hn::IfThenZeroElse(one, v), bad, one};
}

// log of x > 0.
HWY_INLINE HlLaneResult LogLike(HlD d, HlV x, HlV v) {
  return ZeroAtOne(d, x, v, hn::Not(hn::Gt(x, hn::Zero(d))));
}

// The banded trigonometric and hyperbolic APIs: Highway's functions for the C library's.
HWY_INLINE size_t TrigLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left, bool* done) {
  const auto run = [&](auto f) { return RunLanes(HlD(), c, n, left, true, f); };
  *done = true;
  switch (static_cast<MathApi>(c.api)) {
    case MathApi::kTanh:
      return run([](HlD d, HlV x, HlV) { return Odd(d, x, hn::Tanh(d, x), NoLanes(d)); });
    case MathApi::kSin:
      return run([](HlD d, HlV x, HlV) { return Odd(d, x, hn::Sin(d, x), AbsAbove(d, x, 39000)); });
    case MathApi::kCos:
      return run([](HlD d, HlV x, HlV) {
        return HlLaneResult{hn::Cos(d, x), AbsAbove(d, x, 39000), NoLanes(d)};
      });
    case MathApi::kTan:
      return run([](HlD d, HlV x, HlV) {
        return Odd(d, x, hn::Div(hn::Sin(d, x), hn::Cos(d, x)), AbsAbove(d, x, 39000));
      });
    case MathApi::kAsin:
      return run([](HlD d, HlV x, HlV) { return Odd(d, x, hn::Asin(d, x), AbsAbove(d, x, 1)); });
    case MathApi::kAcos:
      return run(
          [](HlD d, HlV x, HlV) { return ZeroAtOne(d, x, hn::Acos(d, x), AbsAbove(d, x, 1)); });
    case MathApi::kAtan:
      return run([](HlD d, HlV x, HlV) { return Odd(d, x, hn::Atan(d, x), NoLanes(d)); });
    case MathApi::kSinh:
      return run([](HlD d, HlV x, HlV) { return Odd(d, x, hn::Sinh(d, x), AbsAbove(d, x, 700)); });
    case MathApi::kCosh:
      return run([](HlD d, HlV x, HlV) {
        const HlV e = hn::Exp(d, x);
        const HlV v = hn::Mul(hn::Add(e, hn::Div(hn::Set(d, 1.0), e)), hn::Set(d, 0.5));
        return HlLaneResult{v, AbsAbove(d, x, 700), NoLanes(d)};
      });
    case MathApi::kAsinh:
      return run([](HlD d, HlV x, HlV) { return Odd(d, x, hn::Asinh(d, x), NoLanes(d)); });
    case MathApi::kAcosh:
      return run([](HlD d, HlV x, HlV) {
        return ZeroAtOne(d, x, hn::Acosh(d, x), hn::Lt(x, hn::Set(d, 1.0)));
      });
    case MathApi::kAtanh:
      return run([](HlD d, HlV x, HlV) {
        return Odd(d, x, hn::Atanh(d, x), hn::Not(hn::Lt(hn::Abs(x), hn::Set(d, 1.0))));
      });
    default: *done = false; return 0;
  }
}

// Digamma of x > 0 as the model (hl_math_model.cc): the recurrence up to 6 (at most six steps
// for x > 0) and the series, each step the model's IEEE operation in its order, with Highway's
// log for std::log. The two logs differ by a few ulps of log z and each later sum rounds within
// an ulp of its own, so the result is within 2^-48 M of the model's, M = max(|acc|, log z); that
// is inside 2^-40 of it where |result| >= 2^-6 M. The rest (near the root at 1.4616) and x <= 0
// (the reflection, with its tan) go back.
HWY_INLINE HlLaneResult DigammaLanes(HlD d, HlV x) {
  const auto c = [d](double k) { return hn::Set(d, k); };
  const HlV one = c(1.0);
  HlV acc = hn::Zero(d);
  HlV z = x;
  for (int step = 0; step < 6; ++step) {
    const HlM below = hn::Lt(z, c(6.0));
    if (hn::AllFalse(d, below)) break;
    acc = hn::IfThenElse(below, hn::Sub(acc, hn::Div(one, z)), acc);
    z = hn::IfThenElse(below, hn::Add(z, one), z);
  }
  const HlV f = hn::Div(one, hn::Mul(z, z));
  HlV series = hn::Mul(f, c(1.0 / 132));  // f (1/12 - f (1/120 - f (1/252 - f (1/240 - f/132))))
  series = hn::Mul(f, hn::Sub(c(1.0 / 240), series));
  series = hn::Mul(f, hn::Sub(c(1.0 / 252), series));
  series = hn::Mul(f, hn::Sub(c(1.0 / 120), series));
  series = hn::Mul(f, hn::Sub(c(1.0 / 12), series));
  const HlV log_z = hn::Log(d, z);
  const HlV v = hn::Sub(hn::Sub(hn::Add(acc, log_z), hn::Div(c(0.5), z)), series);
  const HlM near_root = hn::Lt(hn::Abs(v), hn::Mul(c(0x1p-6), hn::Max(hn::Abs(acc), log_z)));
  const HlM bad = hn::Or(hn::Or(hn::Not(hn::Gt(x, hn::Zero(d))), hn::Lt(z, c(6.0))), near_root);
  return {v, bad, NoLanes(d)};
}

// The other banded APIs: the model's expression with Highway's exp and log for the C library's.
HWY_INLINE size_t BandedLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left) {
  bool done = false;
  const size_t trig = TrigLanes(c, n, left, &done);
  if (done) return trig;
  const auto run = [&](auto f) { return RunLanes(HlD(), c, n, left, true, f); };
  const double s = c.scalar;
  switch (static_cast<MathApi>(c.api)) {
    case MathApi::kExp:
      return run([](HlD d, HlV x, HlV) {
        return HlLaneResult{hn::Exp(d, x), hn::Gt(x, hn::Set(d, 700.0)), NoLanes(d)};
      });
    case MathApi::kLog: return run([](HlD d, HlV x, HlV) { return LogLike(d, x, hn::Log(d, x)); });
    case MathApi::kDigamma: return run([](HlD d, HlV x, HlV) { return DigammaLanes(d, x); });
    case MathApi::kLgamma: return run([](HlD d, HlV x, HlV) { return LgammaLanes(d, x); });
    case MathApi::kLog2:
      return run([](HlD d, HlV x, HlV) { return LogLike(d, x, hn::Log2(d, x)); });
    case MathApi::kLog10:
      return run([](HlD d, HlV x, HlV) { return LogLike(d, x, hn::Log10(d, x)); });
    case MathApi::kPower:
      // pow(x, y) = exp(y log x) for x > 0: the product's rounding moves the result by at most
      // |y log x| 2^-53 relative, inside the band while |y log x| <= 700.
      return run([](HlD d, HlV x, HlV y) {
        const HlV arg = hn::Mul(y, hn::Log(d, x));
        const HlM bad = hn::Or(hn::Not(hn::Gt(x, hn::Zero(d))), AbsAbove(d, arg, 700));
        return HlLaneResult{hn::Exp(d, arg), bad, NoLanes(d)};
      });
    case MathApi::kSigmoid:
      return run([](HlD d, HlV x, HlV) {
        const HlV one = hn::Set(d, 1.0);
        const HlV arg = hn::Neg(x);
        return HlLaneResult{hn::Div(one, hn::Add(one, hn::Exp(d, arg))),
                            hn::Gt(arg, hn::Set(d, 700.0)), NoLanes(d)};
      });
    case MathApi::kSilu: return run([](HlD d, HlV x, HlV) { return Swish(d, x, hn::Set(d, 1.0)); });
    case MathApi::kErf:  // of half (a table unless a scalar came with it): the model's, per lane
    case MathApi::kErfc:
      return run([](HlD d, HlV x, HlV) {
        return HlLaneResult{x, hn::Not(NoLanes(d)), NoLanes(d)};
      });
    case MathApi::kSwish: return run([s](HlD d, HlV x, HlV) { return Swish(d, x, hn::Set(d, s)); });
    case MathApi::kFasterGelu:
      return run([](HlD d, HlV x, HlV) { return Swish(d, x, hn::Set(d, 1.702)); });
    case MathApi::kGelu:
      return run([](HlD d, HlV x, HlV) {  // -sqrt(8/pi) * (x + 0.044715 x^3), as the model
        const HlV cube = hn::Mul(hn::Mul(hn::Mul(hn::Set(d, 0.044715), x), x), x);
        return OverOnePlusExp(d, x, hn::Mul(hn::Set(d, -1.5957691216057308), hn::Add(x, cube)));
      });
    case MathApi::kSwiGLU:
      return run([s](HlD d, HlV x, HlV y) {
        const HlLaneResult g = Swish(d, y, hn::Set(d, s));
        return HlLaneResult{hn::Mul(x, g.v), g.bad, NoLanes(d)};
      });
    case MathApi::kGeGLU:
      return run([](HlD d, HlV x, HlV y) {  // c0 y (y^2 + c1), as the model
        const HlV arg = hn::Mul(hn::Mul(hn::Set(d, -0.0713548162726), y),
                                hn::Add(hn::Mul(y, y), hn::Set(d, 22.363860002236)));
        const HlLaneResult g = OverOnePlusExp(d, y, arg);
        return HlLaneResult{hn::Mul(x, g.v), g.bad, NoLanes(d)};
      });
    default: return 0;
  }
}

// Highway's scalar fallback of trunc/floor/ceil/nearbyint may lose the sign of a zero result;
// IEEE gives it the argument's, so the callers copy it back (hn::CopySign).
template <class D, class V>
HWY_INLINE hn::Mask<D> BothZero(D d, V x, V y) {
  return hn::And(hn::Eq(x, hn::Zero(d)), hn::Eq(y, hn::Zero(d)));
}

// The exact APIs whose one rounding in double then float is float32's own (rounding to an
// integer, a difference that is exact, a product of two floats, a choice): on float lanes.
HWY_INLINE size_t FloatExactLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left,
                                  bool* done) {
  const auto run = [&](auto f) { return RunLanes(HlF(), c, n, left, false, f); };
  *done = true;
  switch (static_cast<MathApi>(c.api)) {
    case MathApi::kFloor:
      return run([](HlF d, HlVF x, HlVF) { return Settled(d, hn::CopySign(hn::Floor(x), x)); });
    case MathApi::kCeil:
      return run([](HlF d, HlVF x, HlVF) { return Settled(d, hn::CopySign(hn::Ceil(x), x)); });
    case MathApi::kRound:  // nearbyint: ties to even
      return run([](HlF d, HlVF x, HlVF) { return Settled(d, hn::CopySign(hn::Round(x), x)); });
    case MathApi::kTrunc:
      return run([](HlF d, HlVF x, HlVF) { return Settled(d, hn::CopySign(hn::Trunc(x), x)); });
    case MathApi::kFrac:  // x - trunc(x): exact in float
      return run([](HlF d, HlVF x, HlVF) {
        return Settled(d, hn::Sub(x, hn::CopySign(hn::Trunc(x), x)));
      });
    case MathApi::kSign:
      return run([](HlF d, HlVF x, HlVF) {
        return Settled(
            d, hn::IfThenElse(hn::Gt(x, hn::Zero(d)), hn::Set(d, 1.0f),
                              hn::IfThenElseZero(hn::Lt(x, hn::Zero(d)), hn::Set(d, -1.0f))));
      });
    // fmin/fmax of +0 and -0 may return either: those lanes go back.
    case MathApi::kClampMax:
      return run([](HlF d, HlVF x, HlVF y) {
        return HlFResult{hn::Min(x, y), BothZero(d, x, y), NoLanes(d)};
      });
    case MathApi::kClampMin:
      return run([](HlF d, HlVF x, HlVF y) {
        return HlFResult{hn::Max(x, y), BothZero(d, x, y), NoLanes(d)};
      });
    case MathApi::kReGlu:  // x * fmax(y, 0): a float product rounded once; fmax(-0, 0) either
      return run([](HlF d, HlVF x, HlVF y) {
        const HlVF z = hn::Zero(d);
        return HlFResult{hn::Mul(x, hn::Max(y, z)), hn::Eq(y, z), NoLanes(d)};
      });
    default: *done = false; return 0;
  }
}

// The exact APIs with more than one rounding in double: on double lanes.
HWY_INLINE size_t ExactLanes(const HlLanesCall& c, size_t n, const HlLeftLanes& left) {
  bool done = false;
  const size_t in_float = FloatExactLanes(c, n, left, &done);
  if (done) return in_float;
  const size_t approx = FloatApproxLanes(c, n, left, &done);
  if (done) return approx;
  const size_t trig_erf = TrigErfFloatLanes(c, n, left, &done);
  if (done) return trig_erf;
  const auto run = [&](auto f) { return RunLanes(HlD(), c, n, left, false, f); };
  const double s = c.scalar;
  switch (static_cast<MathApi>(c.api)) {
    case MathApi::kFmod:  // x - trunc(x / y) * y
      return run([](HlD d, HlV x, HlV y) {
        const HlV q = hn::Div(x, y);
        const HlV v = hn::Sub(x, hn::Mul(hn::CopySign(hn::Trunc(q), q), y));
        return HlLaneResult{v, hn::Eq(y, hn::Zero(d)), NoLanes(d)};
      });
    case MathApi::kAxpy:  // dst + src * scalar (y: dst's old value)
      return run(
          [s](HlD d, HlV x, HlV y) { return Settled(d, hn::Add(y, hn::Mul(x, hn::Set(d, s)))); });
    default: return BandedLanes(c, n, left);
  }
}

HWY_INLINE size_t HlMathLanesImpl(const HlLanesCall& c, size_t n, const HlLeftLanes& left) {
  return ExactLanes(c, n, left);
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_HL_MATH_INL_H_
