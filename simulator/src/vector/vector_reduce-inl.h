// Per-target reductions: Reduce, ReduceRows, AccumulateRows (the Reduce operator's hot path).
// Float sums and products use a fixed blocked tree whose shape does not depend on the vector
// width: 32 logical lanes per block, 1024-element leaves, leaves combined pairwise. So the
// result bits are the same on every target and the longest serial chain is short.
#if defined(OPSIM_SIM_VECTOR_REDUCE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_REDUCE_INL_H_
#undef OPSIM_SIM_VECTOR_REDUCE_INL_H_
#else
#define OPSIM_SIM_VECTOR_REDUCE_INL_H_
#endif

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr size_t kLogicalLanes = 32;  // block width of float sums, for every target
constexpr size_t kLeaf = 1024;        // elements per leaf: 32 per logical lane

template <bool kProd, typename T>
HWY_INLINE T Combine(T a, T b) {
  return kProd ? a * b : a + b;
}
// -0 is the identity of IEEE addition (x + -0 == x for every x, also for -0).
template <bool kProd, typename T>
constexpr T FloatIdentity() {
  return kProd ? T(1) : T(-0.0);
}

// Pairwise tree over the first `count` logical lanes (the rest hold the identity and are
// skipped, which is exact): lanes j and j + w combine for w = 16, 8, 4, 2, 1.
template <bool kProd, typename T>
HWY_INLINE T LaneTree(T* lanes, size_t count) {
  for (size_t w = kLogicalLanes / 2; w >= 1; w /= 2) {
    for (size_t j = 0; j < w && j + w < count; ++j)
      lanes[j] = Combine<kProd>(lanes[j], lanes[j + w]);
    count = std::min(count, w);
  }
  return lanes[0];
}

// One leaf (n <= kLeaf): logical lane j accumulates elements i with i % 32 == j.
template <bool kProd, typename T>
T FloatLeaf(const T* p, size_t n) {
  HWY_ALIGN T lanes[kLogicalLanes];
  if (n < kLogicalLanes) {
    std::memcpy(lanes, p, n * sizeof(T));
    return LaneTree<kProd>(lanes, n);
  }
  const hn::ScalableTag<T> d;
  constexpr size_t kN = hn::MaxLanes(d);
  constexpr size_t kVecs = kLogicalLanes / kN;
  static_assert(kVecs * kN == kLogicalLanes, "vector width must divide the block width");
  const auto op = [](auto a, auto b) { return kProd ? hn::Mul(a, b) : hn::Add(a, b); };
  hn::Vec<decltype(d)> acc[kVecs];
  for (size_t k = 0; k < kVecs; ++k) acc[k] = hn::LoadU(d, p + k * kN);
  size_t i = kLogicalLanes;
  for (; i + kLogicalLanes <= n; i += kLogicalLanes) {
    for (size_t k = 0; k < kVecs; ++k) acc[k] = op(acc[k], hn::LoadU(d, p + i + k * kN));
  }
  if (i < n) {
    HWY_ALIGN T tail[kLogicalLanes];
    std::fill(tail, tail + kLogicalLanes, FloatIdentity<kProd, T>());
    std::memcpy(tail, p + i, (n - i) * sizeof(T));
    for (size_t k = 0; k < kVecs; ++k) acc[k] = op(acc[k], hn::Load(d, tail + k * kN));
  }
  for (size_t k = 0; k < kVecs; ++k) hn::Store(acc[k], d, lanes + k * kN);
  return LaneTree<kProd>(lanes, kLogicalLanes);
}

// Leaves of kLeaf elements combined pairwise; the split point depends only on n.
template <bool kProd, typename Acc, class LeafFn>
Acc LeafTree(size_t begin, size_t n, const LeafFn& leaf) {
  if (n <= kLeaf) return leaf(begin, n);
  const size_t leaves = (n + kLeaf - 1) / kLeaf;
  const size_t half = (leaves + 1) / 2 * kLeaf;
  return Combine<kProd>(LeafTree<kProd, Acc>(begin, half, leaf),
                        LeafTree<kProd, Acc>(begin + half, n - half, leaf));
}

template <bool kProd, typename T>
T FloatSumProd(const T* p, size_t n) {
  if (n == 0) return kProd ? T(1) : T(0);
  return LeafTree<kProd, T>(0, n, [p](size_t b, size_t m) { return FloatLeaf<kProd>(p + b, m); });
}

