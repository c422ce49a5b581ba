// Per-target float16/bfloat16 math kernels on lanes widened in registers (Map16): Relu, Sqrt,
// Reciprocal, Rsqrt and LeakyRelu. The model rounds its double result to float32 and then to
// the 16-bit type; these take float32 steps that give the same float32 bits on 16-bit inputs
// (Sqrt, 1/x and Relu are correctly rounded single steps; Rsqrt's 1/sqrt(x) in two float steps
// is checked against the model on all 2^16 patterns of both types by the tests) and round once
// more. Exp and Ln take the lookup tables (vector_math_table.h), whose lookup costs less than
// their float32 kernels, but on AVX3, where Exp of both types and bfloat16 Ln run on float lanes
// with a band check (ExpHalf, LnBF16) and the table takes the rest. Included once per target by
// vector_math.cc (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_MATH16_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_MATH16_INL_H_
#undef OPSIM_SIM_VECTOR_MATH16_INL_H_
#else
#define OPSIM_SIM_VECTOR_MATH16_INL_H_
#endif

#include <algorithm>
#include <cstring>

#include <hwy/highway.h>

#include "opsim/sim/vector_unit.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_math-inl.h"
#include "vector/vector_math_table.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// One loop per 16-bit type for every op (the op switched per vector: one instantiation instead
// of five, for compile time). kLeakyRelu is the model's float32 LeakyRelu (LeakyReluTyped<float>:
// the product in float32). Exp and Ln never come here.
enum class Op16 : uint8_t { kRelu, kSqrt, kReciprocal, kRsqrt, kLeakyRelu };

template <bool kHalf>
HWY_NOINLINE void Math16(Op16 op, uint16_t* dst, const uint16_t* src, float alpha, size_t n) {
  const hn::ScalableTag<float> d;
  const auto one = hn::Set(d, 1.0f);
  const auto va = hn::Set(d, alpha);
  Map16<kHalf, 1>(d, dst, src, src, src, n, [d, op, one, va](auto x, auto, auto) {
    switch (op) {
      case Op16::kSqrt: return hn::Sqrt(x);
      case Op16::kReciprocal: return hn::Div(one, x);
      case Op16::kRsqrt: return hn::Div(one, hn::Sqrt(x));
      case Op16::kLeakyRelu:
        return hn::IfThenElse(hn::Lt(x, hn::Zero(d)), hn::Mul(x, va), QuietNaN(x));
      case Op16::kRelu: break;
    }
    return ReluFloat(QuietNaN(x));
  });
}

