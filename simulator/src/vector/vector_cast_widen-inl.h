// Per-target Cast, first part: the lane loop every cast step runs on, and the widening of a
// source to the 64-bit intermediate (float64, or int64/uint64 for integers). vector_cast-inl.h
// includes it.
#if defined(OPSIM_SIM_VECTOR_CAST_WIDEN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_CAST_WIDEN_INL_H_
#undef OPSIM_SIM_VECTOR_CAST_WIDEN_INL_H_
#else
#define OPSIM_SIM_VECTOR_CAST_WIDEN_INL_H_
#endif

#include <cstring>

#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out[i] = f(in[i]) for descriptors with equal lane counts; the tail runs through padding.
template <class DIn, class DOut, class F>
HWY_INLINE void ConvertLoop(DIn din, DOut dout, const hn::TFromD<DIn>* in, hn::TFromD<DOut>* out,
                            size_t n, F f) {
  using TIn = hn::TFromD<DIn>;
  using TOut = hn::TFromD<DOut>;
  const size_t N = hn::Lanes(din);
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(f(hn::LoadU(din, in + i)), dout, out + i);
  if (i == n) return;
  HWY_ALIGN TIn tin[hn::MaxLanes(din)] = {};
  HWY_ALIGN TOut tout[hn::MaxLanes(dout)];
  std::memcpy(tin, in + i, (n - i) * sizeof(TIn));
  hn::Store(f(hn::Load(din, tin)), dout, tout);
  std::memcpy(out + i, tout, (n - i) * sizeof(TOut));
}

constexpr size_t kCastChunk = 256;

inline bool Is16BitFloat(DType t) { return t == DType::kFloat16 || t == DType::kBFloat16; }
inline bool IsSignedInt(DType t) {
  return t == DType::kInt8 || t == DType::kInt32 || t == DType::kInt64;
}

// ---- widening: source dtype -> float64 or int64/uint64 ----

inline void WidenFloat(DType st, const void* src, double* out, size_t n) {
  const hn::ScalableTag<double> d64;
  const hn::Rebind<float, decltype(d64)> d32;
  const auto promote = [d64](auto v) { return hn::PromoteTo(d64, v); };
  if (st == DType::kFloat64) {
    std::memcpy(out, src, n * sizeof(double));
  } else if (st == DType::kFloat32) {
    ConvertLoop(d32, d64, static_cast<const float*>(src), out, n, promote);
  } else {
    HWY_ALIGN float tmp[kCastChunk];
    Narrow16ToF32(st == DType::kFloat16, static_cast<const uint16_t*>(src), tmp, n);
    ConvertLoop(d32, d64, tmp, out, n, promote);
  }
}

// Signed sources sign-extend into int64 lanes, unsigned ones zero-extend (as uint64 bits).
inline void WidenInt(DType st, const void* src, int64_t* out, size_t n) {
  const hn::ScalableTag<int64_t> di64;
  const hn::Rebind<int32_t, decltype(di64)> di32;
  const hn::Rebind<int16_t, decltype(di64)> di16;
  const hn::Rebind<int8_t, decltype(di64)> di8;
  const hn::ScalableTag<uint64_t> du64;
  const hn::Rebind<uint32_t, decltype(du64)> du32;
  const hn::Rebind<uint16_t, decltype(du64)> du16;
  const hn::Rebind<uint8_t, decltype(du64)> du8;
  auto* uout = reinterpret_cast<uint64_t*>(out);
  switch (st) {
    case DType::kInt64:
    case DType::kUInt64: std::memcpy(out, src, n * sizeof(int64_t)); return;
    case DType::kInt32:
      return ConvertLoop(di32, di64, static_cast<const int32_t*>(src), out, n,
                         [di64](auto v) { return hn::PromoteTo(di64, v); });
    case DType::kUInt32:
      return ConvertLoop(du32, du64, static_cast<const uint32_t*>(src), uout, n,
                         [du64](auto v) { return hn::PromoteTo(du64, v); });
    case DType::kInt16:
      return ConvertLoop(
          di16, di64, static_cast<const int16_t*>(src), out, n,
          [di64, di32](auto v) { return hn::PromoteTo(di64, hn::PromoteTo(di32, v)); });
    case DType::kUInt16:
      return ConvertLoop(
          du16, du64, static_cast<const uint16_t*>(src), uout, n,
          [du64, du32](auto v) { return hn::PromoteTo(du64, hn::PromoteTo(du32, v)); });
    case DType::kInt8:
      return ConvertLoop(di8, di64, static_cast<const int8_t*>(src), out, n, [di64, di32](auto v) {
        return hn::PromoteTo(di64, hn::PromoteTo(di32, v));
      });
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default:                 // uint8, bool
      return ConvertLoop(
          du8, du64, static_cast<const uint8_t*>(src), uout, n,
          [du64, du32](auto v) { return hn::PromoteTo(du64, hn::PromoteTo(du32, v)); });
  }
}

// Integers -> float64. Up to 32-bit sources are exact. 64-bit ones are split as
// hi * 2^32 + lo (both exact), added once (nearest-even), and with `odd` turned into
// round-to-odd via the exact Fast2Sum error, so that a later narrowing rounds only once.
inline void IntToF64(DType st, const int64_t* in, double* out, size_t n, bool odd) {
  const hn::ScalableTag<int64_t> di;
  const hn::ScalableTag<double> df;
  const hn::RebindToUnsigned<decltype(di)> du;
  if (st != DType::kInt64 && st != DType::kUInt64) {
    return ConvertLoop(di, df, in, out, n, [df](auto v) { return hn::ConvertTo(df, v); });
  }
  const bool is_unsigned = st == DType::kUInt64;
  ConvertLoop(di, df, in, out, n, [=](auto v) {
    const auto hi_bits = is_unsigned ? hn::BitCast(di, hn::ShiftRight<32>(hn::BitCast(du, v)))
                                     : hn::ShiftRight<32>(v);
    const auto lo_bits = hn::And(v, hn::Set(di, int64_t{0xFFFFFFFF}));
    const auto a = hn::Mul(hn::ConvertTo(df, hi_bits), hn::Set(df, 4294967296.0));
    const auto b = hn::ConvertTo(df, lo_bits);
    const auto s = hn::Add(a, b);
    if (!odd) return s;
    const auto err = hn::Sub(b, hn::Sub(s, a));
    const auto sb = hn::BitCast(di, s);
    const auto even = hn::Eq(hn::And(sb, hn::Set(di, 1)), hn::Zero(di));
    const auto adjust = hn::And(hn::RebindMask(di, hn::Ne(err, hn::Zero(df))), even);
    // Moving the bit pattern by +1 grows the magnitude, -1 shrinks it (sign-magnitude).
    const auto grows = hn::RebindMask(di, hn::Eq(hn::VecFromMask(df, hn::Lt(err, hn::Zero(df))),
                                                 hn::VecFromMask(df, hn::Lt(s, hn::Zero(df)))));
    const auto step = hn::IfThenElse(grows, hn::Set(di, 1), hn::Set(di, -1));
    return hn::BitCast(df, hn::Add(sb, hn::IfThenElseZero(adjust, step)));
  });
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_CAST_WIDEN_INL_H_
