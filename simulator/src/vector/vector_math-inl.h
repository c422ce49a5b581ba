// Per-target math kernels (Exp, Ln, Sqrt, Rsqrt, Reciprocal, Relu, LeakyRelu, the DEQSCALE cast)
// and the helpers of the fused ones (vector_fused-inl.h): bit for bit the per-element model
// (vector_math_scalar.cc) on every target. The model computes float32 in double and rounds once;
// here an operation whose double-then-float rounding equals the float32 one (a single +, -, *,
// / or sqrt: double has more than 2 * 24 + 2 bits) runs on float lanes, an expression (Rsqrt,
// a * b + c) runs on double lanes with the model's operations in its order, and Ln, whose result
// is only near the model's (std::log), runs on double lanes (on AVX2 float lanes with a
// float-float result: vector_math_ln-inl.h) and hands the few lanes whose float32 rounding the
// difference could change to the model. float16/bfloat16: vector_math16-inl.h
// in registers, Exp and Ln by table (vector_math_table.h).
// Included once per target by vector_math.cc (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_MATH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_MATH_INL_H_
#undef OPSIM_SIM_VECTOR_MATH_INL_H_
#else
#define OPSIM_SIM_VECTOR_MATH_INL_H_
#endif

#include <algorithm>
#include <cmath>
#include <cstring>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "opsim/sim/vector_math_model.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// dst[i] = f(a[i], b[i], c[i]) over lanes of d (unused inputs may repeat a). The tail runs
// through zero-padded vectors, so every element sees the same operations.
template <class D, class F>
HWY_INLINE void Map3(D d, hn::TFromD<D>* dst, const hn::TFromD<D>* a, const hn::TFromD<D>* b,
                     const hn::TFromD<D>* c, size_t n, F f) {
  using T = hn::TFromD<D>;
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + N <= n; i += N) {
    hn::StoreU(f(hn::LoadU(d, a + i), hn::LoadU(d, b + i), hn::LoadU(d, c + i)), d, dst + i);
  }
  if (i == n) return;
  constexpr size_t kMax = hn::MaxLanes(d);
  HWY_ALIGN T ta[kMax] = {};
  HWY_ALIGN T tb[kMax] = {};
  HWY_ALIGN T tc[kMax] = {};
  HWY_ALIGN T out[kMax];
  const size_t rest = n - i;
  std::memcpy(ta, a + i, rest * sizeof(T));
  std::memcpy(tb, b + i, rest * sizeof(T));
  std::memcpy(tc, c + i, rest * sizeof(T));
  hn::Store(f(hn::Load(d, ta), hn::Load(d, tb), hn::Load(d, tc)), d, out);
  std::memcpy(dst + i, out, rest * sizeof(T));
}

template <class D, class F>
HWY_INLINE void Map1(D d, hn::TFromD<D>* dst, const hn::TFromD<D>* a, size_t n, F f) {
  Map3(d, dst, a, a, a, n, [&f](auto x, auto, auto) { return f(x); });
}

// double -> float rounding to nearest as static_cast does. Highway's portable DemoteTo clamps
// infinities and overflow to +-FLT_MAX, so the portable targets cast lane by lane.
template <class DF, class VD>
HWY_INLINE hn::Vec<DF> DemoteLikeCast(DF df, VD v) {
#if HWY_TARGET == HWY_EMU128 || HWY_TARGET == HWY_SCALAR
  const hn::Rebind<double, DF> dd;
  HWY_ALIGN double in[hn::MaxLanes(dd)];
  HWY_ALIGN float out[hn::MaxLanes(df)];
  hn::Store(v, dd, in);
  for (size_t i = 0; i < hn::Lanes(dd); ++i) out[i] = static_cast<float>(in[i]);
  return hn::Load(df, out);
#else
  return hn::DemoteTo(df, v);
#endif
}

// The model's float32 value passes through double, which quiets a signalling NaN: the quiet bit
// is set on NaN lanes (x * 1 would do it on the chip, but the compiler folds it away).
template <class V>
HWY_INLINE V QuietNaN(V x) {
  const hn::DFromV<V> d;
  const hn::RebindToUnsigned<decltype(d)> du;
  using TU = hn::TFromD<decltype(du)>;
  const auto quiet =
      hn::BitCast(d, hn::Set(du, static_cast<TU>(TU{1} << (sizeof(TU) == 4 ? 22 : 51))));
  return hn::IfThenElse(hn::IsNaN(x), hn::Or(x, quiet), x);
}