#if HWY_TARGET == HWY_AVX3
// RsqrtHalf's step on 32 lanes (two float vectors from one 16-bit vector): true when it wrote
// out; false (nothing written) when a lane is not a positive finite float16 or falls in the band
// (RsqrtHalf then takes its one-vector path on both halves). Every result is a float16 normal
// (1/sqrt of [2^-24, 65504] is within [2^-8, 4096]), so outside the band narrowing is rounding
// the float bits at bit 13 with no tie to break: u = bits + 0x1000 + 4 - (112 << 23) carries the
// rounding and the exponent's rebias, its low 13 bits are below 8 exactly when the dropped bits
// are within [-4, +3] of the half-way point (the band: y is within 1.2 float ulps), and u >> 13
// is the float16's bits.
HWY_INLINE bool RsqrtHalfPair(const uint16_t* in, uint16_t* out) {
  const hn::Full512<float> df;
  const hn::Full512<uint32_t> du;
  const hn::Full512<uint16_t> d16;
  const hn::Half<decltype(d16)> d16h;
  const hn::Rebind<hwy::float16_t, decltype(df)> dh;
  const auto h = hn::LoadU(d16, in);
  const auto not_positive =
      hn::Gt(hn::Sub(h, hn::Set(d16, uint16_t{1})), hn::Set(d16, uint16_t{0x7BFE}));
  const auto half = hn::Set(df, 0.5f);
  const auto newton = [&](hn::Vec<decltype(d16h)> bits) {
    const auto x = hn::PromoteTo(df, hn::BitCast(dh, bits));
    const auto y0 = hn::ApproximateReciprocalSqrt(x);
    const auto y = hn::MulAdd(y0, hn::NegMulAdd(hn::Mul(hn::Mul(half, x), y0), y0, half), y0);
    return hn::Add(hn::BitCast(du, y), hn::Set(du, 0x1004u - (112u << 23)));
  };
  const auto lo = newton(hn::LoadU(d16h, in));  // loads, not extracts: vcvtph2ps from memory
  const auto hi = newton(hn::LoadU(d16h, in + 16));
  const auto band = hn::Set(du, 0x1FF8u);
  const auto clear_of_tie = [&](hn::Vec<decltype(du)> u) {  // vptestmd: u & band nonzero
    return hn::Mask512<uint32_t>{_mm512_test_epi32_mask(u.raw, band.raw)};
  };
  if (HWY_UNLIKELY(!hn::AllFalse(d16, not_positive) ||
                   !hn::AllTrue(du, hn::And(clear_of_tie(lo), clear_of_tie(hi))))) {
    return false;
  }
  hn::StoreU(hn::ConcatEven(d16, hn::BitCast(d16, hn::ShiftRight<13>(hi)),
                            hn::BitCast(d16, hn::ShiftRight<13>(lo))),
             d16, out);
  return true;
}
#endif

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
// float16 Rsqrt without the square root and the divide: rsqrt14 (within 2^-14, the ISA's
// bound) and one Newton step give y within 1.2 float ulps of 1/sqrt(x) on any such CPU (0.96 on
// all 2^16 inputs here, measured). Where the 13 float bits that narrowing drops are outside
// [-4, +3] of the half-way point, the exact value and its float32 rounding (the model's first
// step) narrow as y does. A vector with another lane (about one in 60), or with an input that is
// not a positive finite float16, takes 1 / sqrt(x) in two rounded steps as Math16 does. Checked
// against the model on all 2^16 inputs (Math16EveryPattern).
// The loop takes 32 lanes a step (RsqrtHalfPair): one load, one range check on the 16-bit bits
// and one branch for two float vectors, and the narrowing in integer steps instead of vcvtps2ph.
// AVX2 takes the one-vector step with rsqrtps, within 1.5 * 2^-12 (the ISA's bound): after the
// Newton step the error is 3/2 e^2 (3.4 * 2^-24 relative) plus the steps' roundings (1.5 *
// 2^-24), so y is within 5 float ulps and the band is [-8, +7] ulps (about one vector in 60
// falls back). On Zen 3 this costs about 20 % less than the square root and the divide.
// The one-vector step checks y alone: it is NaN exactly when x is not a positive finite float16
// (0 * inf or a NaN estimate in the Newton step), and u = y's bits + 0x1000 + band has its low
// 13 bits below 2 * band exactly when the dropped bits are within [-band, band - 1] of the tie.
// (Narrowing u >> 13 by packs, as RsqrtHalfPair does, measured slower on Zen 3 than vcvtps2ph.)
HWY_NOINLINE void RsqrtHalf(uint16_t* dst, const uint16_t* src, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::RebindToUnsigned<decltype(df)> du;
  const hn::Rebind<uint16_t, decltype(df)> d16;
  const size_t N = hn::Lanes(df);
  constexpr size_t kMax = hn::MaxLanes(df);
  HWY_ALIGN uint16_t tin[kMax] = {};
  HWY_ALIGN uint16_t tout[kMax];
  const auto half = hn::Set(df, 0.5f);
  const auto one = hn::Set(df, 1.0f);
  constexpr uint32_t kBandUlps = HWY_TARGET == HWY_AVX3 ? 4 : 8;
  const auto band_offset = hn::Set(du, 0x1000u + kBandUlps);
  const auto band_bits = hn::Set(du, 0x1FFFu & ~(2 * kBandUlps - 1));
  const auto one_vector = [&](const uint16_t* in, uint16_t* out) {
    const auto h = hn::LoadU(d16, in);
    const auto x = hn::PromoteTo(df, hn::BitCast(hn::Rebind<hwy::float16_t, decltype(df)>(), h));
    const auto y0 = hn::ApproximateReciprocalSqrt(x);
    const auto y = hn::MulAdd(y0, hn::NegMulAdd(hn::Mul(hn::Mul(half, x), y0), y0, half), y0);
    const auto u = hn::Add(hn::BitCast(du, y), band_offset);
    const auto near_tie = hn::Eq(hn::And(u, band_bits), hn::Zero(du));
    if (HWY_LIKELY(hn::AllFalse(df, hn::Or(hn::RebindMask(df, near_tie), hn::IsNaN(y))))) {
      hn::StoreU(F32ToHalf(df, y), d16, out);
    } else {
      hn::StoreU(F32ToHalf(df, hn::Div(one, hn::Sqrt(x))), d16, out);
    }
  };
  size_t i = 0;
#if HWY_TARGET == HWY_AVX3
  for (; i + 2 * N <= n; i += 2 * N) {
    if (!RsqrtHalfPair(src + i, dst + i)) {
      one_vector(src + i, dst + i);
      one_vector(src + i + N, dst + i + N);
    }
  }
#endif
  for (; i + N <= n; i += N) one_vector(src + i, dst + i);
  if (i == n) return;
  std::memcpy(tin, src + i, (n - i) * 2);
  one_vector(tin, tout);
  std::memcpy(dst + i, tout, (n - i) * 2);
}
#endif

