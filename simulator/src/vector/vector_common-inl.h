// Per-target building blocks shared by the vector-unit kernels: exact float16/bfloat16
// conversions (Highway 1.0.3's own truncate or mishandle inf/NaN on some targets), wrapping
// integer multiplies, and the total order used by Max/Min.
// Included once per target by each foreach_target translation unit (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_COMMON_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_COMMON_INL_H_
#undef OPSIM_SIM_VECTOR_COMMON_INL_H_
#else
#define OPSIM_SIM_VECTOR_COMMON_INL_H_
#endif

#include <cstring>
#include <type_traits>

#include <hwy/highway.h>

#include "opsim/core/dtype.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// ---- float16 / bfloat16 <-> float32, bit-exact with opsim::FloatToHalfBits & co. ----

// h: u16 lanes (Rebind<uint16_t, DF>), result: f32 lanes.
template <class DF, class VU16>
HWY_INLINE hn::Vec<DF> HalfToF32(DF df, VU16 h) {
  const hn::RebindToUnsigned<DF> du;
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
  // F16C (vcvtph2ps) is exact, subnormals included, but quietens signalling NaNs: rebuild
  // every NaN from its bits as the scalar conversion does.
  const hn::Rebind<hwy::float16_t, DF> dh;
  const auto hw = hn::PromoteTo(df, hn::BitCast(dh, h));
  const auto is_nan = hn::IsNaN(hw);
  // Data rarely holds a NaN: a vector without one is F16C's result as it is (the same bits).
  if (HWY_LIKELY(hn::AllFalse(df, is_nan))) return hw;
  const auto xb = hn::PromoteTo(du, h);
  const auto nan = hn::Or(
      hn::ShiftLeft<16>(hn::And(xb, hn::Set(du, 0x8000u))),
      hn::Or(hn::Set(du, 0x7F800000u), hn::ShiftLeft<13>(hn::And(xb, hn::Set(du, 0x03FFu)))));
  return hn::IfThenElse(is_nan, hn::BitCast(df, nan), hw);
#else
  const hn::RebindToSigned<DF> di;
  const auto x = hn::PromoteTo(du, h);
  const auto sign = hn::ShiftLeft<16>(hn::And(x, hn::Set(du, 0x8000u)));
  const auto exp = hn::And(x, hn::Set(du, 0x7C00u));
  const auto mant = hn::And(x, hn::Set(du, 0x03FFu));
  const auto normal = hn::ShiftLeft<13>(hn::Add(exp, hn::Set(du, 0x1C000u)));
  const auto special = hn::Or(hn::Set(du, 0x7F800000u), hn::ShiftLeft<13>(mant));
  // Subnormal: mant * 2^-24 is exact in float.
  const auto sub = hn::BitCast(
      du, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, mant)), hn::Set(df, 1.0f / 16777216.0f)));
  auto mag = hn::ShiftLeft<13>(mant);
  mag = hn::Or(mag, normal);
  mag = hn::IfThenElse(hn::Eq(exp, hn::Set(du, 0x7C00u)), special, mag);
  mag = hn::IfThenElse(hn::Eq(exp, hn::Zero(du)), sub, mag);
  return hn::BitCast(df, hn::Or(sign, mag));
#endif
}

// HalfToF32 for elements that only feed additions and multiplications (sums, products and their
// maps): F16C's NaN differs from the exact one only in the quiet bit, which the first add or
// multiply sets anyway (x86 returns a NaN operand quietened, whichever conversion made it), so
// the rebuild, most of the conversion's work, is left out. Not for an element that meets no
// arithmetic (a single-element sum, a cast).
template <class DF, class VU16>
HWY_INLINE hn::Vec<DF> HalfToF32ForArithmetic(DF df, VU16 h) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
  const hn::Rebind<hwy::float16_t, DF> dh;
  return hn::PromoteTo(df, hn::BitCast(dh, h));
#else
  return HalfToF32(df, h);
#endif
}

template <class DF, class VU16>
HWY_INLINE hn::Vec<DF> BF16ToF32(DF df, VU16 b) {
  const hn::RebindToUnsigned<DF> du;
  return hn::BitCast(df, hn::ShiftLeft<16>(hn::PromoteTo(du, b)));
}

