// Per-target AccumulateRows: acc[c] = combine(acc[c], reduce over rows of column c).
// Float Sum/Prod keep the order of a binary counter over rows (pairwise, chains log2(rows)
// long): the rows split into their binary decomposition, largest part first, each part a
// perfect pairwise tree, parts combined right to left, then acc + that. Columns are computed
// a strip of vectors at a time straight from the rows, in registers; taller inputs go through
// aligned 64-row chunks (perfect subtrees of the same counter) and a small stack of partial
// rows. Max/Min fold the bit patterns in registers (SignFolds) and redo a strip only if it holds a
// NaN.
#if defined(OPSIM_SIM_VECTOR_ACCUMULATE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_ACCUMULATE_INL_H_
#undef OPSIM_SIM_VECTOR_ACCUMULATE_INL_H_
#else
#define OPSIM_SIM_VECTOR_ACCUMULATE_INL_H_
#endif

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr size_t kColTile = 512;   // columns per tile of the partial-row stack (stays in L1)
constexpr size_t kChunkRows = 64;  // rows per chunk: a power of two
constexpr size_t kStripVecs = 4;   // vectors per column strip

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

// Integers: acc op= row, row by row, one column tile at a time (any order gives the same).
template <typename T, class F>
void AccumulateDirect(T* acc, const T* src, size_t rows, size_t cols, size_t stride, F f) {
  for (size_t c0 = 0; c0 < cols; c0 += kColTile) {
    const size_t w = std::min(kColTile, cols - c0);
    for (size_t r = 0; r < rows; ++r) Columns(acc + c0, acc + c0, src + r * stride + c0, w, f);
  }
}

// ---- float Sum/Prod ----
// The rows (element type S) are either of the accumulator type, or 16-bit floats (S uint16_t,
// binary16 when kHalf, else bfloat16) that widen exactly in registers as they are loaded: the
// same float32 values in the same order, without a float32 copy of the rows.

// The loads as they are; a mapped accumulation (AccumulateRowsMapped) fuses its map here.
struct RowsAsLoaded {
  template <class V>
  HWY_INLINE V operator()(V v) const {
    return v;
  }
};
struct RowsSquared {
  template <class V>
  HWY_INLINE V operator()(V v) const {
    return hn::Mul(v, v);
  }
};
struct RowsAbs {
  template <class V>
  HWY_INLINE V operator()(V v) const {
    return hn::Abs(v);
  }
};

template <bool kHalf, class Map, class D, typename S>
HWY_INLINE hn::Vec<D> LoadRow(D d, const S* q) {
  if constexpr (std::is_same_v<S, hn::TFromD<D>>) {
    return Map()(hn::LoadU(d, q));
  } else {
    const hn::Rebind<uint16_t, D> d16;
    const auto h = hn::LoadU(d16, q);
    // Every row meets at least the add into the accumulator.
    return Map()(kHalf ? HalfToF32ForArithmetic(d, h) : BF16ToF32(d, h));
  }
}

// out = the perfect pairwise tree over `count` (a power of two) rows of W vectors at p.
template <bool kProd, size_t W, bool kHalf, class Map, class D, typename S>
void StripPerfect(D d, const S* p, size_t stride, size_t count, hn::Vec<D>* out) {
  constexpr size_t kN = hn::MaxLanes(D());
  const SumProdOp<kProd> op;
  if (count > 8) {
    hn::Vec<D> hi[W];
    StripPerfect<kProd, W, kHalf, Map>(d, p, stride, count / 2, out);
    StripPerfect<kProd, W, kHalf, Map>(d, p + count / 2 * stride, stride, count / 2, hi);
    for (size_t k = 0; k < W; ++k) out[k] = op(out[k], hi[k]);
    return;
  }
  for (size_t k = 0; k < W; ++k) {
    const S* q = p + k * kN;
    const auto row = [d, q, stride](size_t r) { return LoadRow<kHalf, Map>(d, q + r * stride); };
    if (count == 8) {
      out[k] = op(op(op(row(0), row(1)), op(row(2), row(3))),
                  op(op(row(4), row(5)), op(row(6), row(7))));
    } else if (count == 4) {
      out[k] = op(op(row(0), row(1)), op(row(2), row(3)));
    } else if (count == 2) {
      out[k] = op(row(0), row(1));
    } else {
      out[k] = row(0);
    }
  }
}

