// Per-target reductions of one span: Reduce (rows: vector_reduce_rows-inl.h; AccumulateRows:
// vector_accumulate-inl.h). Float sums and products use a fixed blocked tree whose shape does
// not depend on the vector width: 32 logical lanes per block, 1024-element leaves, leaves
// combined pairwise. So the result bits are the same on every target and the longest serial
// chain is short.
#if defined(OPSIM_SIM_VECTOR_REDUCE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_REDUCE_INL_H_
#undef OPSIM_SIM_VECTOR_REDUCE_INL_H_
#else
#define OPSIM_SIM_VECTOR_REDUCE_INL_H_
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include <hwy/cache_control.h>
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

// Loads m < Lanes(d) elements; the other lanes hold `pad`. Never reads past p + m: native
// masked loads where the target has them for this lane size, else a padded copy.
template <class D>
HWY_INLINE hn::Vec<D> LoadPadded(D d, const hn::TFromD<D>* p, size_t m, hn::TFromD<D> pad) {
  using T = hn::TFromD<D>;
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
  if constexpr (HWY_TARGET == HWY_AVX3 || sizeof(T) >= 4) {
    const auto mask = hn::FirstN(d, m);
    return hn::IfThenElse(mask, hn::MaskedLoad(mask, d, p), hn::Set(d, pad));
  }
#endif
  HWY_ALIGN T buf[hn::MaxLanes(D())];
  for (size_t k = 0; k < hn::MaxLanes(D()); ++k) buf[k] = pad;
  std::memcpy(buf, p, m * sizeof(T));
  return hn::Load(d, buf);
}

// Combines the lanes of v pairwise, lower half with upper half, down to one lane.
template <bool kProd, class D>
HWY_INLINE hn::TFromD<D> FoldLanes(D d, hn::Vec<D> v) {
#if HWY_TARGET == HWY_SCALAR  // one lane, and no UpperHalf
  (void)d;
  return hn::GetLane(v);
#else
  if constexpr (hn::MaxLanes(D()) == 1) {
    return hn::GetLane(v);
  } else {
    (void)d;
    const hn::Half<D> dh;
    return FoldLanes<kProd>(dh, SumProdOp<kProd>()(hn::LowerHalf(dh, v), hn::UpperHalf(dh, v)));
  }
#endif
}

// The pairwise tree over one block of 32 logical lanes held in 32 / Lanes(d) vectors: lanes j
// and j + w combine for w = 16, 8, 4, 2, 1 (the lower lane is the left operand). Lanes past
// the data hold the identity, so a short block gives the same bits as a tree over only the
// lanes present.
template <bool kProd, class D>
HWY_INLINE hn::TFromD<D> FoldBlock(D d, hn::Vec<D>* acc) {
  constexpr size_t kVecs = kLogicalLanes / hn::MaxLanes(D());
  const SumProdOp<kProd> op;
  for (size_t w = kVecs / 2; w >= 1; w /= 2) {
    for (size_t k = 0; k < w; ++k) acc[k] = op(acc[k], acc[k + w]);
  }
  return FoldLanes<kProd>(d, acc[0]);
}

// Loads Lanes(d) elements of S at p as T = TFromD<D>: S is T, or the tag hwy::float16_t /
// hwy::bfloat16_t of 16-bit float bits, widened in registers for arithmetic (as Narrow16ToF32
// widens, but a signalling NaN may come out quiet: HalfToF32ForArithmetic).
template <class D, typename S>
HWY_INLINE hn::Vec<D> LoadAs(D d, const S* p) {
  if constexpr (std::is_same_v<S, hn::TFromD<D>>) {
    return hn::LoadU(d, p);
  } else {
    const hn::Rebind<uint16_t, D> d16;
    const auto h = hn::LoadU(d16, reinterpret_cast<const uint16_t*>(p));
    if constexpr (std::is_same_v<S, hwy::float16_t>) return HalfToF32ForArithmetic(d, h);
    return BF16ToF32(d, h);
  }
}
// LoadPadded for LoadAs: m < Lanes(d) elements, the other lanes `pad`; never reads past p + m.
template <class D, typename S>
HWY_INLINE hn::Vec<D> LoadPaddedAs(D d, const S* p, size_t m, hn::TFromD<D> pad) {
  if constexpr (std::is_same_v<S, hn::TFromD<D>>) {
    return LoadPadded(d, p, m, pad);
  } else {
    HWY_ALIGN S buf[hn::MaxLanes(D())] = {};
    std::memcpy(buf, p, m * sizeof(S));
    return hn::IfThenElse(hn::FirstN(d, m), LoadAs(d, buf), hn::Set(d, pad));
  }
}

