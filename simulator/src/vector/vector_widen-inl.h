// Per-target widening reductions: float16/bfloat16 rows reduced in float32, with the bits of a
// Cast to float32 followed by the float32 ReduceRows / AccumulateRows. Every source byte is read
// once (from the UB, or from GM in place) and no float32 copy of the tile is written.
// AccumulateRows Sum/Prod and ReduceRows Sum/Prod of rows reduced one by one run the float32 tree
// with loads that widen in registers; the other forms widen small chunks into an L1-resident buffer
// that the float32 kernels read, along independences the float32 order already has: ReduceRows rows
// are independent (short rows go a group at a time, long rows a 1024-element leaf at a time),
// AccumulateRows Max/Min columns are independent and its rows fold in order in 64-row chunks.
#if defined(OPSIM_SIM_VECTOR_WIDEN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_WIDEN_INL_H_
#undef OPSIM_SIM_VECTOR_WIDEN_INL_H_
#else
#define OPSIM_SIM_VECTOR_WIDEN_INL_H_
#endif

#include <algorithm>
#include <cstring>
#include <vector>

#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_accumulate-inl.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_reduce_rows-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr size_t kWidenFloats = 4096;  // float32 per widened chunk: 16 KiB
constexpr size_t kWidenCols = 64;      // AccumulateRows Max/Min tile of a 64-row chunk

// AccumulateRows Max/Min tile width for `rows` <= kChunkRows rows: as wide as the buffer
// allows, so that few rows still widen in long runs.
inline size_t TileCols(size_t rows) {
  return std::max(kWidenCols, kWidenFloats / std::max<size_t>(rows, 1) / kWidenCols * kWidenCols);
}
constexpr int32_t kF32InfBits = 0x7F800000;

// rows x cols 16-bit floats at src (row pitch `stride`) into dst with row pitch `pitch`. When
// pitch == stride the whole span goes in one pass (gaps included: they are never read back).
inline void WidenRows(bool half, const uint16_t* src, size_t rows, size_t cols, size_t stride,
                      float* dst, size_t pitch) {
  if (rows == 0 || cols == 0) return;
  if (pitch == stride) return Narrow16ToF32(half, src, dst, (rows - 1) * stride + cols);
  for (size_t r = 0; r < rows; ++r) Narrow16ToF32(half, src + r * stride, dst + r * pitch, cols);
}

// Max/Min of two non-empty parts' results (float32 bits): the earlier part's NaN wins, then a
// later NaN, else the total-order best, which is what one pass over both parts returns.
template <bool kMax>
int32_t CombineMaxMinBits(int32_t a, int32_t b) {
  const auto is_nan = [](int32_t v) { return (v & 0x7FFFFFFF) > kF32InfBits; };
  if (is_nan(a)) return a;
  if (is_nan(b)) return b;
  const auto key = [](int32_t v) { return v ^ ((v >> 31) & 0x7FFFFFFF); };
  return (kMax ? key(b) > key(a) : key(b) < key(a)) ? b : a;
}

// One row longer than kWidenFloats.
template <bool kMax>
int32_t LongRowMaxMin(bool half, const uint16_t* row, size_t cols) {
  HWY_ALIGN float buf[kWidenFloats];
  const auto* bits = reinterpret_cast<const int32_t*>(buf);
  int32_t best = 0;
  for (size_t c = 0; c < cols; c += kWidenFloats) {
    const size_t m = std::min(kWidenFloats, cols - c);
    Narrow16ToF32(half, row + c, buf, m);
    const int32_t part = FloatMaxMinBits<kMax>(bits, m, kF32InfBits, nullptr);
    best = c == 0 ? part : CombineMaxMinBits<kMax>(best, part);
  }
  return best;
}

