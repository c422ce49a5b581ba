// Per-target logic, shift, compare and select kernels: bit for bit the per-element model
// (vector_math_scalar.cc) on every target. Integer lanes are exact everywhere; float compares
// run on the float lanes themselves (the model widens to double, which changes no order), the
// 16-bit floats widened to float32 exactly. Compare's bits are packed LSB first per byte.
// Included once per target by vector_logic.cc (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_LOGIC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_LOGIC_INL_H_
#undef OPSIM_SIM_VECTOR_LOGIC_INL_H_
#else
#define OPSIM_SIM_VECTOR_LOGIC_INL_H_
#endif

#include <algorithm>
#include <cstring>
#include <type_traits>

#include <hwy/highway.h>

#include "opsim/sim/vector_math_model.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Calls f(i, m, a, b) for each block of up to Lanes(d) elements: a and b are the loaded lanes
// (b broadcast from b[0] when b_scalar), zero past m in the last block.
template <class D, class F>
HWY_INLINE void ForBlocks(D d, const hn::TFromD<D>* a, const hn::TFromD<D>* b, bool b_scalar,
                          size_t n, F f) {
  using T = hn::TFromD<D>;
  const size_t N = hn::Lanes(d);
  if (n == 0) return;  // a scalar b is not read then (its buffer may hold fewer bytes than a T)
  const auto vb_scalar = hn::Set(d, b_scalar ? b[0] : T(0));
  size_t i = 0;
  for (; i + N <= n; i += N)
    f(i, N, hn::LoadU(d, a + i), b_scalar ? vb_scalar : hn::LoadU(d, b + i));
  if (i == n) return;
  constexpr size_t kMax = hn::MaxLanes(d);
  HWY_ALIGN T ta[kMax] = {};
  HWY_ALIGN T tb[kMax] = {};
  const size_t rest = n - i;
  std::memcpy(ta, a + i, rest * sizeof(T));
  if (!b_scalar) std::memcpy(tb, b + i, rest * sizeof(T));
  f(i, rest, hn::Load(d, ta), b_scalar ? vb_scalar : hn::Load(d, tb));
}

// Stores the first m lanes of r (m <= Lanes(d)) to out.
template <class D>
HWY_INLINE void StorePart(D d, hn::Vec<D> r, hn::TFromD<D>* out, size_t m) {
  if (m == hn::Lanes(d)) return hn::StoreU(r, d, out);
  constexpr size_t kMax = hn::MaxLanes(d);
  HWY_ALIGN hn::TFromD<D> tail[kMax];
  hn::Store(r, d, tail);
  std::memcpy(out, tail, std::min(m, kMax) * sizeof(hn::TFromD<D>));
}

template <typename U>
HWY_INLINE void BitwiseTyped(BitOp op, void* dst, const void* a, const void* b, size_t n) {
  const hn::ScalableTag<U> d;
  auto* out = static_cast<U*>(dst);
  const auto* x = static_cast<const U*>(a);
  const auto* y = static_cast<const U*>(op == BitOp::kNot ? a : b);
  ForBlocks(d, x, y, false, n, [&](size_t i, size_t m, auto va, auto vb) {
    const auto r = op == BitOp::kAnd  ? hn::And(va, vb)
                   : op == BitOp::kOr ? hn::Or(va, vb)
                                      : hn::Not(va);
    StorePart(d, r, out + i, m);
  });
}

// Shifts by a count the lanes take whole (the model's rules for counts >= the width).
template <typename S>
HWY_INLINE void ShiftTyped(bool left, void* dst, const void* src, uint32_t shift, size_t n) {
  const hn::ScalableTag<S> d;
  constexpr uint32_t kBits = sizeof(S) * 8;
  auto* out = static_cast<S*>(dst);
  const auto* in = static_cast<const S*>(src);
  // A signed right shift by the width or more fills with the sign, as a shift by width - 1.
  const bool sign_fill = !left && std::is_signed_v<S>;
  const bool zero = shift >= kBits && !sign_fill;
  const int count = static_cast<int>(std::min(shift, kBits - 1));
  ForBlocks(d, in, in, false, n, [&](size_t i, size_t m, auto v, auto) {
    const auto r = zero   ? hn::Zero(d)
                   : left ? hn::ShiftLeftSame(v, count)
                          : hn::ShiftRightSame(v, count);
    StorePart(d, r, out + i, m);
  });
}

