// An exp that gives the same bits on every Highway target, for float32 and float64: Highway's
// contrib Exp (range reduction x = q ln2 + r with ln2 in two parts, its minimax polynomial, 2^q
// in two factors) written with separate Mul and Add. Highway's own Exp uses MulAdd, which is a
// fused multiply-add on AVX2/AVX-512 but a rounded Mul then Add on SSE4 and scalar, so its bits
// depend on the host CPU. The vector unit compiles with -ffp-contract=off, so the compiler does
// not fuse them either. Every lane op here is a correctly rounded IEEE operation or an exact
// integer/bit operation, so a lane's result depends only on its input, never on the width.
// Special values are decided by compares, not by the polynomial: NaN stays NaN, above the
// overflow threshold (and +inf) gives +inf, below the lower bound (and -inf) gives +0.
// Included once per target by the file that includes it (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_EXP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_EXP_INL_H_
#undef OPSIM_SIM_VECTOR_EXP_INL_H_
#else
#define OPSIM_SIM_VECTOR_EXP_INL_H_
#endif

#include <limits>

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The constants of one float type. kOverflow is the smallest value whose exp rounds to +inf;
// kLowerBound is Highway's (every exp below it rounds to 0).
template <typename T>
struct ExpConstants;

template <>
struct ExpConstants<float> {
  static constexpr float kOverflow = 88.72283935546875f;  // the float above ln(FLT_MAX)
  static constexpr float kLowerBound = -104.0f;
  // 16 significant bits: q * kLn2Part0 is exact for every q here (|q| <= 150).
  static constexpr float kLn2Part0 = -0.693145751953125f;
  static constexpr float kLn2Part1 = -1.428606765330187045e-6f;
  static constexpr int kBias = 0x7F;
};

template <>
struct ExpConstants<double> {
  static constexpr double kOverflow = 0x1.62e42fefa39f0p+9;  // the double above ln(DBL_MAX)
  static constexpr double kLowerBound = -1000.0;
  // fdlibm's split of ln2, not Highway's: its high part has 32 significant bits, so q * kLn2Part0
  // is exact for every q here (|q| <= 1443). Without a fused multiply-add Highway's high part
  // leaves that product rounded and the error reaches 1.01 ulp (measured).
  static constexpr double kLn2Part0 = -6.93147180369123816490e-01;
  static constexpr double kLn2Part1 = -1.90821492927058770002e-10;
  static constexpr int kBias = 0x3FF;
};

// Highway's polynomial p with exp(r) ~ 1 + r + p(r) r^2, in Estrin's scheme without MulAdd.
template <class D, class V>
HWY_INLINE V ExpPolyNoFma(D d, V r) {
  using T = hn::TFromD<D>;
  const auto c = [d](T k) { return hn::Set(d, k); };
  const auto lin = [](V a, V x, V b) { return hn::Add(hn::Mul(a, x), b); };  // a x + b, rounded
  const V r2 = hn::Mul(r, r);
  const V r4 = hn::Mul(r2, r2);
  V p;
  if constexpr (sizeof(T) == 4) {
    p = lin(r4, lin(c(0.000198527617612853646278381f), r, c(0.00139304355252534151077271f)),
            lin(r2, lin(c(0.00833336077630519866943359f), r, c(0.0416664853692054748535156f)),
                lin(c(0.166666671633720397949219f), r, c(0.5f))));
  } else {
    // Highway's Estrin for 11 coefficients: c0..c7 as in the 8-term form, plus r^8 (c8..c10).
    const V r8 = hn::Mul(r4, r4);
    const V lo =
        lin(r4,
            lin(r2, lin(c(2.75572362911928827629423e-6), r, c(2.4801587159235472998791e-5)),
                lin(c(0.000198412698960509205564975), r, c(0.00138888888889774492207962))),
            lin(r2, lin(c(0.00833333333331652721664984), r, c(0.0416666666666665047591422)),
                lin(c(0.166666666666666851703837), r, c(0.5))));
    const V hi = lin(r2, c(2.08860621107283687536341e-9),
                     lin(c(2.51112930892876518610661e-8), r, c(2.75573911234900471893338e-7)));
    p = lin(r8, hi, lo);
  }
  return hn::Mul(p, r2);
}

// 2^e for an integer e in the normal exponent range, built in the exponent bits.
template <class D, class VI>
HWY_INLINE hn::Vec<D> Pow2I(D d, VI e) {
  using T = hn::TFromD<D>;
  const hn::RebindToSigned<D> di;
  const VI biased =
      hn::Add(e, hn::Set(di, static_cast<hn::TFromD<decltype(di)>>(ExpConstants<T>::kBias)));
  return hn::BitCast(d, hn::ShiftLeft<sizeof(T) * 8 - (sizeof(T) == 4 ? 9 : 12)>(biased));
}