#if HWY_TARGET == HWY_AVX3
// Exp of float16 (kHalf) or bfloat16 on float lanes, 16 a step, instead of the table's lookup
// (three micro-ops a lane, more than these float operations cost): x = n ln2/16 + r, |r| <=
// ln2/32, n rounded by the shifter (its low four bits pick 2^(j/16) from one register,
// vpermps), exp(r) to r^3 (within 2^-27), and vscalefps applies 2^floor(n/16). y is within a few
// float ulps of the model's float32 Exp (ExpFloat); where the bits the narrowing drops (13 for
// float16, 16 for bfloat16) are not within [-8, +7] of the half-way point, both narrow alike,
// and with every result a normal of the type (x within [-9.5, 11] for float16, [-87, 88] for
// bfloat16) the narrowing is integer steps as in RsqrtHalfPair. A vector with another lane
// (about one in 60 of float16's, one in 250 of bfloat16's) takes the table. Checked against the
// model on all 2^16 inputs of both types (Math16EveryPattern).
template <bool kHalf>
HWY_INLINE bool ExpHalfVector(const uint16_t* in, uint16_t* out, __m512 pow2_16ths) {
  __m512 x;
  if constexpr (kHalf) {
    x = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in)));
  } else {
    x = _mm512_castsi512_ps(_mm512_slli_epi32(
        _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in))), 16));
  }
  const __m512 lowest = _mm512_set1_ps(kHalf ? -9.5f : -87.0f);
  const __m512 highest = _mm512_set1_ps(kHalf ? 11.0f : 88.0f);
  __mmask16 ok = _mm512_cmp_ps_mask(x, lowest, _CMP_GE_OQ) &
                 _mm512_cmp_ps_mask(x, highest, _CMP_LE_OQ);  // false for NaN
  const __m512 shifter = _mm512_set1_ps(0x1.8p23f);
  const __m512 t = _mm512_fmadd_ps(x, _mm512_set1_ps(23.083120654223414f), shifter);  // 16/ln2
  const __m512 nf = _mm512_sub_ps(t, shifter);
  // ln2/16 in two parts: the first has 15 bits, so nf times it (|n| < 2^11) is exact.
  __m512 r = _mm512_fnmadd_ps(nf, _mm512_set1_ps(0x1.62e4p-5f), x);
  r = _mm512_fnmadd_ps(nf, _mm512_set1_ps(0x1.7f7d1cp-24f), r);
  const __m512 one = _mm512_set1_ps(1.0f);
  const __m512 p = _mm512_fmadd_ps(
      _mm512_fmadd_ps(_mm512_fmadd_ps(_mm512_set1_ps(1.0f / 6), r, _mm512_set1_ps(0.5f)), r, one),
      r, one);
  const __m512 table = _mm512_permutexvar_ps(_mm512_castps_si512(t), pow2_16ths);
  const __m512 y =
      _mm512_scalef_ps(_mm512_mul_ps(table, p), _mm512_mul_ps(nf, _mm512_set1_ps(1.0f / 16)));
  // u: the rounding (+ half, + 8 for the band's offset) and, for float16, the exponent's rebias.
  const __m512i u = _mm512_add_epi32(_mm512_castps_si512(y),
                                     _mm512_set1_epi32(kHalf ? 0x1008 - (112 << 23) : 0x8008));
  ok &= _mm512_test_epi32_mask(u, _mm512_set1_epi32(kHalf ? 0x1FF0 : 0xFFF0));
  if (HWY_UNLIKELY(ok != 0xFFFF)) return false;
  const __m512i bits = kHalf ? _mm512_srli_epi32(u, 13) : _mm512_srli_epi32(u, 16);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm512_cvtepi32_epi16(bits));
  return true;
}

