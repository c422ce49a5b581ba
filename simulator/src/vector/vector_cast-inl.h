// Per-target Cast. Every pair goes through one 64-bit intermediate per chunk (float64 for
// floats, int64/uint64 for integers; vector_cast_widen-inl.h), so there is one widening and one
// narrowing loop per dtype instead of one kernel per (source, destination) pair. The hot pairs
// have direct paths: float16/bfloat16 <-> float32, float32/float16/bfloat16 -> integers of up to
// 32 bits and float32 -> float16 in the directed modes on float32 lanes. Only float -> int
// round-to-odd and the NaN and infinite elements of a float64 narrowing with a directed,
// away-from-zero-tie or odd mode run per element.
#if defined(OPSIM_SIM_VECTOR_CAST_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_CAST_INL_H_
#undef OPSIM_SIM_VECTOR_CAST_INL_H_
#else
#define OPSIM_SIM_VECTOR_CAST_INL_H_
#endif

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_cast_widen-inl.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_scalar.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// ---- narrowing: float64 -> float dtype ----

// float64 -> float32, nearest-even, with IEEE overflow to inf on every target (the scalar
// target's DemoteTo saturates to the largest float instead).
template <class D64>
HWY_INLINE hn::Vec<hn::Rebind<float, D64>> DemoteRint(D64 d64, hn::Vec<D64> v) {
  const hn::Rebind<float, D64> d32;
  const hn::Rebind<uint32_t, D64> du32;
  const hn::RebindToUnsigned<D64> du64;
  const auto r = hn::DemoteTo(d32, v);
  // |v| >= FLT_MAX + half an ulp rounds to inf.
  const auto overflow = hn::Ge(hn::Abs(v), hn::Set(d64, 340282356779733661637539395458142568448.0));
  const auto over32 = hn::TruncateTo(du32, hn::BitCast(du64, hn::VecFromMask(d64, overflow)));
  const auto inf = hn::BitCast(du32, hn::CopySign(hn::Set(d32, HUGE_VALF), r));
  return hn::BitCast(d32,
                     hn::IfThenElse(hn::Ne(over32, hn::Zero(du32)), inf, hn::BitCast(du32, r)));
}

// float64 -> float32 rounded to odd: exact for a following nearest-even narrowing to 16 bits.
template <class D64>
HWY_INLINE hn::Vec<hn::Rebind<float, D64>> DemoteOdd(D64 d64, hn::Vec<D64> v) {
  const hn::Rebind<float, D64> d32;
  const hn::Rebind<uint32_t, D64> du32;
  const hn::RebindToUnsigned<D64> du64;
  const auto r = DemoteRint(d64, v);
  const auto back = hn::PromoteTo(d64, r);
  const auto inexact = hn::AndNot(hn::IsNaN(v), hn::Ne(back, v));
  const auto shrink = hn::And(inexact, hn::Gt(hn::Abs(back), hn::Abs(v)));
  const auto inexact32 = hn::TruncateTo(du32, hn::BitCast(du64, hn::VecFromMask(d64, inexact)));
  const auto shrink32 = hn::TruncateTo(du32, hn::BitCast(du64, hn::VecFromMask(d64, shrink)));
  const auto one = hn::Set(du32, 1u);
  auto bits = hn::Sub(hn::BitCast(du32, r), hn::And(shrink32, one));  // truncate towards zero
  bits = hn::Or(bits, hn::And(inexact32, one));                       // sticky bit
  return hn::BitCast(d32, bits);
}