// exp of x (+ x_lo when kWithLo: a correction within half an ulp of x) for lanes in
// [kLowerBound, kOverflow] (the callers clamp; lanes below kLowerBound are theirs to zero).
// kOneScale: the caller has q within the normal exponents (see ExpSameBitsModerate).
template <bool kWithLo, class D, bool kOneScale = false>
HWY_INLINE hn::Vec<D> ExpInRangeImpl(D d, hn::Vec<D> x, hn::Vec<D> x_lo) {
  using T = hn::TFromD<D>;
  using K = ExpConstants<T>;
  using V = hn::Vec<D>;
  const hn::RebindToSigned<D> di;
  // q = x / ln2 rounded to the nearest integer (ties to even) by adding 1.5 * 2^(mantissa bits):
  // the sum's last bits are q, and subtracting the shifter gives q as a float, both exact. No
  // float/int conversion instruction, whose out-of-range fix-ups differ between targets.
  const V shifter = hn::Set(d, sizeof(T) == 4 ? T(0x1.8p23) : T(0x1.8p52));
  const V t = hn::Add(hn::Mul(x, hn::Set(d, T(1.442695040888963407359924681))), shifter);
  const V qf = hn::Sub(t, shifter);
  const auto q = hn::Sub(hn::BitCast(di, t), hn::BitCast(di, shifter));
  // r = x - q ln2 as hi + lo: hi is exact (see kLn2Part0), r = hi + lo rounded, and r_err the
  // rounding error of that sum (Fast2Sum: |hi| >= |lo|). Without a fused multiply-add the
  // rounding of r alone costs up to 1/4 ulp of the result; r_err adds it back in the small term
  // (measured: max 1.01 ulp for float64 without it).
  const V hi = hn::MulAdd(qf, hn::Set(d, K::kLn2Part0), x);  // exact product: fused or not
  const V lo = hn::Mul(qf, hn::Set(d, K::kLn2Part1));
  const V r = hn::Add(hi, lo);
  const V r_err = hn::Add(hn::Sub(hi, r), lo);
  V tail = hn::Add(ExpPolyNoFma(d, r), r_err);
  if constexpr (kWithLo) {
    // exp(r + lo) = exp(r) + lo exp(r) (1 + lo/2 + ...): lo (1 + s), s = exp(r) - 1, joins the
    // small term (measured: lo alone leaves lo r, 20 ulps at arguments near 80).
    const V s = hn::Add(r, tail);
    tail = hn::Add(tail, hn::Add(x_lo, hn::Mul(x_lo, s)));
  }
  const V mant = hn::Add(hn::Add(r, tail), hn::Set(d, T(1)));
  // 2^q in two factors so that q near the ends of the range does not leave the exponent range;
  // the first product is exact, so a result is rounded once (also into the subnormals). With q
  // a normal exponent, mant * 2^q is that product rounded once: the same bits in one step.
  // There (x in [-87, 88]) mant * 2^q is a normal float too (q = -126 only for x / ln2 near
  // -125.5, where mant is near sqrt 2), so it is exact: q added to mant's exponent bits, and
  // q << 23 is t's bits << 23 (the shifter's low 9 bits are zero). No multiply: on Zen 3 the
  // multiplies share two pipes with the fused steps, and the loop waits on them.
  if constexpr (kOneScale) {
    static_assert(sizeof(T) == 4, "float32 bounds");
    return hn::BitCast(d, hn::Add(hn::BitCast(di, mant), hn::ShiftLeft<23>(hn::BitCast(di, t))));
  }
  const auto q_half = hn::ShiftRight<1>(q);
  return hn::Mul(hn::Mul(mant, Pow2I(d, q_half)), Pow2I(d, hn::Sub(q, q_half)));
}

template <class D>
HWY_INLINE hn::Vec<D> ExpInRange(D d, hn::Vec<D> x) {
  return ExpInRangeImpl<false>(d, x, x);
}

// exp(hi + lo) for lanes with hi in [kLowerBound, kOverflow] and |lo| <= ulp(hi) / 2 (an
// argument computed more precisely than one float holds, split into two).
template <class D>
HWY_INLINE hn::Vec<D> ExpSplitInRange(D d, hn::Vec<D> hi, hn::Vec<D> lo) {
  return ExpInRangeImpl<true>(d, hi, lo);
}

// exp of every lane of x, the same bits on every target (see the file comment).
template <class D>
HWY_INLINE hn::Vec<D> ExpSameBits(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  using K = ExpConstants<T>;
  const auto is_nan = hn::IsNaN(x);
  const auto overflow = hn::Ge(x, hn::Set(d, K::kOverflow));
  const auto underflow = hn::Lt(x, hn::Set(d, K::kLowerBound));
  // NaN and out-of-range lanes compute on an in-range stand-in (their results are replaced).
  auto xr = hn::IfThenElse(is_nan, hn::Zero(d), x);
  xr = hn::Min(hn::Max(xr, hn::Set(d, K::kLowerBound)), hn::Set(d, K::kOverflow));
  auto y = hn::IfThenZeroElse(underflow, ExpInRange(d, xr));
  y = hn::IfThenElse(overflow, hn::Set(d, std::numeric_limits<T>::infinity()), y);
  return hn::IfThenElse(is_nan, x, y);
}

// ExpSameBits for float32 lanes all in [-87, 88] (the caller checks; NaN is not): no special
// lane, and q = round(x / ln2) is in [-126, 127], so 2^q is one normal float (kOneScale).
template <class D>
HWY_INLINE hn::Vec<D> ExpSameBitsModerate(D d, hn::Vec<D> x) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 bounds");
  return ExpInRangeImpl<false, D, true>(d, x, x);
}

// ExpSameBits for lanes that are not NaN and <= 0 (LogSumExp's x - max): the same operations on
// those lanes, so the same bits, without the NaN and overflow selects.
template <class D>
HWY_INLINE hn::Vec<D> ExpSameBitsNonPositive(D d, hn::Vec<D> x) {
  using K = ExpConstants<hn::TFromD<D>>;
  const auto lower = hn::Set(d, K::kLowerBound);
  return hn::IfThenZeroElse(hn::Lt(x, lower), ExpInRange(d, hn::Max(x, lower)));
}

// The same exp for one value: a one-lane vector through the same operations.
template <typename T>
HWY_INLINE T ExpSameBitsScalar(T x) {
  const hn::CappedTag<T, 1> d1;
  return hn::GetLane(ExpSameBits(d1, hn::Set(d1, x)));
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_EXP_INL_H_