// BF16ToF32 of the lanes at p. On AVX2 one 16-byte broadcast load and one byte shuffle (each
// 128-bit block takes its four elements into its lanes' upper halves, zeros below) instead of a
// widening load and a shift: the same bits, one instruction less per vector, which bfloat16's
// column rows spend per element where float16 has one conversion (issue 29, session 42).
template <class DF>
HWY_INLINE hn::Vec<DF> LoadBF16AsF32(DF df, const uint16_t* p) {
#if HWY_TARGET == HWY_AVX2
  if constexpr (hn::MaxLanes(DF()) == 8) {
    const hn::Full256<uint8_t> d8;
    alignas(32) static constexpr uint8_t kUpperHalves[32] = {
        0x80, 0x80, 0, 1, 0x80, 0x80, 2,  3,  0x80, 0x80, 4,  5,  0x80, 0x80, 6,  7,
        0x80, 0x80, 8, 9, 0x80, 0x80, 10, 11, 0x80, 0x80, 12, 13, 0x80, 0x80, 14, 15};
    const auto bytes = hn::LoadDup128(d8, reinterpret_cast<const uint8_t*>(p));
    return hn::BitCast(df, hn::TableLookupBytesOr0(bytes, hn::Load(d8, kUpperHalves)));
  }
#endif
  return BF16ToF32(df, hn::LoadU(hn::Rebind<uint16_t, DF>(), p));
}

// Round-to-nearest-even float32 -> binary16 bits, mirroring opsim::FloatToHalfBits.
template <class DF>
HWY_INLINE hn::Vec<hn::Rebind<uint16_t, DF>> F32ToHalf(DF df, hn::Vec<DF> v) {
  const hn::Rebind<uint16_t, DF> d16;
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
  // F16C (vcvtps2ph, which Highway's DemoteTo issues with the nearest-even immediate on these
  // targets) gives the same bits: nearest even for normals, subnormals and overflow to inf, and a
  // NaN with its quiet bit set and the top ten payload bits kept.
  (void)df;
  return hn::BitCast(d16, hn::DemoteTo(hn::Rebind<hwy::float16_t, DF>(), v));
#else
  const hn::RebindToSigned<DF> di;  // all magnitudes < 2^31: signed compares suffice
  const auto bits = hn::BitCast(di, v);
  const auto sign = hn::And(hn::ShiftRight<16>(bits), hn::Set(di, 0x8000));
  const auto f = hn::And(bits, hn::Set(di, 0x7FFFFFFF));
  // >= 65536: overflow to inf, or inf/NaN (NaN quietened, top payload bits kept).
  const auto nan = hn::Or(hn::Set(di, 0x7E00), hn::And(hn::ShiftRight<13>(f), hn::Set(di, 0x3FF)));
  const auto big = hn::IfThenElse(hn::Gt(f, hn::Set(di, 0x7F800000)), nan, hn::Set(di, 0x7C00));
  // Below 2^-14: adding 0.5 aligns the mantissa; the FPU rounds to nearest even.
  const auto aligned = hn::Add(hn::BitCast(df, f), hn::Set(df, 0.5f));
  const auto small = hn::Sub(hn::BitCast(di, aligned), hn::Set(di, 0x3F000000));
  // Normal: rebias the exponent and add the rounding bias (wraps in unsigned arithmetic).
  const hn::RebindToUnsigned<DF> du;
  const auto odd = hn::And(hn::ShiftRight<13>(hn::BitCast(du, f)), hn::Set(du, 1u));
  const auto biased = hn::Add(hn::BitCast(du, f), hn::Add(hn::Set(du, 0xC8000FFFu), odd));
  const auto normal = hn::BitCast(di, hn::ShiftRight<13>(biased));
  auto out = hn::IfThenElse(hn::Lt(f, hn::Set(di, 0x38800000)), small, normal);
  out = hn::IfThenElse(hn::Lt(f, hn::Set(di, 0x47800000)), out, big);
  out = hn::Or(hn::And(out, hn::Set(di, 0xFFFF)), sign);
  return hn::DemoteTo(d16, out);
#endif
}

// Round-to-nearest-even float32 -> bfloat16 bits, mirroring opsim::FloatToBFloat16Bits.
template <class DF>
HWY_INLINE hn::Vec<hn::Rebind<uint16_t, DF>> F32ToBF16(DF /*df*/, hn::Vec<DF> v) {
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const hn::Rebind<uint16_t, DF> d16;
  const auto f = hn::BitCast(du, v);
  const auto is_nan =
      hn::Gt(hn::BitCast(di, hn::And(f, hn::Set(du, 0x7FFFFFFFu))), hn::Set(di, 0x7F800000));
  const auto quiet = hn::Or(hn::ShiftRight<16>(f), hn::Set(du, 0x40u));
  const auto odd = hn::And(hn::ShiftRight<16>(f), hn::Set(du, 1u));
  const auto rounded = hn::ShiftRight<16>(hn::Add(f, hn::Add(hn::Set(du, 0x7FFFu), odd)));
  const auto out = hn::IfThenElse(hn::RebindMask(du, is_nan), quiet, rounded);
  return hn::DemoteTo(d16, hn::BitCast(di, out));
}