// The loads of a leaf as they are (the map a mapped row reduction fuses into them otherwise).
struct NoMap {
  template <class V>
  HWY_INLINE V operator()(V v) const {
    return v;
  }
  template <typename T>
  HWY_INLINE T operator()(T v, int) const {
    return v;
  }
};

// Prefetches the cache line of p[ahead], which may lie past the data: a prefetch never faults, and
// the address is formed as an integer because a pointer past the end of an array would be UB.
template <typename S>
HWY_INLINE void PrefetchAhead(const S* p, size_t ahead) {
  hwy::Prefetch(reinterpret_cast<const S*>(reinterpret_cast<uintptr_t>(p) + ahead * sizeof(S)));
}

// One leaf (n <= kLeaf): logical lane j accumulates elements i with i % 32 == j in order,
// a partial last block is padded with the identity, then FoldBlock. A single element is
// returned as it is. `map` applies to every loaded element (vectors, and the single element
// with a second int argument); it must map the identity's padding (-0) to -0 or +0 only where
// that cannot change a sum (maps into the non-negative numbers, which never hold -0).
// S is T, or a 16-bit float tag (LoadAs): the same tree over the widened elements.
template <bool kProd, typename T, typename S, class Map = NoMap>
T FloatLeafAs(const S* p, size_t n, const Map& map = {}) {
  const hn::ScalableTag<T> d;
  if (n == 1) {
    if constexpr (std::is_same_v<S, T>) return map(p[0], 0);
    // Alone, the element meets no add that would quieten a NaN: widened exactly.
    float v;
    Narrow16ToF32(std::is_same_v<S, hwy::float16_t>, reinterpret_cast<const uint16_t*>(p), &v, 1);
    return map(static_cast<T>(v), 0);
  }
  constexpr size_t kN = hn::MaxLanes(d);
  constexpr size_t kVecs = kLogicalLanes / kN;
  static_assert(kVecs * kN == kLogicalLanes, "vector width must divide the block width");
  const SumProdOp<kProd> op;
  const T id = FloatIdentity<kProd, T>();
  hn::Vec<decltype(d)> acc[kVecs];
  if (n < kLogicalLanes) {
    for (size_t k = 0; k < kVecs; ++k) {
      const size_t b = k * kN;
      acc[k] = b >= n ? hn::Set(d, id)
                      : map(b + kN <= n ? LoadAs(d, p + b) : LoadPaddedAs(d, p + b, n - b, id));
    }
    return FoldBlock<kProd>(d, acc);
  }
  for (size_t k = 0; k < kVecs; ++k) acc[k] = map(LoadAs(d, p + k * kN));
  size_t i = kLogicalLanes;
  if (n == kLeaf) {
#pragma GCC unroll 32
    for (size_t j = kLogicalLanes; j < kLeaf; j += kLogicalLanes) {
      // 16-bit leaves read in place from DRAM: 4 KB ahead, as FloatLeafPairAs (which see).
      if constexpr (!std::is_same_v<S, T>) PrefetchAhead(p, j + 2 * kLeaf);
      for (size_t k = 0; k < kVecs; ++k) acc[k] = op(acc[k], map(LoadAs(d, p + j + k * kN)));
    }
    return FoldBlock<kProd>(d, acc);
  }
  for (; i + kLogicalLanes <= n; i += kLogicalLanes) {
    for (size_t k = 0; k < kVecs; ++k) acc[k] = op(acc[k], map(LoadAs(d, p + i + k * kN)));
  }
  // Vectors of the last block that hold no data would only add the identity: skipped.
  for (size_t k = 0; i + k * kN < n; ++k) {
    const size_t b = i + k * kN;
    acc[k] = op(acc[k], map(b + kN <= n ? LoadAs(d, p + b) : LoadPaddedAs(d, p + b, n - b, id)));
  }
  return FoldBlock<kProd>(d, acc);
}
template <bool kProd, typename T, class Map = NoMap>
T FloatLeaf(const T* p, size_t n, const Map& map = {}) {
  return FloatLeafAs<kProd, T>(p, n, map);
}