// out = the counter order over rows >= 1 rows: binary parts, combined right to left.
template <bool kProd, size_t W, bool kHalf, class Map, class D, typename S>
void StripRows(D d, const S* p, size_t stride, size_t rows, hn::Vec<D>* out) {
  const SumProdOp<kProd> op;
  bool have = false;
  hn::Vec<D> part[W];
  for (size_t b = 0; b < 63 && (size_t{1} << b) <= rows; ++b) {
    const size_t size = size_t{1} << b;
    if ((rows & size) == 0) continue;
    const size_t begin = rows >> (b + 1) << (b + 1);  // the larger parts come first
    StripPerfect<kProd, W, kHalf, Map>(d, p + begin * stride, stride, size, have ? part : out);
    if (have) {
      for (size_t k = 0; k < W; ++k) out[k] = op(part[k], out[k]);
    }
    have = true;
  }
}

// out[c] (= or op=, per kInto) the counter order over `rows` rows of column c, c < cols.
template <bool kProd, bool kInto, size_t W, bool kHalf, class Map, class D, typename S>
HWY_INLINE size_t TreeStrips(D d, hn::TFromD<D>* out, const S* src, size_t rows, size_t cols,
                             size_t stride, size_t c) {
  constexpr size_t kN = hn::MaxLanes(D());
  const SumProdOp<kProd> op;
  for (; c + W * kN <= cols; c += W * kN) {
    hn::Vec<D> res[W];
    StripRows<kProd, W, kHalf, Map>(d, src + c, stride, rows, res);
    for (size_t k = 0; k < W; ++k) {
      auto* o = out + c + k * kN;
      hn::StoreU(kInto ? op(hn::LoadU(d, o), res[k]) : res[k], d, o);
    }
  }
  return c;
}

// rows <= kChunkRows. The last columns (less than a vector) go through a padded copy, so
// that one strip width serves every column.
template <bool kProd, bool kInto, bool kHalf, class Map, typename T, typename S>
void TreeBlock(T* out, const S* src, size_t rows, size_t cols, size_t stride) {
  const hn::ScalableTag<T> d;
  constexpr size_t kN = hn::MaxLanes(d);
  size_t c = TreeStrips<kProd, kInto, kStripVecs, kHalf, Map>(d, out, src, rows, cols, stride, 0);
  c = TreeStrips<kProd, kInto, 1, kHalf, Map>(d, out, src, rows, cols, stride, c);
  if (c == cols) return;
  const size_t m = cols - c;
  HWY_ALIGN S buf[kChunkRows * kN] = {};
  HWY_ALIGN T res[kN] = {};
  for (size_t r = 0; r < rows; ++r) std::memcpy(buf + r * kN, src + r * stride + c, m * sizeof(S));
  if (kInto) std::memcpy(res, out + c, m * sizeof(T));
  TreeStrips<kProd, kInto, 1, kHalf, Map>(d, res, buf, rows, kN, kN, 0);
  std::memcpy(out + c, res, m * sizeof(T));
}

template <bool kProd, bool kHalf, typename T, typename S, class Map = RowsAsLoaded>
void AccumulateTree(T* acc, const S* src, size_t rows, size_t cols, size_t stride) {
  if (rows <= kChunkRows) return TreeBlock<kProd, true, kHalf, Map>(acc, src, rows, cols, stride);
  const auto f = [](auto, auto a, auto b) { return SumProdOp<kProd>()(a, b); };
  const size_t chunks = rows / kChunkRows;
  const size_t rest = rows % kChunkRows;
  size_t levels = 1;
  while ((size_t{1} << levels) <= chunks) ++levels;
  std::vector<T> partial((levels + 2) * kColTile);
  std::vector<size_t> weight(levels + 2);
  for (size_t c0 = 0; c0 < cols; c0 += kColTile) {
    const size_t w = std::min(kColTile, cols - c0);
    size_t top = 0;
    for (size_t ch = 0; ch < chunks; ++ch) {
      TreeBlock<kProd, false, kHalf, Map>(partial.data() + top * kColTile,
                                          src + ch * kChunkRows * stride + c0, kChunkRows, w,
                                          stride);
      weight[top++] = 1;
      while (top >= 2 && weight[top - 1] == weight[top - 2]) {
        T* lower = partial.data() + (top - 2) * kColTile;
        Columns(lower, lower, lower + kColTile, w, f);
        weight[top - 2] *= 2;
        --top;
      }
    }
    if (rest != 0) {  // its parts are all smaller than a chunk: the rightmost ones
      TreeBlock<kProd, false, kHalf, Map>(partial.data() + top * kColTile,
                                          src + chunks * kChunkRows * stride + c0, rest, w, stride);
      ++top;
    }
    T* result = partial.data() + (top - 1) * kColTile;
    for (size_t k = top - 1; k-- > 0;) {
      T* lower = partial.data() + k * kColTile;
      Columns(lower, lower, result, w, f);
      result = lower;
    }
    Columns(acc + c0, acc + c0, result, w, f);
  }
}