inline void ReduceRowsWidenImpl(ReduceOp op, DType src_type, float* dst, const void* src,
                                size_t rows, size_t cols, size_t row_stride) {
  if (src_type != DType::kFloat16 && src_type != DType::kBFloat16) return;
  if (rows == 0) return;
  const bool half = src_type == DType::kFloat16;
  const auto* p = static_cast<const uint16_t*>(src);
  if (cols == 0) {  // nothing is read: the float32 form gives each row the identity
    const float none = 0;
    return FloatRows<float, int32_t>(op, dst, &none, rows, 0, 0, kF32InfBits);
  }
  // Sums and products of rows FloatRows reduces one by one (not its across-rows short forms) widen
  // in registers, whatever the row length: the same leaf tree, no float32 buffer.
  const bool per_row_sum_prod =
      (op == ReduceOp::kSum || op == ReduceOp::kProd) && cols >= kAcrossMaxCols;
  if (cols <= kWidenFloats && !per_row_sum_prod) {
    // Rows padded a little (aligned rows) widen as one span; sparse rows one by one.
    const size_t pitch = row_stride >= cols && row_stride <= 2 * cols ? row_stride : cols;
    const size_t group = (kWidenFloats - cols) / pitch + 1;
    HWY_ALIGN float buf[kWidenFloats];
    for (size_t r0 = 0; r0 < rows; r0 += group) {
      const size_t g = std::min(group, rows - r0);
      WidenRows(half, p + r0 * row_stride, g, cols, row_stride, buf, pitch);
      FloatRows<float, int32_t>(op, dst + r0, buf, g, cols, pitch, kF32InfBits);
    }
    return;
  }
  auto* bits = reinterpret_cast<int32_t*>(dst);
  for (size_t r = 0; r < rows; ++r) {
    const uint16_t* row = p + r * row_stride;
    switch (op) {
      case ReduceOp::kSum: dst[r] = WidenedSumProd<false>(half, row, cols); break;
      case ReduceOp::kProd: dst[r] = WidenedSumProd<true>(half, row, cols); break;
      case ReduceOp::kMax: bits[r] = LongRowMaxMin<true>(half, row, cols); break;
      case ReduceOp::kMin: bits[r] = LongRowMaxMin<false>(half, row, cols); break;
    }
  }
}

// Sum/Prod: the float32 tree itself, its loads widening the 16-bit rows in registers.
template <bool kProd>
void AccumulateTreeWiden(bool half, float* acc, const uint16_t* src, size_t rows, size_t cols,
                         size_t stride) {
  if (half) return AccumulateTree<kProd, true>(acc, src, rows, cols, stride);
  AccumulateTree<kProd, false>(acc, src, rows, cols, stride);
}

// Max/Min fold rows into acc in row order per column; any split of rows and columns agrees.
template <bool kMax>
void AccumulateMaxMinWiden(bool half, float* acc, const uint16_t* src, size_t rows, size_t cols,
                           size_t stride) {
  HWY_ALIGN float buf[kWidenFloats];
  const size_t tile = TileCols(std::min(rows, kChunkRows));
  for (size_t c0 = 0; c0 < cols; c0 += tile) {
    const size_t w = std::min(tile, cols - c0);
    for (size_t r0 = 0; r0 < rows; r0 += kChunkRows) {
      const size_t nr = std::min(kChunkRows, rows - r0);
      WidenRows(half, src + r0 * stride + c0, nr, w, stride, buf, w);
      AccumulateMaxMin<kMax>(acc + c0, buf, nr, w, w);
    }
  }
}

inline void AccumulateRowsWidenImpl(ReduceOp op, DType src_type, float* acc, const void* src,
                                    size_t rows, size_t cols, size_t row_stride) {
  if (src_type != DType::kFloat16 && src_type != DType::kBFloat16) return;
  if (rows == 0 || cols == 0) return;
  const bool half = src_type == DType::kFloat16;
  const auto* p = static_cast<const uint16_t*>(src);
  switch (op) {
    case ReduceOp::kSum: return AccumulateTreeWiden<false>(half, acc, p, rows, cols, row_stride);
    case ReduceOp::kProd: return AccumulateTreeWiden<true>(half, acc, p, rows, cols, row_stride);
    case ReduceOp::kMax: return AccumulateMaxMinWiden<true>(half, acc, p, rows, cols, row_stride);
    case ReduceOp::kMin: return AccumulateMaxMinWiden<false>(half, acc, p, rows, cols, row_stride);
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_WIDEN_INL_H_