// dst[i] = narrow(f(x, y, z)) with x, y, z the float16 (kHalf) or bfloat16 lanes of a, b, c
// widened to float32 lanes of DF in registers; only the first kInputs sources are read (the others
// repeat x). Widening is HalfToF32ForArithmetic: its NaN differs from the exact one only in the
// quiet bit, which the narrowing sets on every NaN anyway, so the stored bits are the same. The
// tail runs through zero-padded vectors, so every element sees the same operations.
template <bool kHalf, int kInputs, class DF, class F>
HWY_INLINE void Map16(DF df, uint16_t* dst, const uint16_t* a, const uint16_t* b, const uint16_t* c,
                      size_t n, F f) {
  const hn::Rebind<uint16_t, DF> d16;
  const auto widen = [df, d16](const uint16_t* p) {
    if constexpr (kHalf) {
      return HalfToF32ForArithmetic(df, hn::LoadU(d16, p));
    } else {
      return BF16ToF32(df, hn::LoadU(d16, p));
    }
  };
  const auto apply = [&](const uint16_t* pa, const uint16_t* pb, const uint16_t* pc) {
    const auto x = widen(pa);
    const auto y = kInputs > 1 ? widen(pb) : x;
    const auto z = kInputs > 2 ? widen(pc) : x;
    if constexpr (kHalf) {
      return F32ToHalf(df, f(x, y, z));
    } else {
      return F32ToBF16(df, f(x, y, z));
    }
  };
  const size_t N = hn::Lanes(df);
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(apply(a + i, b + i, c + i), d16, dst + i);
  if (i == n) return;
  constexpr size_t kMax = hn::MaxLanes(df);
  HWY_ALIGN uint16_t ta[kMax] = {};
  HWY_ALIGN uint16_t tb[kMax] = {};
  HWY_ALIGN uint16_t tc[kMax] = {};
  const size_t rest = n - i;
  std::memcpy(ta, a + i, rest * 2);
  if (kInputs > 1) std::memcpy(tb, b + i, rest * 2);
  if (kInputs > 2) std::memcpy(tc, c + i, rest * 2);
  hn::Store(apply(ta, tb, tc), d16, ta);
  std::memcpy(dst + i, ta, rest * 2);
}

// Converts n 16-bit floats (`half`: binary16, else bfloat16) to float32.
inline void Narrow16ToF32(bool half, const uint16_t* src, float* dst, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::Rebind<uint16_t, decltype(df)> d16;
  constexpr size_t kMax = hn::MaxLanes(df);
  const size_t N = hn::Lanes(df);
  size_t i = 0;
  HWY_ALIGN uint16_t tail_in[kMax] = {};
  HWY_ALIGN float tail_out[kMax];
  for (;;) {
    const bool full = i + N <= n;
    if (!full && i >= n) break;
    const uint16_t* in = src + i;
    if (!full) {
      std::memcpy(tail_in, in, (n - i) * sizeof(uint16_t));
      in = tail_in;
    }
    const auto h = hn::LoadU(d16, in);
    const auto f = half ? HalfToF32(df, h) : BF16ToF32(df, h);
    if (full) {
      hn::StoreU(f, df, dst + i);
    } else {
      hn::Store(f, df, tail_out);
      std::memcpy(dst + i, tail_out, (n - i) * sizeof(float));
      break;
    }
    i += N;
  }
}

// Converts n float32 to 16-bit floats with round-to-nearest-even.
inline void F32ToNarrow16(bool half, const float* src, uint16_t* dst, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::Rebind<uint16_t, decltype(df)> d16;
  constexpr size_t kMax = hn::MaxLanes(df);
  const size_t N = hn::Lanes(df);
  size_t i = 0;
  HWY_ALIGN float tail_in[kMax] = {};
  HWY_ALIGN uint16_t tail_out[kMax];
  for (;;) {
    const bool full = i + N <= n;
    if (!full && i >= n) break;
    const float* in = src + i;
    if (!full) {
      std::memcpy(tail_in, in, (n - i) * sizeof(float));
      in = tail_in;
    }
    const auto f = hn::LoadU(df, in);
    const auto h = half ? F32ToHalf(df, f) : F32ToBF16(df, f);
    if (full) {
      hn::StoreU(h, d16, dst + i);
    } else {
      hn::Store(h, d16, tail_out);
      std::memcpy(dst + i, tail_out, (n - i) * sizeof(uint16_t));
      break;
    }
    i += N;
  }
}

