// The reductions of one UB tile in Ascend C's own instructions, as a CANN reduction writes them:
// rows reduced by WholeReduce* (a row per repeat) or the level-2 ReduceSum/ReduceMax/ReduceMin
// with its work tensor, rows accumulated by halving folds of Add/Max/Min/Mul, and the family's
// maps (Mul of the tile by itself, Abs) before the reduction. float16/bfloat16 tiles are cast to
// float32 first, a piece at a time (reduce_wide.h).
#pragma once

#include "kernel_operator.h"
#include "reduce/reduce_copy.h"
#include "reduce/reduce_reducers.h"
#include "reduce/reduce_tiling_data.h"

namespace op_kernel {

template <typename T>
constexpr uint32_t kPerRepeat = static_cast<uint32_t>(256 / sizeof(T));

// Rows one WholeReduce* call takes: at most 255 repeats, and whole 32 B blocks of results, so
// that every call's destination stays 32 B aligned.
template <typename T>
constexpr uint32_t kRepeatChunk = 255 / kPerBlock<T>* kPerBlock<T>;

// Elements of a level-2 reduction's work tensor over `count` elements: one partial per 256 B
// repeat (CANN's ReduceSum/ReduceMax/ReduceMin), rounded up to whole 32 B blocks.
template <typename T>
__aicore__ constexpr uint32_t WorkElemsFor(uint32_t count) {
  return static_cast<uint32_t>(AlignUp<T>((count + kPerRepeat<T> - 1) / kPerRepeat<T>));
}

// The reduce family's element map (square or absolute value), in place on the tile.
template <typename T>
__aicore__ void MapTile(const AscendC::LocalTensor<T>& tile, ReduceMap map, uint32_t span) {
  const int32_t n = static_cast<int32_t>(span);
  if (map == ReduceMap::kSquare) {
    AscendC::Mul(tile, tile, tile, n);
  } else if (map == ReduceMap::kAbs) {
    AscendC::Abs(tile, tile, n);
  }
}

// The wrapping product integers have on the vector unit, without signed overflow in scalar code.
template <typename T>
__aicore__ T ScalarProduct(T a, T b) {
  if constexpr (kIsFloat<T>) {
    return a * b;
  } else {
    T out;
    (void)__builtin_mul_overflow(a, b, &out);
    return out;
  }
}

// dst[i] = product of row i (src[i * stride, + cols)), i < rows. No instruction reduces by
// product: each row folds its halves with Mul, split at 32 B boundaries, down to one block,
// whose few elements the scalar unit multiplies. The rows fold in place.
template <typename T>
__aicore__ void ProductRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                            uint32_t rows, uint32_t cols, uint32_t stride) {
  uint32_t width = cols;
  for (uint32_t i = 0; i < rows; ++i) {
    const AscendC::LocalTensor<T> row = src[i * stride];
    width = cols;
    while (width > kPerBlock<T>) {
      const auto half = static_cast<uint32_t>(AlignUp<T>((width + 1) / 2));
      AscendC::Mul(row, row, row[half], static_cast<int32_t>(width - half));
      width = half;
    }
  }
  // The scalar unit reads what the vector unit wrote, and the vector unit then reads dst.
  AscendC::PipeBarrier<AscendC::PIPE_ALL>();
  for (uint32_t i = 0; i < rows; ++i) {
    T p = src.GetValue(i * stride);
    for (uint32_t k = 1; k < width; ++k) p = ScalarProduct(p, src.GetValue(i * stride + k));
    dst.SetValue(i, p);
  }
  AscendC::PipeBarrier<AscendC::PIPE_ALL>();
}

// dst[i] = R over row i (src[i * stride, + cols)), i < rows. Rows of at most one repeat (256 B)
// 32 B apart go through WholeReduce*, a row per repeat; longer rows through the level-2 form,
// a row per call, with `work` as its work tensor (WorkElemsFor(cols) elements).
template <typename R, typename T>
__aicore__ void ReduceRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                           const AscendC::LocalTensor<T>& work, uint32_t rows, uint32_t cols,
                           uint32_t stride) {
  if constexpr (R::kHasReduce) {
    if (cols <= kPerRepeat<T> && (rows == 1 || stride % kPerBlock<T> == 0)) {
      const int32_t rep_stride = static_cast<int32_t>(rows == 1 ? 0 : stride / kPerBlock<T>);
      for (uint32_t r0 = 0; r0 < rows; r0 += kRepeatChunk<T>) {
        const uint32_t n = Min(kRepeatChunk<T>, rows - r0);
        R::WholeReduce(dst[r0], src[r0 * stride], static_cast<int32_t>(cols),
                       static_cast<int32_t>(n), rep_stride);
      }
      return;
    }
    for (uint32_t i = 0; i < rows; ++i) {
      R::ReduceCount(dst[i], src[i * stride], work, static_cast<int32_t>(cols));
    }
  } else {
    ProductRows(dst, src, rows, cols, stride);
  }
}

// acc[c] = R(acc[c], R over the rows of column c), c < cols: the tile's rows fold in halves in
// place (the upper half into the lower, log2(rows) instructions over the tile), then the one row
// left into the accumulators.
template <typename R, typename T>
__aicore__ void AccumulateRows(const AscendC::LocalTensor<T>& acc,
                               const AscendC::LocalTensor<T>& src, uint32_t rows, uint32_t cols,
                               uint32_t stride) {
  uint32_t n = rows;
  while (n > 1) {
    const uint32_t folded = n / 2;
    const uint32_t kept = n - folded;
    R::Combine(src, src, src[kept * stride], static_cast<int32_t>((folded - 1) * stride + cols));
    n = kept;
  }
  R::Combine(acc, acc, src, static_cast<int32_t>(cols));
}

}  // namespace op_kernel