// float16/bfloat16: each leaf widens to float32; the float32 total is rounded once.
template <bool kProd>
uint16_t Float16SumProd(bool half, const uint16_t* p, size_t n) {
  float total = kProd ? 1.0f : 0.0f;
  if (n != 0) {
    total = LeafTree<kProd, float>(0, n, [half, p](size_t b, size_t m) {
      HWY_ALIGN float buf[kLeaf];
      Narrow16ToF32(half, p + b, buf, m);
      return FloatLeaf<kProd>(buf, m);
    });
  }
  return half ? FloatToHalfBits(total) : FloatToBFloat16Bits(total);
}

// Integer Sum/Prod on unsigned bit patterns (wrapping); the order does not matter.
template <bool kProd, typename U>
U IntSumProd(const U* p, size_t n) {
  const hn::ScalableTag<U> d;
  constexpr size_t kN = hn::MaxLanes(d);
  const U identity = kProd ? U(1) : U(0);
  const auto op = [d](auto a, auto b) { return kProd ? MulWrap(d, a, b) : hn::Add(a, b); };
  auto a0 = hn::Set(d, identity), a1 = a0, a2 = a0, a3 = a0;
  size_t i = 0;
  for (; i + 4 * kN <= n; i += 4 * kN) {
    a0 = op(a0, hn::LoadU(d, p + i));
    a1 = op(a1, hn::LoadU(d, p + i + kN));
    a2 = op(a2, hn::LoadU(d, p + i + 2 * kN));
    a3 = op(a3, hn::LoadU(d, p + i + 3 * kN));
  }
  HWY_ALIGN U lanes[kN];
  hn::Store(op(op(a0, a1), op(a2, a3)), d, lanes);
  U r = identity;
  for (size_t k = 0; k < kN; ++k) r = static_cast<U>(kProd ? r * lanes[k] : r + lanes[k]);
  for (; i < n; ++i) r = static_cast<U>(kProd ? r * p[i] : r + p[i]);
  return r;
}

// Position of the first element equal to `value` (bitwise for the callers' types).
template <typename T>
size_t FindFirst(const T* p, size_t n, T value) {
  const hn::ScalableTag<T> d;
  const size_t N = hn::Lanes(d);
  const auto v = hn::Set(d, value);
  size_t i = 0;
  for (; i + N <= n; i += N) {
    const intptr_t pos = hn::FindFirstTrue(d, hn::Eq(hn::LoadU(d, p + i), v));
    if (pos >= 0) return i + static_cast<size_t>(pos);
  }
  for (; i < n; ++i) {
    if (p[i] == value) return i;
  }
  return 0;
}

// Integer Max/Min.
template <bool kMax, typename T>
T IntMaxMin(const T* p, size_t n, uint32_t* index) {
  const hn::ScalableTag<T> d;
  constexpr size_t kN = hn::MaxLanes(d);
  const T identity = kMax ? hwy::LowestValue<T>() : hwy::HighestValue<T>();
  const auto op = [](auto a, auto b) { return kMax ? hn::Max(a, b) : hn::Min(a, b); };
  auto a0 = hn::Set(d, identity), a1 = a0, a2 = a0, a3 = a0;
  size_t i = 0;
  for (; i + 4 * kN <= n; i += 4 * kN) {
    a0 = op(a0, hn::LoadU(d, p + i));
    a1 = op(a1, hn::LoadU(d, p + i + kN));
    a2 = op(a2, hn::LoadU(d, p + i + 2 * kN));
    a3 = op(a3, hn::LoadU(d, p + i + 3 * kN));
  }
  HWY_ALIGN T lanes[kN];
  hn::Store(op(op(a0, a1), op(a2, a3)), d, lanes);
  T r = identity;
  for (size_t k = 0; k < kN; ++k) r = kMax ? std::max(r, lanes[k]) : std::min(r, lanes[k]);
  for (; i < n; ++i) r = kMax ? std::max(r, p[i]) : std::min(r, p[i]);
  if (index != nullptr) *index = static_cast<uint32_t>(FindFirst(p, n, r));
  return r;
}