// float64 (or float32) -> a narrower format's value (still in the lanes' type) rounded per a
// directed, away-from-zero tie or odd mode, as detail::NarrowScalar rounds a finite value: |x| =
// s * q with q one unit in the last place of x's binade in the format (of its smallest normal
// binade below that), t the integral part of s, t + 1 where the mode says; every step is exact
// in the lanes' type as long as q and 1 / q are normal numbers of it (float32 lanes: float16
// only). Non-finite lanes come out as they went in (NarrowFloat gives them to NarrowScalar).
template <class D>
HWY_INLINE hn::Vec<D> NarrowDirected(D d, hn::Vec<D> x, const detail::FloatFormat& fmt,
                                     Round mode) {
  using T = hn::TFromD<D>;
  constexpr int kMant = sizeof(T) == 8 ? 52 : 23;
  constexpr int kBias = sizeof(T) == 8 ? 1023 : 127;
  const hn::RebindToSigned<D> di;
  using TI = hn::TFromD<decltype(di)>;
  const auto ax = hn::Abs(x);
  const auto sign = hn::Xor(x, ax);
  const auto neg = hn::Lt(x, hn::Zero(d));  // -0 is no smaller than 0: it comes out -0 anyway
  const auto biased = hn::ShiftRight<kMant>(hn::BitCast(di, ax));
  const auto exp = hn::Max(hn::Sub(biased, hn::Set(di, TI{kBias})), hn::Set(di, TI(fmt.min_exp)));
  const auto q_exp = hn::Sub(exp, hn::Set(di, TI(fmt.mant_bits)));
  const auto q = hn::BitCast(d, hn::ShiftLeft<kMant>(hn::Add(q_exp, hn::Set(di, TI{kBias}))));
  const auto inv_q = hn::BitCast(d, hn::ShiftLeft<kMant>(hn::Sub(hn::Set(di, TI{kBias}), q_exp)));
  const auto s = hn::Mul(ax, inv_q);
  const auto t = hn::Floor(s);
  const auto frac = hn::Sub(s, t);
  const auto zero = hn::Zero(d);
  const auto inexact = hn::Gt(frac, zero);
  auto up = hn::FirstN(d, 0);
  switch (mode) {
    case Round::kFloor: up = hn::And(neg, inexact); break;
    case Round::kCeil: up = hn::AndNot(neg, inexact); break;
    case Round::kRound: up = hn::Ge(frac, hn::Set(d, T(0.5))); break;
    case Round::kOdd: {
      const auto half_t = hn::Mul(t, hn::Set(d, T(0.5)));
      const auto t_even = hn::Eq(hn::Floor(half_t), half_t);
      up = hn::And(inexact, t_even);
      break;
    }
    default: break;  // kTrunc (the nearest-even modes do not come here)
  }
  // Can be inf on float32 lanes (2^11 * 2^117): above max_finite all the same.
  auto r = hn::Mul(hn::Add(t, hn::IfThenElseZero(up, hn::Set(d, T(1)))), q);
  const bool toward_zero_pos =
      mode == Round::kTrunc || mode == Round::kOdd || mode == Round::kFloor;
  const bool toward_zero_neg = mode == Round::kTrunc || mode == Round::kOdd || mode == Round::kCeil;
  const auto max_finite = hn::Set(d, static_cast<T>(fmt.max_finite));
  const auto toward_zero = hn::IfThenElse(neg, hn::Set(d, T(toward_zero_neg ? 1 : 0)),
                                          hn::Set(d, T(toward_zero_pos ? 1 : 0)));
  const auto overflow_to = hn::IfThenElse(hn::Gt(toward_zero, zero), max_finite,
                                          hn::Set(d, std::numeric_limits<T>::infinity()));
  r = hn::IfThenElse(hn::Gt(r, max_finite), overflow_to, r);
  return hn::Or(r, sign);
}

