// Per-target Ln of float32, bit for bit the model's float(std::log(double(x))): on AVX2 on float
// lanes with a float-float result (LnFloat32Lanes), elsewhere and for the vectors it leaves on
// double lanes (LnFloat32). Both hand the lanes whose rounding their error could change to the
// model. Included by vector_math-inl.h after the helpers it takes (DemoteLikeCast, QuietNaN),
// once per target (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_MATH_LN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_MATH_LN_INL_H_
#undef OPSIM_SIM_VECTOR_MATH_LN_INL_H_
#else
#define OPSIM_SIM_VECTOR_MATH_LN_INL_H_
#endif

#include <algorithm>
#include <cmath>
#include <cstring>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "opsim/sim/vector_math_model.h"
#include "opsim/sim/vector_unit.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The model's Ln of the inputs the log polynomial does not take: +0, -0, a negative number (any:
// glibc's log returns the one default NaN for all of them) and +inf, asked of the model once.
struct LnSpecials {
  float zero, neg_zero, negative, inf;
};
inline const LnSpecials& LnSpecialValues() {
  static const LnSpecials values = [] {
    const float in[4] = {0.0f, -0.0f, -1.0f, hwy::HighestValue<float>() * 2};
    float out[4];
    model::Math(MathOp::kLn, DType::kFloat32, out, in, 4);
    return LnSpecials{out[0], out[1], out[2], out[3]};
  }();
  return values;
}

// The lanes of `flag` (nonzero) are the model's Ln of x_copy: the rare lanes the band check
// could not settle.
template <typename Flag>
HWY_NOINLINE void LnModelLanes(float* out, const float* x_copy, const Flag* flag, size_t m) {
  for (size_t k = 0; k < m; ++k) {
    if (flag[k] != 0) model::Math(MathOp::kLn, DType::kFloat32, out + k, x_copy + k, 1);
  }
}

#if HWY_TARGET == HWY_AVX3
// ln of the double lanes of float32 inputs (finite, positive), within about 2^-48 relative: x =
// 2^k z with z in [0.699, 1.398) (the offset 0x3FE66, glibc logf's on double bits), z's next four
// bits pick c (16 entries in two registers: 1/c in double and ln c = -log(1/c)), r = z/c - 1
// (|r| < 0.032, one rounding) and ln x = k ln2 + ln c + log1p(r), log1p by its Taylor polynomial
// to r^9 (remainder below 2^-48 relative). The interval holding 1 has 1/c = 1 and ln c = 0, so
// r = z - 1 exactly and y keeps its relative accuracy near 1. No divide (Highway's log has one),
// which made Ln the slowest float32 instruction.
struct LnDoubleTable {
  HWY_ALIGN double inv_c[16];
  HWY_ALIGN double ln_c[16];
};
inline const LnDoubleTable& LnDoubleValues() {
  static const LnDoubleTable table = [] {
    LnDoubleTable t{};
    constexpr uint64_t kOffset = 0x3FE6600000000000ull, kWidth = uint64_t{1} << 48;
    for (uint64_t i = 0; i < 16; ++i) {
      const uint64_t lo = kOffset + i * kWidth, mid_bits = lo + kWidth / 2;
      if (lo <= 0x3FF0000000000000ull && 0x3FF0000000000000ull < lo + kWidth) {
        t.inv_c[i] = 1.0;
        t.ln_c[i] = 0.0;
        continue;
      }
      double mid;
      std::memcpy(&mid, &mid_bits, 8);
      t.inv_c[i] = 1.0 / mid;
      t.ln_c[i] = -std::log(t.inv_c[i]);
    }
    return t;
  }();
  return table;
}