// The model's NaN rule of one two-operand step (vector_math_scalar.cc's Step): a NaN operand
// comes out quieted, the left one first; else r. Written out because the compiler may swap the
// operands of a commutative Add or Mul.
template <class V>
HWY_INLINE V Step(V x, V y, V r) {
  return hn::IfThenElse(hn::IsNaN(x), QuietNaN(x), hn::IfThenElse(hn::IsNaN(y), QuietNaN(y), r));
}

// max(x, 0) with NaN kept and -0 -> +0, as the model's Relu.
template <class V>
HWY_INLINE V ReluFloat(V x) {
  const hn::DFromV<V> d;
  return hn::IfThenElse(hn::IsNaN(x), x, hn::IfThenElseZero(hn::Gt(x, hn::Zero(d)), x));
}

// x * y + z as two rounded steps, each with the NaN rule. Without a NaN operand the rule
// changes nothing, and a NaN operand makes the plain result NaN: so a vector whose plain
// result has no NaN lane is that result, and only the others pay for the rule's selects.
template <class V>
HWY_INLINE V MulAddSteps(V x, V y, V z) {
  const V plain = hn::Add(hn::Mul(x, y), z);
  if (HWY_LIKELY(hn::AllFalse(hn::DFromV<V>(), hn::IsNaN(plain)))) return plain;
  const V p = Step(x, y, hn::Mul(x, y));
  return Step(p, z, hn::Add(p, z));
}

// f(a, b, c) on float32 lanes computed in double: the lanes are widened (exactly), f runs on
// double lanes and the result is rounded to float32 once.
template <class F>
HWY_INLINE void Map3ViaDouble(float* dst, const float* a, const float* b, const float* c, size_t n,
                              F f) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> df;
  Map3(df, dst, a, b, c, n, [&](auto x, auto y, auto z) {
    return DemoteLikeCast(df,
                          f(dd, hn::PromoteTo(dd, x), hn::PromoteTo(dd, y), hn::PromoteTo(dd, z)));
  });
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