// NarrowDirected's float16 value of float32 lanes that are zeros or float16 normals in
// magnitude, on the bits: the float16 quantum is the float's 14th mantissa bit (0x2000), so
// clearing the 13 bits below truncates, and adding 0x2000 to the sign-magnitude bits steps one
// quantum away from zero (into the next binade where the mantissa carries). No lane
// overflows: 65504 is a float16. Equal to NarrowDirected's result on every such lane.
template <class DF>
HWY_INLINE hn::Vec<DF> NarrowHalfNormalBits(DF df, hn::Vec<DF> v, Round mode) {
  const hn::RebindToSigned<DF> di;  // all compared values are >= 0
  const auto bits = hn::BitCast(di, v);
  const auto dropped_mask = hn::Set(di, 0x1FFF);
  const auto low = hn::And(bits, dropped_mask);
  const auto t = hn::AndNot(dropped_mask, bits);
  const auto inexact = hn::Ne(low, hn::Zero(di));
  const auto neg = hn::RebindMask(di, hn::Lt(v, hn::Zero(df)));
  auto up = hn::FirstN(di, 0);
  switch (mode) {
    case Round::kFloor: up = hn::And(neg, inexact); break;
    case Round::kCeil: up = hn::AndNot(neg, inexact); break;
    case Round::kRound: up = hn::Gt(low, hn::Set(di, 0x0FFF)); break;  // ties away from zero
    case Round::kOdd:
      up = hn::And(inexact, hn::Eq(hn::And(t, hn::Set(di, 0x2000)), hn::Zero(di)));
      break;
    default: break;  // kTrunc
  }
  return hn::BitCast(df, hn::Add(t, hn::IfThenElseZero(up, hn::Set(di, 0x2000))));
}

// float32 -> float16 in a directed, away-from-zero tie or odd mode: NarrowDirected on float32
// lanes (every step exact, as on double lanes), then the exact conversion. NaN and infinities
// pass as NarrowScalar passes them, and F32ToHalf converts them as FloatToHalfBits does.
// A vector whose lanes are all zeros or float16 normals in magnitude ([2^-14, 65504]: no
// subnormal quantum, no overflow) takes NarrowHalfNormalBits instead.
inline void F32ToHalfDirected(const float* in, uint16_t* out, Round round, size_t n) {
  const hn::ScalableTag<float> df;
  ConvertLoop(df, hn::Rebind<uint16_t, decltype(df)>(), in, out, n, [df, round](auto v) {
    const auto ax = hn::Abs(v);
    const auto normal =
        hn::And(hn::Ge(ax, hn::Set(df, 0x1p-14f)), hn::Le(ax, hn::Set(df, 65504.0f)));
    if (HWY_LIKELY(hn::AllTrue(df, hn::Or(normal, hn::Eq(ax, hn::Zero(df)))))) {
      return F32ToHalf(df, NarrowHalfNormalBits(df, v, round));
    }
    const auto narrowed = NarrowDirected(df, v, detail::kF16Format, round);
    return F32ToHalf(df, hn::IfThenElse(hn::IsFinite(v), narrowed, v));
  });
}

inline void NarrowFloat(DType dt, const double* in, void* out, Round round, size_t n) {
  if (dt == DType::kFloat64) {
    std::memcpy(out, in, n * sizeof(double));
    return;
  }
  const hn::ScalableTag<double> d64;
  const hn::Rebind<float, decltype(d64)> d32;
  if (round == Round::kNone || round == Round::kRint) {
    if (dt == DType::kFloat32) {
      ConvertLoop(d64, d32, in, static_cast<float*>(out), n,
                  [d64](auto v) { return DemoteRint(d64, v); });
      return;
    }
    HWY_ALIGN float tmp[kCastChunk];
    ConvertLoop(d64, d32, in, tmp, n, [d64](auto v) { return DemoteOdd(d64, v); });
    F32ToNarrow16(dt == DType::kFloat16, tmp, static_cast<uint16_t*>(out), n);
    return;
  }
  // Directed, away-from-zero-tie and odd rounding: the value in the format, in double lanes
  // (NarrowDirected), then conversions that are exact for it; NaN and infinities element by
  // element.
  const detail::FloatFormat& fmt = dt == DType::kFloat32   ? detail::kF32Format
                                   : dt == DType::kFloat16 ? detail::kF16Format
                                                           : detail::kBF16Format;
  const auto directed = [d64, &fmt, round](auto v) {
    return DemoteRint(d64, NarrowDirected(d64, v, fmt, round));
  };
  if (dt == DType::kFloat32) {
    ConvertLoop(d64, d32, in, static_cast<float*>(out), n, directed);
  } else {
    HWY_ALIGN float narrow[kCastChunk] = {};  // zeroed: GCC cannot see ConvertLoop fill it
    ConvertLoop(d64, d32, in, narrow, n, directed);
    F32ToNarrow16(dt == DType::kFloat16, narrow, static_cast<uint16_t*>(out), n);
  }
  for (size_t i = 0; i < n; ++i) {
    if (std::isfinite(in[i])) continue;
    if (dt == DType::kFloat32) {
      const double r = detail::NarrowScalar(in[i], detail::kF32Format, round);
      static_cast<float*>(out)[i] = static_cast<float>(r);
    } else if (dt == DType::kFloat16) {
      const double r = detail::NarrowScalar(in[i], detail::kF16Format, round);
      static_cast<uint16_t*>(out)[i] = FloatToHalfBits(static_cast<float>(r));
    } else {
      const double r = detail::NarrowScalar(in[i], detail::kBF16Format, round);
      static_cast<uint16_t*>(out)[i] = FloatToBFloat16Bits(static_cast<float>(r));
    }
  }
}

