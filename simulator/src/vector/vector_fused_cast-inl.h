// Per-target lanes of the fused arithmetic-and-convert instructions (vector_fused_cast_unit.h)
// but AddDeqRelu: each vector is loaded, widened, combined and narrowed in registers, with the
// steps of the chunked path they replace (vector_fused_cast.cc): float32 arithmetic whose NaN
// is the left operand's, else the right's (as the x86 instruction the plain loop compiled to),
// Relu keeping NaN and turning -0 into +0, F32ToHalf, and Cast's float16 -> int8/uint8 lanes
// (F32LanesToInt, nearest-even: FusedCastToByte gives its bits in fewer steps). Included once per
// target by vector_cast.cc after vector_cast-inl.h (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_FUSED_CAST_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_FUSED_CAST_INL_H_
#undef OPSIM_SIM_VECTOR_FUSED_CAST_INL_H_
#else
#define OPSIM_SIM_VECTOR_FUSED_CAST_INL_H_
#endif

#include <cstring>

#include <hwy/highway.h>

#include "opsim/sim/vector_fused_cast_unit.h"
#include "vector/vector_cast-inl.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// dst[i] = f(a[i], b[i]) with a, b lanes of DIn and results of DOut (as many lanes). The tail runs
// through zero-padded vectors. Each vector is read before its results are written, as each chunk
// was, so dst == a gives what it gave.
template <class DIn, class DOut, class F>
HWY_INLINE void ZipLoop(DIn din, DOut dout, hn::TFromD<DOut>* dst, const hn::TFromD<DIn>* a,
                        const hn::TFromD<DIn>* b, size_t n, F f) {
  using TIn = hn::TFromD<DIn>;
  using TOut = hn::TFromD<DOut>;
  const size_t N = hn::Lanes(din);
  size_t i = 0;
  for (; i + N <= n; i += N)
    hn::StoreU(f(hn::LoadU(din, a + i), hn::LoadU(din, b + i)), dout, dst + i);
  if (i == n) return;
  HWY_ALIGN TIn ta[hn::MaxLanes(din)] = {};
  HWY_ALIGN TIn tb[hn::MaxLanes(din)] = {};
  HWY_ALIGN TOut tout[hn::MaxLanes(dout)];
  std::memcpy(ta, a + i, (n - i) * sizeof(TIn));
  std::memcpy(tb, b + i, (n - i) * sizeof(TIn));
  hn::Store(f(hn::Load(din, ta), hn::Load(din, tb)), dout, tout);
  std::memcpy(dst + i, tout, (n - i) * sizeof(TOut));
}

// x op y on float lanes (op: kAddRelu's add, kSubRelu's subtract or kMul's multiply, switched per
// vector), a NaN operand's NaN (quietened) taking the left one first: the compiler may swap a
// commutative Add or Mul's operands, so the rule is written out.
template <class V>
HWY_INLINE V FusedCastArith(FusedCastOp op, V x, V y) {
  const V r = op == FusedCastOp::kMul       ? hn::Mul(x, y)
              : op == FusedCastOp::kSubRelu ? hn::Sub(x, y)
                                            : hn::Add(x, y);
  if (HWY_LIKELY(hn::AllFalse(hn::DFromV<V>(), hn::IsNaN(r)))) return r;
  const auto quiet = [](V v) {
    const hn::DFromV<V> d;
    const hn::RebindToUnsigned<decltype(d)> du;
    return hn::BitCast(d, hn::Or(hn::BitCast(du, v), hn::Set(du, 0x00400000u)));
  };
  return hn::IfThenElse(hn::IsNaN(x), quiet(x), hn::IfThenElse(hn::IsNaN(y), quiet(y), r));
}

// max(x, 0) with NaN kept and -0 -> +0.
template <class V>
HWY_INLINE V FusedCastRelu(V x) {
  const hn::DFromV<V> d;
  return hn::IfThenElse(hn::IsNaN(x), x, hn::IfThenElseZero(hn::Gt(x, hn::Zero(d)), x));
}