// ---- wrapping integer multiplies (Highway 1.0.3 has none for 8- or 64-bit lanes) ----

template <class D>
HWY_INLINE hn::Vec<D> MulWrap(D d, hn::Vec<D> a, hn::Vec<D> b) {
  using T = hn::TFromD<D>;
  static_assert(!hwy::IsSigned<T>(), "multiply the unsigned bit patterns");
  if constexpr (sizeof(T) == 4 || sizeof(T) == 2) {
    return hn::Mul(a, b);  // the low half of the product: what wrapping keeps
  } else {
#if HWY_TARGET == HWY_SCALAR
    return hn::Set(d, static_cast<T>(hn::GetLane(a) * hn::GetLane(b)));
#else
    if constexpr (sizeof(T) == 1) {
      // Two 8-bit products per 16-bit lane: the even one in the low byte, the odd one
      // computed on the high bytes; each keeps only its low 8 bits.
      const hn::Repartition<uint16_t, D> d16;
      const auto a16 = hn::BitCast(d16, a);
      const auto b16 = hn::BitCast(d16, b);
      const auto lo = hn::And(hn::Mul(a16, b16), hn::Set(d16, 0x00FF));
      const auto hi = hn::Mul(hn::ShiftRight<8>(a16), hn::And(b16, hn::Set(d16, 0xFF00)));
      return hn::BitCast(d, hn::Or(lo, hi));
    } else {
      // (ah*2^32 + al)(bh*2^32 + bl) mod 2^64 = al*bl + ((ah*bl + al*bh) << 32).
      const hn::Repartition<uint32_t, D> d32;
      const auto a_hi = hn::BitCast(d32, hn::ShiftRight<32>(a));
      const auto b_hi = hn::BitCast(d32, hn::ShiftRight<32>(b));
      const auto a32 = hn::BitCast(d32, a);
      const auto b32 = hn::BitCast(d32, b);
      const auto low = hn::MulEven(a32, b32);
      const auto cross = hn::Add(hn::MulEven(a_hi, b32), hn::MulEven(a32, b_hi));
      return hn::Add(low, hn::ShiftLeft<32>(cross));
    }
#endif
  }
}

// ---- float Sum/Prod combine, as a functor for the tree helpers ----

template <bool kProd>
struct SumProdOp {
  template <class V>
  HWY_INLINE V operator()(V a, V b) const {
    return kProd ? hn::Mul(a, b) : hn::Add(a, b);
  }
};

// ---- total order for float Max/Min: -0 < +0; NaN handled by the callers ----

// Maps float bits (as signed ints) to keys whose signed order is the float order; an
// involution, so it also maps keys back.
template <class DI>
HWY_INLINE hn::Vec<DI> FloatKey(DI di, hn::Vec<DI> bits) {
  using TI = hn::TFromD<DI>;
  constexpr int kShift = static_cast<int>(sizeof(TI) * 8 - 1);
  const TI mag_mask = hwy::LimitsMax<TI>();
  return hn::Xor(bits, hn::And(hn::ShiftRight<kShift>(bits), hn::Set(di, mag_mask)));
}

// Float Max/Min over bit patterns (signed lanes TI) by three integer folds instead of the
// total-order key (3 vector ops per vector instead of 7). The signed max is the largest
// clear-sign pattern (the largest float) whenever one is present; the unsigned max is the
// largest set-sign pattern (the most negative float) whenever one is present; when every sign
// is the same the signed min is the float nearest zero. So the result is the total-order best
// (-0 < +0) the key comparison picks. A NaN shows as a signed max above +inf or an unsigned
// max above -inf; callers then take the first NaN in order themselves.
template <class DI>
struct SignFolds {
  using V = hn::Vec<DI>;
  using TI = hn::TFromD<DI>;
  V smax, smin, umax;  // umax: unsigned order, kept in the signed lanes