// ---- float64 -> integer dtype: round, saturate, NaN -> 0 ----

template <class D>
HWY_INLINE hn::Vec<D> RoundVec(D d, hn::Vec<D> x, Round round) {
  switch (round) {
    case Round::kFloor: return hn::Floor(x);
    case Round::kCeil: return hn::Ceil(x);
    case Round::kTrunc: return hn::Trunc(x);
    case Round::kRound: {  // half away from zero; x - trunc(x) is exact
      const auto t = hn::Trunc(x);
      const auto half_or_more = hn::Ge(hn::Abs(hn::Sub(x, t)), hn::Set(d, 0.5));
      return hn::Add(t, hn::IfThenElseZero(half_or_more, hn::CopySign(hn::Set(d, 1.0), x)));
    }
    default: return hn::Round(x);  // nearest-even
  }
}

// float -> float: rounds to an integral value per `round`, still a float (the Cast page's
// conversion table: 0.5 gives 0 under CAST_RINT, FLOOR and TRUNC, 1 under CEIL and ROUND).
inline void F32ToIntegral(const float* in, float* out, Round round, size_t n) {
  size_t i = 0;
  if (round != Round::kOdd) {
    const hn::ScalableTag<float> d;
    const size_t lanes = hn::Lanes(d);
    for (; i + lanes <= n; i += lanes)
      hn::StoreU(RoundVec(d, hn::LoadU(d, in + i), round), d, out + i);
  }
  for (; i < n; ++i) out[i] = static_cast<float>(detail::RoundIntegral(in[i], round));
}

template <typename T>
void FloatToIntTyped(const double* in, T* out, Round round, size_t n) {
  if (round == Round::kOdd) {
    for (size_t i = 0; i < n; ++i) {
      out[i] = detail::SaturateToInt<T>(detail::RoundIntegral(in[i], round));
    }
    return;
  }
  const hn::ScalableTag<double> df;
  const hn::Rebind<int64_t, decltype(df)> di;
  const hn::Rebind<uint64_t, decltype(df)> du;
  const hn::Rebind<T, decltype(df)> dt;
  ConvertLoop(df, dt, in, out, n, [=](auto x) {
    auto r = RoundVec(df, x, round);
    r = hn::IfThenZeroElse(hn::IsNaN(r), r);
    hn::Vec<decltype(di)> i64;
    if constexpr (sizeof(T) == 8 && hwy::IsSigned<T>()) {
      const auto big = hn::Ge(r, hn::Set(df, 9223372036854775808.0));
      r = hn::Min(hn::Max(r, hn::Set(df, -9223372036854775808.0)),
                  hn::Set(df, 9223372036854774784.0));  // largest double below 2^63
      i64 = hn::IfThenElse(hn::RebindMask(di, big), hn::Set(di, hwy::LimitsMax<int64_t>()),
                           hn::ConvertTo(di, r));
    } else if constexpr (sizeof(T) == 8) {
      const auto big = hn::Ge(r, hn::Set(df, 18446744073709551616.0));
      const auto high = hn::Ge(r, hn::Set(df, 9223372036854775808.0));
      r = hn::Min(hn::Max(r, hn::Zero(df)), hn::Set(df, 18446744073709549568.0));
      const auto shifted = hn::IfThenElse(high, hn::Sub(r, hn::Set(df, 9223372036854775808.0)), r);
      auto conv = hn::ConvertTo(di, shifted);
      conv = hn::IfThenElse(hn::RebindMask(di, high),
                            hn::Xor(conv, hn::Set(di, hwy::LimitsMin<int64_t>())), conv);
      i64 = hn::IfThenElse(hn::RebindMask(di, big), hn::Set(di, int64_t{-1}), conv);
    } else {
      const double lo = static_cast<double>(hwy::LimitsMin<T>());
      const double hi = static_cast<double>(hwy::LimitsMax<T>());
      r = hn::Min(hn::Max(r, hn::Set(df, lo)), hn::Set(df, hi));
      i64 = hn::ConvertTo(di, r);
    }
    if constexpr (sizeof(T) == 8) {
      return hn::BitCast(dt, i64);
    } else {
      const hn::Rebind<hwy::MakeUnsigned<T>, decltype(df)> dnarrow;
      return hn::BitCast(dt, hn::TruncateTo(dnarrow, hn::BitCast(du, i64)));
    }
  });
}