// The int8/uint8 lanes of x op y: what F32LanesToInt<T> of the float16-rounded result gives
// (nearest even, saturating, NaN to 0), in fewer steps. A NaN's payload and a zero's sign never
// reach an integer, so the NaN rule and Relu's kept NaN drop out (the portable targets zero
// NaN first: their Max and Min are not x86's on NaN). Clamping to T's range before the float16
// rounding gives what saturating after it does (both roundings are monotonic and keep the bounds,
// integers that float16 holds). Adding 1.5 * 2^23 then rounds the clamped value to the nearest-even
// integer k in the low bits of the sum (its ulp is 1, the shifter even), whose low byte is the
// result.
template <typename T, class DF>
HWY_INLINE hn::Vec<hn::Rebind<T, DF>> FusedCastToByte(DF df, FusedCastOp op, hn::Vec<DF> x,
                                                      hn::Vec<DF> y) {
  const hn::RebindToUnsigned<DF> du;
  const auto r = op == FusedCastOp::kMul       ? hn::Mul(x, y)
                 : op == FusedCastOp::kSubRelu ? hn::Sub(x, y)
                                               : hn::Add(x, y);
  const bool zero_bound = op != FusedCastOp::kMul || !hwy::IsSigned<T>();  // Relu or unsigned
  const auto hi = hn::Set(df, static_cast<float>(hwy::LimitsMax<T>()));
#if HWY_ARCH_X86 && HWY_TARGET != HWY_EMU128 && HWY_TARGET != HWY_SCALAR
  // maxps and minps return their second operand when one is NaN, and for two zeros: a NaN lane
  // stays NaN through the clamps, the float16 rounding and the shifter, and a NaN widened from
  // float16 has its low 13 bits zero, so its low byte is 0; -0 ends as 0 too.
  const auto c = hn::Min(hi, hn::Max(hn::Set(df, zero_bound ? 0.0f : -128.0f), r));
#else
  const auto c =
      hn::Min(zero_bound ? hn::IfThenElseZero(hn::Gt(r, hn::Zero(df)), r)
                         : hn::Max(hn::IfThenZeroElse(hn::IsNaN(r), r), hn::Set(df, -128.0f)),
              hi);
#endif
  const auto v = hn::Add(HalfToF32ForArithmetic(df, F32ToHalf(df, c)), hn::Set(df, 0x1.8p23f));
  // The sum's bits are 0x4B400000 + k: its low byte is k's (two's complement for T's range).
  const hn::Rebind<uint8_t, DF> du8;
  return hn::BitCast(hn::Rebind<T, DF>(), hn::TruncateTo(du8, hn::BitCast(du, v)));
}

#if HWY_TARGET == HWY_AVX2
// FusedCastToByte's bytes, 16 lanes a step (AVX2). On Zen 3 the float16 conversions and the float
// adds share two pipes, which bound the 8-lane loop; here TruncateTo's shuffle, extract and 8-byte
// store a vector become two packs, an extract, a vpshufd and one 16-byte store for 16 lanes. With
// a zero lower bound `maxps(r, 0)` sends NaN to 0, so `vcvtps2dq` (nearest even, as the shifter)
// takes the rounded value directly; signed MulCast keeps NaN through the clamps and the shifter,
// whose low byte (0 for NaN) is masked out before the unsigned packs. A step reads its 16 lanes
// before it writes them, as ZipLoop does. Returns the lanes written (a multiple of 16).
template <typename T>
HWY_INLINE size_t FusedCastHalfToByte16(FusedCastOp op, T* dst, const uint16_t* a,
                                        const uint16_t* b, size_t n) {
  const __m256 hi = _mm256_set1_ps(static_cast<float>(hwy::LimitsMax<T>()));
  const auto arith = [op](const uint16_t* pa, const uint16_t* pb) {
    const __m256 x = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(pa)));
    const __m256 y = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(pb)));
    return op == FusedCastOp::kMul       ? _mm256_mul_ps(x, y)
           : op == FusedCastOp::kSubRelu ? _mm256_sub_ps(x, y)
                                         : _mm256_add_ps(x, y);
  };
  const auto half_round = [](__m256 c) {
    return _mm256_cvtph_ps(_mm256_cvtps_ph(c, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  };
  const auto store = [dst](size_t at, __m256i k0, __m256i k1, bool signed_pack) {
    const __m256i w = signed_pack ? _mm256_packs_epi32(k0, k1) : _mm256_packus_epi32(k0, k1);
    const __m128i q = _mm_packus_epi16(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + at), _mm_shuffle_epi32(q, 0xD8));
  };
  size_t i = 0;
  if (op != FusedCastOp::kMul || !hwy::IsSigned<T>()) {
    const __m256 zero = _mm256_setzero_ps();
    const auto k = [&](size_t at) {
      return _mm256_cvtps_epi32(
          half_round(_mm256_min_ps(hi, _mm256_max_ps(arith(a + at, b + at), zero))));
    };
    for (; i + 16 <= n; i += 16) store(i, k(i), k(i + 8), true);
  } else {
    const __m256 lo = _mm256_set1_ps(-128.0f);
    const __m256 shifter = _mm256_set1_ps(0x1.8p23f);
    const __m256i byte = _mm256_set1_epi32(0xFF);
    const auto k = [&](size_t at) {
      const __m256 c = _mm256_min_ps(hi, _mm256_max_ps(lo, arith(a + at, b + at)));
      return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(half_round(c), shifter)), byte);
    };
    for (; i + 16 <= n; i += 16) store(i, k(i), k(i + 8), false);
  }
  return i;
}
#endif