// The two whole leaves at p and p + kLeaf combined: FloatLeafAs twice, interleaved. One leaf is
// kLogicalLanes / Lanes dependent chains of adds (two on AVX-512), which keep the adder waiting on
// its latency; two leaves double the chains in flight. The same bits. Unrolled by 4, not whole as
// FloatLeafAs: fully unrolled, GCC hoisted the loads and spilled them to the stack.
// From DRAM the two streams defeat the hardware prefetcher (10-18 GB/s where one stream reads
// 25-30): each step prefetches the same offset in the next pair's two leaves, the data the tree
// reads next, in order (LeafTree). In cache it costs an issue slot.
template <bool kProd, typename T, typename S>
T FloatLeafPairAs(const S* p) {
  const hn::ScalableTag<T> d;
  constexpr size_t kN = hn::MaxLanes(d);
  constexpr size_t kVecs = kLogicalLanes / kN;
  const SumProdOp<kProd> op;
  const S* q = p + kLeaf;
  hn::Vec<decltype(d)> a[kVecs];
  hn::Vec<decltype(d)> b[kVecs];
  for (size_t k = 0; k < kVecs; ++k) {
    a[k] = LoadAs(d, p + k * kN);
    b[k] = LoadAs(d, q + k * kN);
  }
#pragma GCC unroll 4
  for (size_t j = kLogicalLanes; j < kLeaf; j += kLogicalLanes) {
    static_assert(kLogicalLanes * sizeof(S) <= 64, "one prefetch per stream covers one step");
    PrefetchAhead(p, j + 2 * kLeaf);
    PrefetchAhead(q, j + 2 * kLeaf);
    for (size_t k = 0; k < kVecs; ++k) {
      a[k] = op(a[k], LoadAs(d, p + j + k * kN));
      b[k] = op(b[k], LoadAs(d, q + j + k * kN));
    }
  }
  return Combine<kProd>(FoldBlock<kProd>(d, a), FoldBlock<kProd>(d, b));
}

// Leaves of kLeaf elements combined pairwise; the split point depends only on n. `pair(b)` is
// the combined two whole leaves at b (a subtree of exactly two leaves).
// The left subtree is evaluated first, in its own statement: as two arguments of Combine the
// order is unspecified and GCC evaluated the right one first, so the leaves were read in
// descending address order, which the hardware prefetcher does not follow (float16 rows of 16384
// from DRAM: 14 GB/s where ascending reads 20-24). The bits do not depend on it.
template <bool kProd, typename Acc, class LeafFn, class PairFn>
Acc LeafTree(size_t begin, size_t n, const LeafFn& leaf, const PairFn& pair) {
  if (n <= kLeaf) return leaf(begin, n);
  if (n == 2 * kLeaf) return pair(begin);
  const size_t leaves = (n + kLeaf - 1) / kLeaf;
  const size_t half = (leaves + 1) / 2 * kLeaf;
  const Acc left = LeafTree<kProd, Acc>(begin, half, leaf, pair);
  const Acc right = LeafTree<kProd, Acc>(begin + half, n - half, leaf, pair);
  return Combine<kProd>(left, right);
}
template <bool kProd, typename Acc, class LeafFn>
Acc LeafTree(size_t begin, size_t n, const LeafFn& leaf) {
  return LeafTree<kProd, Acc>(begin, n, leaf, [&leaf](size_t b) {
    const Acc left = leaf(b, kLeaf);  // first, as in LeafTree
    const Acc right = leaf(b + kLeaf, kLeaf);
    return Combine<kProd>(left, right);
  });
}

template <bool kProd, typename T>
T FloatSumProd(const T* p, size_t n) {
  if (n == 0) return kProd ? T(1) : T(0);
  return LeafTree<kProd, T>(0, n, [p](size_t b, size_t m) { return FloatLeaf<kProd>(p + b, m); });
}

// float16/bfloat16 sums and products in float32: FloatSumProd's leaf tree, its loads widening the
// 16-bit elements in registers (n >= 1). Its leaves go two at a time where they pair: these rows
// are read from the UB (in cache), where one leaf's chains are the limit (vector_bench
// BM_ReduceRowsSumF16/32768/16384/1: 51-61 -> 74-81 GB/s). Not float32's: its leaves read GM in
// place, where two streams 4 KB apart gain nothing.
template <bool kProd, typename S>
float WidenedSumProd(const S* p, size_t n) {
  return LeafTree<kProd, float>(
      0, n, [p](size_t b, size_t m) { return FloatLeafAs<kProd, float>(p + b, m); },
      [p](size_t b) { return FloatLeafPairAs<kProd, float>(p + b); });
}
template <bool kProd>
float WidenedSumProd(bool half, const uint16_t* p, size_t n) {
  if (half) return WidenedSumProd<kProd>(reinterpret_cast<const hwy::float16_t*>(p), n);
  return WidenedSumProd<kProd>(reinterpret_cast<const hwy::bfloat16_t*>(p), n);
}