inline void FloatToInt(DType dt, const double* in, void* out, Round round, size_t n) {
  switch (dt) {
    case DType::kInt8: return FloatToIntTyped(in, static_cast<int8_t*>(out), round, n);
    case DType::kUInt8: return FloatToIntTyped(in, static_cast<uint8_t*>(out), round, n);
    case DType::kInt16: return FloatToIntTyped(in, static_cast<int16_t*>(out), round, n);
    case DType::kUInt16: return FloatToIntTyped(in, static_cast<uint16_t*>(out), round, n);
    case DType::kInt32: return FloatToIntTyped(in, static_cast<int32_t*>(out), round, n);
    case DType::kUInt32: return FloatToIntTyped(in, static_cast<uint32_t*>(out), round, n);
    case DType::kInt64: return FloatToIntTyped(in, static_cast<int64_t*>(out), round, n);
    case DType::kUInt64: return FloatToIntTyped(in, static_cast<uint64_t*>(out), round, n);
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return;
  }
}

// ---- float32 (or float16/bfloat16 through it) -> integer of up to 32 bits, on float lanes ----

// The float32 lanes rounded to an integral value per `round` are the double lanes' value (each
// is exact in both), and every limit of these types but INT32_MAX is a float32: so clamping
// in float32, with 2^31 and up going to INT32_MAX, saturates as SaturateToInt does.
template <typename T, class DF>
HWY_INLINE hn::Vec<hn::Rebind<T, DF>> F32LanesToInt(DF df, hn::Vec<DF> x, Round round) {
  const hn::RebindToSigned<DF> di;
  auto r = RoundVec(df, x, round);
  r = hn::IfThenZeroElse(hn::IsNaN(r), r);
  if constexpr (sizeof(T) == 4) {
    const auto big = hn::RebindMask(di, hn::Ge(r, hn::Set(df, 2147483648.0f)));
    const auto conv = hn::ConvertTo(di, hn::Max(r, hn::Set(df, -2147483648.0f)));
    return hn::IfThenElse(big, hn::Set(di, hwy::LimitsMax<int32_t>()), conv);
  } else {
    // The clamped lane is an integer k below 2^16 in magnitude: adding 1.5 * 2^23 is exact and
    // leaves the bits 0x4B400000 + k, whose low 8 or 16 bits are k's (two's complement).
    const float lo = static_cast<float>(hwy::LimitsMin<T>());
    const float hi = static_cast<float>(hwy::LimitsMax<T>());
    const auto clamped = hn::Min(hn::Max(r, hn::Set(df, lo)), hn::Set(df, hi));
    const auto biased =
        hn::BitCast(hn::RebindToUnsigned<DF>(), hn::Add(clamped, hn::Set(df, 0x1.8p23f)));
    const hn::Rebind<hwy::MakeUnsigned<T>, DF> dut;
    return hn::BitCast(hn::Rebind<T, DF>(), hn::TruncateTo(dut, biased));
  }
}