// Highway 1.0.3 has Le/Ge for float lanes only; integers have no NaN, so they negate Gt/Lt.
template <class D, class V>
HWY_INLINE hn::Mask<D> CmpLanes(D /*d*/, CmpMode mode, V x, V y) {
  switch (mode) {
    case CmpMode::kLt: return hn::Lt(x, y);
    case CmpMode::kGt: return hn::Gt(x, y);
    case CmpMode::kEq: return hn::Eq(x, y);
    case CmpMode::kLe:
      if constexpr (hwy::IsFloat<hn::TFromD<D>>()) return hn::Le(x, y);
      return hn::Not(hn::Gt(x, y));
    case CmpMode::kGe:
      if constexpr (hwy::IsFloat<hn::TFromD<D>>()) return hn::Ge(x, y);
      return hn::Not(hn::Lt(x, y));
    case CmpMode::kNe: break;
  }
  return hn::Not(hn::Eq(x, y));  // true for NaN, as the model's !(x == y)
}

// Writes the m compare bits of the block at element i (a multiple of Lanes(d)) into dst, which
// the caller zeroed; bits past m stay 0.
template <class D>
HWY_INLINE void PutBits(D d, hn::Mask<D> mask, uint8_t* dst, size_t i, size_t m) {
  if (m < hn::Lanes(d)) mask = hn::And(mask, hn::FirstN(d, m));
  uint8_t bytes[(hn::MaxLanes(d) + 7) / 8 + 8] = {};
  hn::StoreMaskBits(d, mask, bytes);
  if (hn::Lanes(d) >= 8) {
    std::memcpy(dst + i / 8, bytes, (m + 7) / 8);
  } else {
    dst[i / 8] = static_cast<uint8_t>(dst[i / 8] | (bytes[0] << (i % 8)));
  }
}

template <typename T>
HWY_INLINE void CompareTyped(CmpMode mode, uint8_t* dst, const void* a, const void* b,
                             bool b_scalar, size_t n) {
  const hn::ScalableTag<T> d;
  ForBlocks(
      d, static_cast<const T*>(a), static_cast<const T*>(b), b_scalar, n,
      [&](size_t i, size_t m, auto x, auto y) { PutBits(d, CmpLanes(d, mode, x, y), dst, i, m); });
}

// float16/bfloat16: widened to float32 (exactly) in chunks, then the float32 compare.
inline void Compare16(CmpMode mode, bool half, uint8_t* dst, const void* a, const void* b,
                      bool b_scalar, size_t n) {
  constexpr size_t kChunk = 512;  // a multiple of 8: chunks start on a byte of bits
  HWY_ALIGN float fa[kChunk];
  HWY_ALIGN float fb[kChunk];
  if (b_scalar) Narrow16ToF32(half, static_cast<const uint16_t*>(b), fb, 1);
  for (size_t i = 0; i < n; i += kChunk) {
    const size_t m = std::min(kChunk, n - i);
    Narrow16ToF32(half, static_cast<const uint16_t*>(a) + i, fa, m);
    if (!b_scalar) Narrow16ToF32(half, static_cast<const uint16_t*>(b) + i, fb, m);
    CompareTyped<float>(mode, dst + i / 8, fa, fb, b_scalar, m);
  }
}