// The float32 total is rounded once.
template <bool kProd>
uint16_t Float16SumProd(bool half, const uint16_t* p, size_t n) {
  const float total = n == 0 ? (kProd ? 1.0f : 0.0f) : WidenedSumProd<kProd>(half, p, n);
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
  // 16-bit products in 32 bits: uint16_t promotes to int, where 65535 * 65535 overflows.
  using W = std::conditional_t<sizeof(U) == 2, uint32_t, U>;
  U r = identity;
  for (size_t k = 0; k < kN; ++k) r = static_cast<U>(kProd ? W(r) * W(lanes[k]) : r + lanes[k]);
  for (; i < n; ++i) r = static_cast<U>(kProd ? W(r) * W(p[i]) : r + p[i]);
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

// Float Max/Min on the bit patterns (signed lanes TI) by SignFolds: -0 < +0 and every target
// agrees; a NaN anywhere makes the first NaN the result. The padding of a tail is the
// identity's own pattern (an infinity): neither a NaN nor a new best.
template <bool kMax, typename TI>
TI FloatMaxMinBits(const TI* p, size_t n, TI inf_bits, uint32_t* index) {
  const hn::ScalableTag<TI> d;
  constexpr size_t kN = hn::MaxLanes(d);
  using Folds = SignFolds<decltype(d)>;
  const TI identity = kMax ? static_cast<TI>(inf_bits | hwy::LimitsMin<TI>()) : inf_bits;
  Folds f0 = Folds::Of(hn::Set(d, identity)), f1 = f0, f2 = f0, f3 = f0;
  size_t i = 0;
  for (; i + 4 * kN <= n; i += 4 * kN) {
    f0.Add(d, hn::LoadU(d, p + i));
    f1.Add(d, hn::LoadU(d, p + i + kN));
    f2.Add(d, hn::LoadU(d, p + i + 2 * kN));
    f3.Add(d, hn::LoadU(d, p + i + 3 * kN));
  }
  for (; i < n; i += kN) {
    f0.Add(d, i + kN <= n ? hn::LoadU(d, p + i) : LoadPadded(d, p + i, n - i, identity));
  }
  f0.Merge(d, f1);
  f2.Merge(d, f3);
  f0.Merge(d, f2);
  const TI mag_mask = hwy::LimitsMax<TI>();
  if (!hn::AllFalse(d, f0.HasNaN(d, inf_bits))) {  // the first NaN is the result
    for (size_t k = 0; k < n; ++k) {
      if (static_cast<TI>(p[k] & mag_mask) > inf_bits) {
        if (index != nullptr) *index = static_cast<uint32_t>(k);
        return p[k];
      }
    }
  }
  const TI result = hn::GetLane(f0.AcrossLanes(d).Best(d, kMax));
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
    case ReduceOp::kMax: r = IntMaxMin<true>(p, n, index); break;
    case ReduceOp::kMin: r = IntMaxMin<false>(p, n, index); break;
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
    case DType::kInt8: return ReduceInt<int8_t>(op, dst, src, n, index);
    case DType::kUInt8: return ReduceInt<uint8_t>(op, dst, src, n, index);
    case DType::kInt16: return ReduceInt<int16_t>(op, dst, src, n, index);
    case DType::kUInt16: return ReduceInt<uint16_t>(op, dst, src, n, index);
    case DType::kInt32: return ReduceInt<int32_t>(op, dst, src, n, index);
    case DType::kUInt32: return ReduceInt<uint32_t>(op, dst, src, n, index);
    case DType::kInt64: return ReduceInt<int64_t>(op, dst, src, n, index);
    case DType::kUInt64: return ReduceInt<uint64_t>(op, dst, src, n, index);
    case DType::kBool:
      if (max_min) return ReduceInt<uint8_t>(op, dst, src, n, index);
      return;  // Sum/Prod of bool: not defined (no-op)
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:
      return;  // never reached: the vector and cube units' dtype is AscendC::DTypeOf<T>, which has
               // no complex or int4 type
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_REDUCE_INL_H_