// A 16-bit source widens in registers (F16C where there is one: the value is all a conversion
// to an integer keeps). Overlapping operands go through chunks, read before written, as the
// double path does, so that an in-place cast gives what it gave.
template <typename T>
HWY_INLINE void F32ToIntTyped(DType st, const void* src, T* out, Round round, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::Rebind<T, decltype(df)> dt;
  const hn::Rebind<uint16_t, decltype(df)> d16;
  const auto to_int = [=](auto x) { return F32LanesToInt<T>(df, x, round); };
  if (st == DType::kFloat32)
    return ConvertLoop(df, dt, static_cast<const float*>(src), out, n, to_int);
  const auto* in = static_cast<const uint16_t*>(src);
  const bool half = st == DType::kFloat16;
  const auto* in_end = reinterpret_cast<const char*>(in + n);
  const auto* out_begin = reinterpret_cast<const char*>(out);
  const bool overlap = out_begin < in_end &&
                       reinterpret_cast<const char*>(in) < reinterpret_cast<const char*>(out + n);
  if (!overlap) {
    return ConvertLoop(d16, dt, in, out, n, [=](auto h) {
      return to_int(half ? HalfToF32ForArithmetic(df, h) : BF16ToF32(df, h));
    });
  }
  HWY_ALIGN float wide[kCastChunk];
  for (size_t i = 0; i < n; i += kCastChunk) {
    const size_t m = n - i < kCastChunk ? n - i : kCastChunk;
    Narrow16ToF32(half, in + i, wide, m);
    ConvertLoop(df, dt, wide, out + i, m, to_int);
  }
}

// Whether F32ToInt takes the pair: a float32/float16/bfloat16 source, a signed or 8/16-bit
// destination, any mode but odd (which stays per element).
inline bool F32ToIntTakes(DType st, DType dt, Round round) {
  const bool src_ok = st == DType::kFloat32 || Is16BitFloat(st);
  const bool dst_ok = dt == DType::kInt8 || dt == DType::kUInt8 || dt == DType::kInt16 ||
                      dt == DType::kUInt16 || dt == DType::kInt32;
  return src_ok && dst_ok && round != Round::kOdd;
}

inline void F32ToInt(DType dt, DType st, const void* src, void* dst, Round round, size_t n) {
  switch (dt) {
    case DType::kInt8: return F32ToIntTyped(st, src, static_cast<int8_t*>(dst), round, n);
    case DType::kUInt8: return F32ToIntTyped(st, src, static_cast<uint8_t*>(dst), round, n);
    case DType::kInt16: return F32ToIntTyped(st, src, static_cast<int16_t*>(dst), round, n);
    case DType::kUInt16: return F32ToIntTyped(st, src, static_cast<uint16_t*>(dst), round, n);
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return F32ToIntTyped(st, src, static_cast<int32_t*>(dst), round, n);
  }
}

// ---- int64 bits -> integer dtype: two's complement truncation ----

inline void TruncateInt(DType dt, const int64_t* in, void* out, size_t n) {
  const hn::ScalableTag<uint64_t> du64;
  const hn::Rebind<uint32_t, decltype(du64)> du32;
  const hn::Rebind<uint16_t, decltype(du64)> du16;
  const hn::Rebind<uint8_t, decltype(du64)> du8;
  const auto* uin = reinterpret_cast<const uint64_t*>(in);
  switch (DTypeSize(dt)) {
    case 8: std::memcpy(out, in, n * sizeof(int64_t)); return;
    case 4:
      return ConvertLoop(du64, du32, uin, static_cast<uint32_t*>(out), n,
                         [du32](auto v) { return hn::TruncateTo(du32, v); });
    case 2:
      return ConvertLoop(du64, du16, uin, static_cast<uint16_t*>(out), n,
                         [du16](auto v) { return hn::TruncateTo(du16, v); });
    case 1:
      return ConvertLoop(du64, du8, uin, static_cast<uint8_t*>(out), n,
                         [du8](auto v) { return hn::TruncateTo(du8, v); });
    default: return;
  }
}