// float32 sources -> float16 (T = uint16_t) or float16 sources -> int8/uint8 (kHalfSrc). One
// loop per (source, destination) pair: AddRelu and SubRelu share it.
template <bool kHalfSrc, typename T>
HWY_NOINLINE void FusedCastFloat(FusedCastOp op, T* dst, const void* a, const void* b, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::Rebind<T, decltype(df)> dt;
  if constexpr (kHalfSrc) {
    static_assert(sizeof(T) == 1, "float16 sources go to int8/uint8");
    const hn::Rebind<uint16_t, decltype(df)> d16;
    const auto* ha = static_cast<const uint16_t*>(a);
    const auto* hb = static_cast<const uint16_t*>(b);
#if HWY_TARGET == HWY_AVX2
    const size_t done = FusedCastHalfToByte16(op, dst, ha, hb, n);
    dst += done;
    ha += done;
    hb += done;
    n -= done;
#endif
    ZipLoop(d16, dt, dst, ha, hb, n, [df, op](auto x, auto y) {
      return FusedCastToByte<T>(df, op, HalfToF32ForArithmetic(df, x),
                                HalfToF32ForArithmetic(df, y));
    });
  } else {
    static_assert(sizeof(T) == 2, "float32 sources go to float16");
    const bool relu = op != FusedCastOp::kMul;
    ZipLoop(df, dt, dst, static_cast<const float*>(a), static_cast<const float*>(b), n,
            [df, op, relu](auto x, auto y) {
              auto r = FusedCastArith(op, x, y);
              if (relu) r = FusedCastRelu(r);
              return F32ToHalf(df, r);
            });
  }
}

// int16 -> int8 AddRelu/SubRelu: the exact sum clamped to [0, 127]; int16 saturation changes no
// result (a sum beyond int16's range is beyond the clamp's too).
inline void FusedCastInt16(bool sub, int8_t* dst, const int16_t* a, const int16_t* b, size_t n) {
  const hn::ScalableTag<int16_t> d;
  const hn::Rebind<int8_t, decltype(d)> d8;
  ZipLoop(d, d8, dst, a, b, n, [d, d8, sub](auto x, auto y) {
    const auto s = sub ? hn::SaturatedSub(x, y) : hn::SaturatedAdd(x, y);
    return hn::DemoteTo(d8, hn::Min(hn::Max(s, hn::Zero(d)), hn::Set(d, int16_t{127})));
  });
}

// False for a pair it does not take (AddDeqRelu, or not one of vector_fused_cast_unit.h's).
inline bool FusedCastImpl(FusedCastOp op, DType dst_type, void* dst, DType src_type, const void* a,
                          const void* b, size_t n) {
  const bool relu = op == FusedCastOp::kAddRelu || op == FusedCastOp::kSubRelu;
  if (relu && src_type == DType::kInt16 && dst_type == DType::kInt8) {
    FusedCastInt16(op == FusedCastOp::kSubRelu, static_cast<int8_t*>(dst),
                   static_cast<const int16_t*>(a), static_cast<const int16_t*>(b), n);
    return true;
  }
  if (relu && src_type == DType::kFloat32 && dst_type == DType::kFloat16) {
    FusedCastFloat<false>(op, static_cast<uint16_t*>(dst), a, b, n);
    return true;
  }
  if (src_type != DType::kFloat16 || !(relu || op == FusedCastOp::kMul)) return false;
  if (dst_type == DType::kInt8) {
    FusedCastFloat<true>(op, static_cast<int8_t*>(dst), a, b, n);
    return true;
  }
  if (dst_type == DType::kUInt8 && op == FusedCastOp::kMul) {
    FusedCastFloat<true>(op, static_cast<uint8_t*>(dst), a, b, n);
    return true;
  }
  return false;
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_FUSED_CAST_INL_H_