// Ln of float32 (LnFloat32, LnFloat32Lanes), which takes the helpers above.
#include "vector/vector_math_ln-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_NATIVE_FMA
// Rsqrt of float32 on float lanes, no divide or square root: the estimate refined by one float
// Newton step, y + y (1/2 - x/2 y^2) (y within about 2^-21.5 of 1/sqrt(x) by rsqrtps' bound of
// 1.5 * 2^-12), then e/2 = 1/2 - x/2 y^2 from the exact square (two fused steps, within 2^-45)
// and 1/sqrt(x) = y / sqrt(1 - e) = y + y (e/2 + 3e^2/8 + ...), where 3e^2/8 (below 2^-42.4
// with |e| < 2^-20.5) is left out: y + y e/2 is within about 2^-42 relative. Where a band of
// 2^-40 relative around it rounds to one float, so do the exact value and the model's double
// 1 / sqrt (within 2^-52), and the result is the model's; the other lanes (about one in 2^15),
// and inputs outside [2^-90, 2^90] (zeros, negatives, subnormals, infinities, NaN, where y^2's
// low part could lose bits), are the model's own. The band's half-width y 2^-40 is y's bits less
// 40 << 23 (y >= 2^-45). On Zen 3 the multiplies and fused steps share two pipes and bound the
// loop: this form has 9 of them a vector, the series to 3e^2/8 with a 1 - x y^2 form had 12.
// Needs fused multiply-add: the targets without it take the double lanes.
// AVX3's estimate (rsqrt14) is within 2^-14, so it skips the Newton step: e is then within 2^-13
// (computed within 2^-36), the series' first omitted term 5e^3/16 is below 2^-40 and the sum is
// within about 2^-36 relative, so its band is 2^-34: about one lane in 2^10 is the model's, a
// trade that pays (checked against the model on all 2^32 patterns, docs/PERFORMANCE.md).
// Every target checks the range [2^-90, 2^90] as one unsigned compare of the bits, with no
// select of a stand-in for the other lanes (about 10 % of AVX2's time on Zen 3).
HWY_INLINE void RsqrtFloat32(float* dst, const float* src, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::RebindToUnsigned<decltype(df)> du;
  const size_t N = hn::Lanes(df);
  constexpr size_t kMax = hn::MaxLanes(df);
  HWY_ALIGN float tin[kMax] = {};
  HWY_ALIGN float tout[kMax];
  HWY_ALIGN uint32_t model_flag[kMax];
  HWY_ALIGN float x_copy[kMax];
  const auto half = hn::Set(df, 0.5f);
  const auto ordinary_first = hn::Set(du, 0x12800000u);                    // 2^-90
  const auto ordinary_count = hn::Set(du, 0x6C800000u - 0x12800000u + 1);  // to 2^90
#if HWY_TARGET == HWY_AVX3
  const auto one = hn::Set(df, 1.0f);
  const auto band = hn::Set(df, 0x1p-34f);
  const auto three_eighths = hn::Set(df, 0.375f);
#endif
  for (size_t i = 0; i < n; i += N) {
    const size_t m = std::min(N, n - i);
    const float* in = src + i;
    if (m < N) in = static_cast<const float*>(std::memcpy(tin, src + i, m * sizeof(float)));
    const auto x = hn::LoadU(df, in);
    // One unsigned compare of the bits (negatives and NaN are above the range). The model's
    // lanes compute on x itself: whatever they give (inf, NaN) is replaced.
    const auto ordinary = hn::Lt(hn::Sub(hn::BitCast(du, x), ordinary_first), ordinary_count);
    const auto xs = x;
    auto y = hn::ApproximateReciprocalSqrt(xs);
#if HWY_TARGET != HWY_AVX3
    const auto hx = hn::Mul(half, xs);  // exact: x >= 2^-90 in the lanes kept
    y = hn::MulAdd(y, hn::NegMulAdd(hx, hn::Mul(y, y), half), y);
#endif
    const auto sq = hn::Mul(y, y);
    const auto sq_low = hn::MulSub(y, y, sq);  // y^2 = sq + sq_low exactly
#if HWY_TARGET == HWY_AVX3
    const auto e = hn::NegMulAdd(xs, sq_low, hn::NegMulAdd(xs, sq, one));
    const auto low = hn::Mul(y, hn::Mul(e, hn::MulAdd(three_eighths, e, half)));
    const auto b = hn::Mul(y, band);
#else
    const auto low = hn::Mul(y, hn::NegMulAdd(hx, sq_low, hn::NegMulAdd(hx, sq, half)));
    // y * 2^-40 exactly, as bits (y >= 2^-45 in the lanes kept), off the multiply pipes.
    const auto b = hn::BitCast(df, hn::Sub(hn::BitCast(du, y), hn::Set(du, 40u << 23)));
#endif
    const auto down = hn::Add(y, hn::Sub(low, b));
    const auto up = hn::Add(y, hn::Add(low, b));
    // down and up compared as bits, an integer compare off the multiply pipes: in the ordinary
    // lanes both are positive normals, equal exactly when their bits are.
    const auto fast = hn::And(ordinary, hn::Eq(hn::BitCast(du, down), hn::BitCast(du, up)));
    float* out = m < N ? tout : dst + i;
    if (hn::AllTrue(du, fast)) {
      hn::StoreU(up, df, out);
    } else {
      hn::Store(x, df, x_copy);  // dst may be src: keep the inputs the model needs
      hn::StoreU(up, df, out);
      hn::Store(hn::VecFromMask(du, hn::Not(fast)), du, model_flag);
      for (size_t k = 0; k < m; ++k) {
        if (model_flag[k] != 0) {
          model::Math(MathOp::kRsqrt, DType::kFloat32, out + k, x_copy + k, 1);
        }
      }
    }
    if (m < N) std::memcpy(dst + i, tout, m * sizeof(float));
  }
}
#else
// Without fused multiply-add: the model's double sqrt and divide on double lanes.
HWY_INLINE void RsqrtFloat32(float* dst, const float* src, size_t n) {
  Map3ViaDouble(dst, src, src, src, n,
                [](auto dd, auto x, auto, auto) { return hn::Div(hn::Set(dd, 1.0), hn::Sqrt(x)); });
}
#endif