// One 64 B line of 16-bit floats (32 of them; `kHalf`: binary16, else bfloat16) to float32, as
// Narrow16ToF32 converts them. A line is loaded and converted whole before it is stored (the
// caller keeps dst clear of src). binary16 on x86 takes F16C's result and tests the line for a
// NaN once, rebuilding the line through HalfToF32 only when it holds one: the same bits, without
// a test and branch per vector.
template <bool kHalf, class DF>
HWY_INLINE void WidenLine(DF df, const uint16_t* src, float* dst) {
  const hn::Rebind<uint16_t, DF> d16;
  constexpr size_t kLineElems = 32;
  constexpr size_t N = hn::MaxLanes(df);
  constexpr size_t K = kLineElems / N;
  hn::Vec<DF> f[K];
  if constexpr (kHalf) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
    const hn::Rebind<hwy::float16_t, DF> dh;
    for (size_t k = 0; k < K; ++k)
      f[k] = hn::PromoteTo(df, hn::BitCast(dh, hn::LoadU(d16, src + k * N)));
    auto nan = hn::IsNaN(f[0]);
    for (size_t k = 1; k < K; ++k) nan = hn::Or(nan, hn::IsNaN(f[k]));
    if (HWY_UNLIKELY(!hn::AllFalse(df, nan))) {
      for (size_t k = 0; k < K; ++k) f[k] = HalfToF32(df, hn::LoadU(d16, src + k * N));
    }
#else
    for (size_t k = 0; k < K; ++k) f[k] = HalfToF32(df, hn::LoadU(d16, src + k * N));
#endif
  } else {
    for (size_t k = 0; k < K; ++k) f[k] = LoadBF16AsF32(df, src + k * N);
  }
  for (size_t k = 0; k < K; ++k) hn::StoreU(f[k], df, dst + k * N);
}

// 16-bit floats -> float32 for a long source, as Narrow16ToF32 (the same conversion, the same
// bits), a cache line of source per step with the line 4 KB ahead prefetched. A widening Cast
// usually reads a tile in place from GM (copy_elision.h), in pieces of a few KB: alone, the
// hardware prefetcher left each piece's loads waiting on DRAM (perf: 77 % of the loop's samples
// on the first conversion after the load; session 22). A source of 8 KB or more is taken for a
// piece of a longer stream (a tile's rows, 8 KB pieces of them, one after another), whose next
// piece the prefetch reaches into; a shorter one stops prefetching at its end: it is often a row
// of its own, as an ARA column chunk's rows are (4.7 KB, 32 KB apart in the float16 outermost
// row), where the 4 KB past the end were DRAM traffic nothing read, and ReadRowsInPlace fetches
// the next row instead (issue 29, session 25).
template <bool kHalf>
void Widen16ToF32Lines(const uint16_t* src, float* dst, size_t n) {
  const hn::ScalableTag<float> df;
  const size_t N = hn::Lanes(df);
  constexpr size_t kStep = 64 / sizeof(uint16_t);  // one line: 2 or more vectors
  constexpr size_t kAhead = 4096 / sizeof(uint16_t);
  // Overlapping operands keep Narrow16ToF32's order (each vector stored before the next load).
  const auto s8 = reinterpret_cast<uintptr_t>(src);
  const auto d8 = reinterpret_cast<uintptr_t>(dst);
  const bool apart = d8 + n * sizeof(float) <= s8 || s8 + n * sizeof(uint16_t) <= d8;
  const size_t prefetch_end = n >= 2 * kAhead ? SIZE_MAX : n;
  size_t i = 0;
  if (apart && hn::MaxLanes(df) == N && kStep % N == 0 && kStep / N >= 2) {
    for (; i + kStep <= n; i += kStep) {
      if (i + kAhead < prefetch_end) {
        // The address is formed as an integer: past the source it may lie outside any object.
        hwy::Prefetch(reinterpret_cast<const uint16_t*>(s8 + (i + kAhead) * sizeof(uint16_t)));
      }
      WidenLine<kHalf>(df, src + i, dst + i);
    }
  }
  Narrow16ToF32(kHalf, src + i, dst + i, n - i);
}