template <bool kHalf>
HWY_NOINLINE void ExpHalf(uint16_t* dst, const uint16_t* src, size_t n) {
  const DType dtype = kHalf ? DType::kFloat16 : DType::kBFloat16;
  alignas(64) static constexpr float kPow2[16] = {
      // 2^(j/16) rounded to float
      0x1.000000p+0f, 0x1.0b5586p+0f, 0x1.172b84p+0f, 0x1.2387a6p+0f,
      0x1.306fe0p+0f, 0x1.3dea64p+0f, 0x1.4bfdaep+0f, 0x1.5ab07ep+0f,
      0x1.6a09e6p+0f, 0x1.7a1148p+0f, 0x1.8ace54p+0f, 0x1.9c4918p+0f,
      0x1.ae89fap+0f, 0x1.c199bep+0f, 0x1.d5818ep+0f, 0x1.ea4afap+0f};
  const __m512 pow2_16ths = _mm512_load_ps(kPow2);
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    if (!ExpHalfVector<kHalf>(src + i, dst + i, pow2_16ths)) {
      detail::MathByTable16(MathOp::kExp, dtype, dst + i, src + i, 16);
    }
  }
  if (i < n) detail::MathByTable16(MathOp::kExp, dtype, dst + i, src + i, n - i);
}
#endif

#if HWY_TARGET == HWY_AVX3
// Ln of bfloat16 on float lanes, 16 a step, instead of the table's lookup:
// x = 2^k m with m in [0.699, 1.398) (the offset on the bits), m's next four bits pick 1/c (12
// significant bits, so r = m/c - 1 is one exact fused step: m has 8) and -ln(1/c) from
// one register each (vpermps; the interval holding 1 has 1/c = 1, r = m - 1), |r| < 0.03,
// log1p(r) to r^5, and ln x = k ln2 + ln c + log1p(r) with ln2 in two parts (the first times k
// exact). Where the 16 bits the narrowing drops are not within [-8, +7] of the half-way point,
// y and the model's float32 Ln narrow alike (integer rounding: no tie to break). A vector with
// another lane, or an input that is not a positive normal float (zeros, negatives, infinities,
// NaN, subnormals), takes the table. Checked against the model on all 2^16 inputs
// (Math16EveryPattern). float16 keeps the table: the same steps with its two conversions
// (vcvtph2ps, vcvtps2ph) measured no faster than the lookup (5490-5800 against 5480-5600 ns).
HWY_INLINE bool LnBF16Vector(const uint16_t* in, uint16_t* out, __m512 inv_c, __m512 neg_ln_inv_c) {
  const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in));
  const __m512i bits = _mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16);
  // Positive normal finite floats: bits in [0x00800000, 0x7F7FFFFF], one unsigned compare.
  __mmask16 ok = _mm512_cmplt_epu32_mask(_mm512_sub_epi32(bits, _mm512_set1_epi32(0x00800000)),
                                         _mm512_set1_epi32(0x7F000000));
  const __m512i tmp = _mm512_sub_epi32(bits, _mm512_set1_epi32(0x3F330000));  // 0.69921875
  const __m512i k = _mm512_srai_epi32(tmp, 23);
  const __m512 m = _mm512_castsi512_ps(_mm512_sub_epi32(bits, _mm512_slli_epi32(k, 23)));
  const __m512i idx = _mm512_srli_epi32(tmp, 19);  // vpermps reads the low four bits
  const __m512 r = _mm512_fmsub_ps(m, _mm512_permutexvar_ps(idx, inv_c), _mm512_set1_ps(1.0f));
  __m512 q = _mm512_fmadd_ps(_mm512_set1_ps(0.2f), r, _mm512_set1_ps(-0.25f));
  q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(1.0f / 3));
  q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(-0.5f));
  const __m512 w = _mm512_fmadd_ps(_mm512_mul_ps(r, r), q, r);
  const __m512 kf = _mm512_cvtepi32_ps(k);
  const __m512 s = _mm512_fmadd_ps(kf, _mm512_set1_ps(0x1.7f7d1cp-20f),
                                   _mm512_add_ps(_mm512_permutexvar_ps(idx, neg_ln_inv_c), w));
  const __m512 y = _mm512_fmadd_ps(kf, _mm512_set1_ps(0x1.62e4p-1f), s);
  const __m512i u =
      _mm512_add_epi32(_mm512_castps_si512(y), _mm512_set1_epi32(0x8008));  // sign kept
  ok &= _mm512_test_epi32_mask(u, _mm512_set1_epi32(0xFFF0));
  if (HWY_UNLIKELY(ok != 0xFFFF)) return false;
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out),
                      _mm512_cvtepi32_epi16(_mm512_srli_epi32(u, 16)));
  return true;
}

