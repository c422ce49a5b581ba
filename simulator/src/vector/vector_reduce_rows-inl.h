// Per-target ReduceRows: vector_reduce-inl.h's tree run per row. Short rows fold in the
// narrowest vector that holds them, or put one row per lane (strided gathers) when that is wider
// than the target's vectors; longer rows fold each row's 32-lane block with vector halves. Also
// the mapped rows (square or abs fused into the leaves' loads).
#if defined(OPSIM_SIM_VECTOR_REDUCE_ROWS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_REDUCE_ROWS_INL_H_
#undef OPSIM_SIM_VECTOR_REDUCE_ROWS_INL_H_
#else
#define OPSIM_SIM_VECTOR_REDUCE_ROWS_INL_H_
#endif

#include <cstdint>
#include <cstring>

#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_reduce-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Rows shorter than this are short: one narrow vector per row when the target's vectors hold
// the row, else lanes-across-rows (one vector holds one column of Lanes(d) rows).
constexpr size_t kAcrossMaxCols = 17;

// Gather indices k * stride for k < Lanes(d), or false when they do not fit the lane type.
template <class DI>
HWY_INLINE bool RowIndices(DI di, size_t stride, hn::Vec<DI>* out) {
  using TI = hn::TFromD<DI>;
  const size_t n = hn::Lanes(di);
  if (n == 1 || stride > static_cast<size_t>(hwy::LimitsMax<int32_t>()) / n) return false;
  HWY_ALIGN TI idx[hn::MaxLanes(DI())];
  for (size_t k = 0; k < n; ++k) idx[k] = static_cast<TI>(k * stride);
  *out = hn::Load(di, idx);
  return true;
}

// Sum/Prod of 2 <= cols < 32 for whole groups of Lanes(d) rows; returns the rows done. Each
// lane runs the leaf's tree for its row (FloatLeaf of a short row), so the bits are the same.
template <bool kProd, typename T>
size_t SumProdRowsAcross(T* out, const T* p, size_t rows, size_t cols, size_t stride) {
  const hn::ScalableTag<T> d;
  const hn::RebindToSigned<decltype(d)> di;
  const size_t n = hn::Lanes(d);
  hn::Vec<decltype(di)> idx;
  if (rows < n || !RowIndices(di, stride, &idx)) return 0;
  const SumProdOp<kProd> op;
  hn::Vec<decltype(d)> c[kLogicalLanes];
  size_t r = 0;
  for (; r + n <= rows; r += n) {
    const T* base = p + r * stride;
    for (size_t j = 0; j < cols; ++j) c[j] = hn::GatherIndex(d, base + j, idx);
    size_t count = cols;
    for (size_t w = kLogicalLanes / 2; w >= 1; w /= 2) {
      for (size_t j = 0; j < w && j + w < count; ++j) c[j] = op(c[j], c[j + w]);
      count = std::min(count, w);
    }
    hn::StoreU(c[0], d, out + r);
  }
  return r;
}

// Rows of 2 <= cols <= K (K a power of two, at most the target's lanes): the leaf tree's
// levels w >= K would only combine padding, so a K-lane fold of each row gives its bits.
template <bool kProd, size_t K, typename T>
void SumProdRowsNarrow(T* out, const T* p, size_t rows, size_t cols, size_t stride) {
  const hn::CappedTag<T, K> d;
  static_assert(hn::MaxLanes(decltype(d)()) == K, "K must fit the target's vectors");
  const T id = FloatIdentity<kProd, T>();
  for (size_t r = 0; r < rows; ++r) {
    const T* row = p + r * stride;
    out[r] = FoldLanes<kProd>(d, cols == K ? hn::LoadU(d, row) : LoadPadded(d, row, cols, id));
  }
}

