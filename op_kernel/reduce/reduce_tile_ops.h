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

// Where FoldRows folds: `buf` of `elems` elements beside the tile, or the tile itself (in_place:
// a float32 piece a Cast wrote, reduce_wide.h; a tile copied in is read where it is instead).
template <typename T>
struct FoldSpace {
  AscendC::LocalTensor<T> buf;
  uint32_t elems = 0;
  bool in_place = false;
};

// Whether FoldRows takes rows of `cols` (`stride` apart): float rows of 2-16 whole repeats,
// packed, an even number of repeats unless they fold in place (an odd one's middle repeat is
// never copied out of the tile), and room for 8 rows' first level.
template <typename R, typename T>
__aicore__ bool FoldsRows(uint32_t cols, uint32_t stride, const FoldSpace<T>* fold) {
  if (!R::kHasReduce || !kIsFloat<T> || fold == nullptr || stride != cols) return false;
  const uint32_t h = cols / kPerRepeat<T>;
  if (cols % kPerRepeat<T> != 0 || h < 2 || h > 16) return false;
  if (fold->in_place) return true;
  return h % 2 == 0 && fold->elems >= 8 * (h / 2) * kPerRepeat<T>;
}

// One level of FoldRows: `rows` rows of w repeats, `stride` repeats apart, in `in`, into `out`.
// Packed rows of an even width fold neighbours (repeat 2i + 1 into 2i, all rows' in a call: the
// result packed, w / 2 wide); others the upper half of each row into its lower (a call per
// repeat column, the rows strided; an odd width's middle repeat stays where it is).
template <typename R, typename T>
__aicore__ void FoldLevel(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<T>& in,
                          uint32_t rows, uint32_t* w, uint32_t* stride) {
  constexpr uint32_t kLanes = kPerRepeat<T>;
  constexpr uint32_t kMaxRepeats = 255;
  if (*stride == *w && *w % 2 == 0) {
    const uint32_t pairs = rows * *w / 2;
    const AscendC::BinaryRepeatParams p(1, 1, 1, 8, 16, 16);
    for (uint32_t i = 0; i < pairs; i += kMaxRepeats) {
      const auto n = static_cast<uint8_t>(Min(kMaxRepeats, pairs - i));
      R::CombineRepeats(out[i * kLanes], in[2 * i * kLanes], in[(2 * i + 1) * kLanes], n, p);
    }
    *w /= 2;
    *stride = *w;
    return;
  }
  const uint32_t folded = *w / 2;
  const uint32_t kept = *w - folded;
  const auto rep = static_cast<uint8_t>(*stride * 8);
  const AscendC::BinaryRepeatParams p(1, 1, 1, rep, rep, rep);
  for (uint32_t j = 0; j < folded; ++j) {
    for (uint32_t r0 = 0; r0 < rows; r0 += kMaxRepeats) {
      const auto n = static_cast<uint8_t>(Min(kMaxRepeats, rows - r0));
      const uint32_t at = (r0 * *stride + j) * kLanes;
      R::CombineRepeats(out[at], in[at], in[at + kept * kLanes], n, p);
    }
  }
  *w = kept;
}

// dst[i] = R over row i (src[i * cols, + cols)), i < rows, for rows FoldsRows takes: each row's
// repeats fold pairwise, lane by lane (FoldLevel), until one repeat a row is left, which one
// WholeReduce* takes: log2 of the width plus one calls for a group of rows, where the level-2
// form makes one a row. The order of a float sum: each lane's repeats summed pairwise (repeat
// 2i + 1 into 2i, level by level; an odd width's upper half into its lower), then WholeReduceSum's
// tree over the lanes (docs/OPERATORS.md, "Reduce kernel"). Max and Min are exact either way.
template <typename R, typename T>
__aicore__ void FoldRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                         const FoldSpace<T>& fold, uint32_t rows, uint32_t cols) {
  constexpr uint32_t kLanes = kPerRepeat<T>;
  const uint32_t h = cols / kLanes;
  // Rows a group: all of them in place, else as many as the scratch holds the first level of, a
  // multiple of 8 so that each group's results start a 32 B block.
  const uint32_t group =
      fold.in_place ? rows : fold.elems / (h / 2 * kLanes) / kPerBlock<T> * kPerBlock<T>;
  for (uint32_t g0 = 0; g0 < rows; g0 += group) {
    const uint32_t n = Min(group, rows - g0);
    const AscendC::LocalTensor<T> tile = src[g0 * cols];
    const AscendC::LocalTensor<T> out = fold.in_place ? tile : fold.buf;
    uint32_t w = h;
    uint32_t stride = h;
    FoldLevel<R>(out, tile, n, &w, &stride);
    while (w > 1) FoldLevel<R>(out, out, n, &w, &stride);
    for (uint32_t r0 = 0; r0 < n; r0 += kRepeatChunk<T>) {
      const uint32_t k = Min(kRepeatChunk<T>, n - r0);
      R::WholeReduce(dst[g0 + r0], out[r0 * stride * kLanes], static_cast<int32_t>(kLanes),
                     static_cast<int32_t>(k), static_cast<int32_t>(stride * 8));
    }
  }
}

// dst[i] = R over row i (src[i * stride, + cols)), i < rows. Rows of at most one repeat (256 B)
// 32 B apart go through WholeReduce*, a row per repeat; rows FoldsRows takes (given a `fold`
// space) through FoldRows; longer rows through the level-2 form, a row per call, with `work` as
// its work tensor (WorkElemsFor(cols) elements).
template <typename R, typename T>
__aicore__ void ReduceRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                           const AscendC::LocalTensor<T>& work, uint32_t rows, uint32_t cols,
                           uint32_t stride, const FoldSpace<T>* fold = nullptr) {
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
    if (FoldsRows<R>(cols, stride, fold)) {
      FoldRows<R>(dst, src, *fold, rows, cols);
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