// ---- float Max/Min ----

// Max/Min (SignFolds) of W vectors over `rows` rows into acc (bit patterns TI). Returns false,
// with acc untouched, when acc or a row holds a NaN there: then the caller redoes it in order.
template <bool kMax, size_t W, class D>
HWY_INLINE bool MaxMinStrip(D d, hn::TFromD<D>* acc, const hn::TFromD<D>* p, size_t rows,
                            size_t stride, hn::TFromD<D> inf_bits) {
  constexpr size_t kN = hn::MaxLanes(D());
  using Folds = SignFolds<D>;
  Folds f[W];
  for (size_t k = 0; k < W; ++k) f[k] = Folds::Of(hn::LoadU(d, acc + k * kN));
  for (size_t r = 0; r < rows; ++r) {
    for (size_t k = 0; k < W; ++k) f[k].Add(d, hn::LoadU(d, p + r * stride + k * kN));
  }
  auto nan = f[0].HasNaN(d, inf_bits);
  for (size_t k = 1; k < W; ++k) nan = hn::Or(nan, f[k].HasNaN(d, inf_bits));
  if (!hn::AllFalse(d, nan)) return false;
  for (size_t k = 0; k < W; ++k) hn::StoreU(f[k].Best(d, kMax), d, acc + k * kN);
  return true;
}

template <bool kMax, size_t W, class D, typename T>
HWY_INLINE size_t MaxMinStrips(D d, T* acc, const T* src, size_t rows, size_t cols, size_t stride,
                               size_t c) {
  using TI = hn::TFromD<D>;
  constexpr size_t kN = hn::MaxLanes(D());
  const TI inf_bits = sizeof(T) == 4 ? TI{0x7F800000} : static_cast<TI>(0x7FF0000000000000);
  for (; c + W * kN <= cols; c += W * kN) {
    if (MaxMinStrip<kMax, W>(d, reinterpret_cast<TI*>(acc + c),
                             reinterpret_cast<const TI*>(src + c), rows, stride, inf_bits)) {
      continue;
    }
    for (size_t r = 0; r < rows; ++r) {  // acc's NaN wins, then the first row's
      Columns(acc + c, acc + c, src + r * stride + c, W * kN,
              [](auto dd, auto x, auto y) { return FloatMaxMin<kMax>(dd, x, y); });
    }
  }
  return c;
}

template <bool kMax, typename T>
void AccumulateMaxMin(T* acc, const T* src, size_t rows, size_t cols, size_t stride) {
  using TI = hwy::MakeSigned<T>;
  const hn::ScalableTag<TI> d;
  constexpr size_t kN = hn::MaxLanes(d);
  for (size_t r0 = 0; r0 < rows; r0 += kChunkRows) {
    const size_t nr = std::min(kChunkRows, rows - r0);
    const T* p = src + r0 * stride;
    size_t c = MaxMinStrips<kMax, kStripVecs>(d, acc, p, nr, cols, stride, 0);
    c = MaxMinStrips<kMax, 1>(d, acc, p, nr, cols, stride, c);
    if (c == cols) continue;
    // The last columns through a padded copy (zeros: neither NaN nor ever copied back).
    const size_t m = cols - c;
    HWY_ALIGN T buf[kChunkRows * kN] = {};
    HWY_ALIGN T res[kN] = {};
    for (size_t r = 0; r < nr; ++r) std::memcpy(buf + r * kN, p + r * stride + c, m * sizeof(T));
    std::memcpy(res, acc + c, m * sizeof(T));
    MaxMinStrips<kMax, 1>(d, res, buf, nr, kN, kN, 0);
    std::memcpy(acc + c, res, m * sizeof(T));
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
    case ReduceOp::kSum: return AccumulateTree<false, false>(a, s, rows, cols, stride);
    case ReduceOp::kProd: return AccumulateTree<true, false>(a, s, rows, cols, stride);
    case ReduceOp::kMax: return AccumulateMaxMin<true>(a, s, rows, cols, stride);
    case ReduceOp::kMin: return AccumulateMaxMin<false>(a, s, rows, cols, stride);
  }
}