inline void Widen16ToF32Streaming(bool half, const uint16_t* src, float* dst, size_t n) {
  if (half) return Widen16ToF32Lines<true>(src, dst, n);
  Widen16ToF32Lines<false>(src, dst, n);
}

inline void CastImpl(DType dt, void* dst, DType st, const void* src, Round round, size_t n) {
  if (n == 0 || dt == DType::kBool) return;  // casting to bool: not supported (no-op)
  if (st == DType::kBool) st = DType::kUInt8;
  if (dt == st) {
    if (dt == DType::kFloat32 && round != Round::kNone) {
      return F32ToIntegral(static_cast<const float*>(src), static_cast<float*>(dst), round, n);
    }
    if (dst != src) std::memmove(dst, src, n * DTypeSize(dt));
    return;
  }
  const bool rint = round == Round::kNone || round == Round::kRint;
  if (Is16BitFloat(st) && dt == DType::kFloat32) {
    return Widen16ToF32Streaming(st == DType::kFloat16, static_cast<const uint16_t*>(src),
                                 static_cast<float*>(dst), n);
  }
  if (st == DType::kFloat32 && Is16BitFloat(dt) && rint) {
    return F32ToNarrow16(dt == DType::kFloat16, static_cast<const float*>(src),
                         static_cast<uint16_t*>(dst), n);
  }
  if (st == DType::kFloat32 && dt == DType::kFloat16) {  // the directed and odd modes
    return F32ToHalfDirected(static_cast<const float*>(src), static_cast<uint16_t*>(dst), round, n);
  }
  if (st == DType::kInt32 && dt == DType::kFloat16) {
    // Exact in float32 up to 2^24, so one rounding to half; beyond, float32's rounding cannot
    // matter: every float32 from 2^24 up is above float16's range and becomes +-inf.
    const hn::ScalableTag<int32_t> di;
    const hn::Rebind<float, decltype(di)> df;
    return ConvertLoop(di, hn::Rebind<uint16_t, decltype(di)>(), static_cast<const int32_t*>(src),
                       static_cast<uint16_t*>(dst), n,
                       [df](auto v) { return F32ToHalf(df, hn::ConvertTo(df, v)); });
  }
  if (st == DType::kInt32 && dt == DType::kFloat32) {
    // One nearest-even conversion (cvtdq2ps; a static_cast on the portable targets): the
    // general path's int64 -> double (odd) -> float is the same correctly rounded value.
    const hn::ScalableTag<int32_t> di;
    const hn::Rebind<float, decltype(di)> df;
    return ConvertLoop(di, df, static_cast<const int32_t*>(src), static_cast<float*>(dst), n,
                       [df](auto v) { return hn::ConvertTo(df, v); });
  }
  if (F32ToIntTakes(st, dt, round)) return F32ToInt(dt, st, src, dst, round, n);
  const size_t src_size = DTypeSize(st);
  const size_t dst_size = DTypeSize(dt);
  HWY_ALIGN double wide_f[kCastChunk];
  HWY_ALIGN int64_t wide_i[kCastChunk];
  for (size_t i = 0; i < n; i += kCastChunk) {
    const size_t m = n - i < kCastChunk ? n - i : kCastChunk;
    const void* in = static_cast<const char*>(src) + i * src_size;
    void* out = static_cast<char*>(dst) + i * dst_size;
    if (IsFloating(st)) {
      WidenFloat(st, in, wide_f, m);
      if (IsFloating(dt)) {
        NarrowFloat(dt, wide_f, out, round, m);
      } else {
        FloatToInt(dt, wide_f, out, round, m);
      }
    } else {
      WidenInt(st, in, wide_i, m);
      if (IsFloating(dt)) {
        IntToF64(st, wide_i, wide_f, m, /*odd=*/dt != DType::kFloat64);
        NarrowFloat(dt, wide_f, out, Round::kRint, m);  // int -> float: nearest-even
      } else {
        TruncateInt(dt, wide_i, out, m);
      }
    }
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_CAST_INL_H_