// Float Max/Min on the bit patterns (signed lanes TI): the total-order key makes -0 < +0 and
// every target agree; the largest magnitude pattern reveals whether any NaN is present.
template <bool kMax, typename TI>
TI FloatMaxMinBits(const TI* p, size_t n, TI inf_bits, uint32_t* index) {
  const hn::ScalableTag<TI> d;
  constexpr size_t kN = hn::MaxLanes(d);
  const TI mag_mask = hwy::LimitsMax<TI>();
  const auto key = [](TI bits) {
    return static_cast<TI>(bits ^ ((bits >> (sizeof(TI) * 8 - 1)) & hwy::LimitsMax<TI>()));
  };
  const TI identity = key(kMax ? static_cast<TI>(inf_bits | hwy::LimitsMin<TI>()) : inf_bits);
  const auto op = [](auto a, auto b) { return kMax ? hn::Max(a, b) : hn::Min(a, b); };
  const auto vmask = hn::Set(d, mag_mask);
  auto a0 = hn::Set(d, identity), a1 = a0;
  auto m0 = hn::Zero(d), m1 = m0;
  size_t i = 0;
  for (; i + 2 * kN <= n; i += 2 * kN) {
    const auto v0 = hn::LoadU(d, p + i);
    const auto v1 = hn::LoadU(d, p + i + kN);
    a0 = op(a0, FloatKey(d, v0));
    a1 = op(a1, FloatKey(d, v1));
    m0 = hn::Max(m0, hn::And(v0, vmask));
    m1 = hn::Max(m1, hn::And(v1, vmask));
  }
  HWY_ALIGN TI lanes[kN];
  HWY_ALIGN TI mags[kN];
  hn::Store(op(a0, a1), d, lanes);
  hn::Store(hn::Max(m0, m1), d, mags);
  TI best = identity;
  TI mag = 0;
  for (size_t k = 0; k < kN; ++k) {
    best = kMax ? std::max(best, lanes[k]) : std::min(best, lanes[k]);
    mag = std::max(mag, mags[k]);
  }
  for (; i < n; ++i) {
    best = kMax ? std::max(best, key(p[i])) : std::min(best, key(p[i]));
    mag = std::max(mag, static_cast<TI>(p[i] & mag_mask));
  }
  if (mag > inf_bits) {  // NaN: the first one is the result
    for (size_t k = 0; k < n; ++k) {
      if (static_cast<TI>(p[k] & mag_mask) > inf_bits) {
        if (index != nullptr) *index = static_cast<uint32_t>(k);
        return p[k];
      }
    }
  }
  const TI result = key(best);
  if (index != nullptr) *index = static_cast<uint32_t>(FindFirst(p, n, result));
  return result;
}

template <typename T>
void ReduceInt(ReduceOp op, void* dst, const void* src, size_t n, uint32_t* index) {
  using U = hwy::MakeUnsigned<T>;
  const auto* p = static_cast<const T*>(src);
  T r = 0;
  switch (op) {
    case ReduceOp::kSum:
      r = static_cast<T>(IntSumProd<false>(reinterpret_cast<const U*>(p), n));
      break;
    case ReduceOp::kProd:
      r = static_cast<T>(IntSumProd<true>(reinterpret_cast<const U*>(p), n));
      break;
    case ReduceOp::kMax:
      r = IntMaxMin<true>(p, n, index);
      break;
    case ReduceOp::kMin:
      r = IntMaxMin<false>(p, n, index);
      break;
  }
  std::memcpy(dst, &r, sizeof(T));
}

// Float Max/Min dispatch on the bit width (TI) with the dtype's infinity pattern.
template <typename TI>
void ReduceFloatMaxMin(bool is_max, void* dst, const void* src, size_t n, TI inf_bits,
                       uint32_t* index) {
  const auto* p = static_cast<const TI*>(src);
  const TI r = is_max ? FloatMaxMinBits<true>(p, n, inf_bits, index)
                      : FloatMaxMinBits<false>(p, n, inf_bits, index);
  std::memcpy(dst, &r, sizeof(TI));
}