// AccumulateRowsMapped's float forms (vector_unit.h) with the square or abs fused into the row
// loads: the same tree over the same mapped values as mapping the rows first (false: a type pair
// this does not take, for the staged path).
template <class Map>
bool AccumulateMappedFloat(DType src_type, DType acc_type, void* acc, const void* src, size_t rows,
                           size_t cols, size_t stride) {
  if (acc_type == DType::kFloat64 && src_type == DType::kFloat64) {
    AccumulateTree<false, false, double, double, Map>(
        static_cast<double*>(acc), static_cast<const double*>(src), rows, cols, stride);
    return true;
  }
  if (acc_type != DType::kFloat32) return false;
  auto* a = static_cast<float*>(acc);
  switch (src_type) {
    case DType::kFloat32:
      AccumulateTree<false, false, float, float, Map>(a, static_cast<const float*>(src), rows, cols,
                                                      stride);
      return true;
    case DType::kFloat16:
      AccumulateTree<false, true, float, uint16_t, Map>(a, static_cast<const uint16_t*>(src), rows,
                                                        cols, stride);
      return true;
    case DType::kBFloat16:
      AccumulateTree<false, false, float, uint16_t, Map>(a, static_cast<const uint16_t*>(src), rows,
                                                         cols, stride);
      return true;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return false;
  }
}

inline bool AccumulateRowsFusedImpl(RowMap map, DType src_type, DType acc_type, void* acc,
                                    const void* src, size_t rows, size_t cols, size_t row_stride) {
  if (rows == 0 || cols == 0) return true;
  return map == RowMap::kSquare
             ? AccumulateMappedFloat<RowsSquared>(src_type, acc_type, acc, src, rows, cols,
                                                  row_stride)
             : AccumulateMappedFloat<RowsAbs>(src_type, acc_type, acc, src, rows, cols, row_stride);
}

inline void AccumulateRowsImpl(ReduceOp op, DType dtype, void* acc, const void* src, size_t rows,
                               size_t cols, size_t row_stride) {
  if (rows == 0 || cols == 0) return;
  switch (dtype) {
    case DType::kFloat32: return AccumulateFloat<float>(op, acc, src, rows, cols, row_stride);
    case DType::kFloat64: return AccumulateFloat<double>(op, acc, src, rows, cols, row_stride);
    case DType::kInt8: return AccumulateInt<int8_t>(op, acc, src, rows, cols, row_stride);
    case DType::kUInt8: return AccumulateInt<uint8_t>(op, acc, src, rows, cols, row_stride);
    case DType::kInt16: return AccumulateInt<int16_t>(op, acc, src, rows, cols, row_stride);
    case DType::kUInt16: return AccumulateInt<uint16_t>(op, acc, src, rows, cols, row_stride);
    case DType::kInt32: return AccumulateInt<int32_t>(op, acc, src, rows, cols, row_stride);
    case DType::kUInt32: return AccumulateInt<uint32_t>(op, acc, src, rows, cols, row_stride);
    case DType::kInt64: return AccumulateInt<int64_t>(op, acc, src, rows, cols, row_stride);
    case DType::kUInt64: return AccumulateInt<uint64_t>(op, acc, src, rows, cols, row_stride);
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kBool: return;  // precondition violated (see vector_unit.h): acc is left untouched
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:
      return;  // never reached: the vector and cube units' dtype is AscendC::DTypeOf<T>, which has
               // no complex or int4 type
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_ACCUMULATE_INL_H_