  static HWY_INLINE SignFolds Of(V v) { return {v, v, v}; }
  HWY_INLINE void Add(DI d, V v) {
    const hn::RebindToUnsigned<DI> du;
    smax = hn::Max(smax, v);
    smin = hn::Min(smin, v);
    umax = hn::BitCast(d, hn::Max(hn::BitCast(du, umax), hn::BitCast(du, v)));
#if HWY_ARCH_X86 && HWY_TARGET != HWY_SCALAR && defined(__GNUC__) && !defined(__clang__)
    // One load feeding the three folds, each fold kept in its own register. Without it GCC 12
    // folds the load into each fold (three loads per vector), or, with v alone pinned, writes
    // each fold to a new register and copies it back every step: a register move per fold, a
    // third of the loop's instructions (FloatMaxMinBits, the MAX/MIN reduce-all rows).
    asm("" : "+v"(smax.raw), "+v"(smin.raw), "+v"(umax.raw) : "v"(v.raw));
#endif
  }
  HWY_INLINE void Merge(DI d, const SignFolds& o) {
    const hn::RebindToUnsigned<DI> du;
    smax = hn::Max(smax, o.smax);
    smin = hn::Min(smin, o.smin);
    umax = hn::BitCast(d, hn::Max(hn::BitCast(du, umax), hn::BitCast(du, o.umax)));
  }
  // Every lane holds the folds over all lanes.
  HWY_INLINE SignFolds AcrossLanes(DI d) const {
    const hn::RebindToUnsigned<DI> du;
    return {hn::MaxOfLanes(d, smax), hn::MinOfLanes(d, smin),
            hn::BitCast(d, hn::MaxOfLanes(du, hn::BitCast(du, umax)))};
  }
  // Lanes that saw a NaN pattern; inf_bits is +inf's pattern.
  HWY_INLINE hn::Mask<DI> HasNaN(DI d, TI inf_bits) const {
    const hn::RebindToUnsigned<DI> du;
    using TU = hn::TFromD<decltype(du)>;
    const TU neg_inf = static_cast<TU>(static_cast<TU>(inf_bits) | hwy::LimitsMin<TI>());
    const auto neg_nan = hn::Gt(hn::BitCast(du, umax), hn::Set(du, neg_inf));
    return hn::Or(hn::Gt(smax, hn::Set(d, inf_bits)), hn::RebindMask(d, neg_nan));
  }
  // The total-order best of each lane (meaningful where HasNaN is false).
  HWY_INLINE V Best(DI d, bool is_max) const {
    const auto zero = hn::Zero(d);
    if (is_max) return hn::IfThenElse(hn::Lt(smax, zero), smin, smax);
    return hn::IfThenElse(hn::Lt(umax, zero), umax, smin);
  }
};

// NaN-propagating max/min of floats (a's NaN wins over b's).
template <bool kMax, class D>
HWY_INLINE hn::Vec<D> FloatMaxMin(D d, hn::Vec<D> a, hn::Vec<D> b) {
#if HWY_TARGET == HWY_AVX2
  if constexpr (std::is_same_v<hn::TFromD<D>, float> && hn::MaxLanes(D()) == 8) {
    // maxps/minps return b's bits when either lane is a NaN, and b of two zeros. So equal lanes
    // (two zeros of either sign, or one value) take a & b for max (+0 over -0), a | b for min,
    // and a NaN in a is put back: the total-order result with a's NaN first, as below, in 6
    // instructions instead of 15 (the float32 MAX/MIN middle rows' folds: issue 29, session 38).
    const __m256 m = kMax ? _mm256_max_ps(a.raw, b.raw) : _mm256_min_ps(a.raw, b.raw);
    const __m256 same = kMax ? _mm256_and_ps(a.raw, b.raw) : _mm256_or_ps(a.raw, b.raw);
    const __m256 r = _mm256_blendv_ps(m, same, _mm256_cmp_ps(a.raw, b.raw, _CMP_EQ_OQ));
    return hn::Vec<D>{_mm256_blendv_ps(r, a.raw, _mm256_cmp_ps(a.raw, a.raw, _CMP_UNORD_Q))};
  }
#elif HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  if constexpr (std::is_same_v<hn::TFromD<D>, float> && hn::MaxLanes(D()) == 16) {
    // The same 6 instructions with mask registers: the float32 MAX middle row spent 67 % of its
    // launch in the folds' 15 (issue 29, session 45).
    const __m512 m = kMax ? _mm512_max_ps(a.raw, b.raw) : _mm512_min_ps(a.raw, b.raw);
    const __m512 same = kMax ? _mm512_and_ps(a.raw, b.raw) : _mm512_or_ps(a.raw, b.raw);
    const __m512 r = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a.raw, b.raw, _CMP_EQ_OQ), m, same);
    return hn::Vec<D>{
        _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a.raw, a.raw, _CMP_UNORD_Q), r, a.raw)};
  }
#endif
  const hn::RebindToSigned<D> di;
  const auto ka = FloatKey(di, hn::BitCast(di, a));
  const auto kb = FloatKey(di, hn::BitCast(di, b));
  const auto k = kMax ? hn::Max(ka, kb) : hn::Min(ka, kb);
  auto r = hn::BitCast(d, FloatKey(di, k));
  r = hn::IfThenElse(hn::IsNaN(b), b, r);
  return hn::IfThenElse(hn::IsNaN(a), a, r);
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_COMMON_INL_H_