inline void ReduceImpl(ReduceOp op, DType dtype, void* dst, const void* src, size_t n,
                       uint32_t* index) {
  if (index != nullptr) *index = 0;  // n == 0, Sum and Prod: no position to report
  const bool is_max = op == ReduceOp::kMax;
  const bool max_min = is_max || op == ReduceOp::kMin;
  const bool prod = op == ReduceOp::kProd;
  switch (dtype) {
    case DType::kFloat32:
      if (max_min) return ReduceFloatMaxMin<int32_t>(is_max, dst, src, n, 0x7F800000, index);
      *static_cast<float*>(dst) = prod ? FloatSumProd<true>(static_cast<const float*>(src), n)
                                       : FloatSumProd<false>(static_cast<const float*>(src), n);
      return;
    case DType::kFloat64:
      if (max_min) {
        return ReduceFloatMaxMin<int64_t>(is_max, dst, src, n, int64_t{0x7FF0000000000000}, index);
      }
      *static_cast<double*>(dst) = prod ? FloatSumProd<true>(static_cast<const double*>(src), n)
                                        : FloatSumProd<false>(static_cast<const double*>(src), n);
      return;
    case DType::kFloat16:
    case DType::kBFloat16: {
      const bool half = dtype == DType::kFloat16;
      if (max_min) {
        return ReduceFloatMaxMin<int16_t>(is_max, dst, src, n, half ? 0x7C00 : 0x7F80, index);
      }
      const auto* p = static_cast<const uint16_t*>(src);
      *static_cast<uint16_t*>(dst) =
          prod ? Float16SumProd<true>(half, p, n) : Float16SumProd<false>(half, p, n);
      return;
    }
    case DType::kInt8:
      return ReduceInt<int8_t>(op, dst, src, n, index);
    case DType::kUInt8:
      return ReduceInt<uint8_t>(op, dst, src, n, index);
    case DType::kInt32:
      return ReduceInt<int32_t>(op, dst, src, n, index);
    case DType::kUInt32:
      return ReduceInt<uint32_t>(op, dst, src, n, index);
    case DType::kInt64:
      return ReduceInt<int64_t>(op, dst, src, n, index);
    case DType::kUInt64:
      return ReduceInt<uint64_t>(op, dst, src, n, index);
    case DType::kBool:
      if (max_min) return ReduceInt<uint8_t>(op, dst, src, n, index);
      return;  // Sum/Prod of bool: not defined (no-op)
  }
}

inline void ReduceRowsImpl(ReduceOp op, DType dtype, void* dst, const void* src, size_t rows,
                           size_t cols, size_t row_stride) {
  const size_t size = DTypeSize(dtype);
  for (size_t r = 0; r < rows; ++r) {
    ReduceImpl(op, dtype, static_cast<char*>(dst) + r * size,
               static_cast<const char*>(src) + r * row_stride * size, cols, nullptr);
  }
}

// ---- AccumulateRows ----

constexpr size_t kColTile = 512;  // columns per tile: the partial rows stay in L1

// out[c] = f(a[c], b[c]) for c < n; the tail goes through padded vectors.
template <typename T, class F>
HWY_INLINE void Columns(T* out, const T* a, const T* b, size_t n, F f) {
  const hn::ScalableTag<T> d;
  constexpr size_t kN = hn::MaxLanes(d);
  size_t i = 0;
  for (; i + kN <= n; i += kN)
    hn::StoreU(f(d, hn::LoadU(d, a + i), hn::LoadU(d, b + i)), d, out + i);
  if (i == n) return;
  HWY_ALIGN T ta[kN] = {};
  HWY_ALIGN T tb[kN] = {};
  std::memcpy(ta, a + i, (n - i) * sizeof(T));
  std::memcpy(tb, b + i, (n - i) * sizeof(T));
  hn::Store(f(d, hn::Load(d, ta), hn::Load(d, tb)), d, ta);
  std::memcpy(out + i, ta, (n - i) * sizeof(T));
}

// Order-free combines (integers, Max/Min): acc op= row, row by row, one column tile at a time.
template <typename T, class F>
void AccumulateDirect(T* acc, const T* src, size_t rows, size_t cols, size_t stride, F f) {
  for (size_t c0 = 0; c0 < cols; c0 += kColTile) {
    const size_t w = std::min(kColTile, cols - c0);
    for (size_t r = 0; r < rows; ++r) Columns(acc + c0, acc + c0, src + r * stride + c0, w, f);
  }
}