// Sum/Prod of rows with 2 <= cols < kAcrossMaxCols; returns the rows done.
template <bool kProd, typename T>
size_t SumProdShortRows(T* out, const T* p, size_t rows, size_t cols, size_t stride) {
#if HWY_TARGET != HWY_SCALAR
  constexpr size_t kN = hn::MaxLanes(hn::ScalableTag<T>());
  if constexpr (kN >= 4) {
    if (cols <= 4) return SumProdRowsNarrow<kProd, 4>(out, p, rows, cols, stride), rows;
  }
  if constexpr (kN >= 8) {
    if (cols <= 8) return SumProdRowsNarrow<kProd, 8>(out, p, rows, cols, stride), rows;
  }
  if constexpr (kN >= 16) {
    if (cols <= 16) return SumProdRowsNarrow<kProd, 16>(out, p, rows, cols, stride), rows;
  }
#endif
  return SumProdRowsAcross<kProd>(out, p, rows, cols, stride);
}

// Max/Min of 1 <= cols for whole groups of Lanes(d) rows (as bit patterns TI); returns the
// rows done. A group holding a NaN is redone row by row (the first NaN wins).
template <bool kMax, typename TI>
size_t MaxMinRowsAcross(TI* out, const TI* p, size_t rows, size_t cols, size_t stride,
                        TI inf_bits) {
  const hn::ScalableTag<TI> d;
  const size_t n = hn::Lanes(d);
  hn::Vec<decltype(d)> idx;
  if (rows < n || !RowIndices(d, stride, &idx)) return 0;
  using Folds = SignFolds<decltype(d)>;
  const TI low = static_cast<TI>(inf_bits | hwy::LimitsMin<TI>());
  const auto identity = hn::Set(d, kMax ? low : inf_bits);
  size_t r = 0;
  for (; r + n <= rows; r += n) {
    const TI* base = p + r * stride;
    Folds f = Folds::Of(identity);
    for (size_t j = 0; j < cols; ++j) f.Add(d, hn::GatherIndex(d, base + j, idx));
    if (hn::AllFalse(d, f.HasNaN(d, inf_bits))) {
      hn::StoreU(f.Best(d, kMax), d, out + r);
    } else {
      for (size_t k = 0; k < n; ++k) {
        out[r + k] = FloatMaxMinBits<kMax>(base + k * stride, cols, inf_bits, nullptr);
      }
    }
  }
  return r;
}

// Max/Min of rows with 1 <= cols <= K (bit patterns TI), one K-lane vector per row padded
// with the identity's pattern; a block of rows holding a NaN is redone by FloatMaxMinBits.
template <bool kMax, size_t K, typename TI>
void MaxMinRowsNarrow(TI* out, const TI* p, size_t rows, size_t cols, size_t stride, TI inf_bits) {
  const hn::CappedTag<TI, K> d;
  static_assert(hn::MaxLanes(decltype(d)()) == K, "K must fit the target's vectors");
  const TI pad = kMax ? static_cast<TI>(inf_bits | hwy::LimitsMin<TI>()) : inf_bits;
  const auto vmask = hn::Set(d, hwy::LimitsMax<TI>());
  const auto vinf = hn::Set(d, inf_bits);
  constexpr size_t kBlock = 64;  // rows per NaN check: a block holding a NaN is redone
  for (size_t r0 = 0; r0 < rows; r0 += kBlock) {
    const size_t end = std::min(rows, r0 + kBlock);
    auto m = hn::Zero(d);
    size_t r = r0;
#if HWY_TARGET != HWY_SCALAR  // no interleaves there (and K == 1)
    if constexpr (K == 4 && sizeof(TI) == 4) {
      // Four rows at a time: combine their lanes with interleaves into one vector of results.
      const auto op = [](auto a, auto b) { return kMax ? hn::Max(a, b) : hn::Min(a, b); };
      const auto row = [&](size_t i) {
        const TI* q = p + i * stride;
        const auto v = cols == K ? hn::LoadU(d, q) : LoadPadded(d, q, cols, pad);
        m = hn::Max(m, hn::And(v, vmask));
        return FloatKey(d, v);
      };
      for (; r + 4 <= end; r += 4) {
        const auto a = row(r), b = row(r + 1), c = row(r + 2), e = row(r + 3);
        const auto t0 = op(hn::InterleaveLower(d, a, b), hn::InterleaveUpper(d, a, b));
        const auto t1 = op(hn::InterleaveLower(d, c, e), hn::InterleaveUpper(d, c, e));
        const auto best = op(hn::ConcatLowerLower(d, t1, t0), hn::ConcatUpperUpper(d, t1, t0));
        hn::StoreU(FloatKey(d, best), d, out + r);
      }
    }
#endif
    for (; r < end; ++r) {
      const TI* row = p + r * stride;
      const auto v = cols == K ? hn::LoadU(d, row) : LoadPadded(d, row, cols, pad);
      m = hn::Max(m, hn::And(v, vmask));
      const auto k = FloatKey(d, v);
      out[r] = hn::GetLane(FloatKey(d, kMax ? hn::MaxOfLanes(d, k) : hn::MinOfLanes(d, k)));
    }
    if (HWY_UNLIKELY(!hn::AllFalse(d, hn::Gt(m, vinf)))) {
      for (size_t r = r0; r < end; ++r) {
        out[r] = FloatMaxMinBits<kMax>(p + r * stride, cols, inf_bits, nullptr);
      }
    }
  }
}