// One math op on float32 (the model's float32 result, bit for bit).
inline void MathFloat32(MathOp op, float* dst, const float* src, size_t n) {
  const hn::ScalableTag<float> d;
  switch (op) {
    case MathOp::kExp: return ExpFloat(dst, src, n);
#if HWY_TARGET == HWY_AVX2
    case MathOp::kLn: return LnFloat32Lanes(dst, src, n);
#else
    case MathOp::kLn: return LnFloat32(dst, src, n);
#endif
    case MathOp::kSqrt: return Map1(d, dst, src, n, [](auto x) { return hn::Sqrt(x); });
    case MathOp::kReciprocal:
      return Map1(d, dst, src, n, [d](auto x) { return hn::Div(hn::Set(d, 1.0f), x); });
    case MathOp::kRelu: return Map1(d, dst, src, n, [](auto x) { return ReluFloat(QuietNaN(x)); });
    case MathOp::kRsqrt: return RsqrtFloat32(dst, src, n);
  }
}

inline void MathFloat64(MathOp op, double* dst, const double* src, size_t n) {
  const hn::ScalableTag<double> d;
  switch (op) {
    case MathOp::kSqrt: return Map1(d, dst, src, n, [](auto x) { return hn::Sqrt(x); });
    case MathOp::kReciprocal:
      return Map1(d, dst, src, n, [d](auto x) { return hn::Div(hn::Set(d, 1.0), x); });
    case MathOp::kRsqrt:
      return Map1(d, dst, src, n, [d](auto x) { return hn::Div(hn::Set(d, 1.0), hn::Sqrt(x)); });
    case MathOp::kRelu: return Map1(d, dst, src, n, [](auto x) { return ReluFloat(x); });
    case MathOp::kExp:
    case MathOp::kLn: break;
  }
  model::Math(op, DType::kFloat64, dst, src, n);  // std::exp / std::log are the definition
}

template <typename T>
HWY_INLINE void ReluInt(void* dst, const void* src, size_t n) {
  const hn::ScalableTag<T> d;
  Map1(d, static_cast<T*>(dst), static_cast<const T*>(src), n,
       [d](auto x) { return hn::Max(x, hn::Zero(d)); });
}

inline void MathImpl(MathOp op, DType dtype, void* dst, const void* src, size_t n) {
  switch (dtype) {
    case DType::kFloat32:
      return MathFloat32(op, static_cast<float*>(dst), static_cast<const float*>(src), n);
    case DType::kFloat64:
      return MathFloat64(op, static_cast<double*>(dst), static_cast<const double*>(src), n);
    // float16/bfloat16 never come here: Math looks them up (vector_math_table.h).
    case DType::kInt8:
      if (op == MathOp::kRelu) return ReluInt<int8_t>(dst, src, n);
      break;
    case DType::kInt16:
      if (op == MathOp::kRelu) return ReluInt<int16_t>(dst, src, n);
      break;
    case DType::kInt32:
      if (op == MathOp::kRelu) return ReluInt<int32_t>(dst, src, n);
      break;
    case DType::kInt64:
      if (op == MathOp::kRelu) return ReluInt<int64_t>(dst, src, n);
      break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: break;
  }
  model::Math(op, dtype, dst, src, n);  // the rest: a copy (unsigned Relu) or nothing
}

// x < 0 ? x * alpha : x, the product in T (float32 for the 16-bit types, as the model).
template <typename T>
HWY_INLINE void LeakyReluTyped(T* dst, const T* src, T alpha, size_t n) {
  const hn::ScalableTag<T> d;
  const auto va = hn::Set(d, alpha);
  Map1(d, dst, src, n, [d, va](auto x) {
    const auto kept = sizeof(T) == 4 ? QuietNaN(x) : x;
    return hn::IfThenElse(hn::Lt(x, hn::Zero(d)), hn::Mul(x, va), kept);
  });
}