inline void CompareImpl(CmpMode mode, DType dtype, uint8_t* dst, const void* a, const void* b,
                        bool b_scalar, size_t n) {
  std::memset(dst, 0, (n + 7) / 8);
  switch (dtype) {
    case DType::kFloat32: return CompareTyped<float>(mode, dst, a, b, b_scalar, n);
    case DType::kFloat64: return CompareTyped<double>(mode, dst, a, b, b_scalar, n);
    case DType::kFloat16: return Compare16(mode, true, dst, a, b, b_scalar, n);
    case DType::kBFloat16: return Compare16(mode, false, dst, a, b, b_scalar, n);
    case DType::kInt8: return CompareTyped<int8_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt8:
    case DType::kBool: return CompareTyped<uint8_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt16: return CompareTyped<int16_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt16: return CompareTyped<uint16_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt32: return CompareTyped<int32_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt32: return CompareTyped<uint32_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt64: return CompareTyped<int64_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt64: return CompareTyped<uint64_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return;
  }
}

// The mask of the block at element i (a multiple of Lanes(d)) from the packed bits.
template <class D>
HWY_INLINE hn::Mask<D> GetBits(D d, const uint8_t* bits, size_t i, size_t m) {
  uint8_t bytes[(hn::MaxLanes(d) + 7) / 8 + 8] = {};
  if (hn::Lanes(d) >= 8) {
    std::memcpy(bytes, bits + i / 8, (m + 7) / 8);
  } else {
    bytes[0] = static_cast<uint8_t>(bits[i / 8] >> (i % 8));
  }
  return hn::LoadMaskBits(d, bytes);
}

template <typename U>
HWY_INLINE void SelectTyped(void* dst, const uint8_t* bits, const void* a, const void* b,
                            bool b_scalar, size_t n) {
  const hn::ScalableTag<U> d;
  auto* out = static_cast<U*>(dst);
  ForBlocks(d, static_cast<const U*>(a), static_cast<const U*>(b), b_scalar, n,
            [&](size_t i, size_t m, auto x, auto y) {
              const auto r = hn::IfThenElse(GetBits(d, bits, i, m), x, y);
              StorePart(d, r, out + i, m);
            });
}

inline void SelectImpl(size_t elem_bytes, void* dst, const uint8_t* bits, const void* a,
                       const void* b, bool b_scalar, size_t n) {
  switch (elem_bytes) {
    case 1: return SelectTyped<uint8_t>(dst, bits, a, b, b_scalar, n);
    case 2: return SelectTyped<uint16_t>(dst, bits, a, b, b_scalar, n);
    case 4: return SelectTyped<uint32_t>(dst, bits, a, b, b_scalar, n);
    case 8: return SelectTyped<uint64_t>(dst, bits, a, b, b_scalar, n);
    default: return model::Select(elem_bytes, dst, bits, a, b, b_scalar, n);
  }
}

inline void BitwiseImpl(BitOp op, size_t elem_bytes, void* dst, const void* a, const void* b,
                        size_t n) {
  switch (elem_bytes) {
    case 1: return BitwiseTyped<uint8_t>(op, dst, a, b, n);
    case 2: return BitwiseTyped<uint16_t>(op, dst, a, b, n);
    case 4: return BitwiseTyped<uint32_t>(op, dst, a, b, n);
    case 8: return BitwiseTyped<uint64_t>(op, dst, a, b, n);
    default: return;
  }
}

inline void ShiftImpl(bool left, size_t elem_bytes, bool is_signed, void* dst, const void* src,
                      uint32_t shift, size_t n) {
  switch (elem_bytes) {
    case 1:
      return is_signed ? ShiftTyped<int8_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint8_t>(left, dst, src, shift, n);
    case 2:
      return is_signed ? ShiftTyped<int16_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint16_t>(left, dst, src, shift, n);
    case 4:
      return is_signed ? ShiftTyped<int32_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint32_t>(left, dst, src, shift, n);
    case 8:
      return is_signed ? ShiftTyped<int64_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint64_t>(left, dst, src, shift, n);
    default: return;
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_LOGIC_INL_H_