// Max/Min of rows with 1 <= cols < kAcrossMaxCols; returns the rows done.
template <bool kMax, typename TI>
size_t MaxMinShortRows(TI* out, const TI* p, size_t rows, size_t cols, size_t stride, TI inf_bits) {
#if HWY_TARGET != HWY_SCALAR
  constexpr size_t kN = hn::MaxLanes(hn::ScalableTag<TI>());
  if constexpr (kN >= 4) {
    if (cols <= 4) return MaxMinRowsNarrow<kMax, 4>(out, p, rows, cols, stride, inf_bits), rows;
  }
  if constexpr (kN >= 8) {
    if (cols <= 8) return MaxMinRowsNarrow<kMax, 8>(out, p, rows, cols, stride, inf_bits), rows;
  }
  if constexpr (kN >= 16) {
    if (cols <= 16) {
      return MaxMinRowsNarrow<kMax, 16>(out, p, rows, cols, stride, inf_bits), rows;
    }
  }
#endif
  return MaxMinRowsAcross<kMax>(out, p, rows, cols, stride, inf_bits);
}

// float32/float64 rows: T the float, TI its bit pattern.
template <typename T, typename TI>
void FloatRows(ReduceOp op, void* dst, const void* src, size_t rows, size_t cols, size_t stride,
               TI inf_bits) {
  if (op == ReduceOp::kMax || op == ReduceOp::kMin) {
    const bool is_max = op == ReduceOp::kMax;
    auto* out = static_cast<TI*>(dst);
    const auto* p = static_cast<const TI*>(src);
    size_t r = 0;
    if (cols >= 1 && cols < kAcrossMaxCols) {
      r = is_max ? MaxMinShortRows<true>(out, p, rows, cols, stride, inf_bits)
                 : MaxMinShortRows<false>(out, p, rows, cols, stride, inf_bits);
    }
    for (; r < rows; ++r) {
      out[r] = is_max ? FloatMaxMinBits<true>(p + r * stride, cols, inf_bits, nullptr)
                      : FloatMaxMinBits<false>(p + r * stride, cols, inf_bits, nullptr);
    }
    return;
  }
  const bool prod = op == ReduceOp::kProd;
  auto* out = static_cast<T*>(dst);
  const auto* p = static_cast<const T*>(src);
  size_t r = 0;
  if (cols >= 2 && cols < kAcrossMaxCols) {
    r = prod ? SumProdShortRows<true>(out, p, rows, cols, stride)
             : SumProdShortRows<false>(out, p, rows, cols, stride);
  }
  for (; r < rows; ++r) {
    const T* row = p + r * stride;
    if (cols == 0 || cols > kLeaf) {
      out[r] = prod ? FloatSumProd<true>(row, cols) : FloatSumProd<false>(row, cols);
    } else {
      out[r] = prod ? FloatLeaf<true>(row, cols) : FloatLeaf<false>(row, cols);
    }
  }
}