HWY_INLINE hn::Vec512<double> LnByTable(hn::Vec512<double> x, const LnDoubleTable& t) {
  const hn::Full512<double> dd;
  const hn::Full512<int64_t> di;
  const auto ix = hn::BitCast(di, x);
  const auto tmp = hn::Sub(ix, hn::Set(di, int64_t{0x3FE6600000000000}));
  const auto k = hn::ShiftRight<52>(tmp);  // arithmetic: k < 0 below the offset
  const auto z = hn::BitCast(dd, hn::Sub(ix, hn::ShiftLeft<52>(k)));
  // vpermt2pd reads the low four bits of each index lane: tmp's bits 48-51.
  const auto idx = hn::ShiftRight<48>(tmp).raw;
  const auto inv_c = hn::Vec512<double>{
      _mm512_permutex2var_pd(hn::Load(dd, t.inv_c).raw, idx, hn::Load(dd, t.inv_c + 8).raw)};
  const auto ln_c = hn::Vec512<double>{
      _mm512_permutex2var_pd(hn::Load(dd, t.ln_c).raw, idx, hn::Load(dd, t.ln_c + 8).raw)};
  const auto r = hn::MulSub(z, inv_c, hn::Set(dd, 1.0));
  auto q = hn::Set(dd, 1.0 / 9);
  q = hn::MulAdd(q, r, hn::Set(dd, -1.0 / 8));
  q = hn::MulAdd(q, r, hn::Set(dd, 1.0 / 7));
  q = hn::MulAdd(q, r, hn::Set(dd, -1.0 / 6));
  q = hn::MulAdd(q, r, hn::Set(dd, 1.0 / 5));
  q = hn::MulAdd(q, r, hn::Set(dd, -1.0 / 4));
  q = hn::MulAdd(q, r, hn::Set(dd, 1.0 / 3));
  q = hn::MulAdd(q, r, hn::Set(dd, -1.0 / 2));
  const auto w = hn::MulAdd(hn::Mul(r, r), q, r);
  const auto head = hn::MulAdd(hn::ConvertTo(dd, k), hn::Set(dd, 0.693147180559945309), ln_c);
  return hn::Add(head, w);
}
#endif

// Ln of float32: Highway's log on double lanes (a few double ulps from std::log; on AVX3
// LnByTable, within about 2^-48, at half the cost: checked against the model on all 2^32
// patterns when it was written, docs/PERFORMANCE.md, session 29). Where a band
// of 2^-40 relative around it rounds to one float, so do the exact value and the model's, and the
// result is the model's; the other lanes (about one in 2^15) are the model's own. A vector of
// finite positive inputs (the usual one) takes the log without the subnormal scaling (a float32
// is a normal double) and the band check on the bits: the 29 bits that the float32 rounding drops
// at least 2^13 double ulps (2^-40 relative or more) from the half-way point. Others: zeros,
// negatives, +inf and NaN take the model's special results.
HWY_INLINE void LnFloat32(float* dst, const float* src, size_t n) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> df;
  const hn::RebindToUnsigned<decltype(df)> du;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::RebindToSigned<decltype(dd)> di64;
  const hn::Rebind<uint64_t, decltype(dd)> du64;
  const size_t N = hn::Lanes(df);
  constexpr size_t kMax = hn::MaxLanes(df);
  HWY_ALIGN float tin[kMax] = {};
  HWY_ALIGN float tout[kMax];
  HWY_ALIGN uint32_t model_flag[kMax];
  HWY_ALIGN uint64_t model_flag64[kMax];
  HWY_ALIGN float x_copy[kMax];
  const LnSpecials& sv = LnSpecialValues();
#if HWY_TARGET == HWY_AVX3
  const LnDoubleTable& table = LnDoubleValues();