HWY_NOINLINE void LnBF16(uint16_t* dst, const uint16_t* src, size_t n) {
  const DType dtype = DType::kBFloat16;
  alignas(64) static constexpr float kInvC[16] = {
      0x1.662p+0f, 0x1.572p+0f, 0x1.496p+0f, 0x1.3cap+0f, 0x1.30ep+0f, 0x1.25ep+0f,
      0x1.1bcp+0f, 0x1.124p+0f, 0x1.096p+0f, 0x1.000p+0f, 0x1.e58p-1f, 0x1.ca4p-1f,
      0x1.b20p-1f, 0x1.9c2p-1f, 0x1.886p-1f, 0x1.768p-1f};
  alignas(64) static constexpr float kNegLnInvC[16] = {
      // -ln(kInvC[j]) rounded to float
      -0x1.57c2f6p-2f, -0x1.2bf288p-2f, -0x1.021164p-2f, -0x1.b34886p-3f, -0x1.65d5eap-3f,
      -0x1.1a93b8p-3f, -0x1.a58b60p-4f, -0x1.1a0fbap-4f, -0x1.26a32ap-5f, 0.0f,
      0x1.b35ddap-5f,  0x1.c6494ap-4f,  0x1.527e5ep-3f,  0x1.bc6968p-3f,  0x1.107e40p-2f,
      0x1.403d08p-2f};
  const __m512 inv_c = _mm512_load_ps(kInvC);
  const __m512 neg_ln_inv_c = _mm512_load_ps(kNegLnInvC);
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    if (!LnBF16Vector(src + i, dst + i, inv_c, neg_ln_inv_c)) {
      detail::MathByTable16(MathOp::kLn, dtype, dst + i, src + i, 16);
    }
  }
  if (i < n) detail::MathByTable16(MathOp::kLn, dtype, dst + i, src + i, n - i);
}
#endif

inline void Math16Typed(DType dtype, Op16 op, void* dst, const void* src, float alpha, size_t n) {
  auto* out = static_cast<uint16_t*>(dst);
  const auto* in = static_cast<const uint16_t*>(src);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
  if (op == Op16::kRsqrt && dtype == DType::kFloat16) return RsqrtHalf(out, in, n);
#endif
  dtype == DType::kFloat16 ? Math16<true>(op, out, in, alpha, n)
                           : Math16<false>(op, out, in, alpha, n);
}

// False for Exp and Ln (the tables' ops) and other types: nothing written.
inline bool Math16Impl(MathOp op, DType dtype, void* dst, const void* src, size_t n) {
  if (dtype != DType::kFloat16 && dtype != DType::kBFloat16) return false;
  switch (op) {
    case MathOp::kRelu: Math16Typed(dtype, Op16::kRelu, dst, src, 0.0f, n); return true;
    case MathOp::kSqrt: Math16Typed(dtype, Op16::kSqrt, dst, src, 0.0f, n); return true;
    case MathOp::kReciprocal: Math16Typed(dtype, Op16::kReciprocal, dst, src, 0.0f, n); return true;
    case MathOp::kRsqrt: Math16Typed(dtype, Op16::kRsqrt, dst, src, 0.0f, n); return true;
    case MathOp::kExp:
#if HWY_TARGET == HWY_AVX3
      dtype == DType::kFloat16
          ? ExpHalf<true>(static_cast<uint16_t*>(dst), static_cast<const uint16_t*>(src), n)
          : ExpHalf<false>(static_cast<uint16_t*>(dst), static_cast<const uint16_t*>(src), n);
      return true;
#else
      return false;
#endif
    case MathOp::kLn:
#if HWY_TARGET == HWY_AVX3
      if (dtype == DType::kFloat16) return false;  // the table
      LnBF16(static_cast<uint16_t*>(dst), static_cast<const uint16_t*>(src), n);
      return true;
#else
      return false;
#endif
  }
  return false;
}

inline void LeakyReluImpl(DType dtype, void* dst, const void* src, double alpha, size_t n) {
  const float alpha32 = static_cast<float>(alpha);
  switch (dtype) {
    case DType::kFloat64:
      return LeakyReluTyped(static_cast<double*>(dst), static_cast<const double*>(src), alpha, n);
    case DType::kFloat32:
      return LeakyReluTyped(static_cast<float*>(dst), static_cast<const float*>(src), alpha32, n);
    case DType::kFloat16:
    case DType::kBFloat16: return Math16Typed(dtype, Op16::kLeakyRelu, dst, src, alpha32, n);
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return;
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_MATH16_INL_H_