// Float Sum/Prod: rows are combined pairwise (a binary counter of partial rows), so the
// chain per column is log2(rows) long and the order is the same on every target.
template <bool kProd, typename T>
void AccumulateTree(T* acc, const T* src, size_t rows, size_t cols, size_t stride) {
  const auto f = [](auto, auto a, auto b) { return kProd ? hn::Mul(a, b) : hn::Add(a, b); };
  size_t levels = 1;
  while ((size_t{1} << levels) <= rows) ++levels;
  std::vector<T> partial((levels + 1) * kColTile);
  std::vector<size_t> weight(levels + 1);
  for (size_t c0 = 0; c0 < cols; c0 += kColTile) {
    const size_t w = std::min(kColTile, cols - c0);
    size_t top = 0;
    for (size_t r = 0; r < rows; ++r) {
      T* slot = partial.data() + top * kColTile;
      std::memcpy(slot, src + r * stride + c0, w * sizeof(T));
      weight[top++] = 1;
      while (top >= 2 && weight[top - 1] == weight[top - 2]) {
        T* lower = partial.data() + (top - 2) * kColTile;
        Columns(lower, lower, lower + kColTile, w, f);
        weight[top - 2] *= 2;
        --top;
      }
    }
    if (top == 0) continue;
    T* result = partial.data() + (top - 1) * kColTile;
    for (size_t k = top - 1; k-- > 0;) {
      T* lower = partial.data() + k * kColTile;
      Columns(lower, lower, result, w, f);
      result = lower;
    }
    Columns(acc + c0, acc + c0, result, w, f);
  }
}

template <typename T>
void AccumulateInt(ReduceOp op, void* acc, const void* src, size_t rows, size_t cols,
                   size_t stride) {
  using U = hwy::MakeUnsigned<T>;
  auto* a = static_cast<T*>(acc);
  const auto* s = static_cast<const T*>(src);
  auto* au = static_cast<U*>(acc);
  const auto* su = static_cast<const U*>(src);
  switch (op) {
    case ReduceOp::kSum:
      return AccumulateDirect(au, su, rows, cols, stride,
                              [](auto, auto x, auto y) { return hn::Add(x, y); });
    case ReduceOp::kProd:
      return AccumulateDirect(au, su, rows, cols, stride,
                              [](auto d, auto x, auto y) { return MulWrap(d, x, y); });
    case ReduceOp::kMax:
      return AccumulateDirect(a, s, rows, cols, stride,
                              [](auto, auto x, auto y) { return hn::Max(x, y); });
    case ReduceOp::kMin:
      return AccumulateDirect(a, s, rows, cols, stride,
                              [](auto, auto x, auto y) { return hn::Min(x, y); });
  }
}

template <typename T>
void AccumulateFloat(ReduceOp op, void* acc, const void* src, size_t rows, size_t cols,
                     size_t stride) {
  auto* a = static_cast<T*>(acc);
  const auto* s = static_cast<const T*>(src);
  switch (op) {
    case ReduceOp::kSum:
      return AccumulateTree<false>(a, s, rows, cols, stride);
    case ReduceOp::kProd:
      return AccumulateTree<true>(a, s, rows, cols, stride);
    case ReduceOp::kMax:
      return AccumulateDirect(a, s, rows, cols, stride,
                              [](auto d, auto x, auto y) { return FloatMaxMin<true>(d, x, y); });
    case ReduceOp::kMin:
      return AccumulateDirect(a, s, rows, cols, stride,
                              [](auto d, auto x, auto y) { return FloatMaxMin<false>(d, x, y); });
  }
}

inline void AccumulateRowsImpl(ReduceOp op, DType dtype, void* acc, const void* src, size_t rows,
                               size_t cols, size_t row_stride) {
  if (rows == 0 || cols == 0) return;
  switch (dtype) {
    case DType::kFloat32:
      return AccumulateFloat<float>(op, acc, src, rows, cols, row_stride);
    case DType::kFloat64:
      return AccumulateFloat<double>(op, acc, src, rows, cols, row_stride);
    case DType::kInt8:
      return AccumulateInt<int8_t>(op, acc, src, rows, cols, row_stride);
    case DType::kUInt8:
      return AccumulateInt<uint8_t>(op, acc, src, rows, cols, row_stride);
    case DType::kInt32:
      return AccumulateInt<int32_t>(op, acc, src, rows, cols, row_stride);
    case DType::kUInt32:
      return AccumulateInt<uint32_t>(op, acc, src, rows, cols, row_stride);
    case DType::kInt64:
      return AccumulateInt<int64_t>(op, acc, src, rows, cols, row_stride);
    case DType::kUInt64:
      return AccumulateInt<uint64_t>(op, acc, src, rows, cols, row_stride);
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kBool:
      return;  // precondition violated (see vector_unit.h): acc is left untouched
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_REDUCE_INL_H_