#endif
  const auto lo_scale = hn::Set(dd, 1.0 - 0x1p-40);
  const auto hi_scale = hn::Set(dd, 1.0 + 0x1p-40);
  const auto zero = hn::Zero(df);
  const auto one = hn::Set(df, 1.0f);
  const auto inf = hn::Set(df, sv.inf);  // the model's Ln(+inf), +inf
  const auto near_half = hn::Set(di64, (int64_t{1} << 28) - (int64_t{1} << 13));
  const auto dropped = hn::Set(di64, (int64_t{1} << 29) - 1);
  const auto band_ulps = hn::Set(di64, (int64_t{1} << 14) + 1);
  for (size_t i = 0; i < n; i += N) {
    const size_t m = std::min(N, n - i);
    const float* in = src + i;
    if (m < N) in = static_cast<const float*>(std::memcpy(tin, src + i, m * sizeof(float)));
    const auto x = hn::LoadU(df, in);
    float* out = m < N ? tout : dst + i;
    const auto finite_positive = hn::And(hn::Gt(x, zero), hn::Lt(x, inf));
    if (HWY_LIKELY(hn::AllTrue(df, finite_positive))) {
#if HWY_TARGET == HWY_AVX3
      const auto y = LnByTable(hn::PromoteTo(dd, x), table);
#else
      const auto y =
          hn::impl::Log<decltype(dd), hn::Vec<decltype(dd)>, false>(dd, hn::PromoteTo(dd, x));
#endif
#if HWY_TARGET == HWY_AVX3
      const auto r = DemoteLikeCast(df, y);  // LnByTable(1) is +0 exactly
#else
      const auto r = hn::IfThenElse(hn::Eq(x, one), zero, DemoteLikeCast(df, y));
#endif
      const auto off = hn::And(hn::Sub(hn::BitCast(di64, y), near_half), dropped);
      const auto unsure = hn::Lt(off, band_ulps);
      hn::StoreU(r, df, out);
      if (HWY_UNLIKELY(!hn::AllFalse(di64, unsure))) {
        hn::Store(x, df, x_copy);  // dst may be src: x is still in its register
        hn::Store(hn::BitCast(du64, hn::VecFromMask(di64, unsure)), du64, model_flag64);
        LnModelLanes(out, x_copy, model_flag64, m);
      }
      if (m < N) std::memcpy(dst + i, tout, m * sizeof(float));
      continue;
    }
    const auto y = hn::Log(dd, hn::Max(hn::PromoteTo(dd, x), hn::Set(dd, 1e-300)));
    auto r = DemoteLikeCast(df, y);
    const auto unsure =
        hn::Ne(DemoteLikeCast(df, hn::Mul(y, lo_scale)), DemoteLikeCast(df, hn::Mul(y, hi_scale)));
    const auto model_lanes = hn::And(unsure, finite_positive);
    r = hn::IfThenElse(hn::Eq(x, one), zero, r);
    r = hn::IfThenElse(hn::Lt(x, zero), hn::Set(df, sv.negative), r);
    const auto sign = hn::Lt(hn::BitCast(di, x), hn::Zero(di));
    r = hn::IfThenElse(
        hn::Eq(x, zero),
        hn::IfThenElse(hn::RebindMask(df, sign), hn::Set(df, sv.neg_zero), hn::Set(df, sv.zero)),
        r);
    r = hn::IfThenElse(hn::Eq(x, inf), inf, r);
    r = hn::IfThenElse(hn::IsNaN(x), QuietNaN(x), r);
    hn::Store(x, df, x_copy);
    hn::StoreU(r, df, out);
    if (!hn::AllFalse(df, model_lanes)) {
      hn::Store(hn::BitCast(du, hn::VecFromMask(df, model_lanes)), du, model_flag);
      LnModelLanes(out, x_copy, model_flag, m);
    }
    if (m < N) std::memcpy(dst + i, tout, m * sizeof(float));
  }
}