// half(float32(double(src) * scale)) on float32 lanes. For |src| <= 2^24 the int32 converts
// exactly and the float32 product is the correctly rounded exact product, as the model's float32
// of its exact double product: the same value. A larger src (converted with rounding) gives a
// product within 2^-22 of the model's float32; a lane is settled when all of a 2^-19-wide band
// around it rounds to one half. The rest (about one lane in 2^9 of the large ones) and a scale
// that is not finite are the model's.
// With `add` (AddDeqRelu), src[i] + add[i] (wrapping) is the input; with `relu`, a result with
// the sign bit set becomes +0 unless it is NaN, as FusedCast's ReluHalfBits.
inline HWY_NOINLINE void DeqAddReluImpl(uint16_t* dst, const int32_t* src, const int32_t* add,
                                        float scale, bool relu, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::RebindToUnsigned<decltype(df)> du;
  const hn::Rebind<uint16_t, decltype(df)> d16;
  const auto vs = hn::Set(df, scale);
  const auto lo_scale = hn::Set(df, 1.0f - 0x1p-20f);
  const auto hi_scale = hn::Set(df, 1.0f + 0x1p-20f);
  const auto above = hn::Set(di, (1 << 24) + 1);
  const auto below = hn::Set(di, -(1 << 24) - 1);
  const size_t N = hn::Lanes(df);
  constexpr size_t kMax = hn::MaxLanes(df);
  HWY_ALIGN int32_t tin[kMax] = {};
  HWY_ALIGN int32_t tadd[kMax] = {};
  HWY_ALIGN uint16_t tout[kMax];
  HWY_ALIGN uint32_t unsure[kMax];
  HWY_ALIGN int32_t x_copy[kMax];
  // CastDeq's usual vectors (no operand, no Relu, every lane exact) in a loop of their own: the
  // steps below without their operand, Relu and tail branches. |float(x)| < 2^24 holds exactly
  // when |x| < 2^24 (the conversion is monotonic); the first other vector goes on below.
  size_t start = 0;
  if (add == nullptr && !relu) {
    const auto exact_below = hn::Set(df, 16777216.0f);
    for (; start + N <= n; start += N) {
      const auto f = hn::ConvertTo(df, hn::LoadU(di, src + start));
      if (HWY_UNLIKELY(!hn::AllTrue(df, hn::Lt(hn::Abs(f), exact_below)))) break;
      hn::StoreU(F32ToHalf(df, hn::Mul(f, vs)), d16, dst + start);
    }
  }
  for (size_t i = start; i < n; i += N) {
    const size_t m = std::min(N, n - i);
    const int32_t* in = src + i;
    const int32_t* in_add = add != nullptr ? add + i : nullptr;
    if (m < N) {
      in = static_cast<const int32_t*>(std::memcpy(tin, src + i, m * sizeof(int32_t)));
      if (add != nullptr) {
        in_add = static_cast<const int32_t*>(std::memcpy(tadd, add + i, m * sizeof(int32_t)));
      }
    }
    auto x = hn::LoadU(di, in);
    if (add != nullptr) {
      const hn::RebindToUnsigned<decltype(di)> dui;  // wraps: the int32 Add's two's complement
      x = hn::BitCast(di, hn::Add(hn::BitCast(dui, x),
                                  hn::LoadU(dui, reinterpret_cast<const uint32_t*>(in_add))));
    }
    const auto p = hn::Mul(hn::ConvertTo(df, x), vs);
    const auto h = F32ToHalf(df, p);
    uint16_t* out = m < N ? tout : dst + i;
    // |x| <= 2^24 without Abs (INT32_MIN): below < x < above.
    const auto exact = hn::And(hn::Lt(x, above), hn::Gt(x, below));
    if (hn::AllTrue(di, exact)) {
      hn::StoreU(h, d16, out);
    } else {
      const auto lo = F32ToHalf(df, hn::Mul(p, lo_scale));
      const auto hi = F32ToHalf(df, hn::Mul(p, hi_scale));
      hn::Store(x, di, x_copy);  // dst may share src's bytes: keep the inputs the model needs
      hn::StoreU(h, d16, out);
      const auto same = hn::Eq(hn::PromoteTo(du, lo), hn::PromoteTo(du, hi));
      const auto settled = hn::Or(hn::RebindMask(du, exact), same);
      hn::Store(hn::VecFromMask(du, hn::Not(settled)), du, unsure);
      for (size_t k = 0; k < m; ++k) {
        if (unsure[k] != 0) model::DeqInt32ToHalf(out + k, x_copy + k, scale, 1);
      }
    }
    if (relu) {
      const auto v = hn::LoadU(d16, out);
      const auto keep = hn::Or(
          hn::Lt(v, hn::Set(d16, uint16_t{0x8000})),
          hn::Gt(hn::And(v, hn::Set(d16, uint16_t{0x7FFF})), hn::Set(d16, uint16_t{0x7C00})));
      hn::StoreU(hn::IfThenElseZero(keep, v), d16, out);
    }
    if (m < N) std::memcpy(dst + i, tout, m * sizeof(uint16_t));
  }
}

inline void DeqImpl(uint16_t* dst, const int32_t* src, float scale, size_t n) {
  if (!std::isfinite(scale)) return model::DeqInt32ToHalf(dst, src, scale, n);
  DeqAddReluImpl(dst, src, nullptr, scale, false, n);
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_MATH_INL_H_