// ReduceRowsMapped (vector_unit.h) on long float rows: each leaf is mapped
// into an L1-resident buffer and reduced as FloatLeaf reduces it, so the bits are those of
// mapping the rows first and then FloatRows' per-row tree (short rows take that staged path:
// false). `map_leaf(r, b, m, buf)` writes the mapped elements [b, b + m) of row r.
template <typename A, typename MapLeaf>
bool FusedMappedRows(A* out, size_t rows, size_t cols, const MapLeaf& map_leaf) {
  if (cols < kAcrossMaxCols || cols < 2) return false;
  for (size_t r = 0; r < rows; ++r) {
    out[r] = LeafTree<false, A>(0, cols, [&](size_t b, size_t m) { return map_leaf(r, b, m); });
  }
  return true;
}

struct SquareMap {
  template <class V>
  HWY_INLINE V operator()(V v) const {
    return hn::Mul(v, v);
  }
  template <typename T>
  HWY_INLINE T operator()(T v, int) const {
    return v * v;
  }
};
struct AbsMap {
  template <class V>
  HWY_INLINE V operator()(V v) const {
    return hn::Abs(v);
  }
  template <typename T>
  HWY_INLINE T operator()(T v, int) const {
    return std::fabs(v);
  }
};

// One leaf of a mapped row: square or abs fused into FloatLeaf's loads (16-bit sources widened
// into an L1-resident buffer first, as the widening reductions do).
template <typename A>
HWY_INLINE A MappedLeaf(RowMap map, DType src_type, const void* row, size_t b, size_t m) {
  const A* p = static_cast<const A*>(row) + b;
  HWY_ALIGN A buf[kLeaf];
  if (src_type == DType::kFloat16 || src_type == DType::kBFloat16) {
    if constexpr (std::is_same_v<A, float>) {
      Narrow16ToF32(src_type == DType::kFloat16, static_cast<const uint16_t*>(row) + b, buf, m);
      p = buf;
    }
  }
  return map == RowMap::kSquare ? FloatLeaf<false>(p, m, SquareMap())
                                : FloatLeaf<false>(p, m, AbsMap());
}

inline bool ReduceRowsFusedImpl(RowMap map, DType src_type, DType acc_type, void* dst,
                                const void* src, size_t rows, size_t cols, size_t row_stride) {
  const size_t src_size = DTypeSize(src_type);
  auto run = [&](auto* out) {
    using A = std::remove_pointer_t<decltype(out)>;
    return FusedMappedRows<A>(out, rows, cols, [&](size_t r, size_t b, size_t m) {
      const void* row = static_cast<const char*>(src) + r * row_stride * src_size;
      return MappedLeaf<A>(map, src_type, row, b, m);
    });
  };
  if (acc_type == DType::kFloat32 && (src_type == DType::kFloat32 || src_type == DType::kFloat16 ||
                                      src_type == DType::kBFloat16)) {
    return run(static_cast<float*>(dst));
  }
  if (acc_type == DType::kFloat64 && src_type == DType::kFloat64) {
    return run(static_cast<double*>(dst));
  }
  return false;
}

inline void ReduceRowsImpl(ReduceOp op, DType dtype, void* dst, const void* src, size_t rows,
                           size_t cols, size_t row_stride) {
  if (dtype == DType::kFloat32) {
    return FloatRows<float, int32_t>(op, dst, src, rows, cols, row_stride, 0x7F800000);
  }
  if (dtype == DType::kFloat64) {
    return FloatRows<double, int64_t>(op, dst, src, rows, cols, row_stride,
                                      int64_t{0x7FF0000000000000});
  }
  const size_t size = DTypeSize(dtype);
  for (size_t r = 0; r < rows; ++r) {
    ReduceImpl(op, dtype, static_cast<char*>(dst) + r * size,
               static_cast<const char*>(src) + r * row_stride * size, cols, nullptr);
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_REDUCE_ROWS_INL_H_