#if HWY_TARGET == HWY_AVX2
// ln of a normal positive float x = 2^k z, z in [0.72, 1.44) (the bits less 0x3F380000: 1.0 sits
// in the middle of the interval's fifth eighth), as s + lo with |error| below about 2^-32 |s|. z's
// next three bits pick c (8 entries, one vpermps each): 1/c as a float, ln c = hi + lo with hi a
// multiple of 2^-16 (so k ln2_hi + hi, k ln2_hi's 16 fraction bits and |k| <= 128, is exact);
// the eighth holding 1 has 1/c = 1 and ln c = 0, so r = z - 1 exactly and the result keeps its
// relative accuracy near x = 1. r = z/c - 1 = r + r_lo exactly (p = z/c rounded, r = p - 1 by
// Sterbenz, r_lo = z/c - p by one fused step); |r| < 1/16.
struct LnFloatTable {
  HWY_ALIGN float inv_c[8];
  HWY_ALIGN float ln_c_hi[8];
  HWY_ALIGN float ln_c_lo[8];
  float ln2_hi, ln2_lo;
};
inline const LnFloatTable& LnFloatValues() {
  static const LnFloatTable table = [] {
    LnFloatTable t{};
    constexpr uint32_t kOffset = 0x3F380000u, kWidth = 1u << 20, kOne = 0x3F800000u;
    const auto hi16 = [](double v) {
      return static_cast<float>(std::nearbyint(v * 65536) / 65536);
    };
    const double ln2 = std::log(2.0);
    t.ln2_hi = hi16(ln2);
    t.ln2_lo = static_cast<float>(ln2 - t.ln2_hi);
    for (uint32_t i = 0; i < 8; ++i) {
      const uint32_t lo = kOffset + i * kWidth, hi = lo + kWidth;
      if (lo <= kOne && kOne < hi) {
        t.inv_c[i] = 1.0f;
        continue;  // ln c = 0
      }
      float z_lo, z_hi;
      std::memcpy(&z_lo, &lo, 4);
      std::memcpy(&z_hi, &hi, 4);
      t.inv_c[i] = static_cast<float>(2.0 / (double{z_lo} + z_hi));
      const double ln_c = -std::log(double{t.inv_c[i]});  // of the stored 1/c: r is exact
      t.ln_c_hi[i] = hi16(ln_c);
      t.ln_c_lo[i] = static_cast<float>(ln_c - t.ln_c_hi[i]);
    }
    return t;
  }();
  return table;
}

// ln x = k ln2 + ln c + log1p(r + r_lo), summed as two exact sums (Fast2Sum: t = k ln2_hi +
// ln_c_hi, then -r^2/2, each at least as large as what is added to it, or t = 0) and a low part:
// their errors, k ln2_lo + ln_c_lo, r_lo / (1 + r) as r_lo (1 - r)(1 + r^2), r^2's low part and
// r^3 q(r), q a degree-4 fit of (log1p(r) - r + r^2/2) / r^3 on [-1/16, 1/16] (within 2^-37.8 of
// it times r^3). The band 2^-36 |s| + 2^-28 r^2 decides the float rounding: r^2 for the
// rounding of r^3 q (below 2^-23 r^3 / 3 < 2^-28.6 r^2), the largest error near x = 1 where
// y ~ r; 2^-36 |s| for the rest (|s| >= 2^-24 unless x = 1, whose band's bits are then those of
// -2^93: it takes the model). Over every normal float no lane outside the band differs from the
// model (with 2^-37 |s| one does); about one lane in 2800 falls inside it and takes the model.
HWY_INLINE hn::Vec256<float> LnFloatLanes(hn::Vec256<float> x, const LnFloatTable& t,
                                          hn::Mask256<float>* unsure) {
  const hn::Full256<float> df;
  const hn::Full256<int32_t> di;
  const auto ix = hn::BitCast(di, x);
  const auto tmp = hn::Sub(ix, hn::Set(di, 0x3F380000));
  const auto k = hn::ConvertTo(df, hn::ShiftRight<23>(tmp));  // arithmetic
  const auto z = hn::BitCast(df, hn::Sub(ix, hn::And(tmp, hn::Set(di, int32_t(0xFF800000u)))));
  const __m256i idx = hn::ShiftRight<20>(tmp).raw;  // vpermps reads bits 20-22 of tmp
  const auto lookup = [idx](const float* table) {
    return hn::Vec256<float>{_mm256_permutevar8x32_ps(_mm256_load_ps(table), idx)};
  };
  const auto inv_c = lookup(t.inv_c);
  const auto p = hn::Mul(z, inv_c);
  const auto r_lo = hn::MulSub(z, inv_c, p);
  const auto r = hn::Sub(p, hn::Set(df, 1.0f));
  const auto r2 = hn::Mul(r, r);
  const auto r2_lo = hn::MulSub(r, r, r2);
  const auto h = hn::Mul(r2, hn::Set(df, -0.5f));
  const auto t0 = hn::MulAdd(k, hn::Set(df, t.ln2_hi), lookup(t.ln_c_hi));
  const auto s1 = hn::Add(t0, r);
  const auto e1 = hn::Sub(r, hn::Sub(s1, t0));
  const auto s = hn::Add(s1, h);
  const auto e2 = hn::Sub(h, hn::Sub(s, s1));
  auto q = hn::MulAdd(hn::Set(df, 0x1.25afa4p-3f), r, hn::Set(df, -0x1.569656p-3f));
  q = hn::MulAdd(q, r, hn::Set(df, 0x1.999952p-3f));
  q = hn::MulAdd(q, r, hn::Set(df, -0x1.ffffbp-3f));
  q = hn::MulAdd(q, r, hn::Set(df, 0x1.555556p-2f));
  const auto v = hn::Sub(hn::Set(df, 1.0f), r);
  auto a = hn::MulAdd(k, hn::Set(df, t.ln2_lo), lookup(t.ln_c_lo));
  a = hn::MulAdd(r_lo, hn::MulAdd(r2, v, v), a);
  a = hn::Add(hn::Add(a, e1), e2);
  a = hn::MulAdd(r2_lo, hn::Set(df, -0.5f), a);
  const auto lo = hn::MulAdd(hn::Mul(r2, r), q, a);
  const auto abs_bits = hn::And(hn::BitCast(di, s), hn::Set(di, 0x7FFFFFFF));
  const auto band = hn::MulAdd(r2, hn::Set(df, 0x1p-28f),
                               hn::BitCast(df, hn::Sub(abs_bits, hn::Set(di, 36 << 23))));
  const auto down = hn::Add(s, hn::Sub(lo, band));
  const auto up = hn::Add(s, hn::Add(lo, band));
  *unsure = hn::Ne(down, up);
  return down;
}

// Ln of float32 on AVX2: 8 float lanes a step (LnFloatLanes) when every lane is a normal
// positive float; other vectors, the tail and the lanes in the band take LnFloat32's and the
// model's paths.
HWY_INLINE void LnFloat32Lanes(float* dst, const float* src, size_t n) {
  const hn::Full256<float> df;
  const hn::Full256<int32_t> di;
  const LnFloatTable& t = LnFloatValues();
  HWY_ALIGN float x_copy[8];
  HWY_ALIGN uint32_t model_flag[8];
  size_t i = 0;
  while (i + 8 <= n) {
    // The inner loop makes no call, so its constants can stay in registers: it stops at the
    // first vector that needs the other paths.
    auto x = hn::Zero(df);
    hn::Mask256<float> unsure = hn::FirstN(df, 0);
    bool ordinary = true;
    for (; i + 8 <= n; i += 8) {
      x = hn::LoadU(df, src + i);
      // The bits plus 0x7F800000 (wrapping) are below -2^24 exactly for [2^-126, +inf).
      const auto wrapped = hn::Add(hn::BitCast(di, x), hn::Set(di, 0x7F800000));
      if (HWY_UNLIKELY(!hn::AllTrue(di, hn::Lt(wrapped, hn::Set(di, -(1 << 24)))))) {
        ordinary = false;
        break;
      }
      hn::StoreU(LnFloatLanes(x, t, &unsure), df, dst + i);
      if (HWY_UNLIKELY(!hn::AllFalse(df, unsure))) break;
    }
    if (i + 8 > n) break;
    if (ordinary) {
      hn::Store(x, df, x_copy);  // dst may be src: x is still in its register
      hn::Store(hn::BitCast(hn::Full256<uint32_t>(), hn::VecFromMask(df, unsure)),
                hn::Full256<uint32_t>(), model_flag);
      LnModelLanes(dst + i, x_copy, model_flag, 8);
    } else {
      LnFloat32(dst + i, src + i, 8);
    }
    i += 8;
  }
  if (i < n) LnFloat32(dst + i, src + i, n - i);
}
#endif

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_MATH_LN_INL_H_
