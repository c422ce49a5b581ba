// ReduceLogSumExp in one pass with an online max, in Ascend C's instructions: each (max, sum)
// pair takes a tile as
//   m' = Max(m, ReduceMax(tile)),  k = clamp(m'),  t = ReduceSum(Exp(tile - k)),
//   sum = sum * Exp(clamp(m) - k) + t,  m = m',
// and the finish is Ln(sum) + clamp(m). clamp(v) (Maxs then Mins with the largest finite
// values) keeps a finite v and NaN and turns +-inf into +-max: the shift of an exp that is not
// finite. It gives what the definition with a shift of 0 for a non-finite max gives
// (docs/SPEC.md, ReduceLogSumExp): a max of -inf has a sum of 0, so neither the rescale nor the
// shift can change it; a max of +inf makes the sum +inf either way; NaN poisons both. The pairs
// start at (-inf, 0) (ReduceKernelBase::StartLogSumExp).
#pragma once

#include "kernel_operator.h"
#include "reduce/reduce_reducers.h"
#include "reduce/reduce_tile_ops.h"

namespace op_kernel {

// The scratch of an update: `top` the tile's maxes, then the new maxes; `shift` the clamped new
// maxes; `part` the tile's sums of exp. `pairs` elements each.
template <typename T>
struct LseScratch {
  AscendC::LocalTensor<T> top;
  AscendC::LocalTensor<T> shift;
  AscendC::LocalTensor<T> part;
};

// float32: the accumulator of every type the AI Core reduces.
template <typename T>
__aicore__ constexpr T LargestFinite() {
  return __FLT_MAX__;
}

// dst = src with +-inf clamped to +-LargestFinite (NaN stays: Maxs/Mins propagate it).
template <typename T>
__aicore__ void ClampFinite(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                            uint32_t n) {
  AscendC::Maxs(dst, src, -LargestFinite<T>(), static_cast<int32_t>(n));
  AscendC::Mins(dst, dst, LargestFinite<T>(), static_cast<int32_t>(n));
}

// The shared middle of an update, once s.top holds the tile's maxes and the tile's exp terms
// are yet to be taken: the new max and its shift.
template <typename T>
__aicore__ void LseNewMax(const AscendC::LocalTensor<T>& max, const LseScratch<T>& s, uint32_t n) {
  AscendC::Max(s.top, s.top, max, static_cast<int32_t>(n));
  ClampFinite(s.shift, s.top, n);
}

// The shared end: sum = sum * Exp(clamp(m) - shift) + part, m = m' (Muls by 1 is exact).
template <typename T>
__aicore__ void LseRescale(const AscendC::LocalTensor<T>& max, const AscendC::LocalTensor<T>& sum,
                           const LseScratch<T>& s, uint32_t n) {
  const int32_t count = static_cast<int32_t>(n);
  ClampFinite(max, max, n);
  AscendC::Sub(max, max, s.shift, count);
  AscendC::Exp(max, max, count);
  AscendC::Mul(sum, sum, max, count);
  AscendC::Add(sum, sum, s.part, count);
  AscendC::Muls(max, s.top, T(1), count);
}

// Pair r takes row r of the tile: tile[r * stride, + cols), r < rows. The tile (accumulator
// type) is overwritten; `work` is a level-2 reduction's work tensor (WorkElemsFor(cols)).
template <typename T>
__aicore__ void LseUpdateRows(const AscendC::LocalTensor<T>& max,
                              const AscendC::LocalTensor<T>& sum,
                              const AscendC::LocalTensor<T>& tile, uint32_t rows, uint32_t cols,
                              uint32_t stride, const LseScratch<T>& s,
                              const AscendC::LocalTensor<T>& work) {
  ReduceRows<MaxReducer>(s.top, tile, work, rows, cols, stride);
  LseNewMax(max, s, rows);
  // Each row less its own shift: a scalar per row, read once the vector unit wrote it.
  AscendC::PipeBarrier<AscendC::PIPE_ALL>();
  for (uint32_t r = 0; r < rows; ++r) {
    const T shift = s.shift.GetValue(r);
    AscendC::Adds(tile[r * stride], tile[r * stride], -shift, static_cast<int32_t>(cols));
  }
  AscendC::Exp(tile, tile, static_cast<int32_t>((rows - 1) * stride + cols));
  ReduceRows<SumReducer>(s.part, tile, work, rows, cols, stride);
  LseRescale(max, sum, s, rows);
}

// Pair c takes column c of the tile: tile[r * stride + c], r < rows, c < cols. The tile is
// overwritten.
template <typename T>
__aicore__ void LseUpdateColumns(const AscendC::LocalTensor<T>& max,
                                 const AscendC::LocalTensor<T>& sum,
                                 const AscendC::LocalTensor<T>& tile, uint32_t rows, uint32_t cols,
                                 uint32_t stride, const LseScratch<T>& s) {
  const int32_t count = static_cast<int32_t>(cols);
  // The column maxes row by row: the tile itself is still needed for the exp terms.
  AscendC::Muls(s.top, tile, T(1), count);
  for (uint32_t r = 1; r < rows; ++r) AscendC::Max(s.top, s.top, tile[r * stride], count);
  LseNewMax(max, s, cols);
  for (uint32_t r = 0; r < rows; ++r)
    AscendC::Sub(tile[r * stride], tile[r * stride], s.shift, count);
  AscendC::Exp(tile, tile, static_cast<int32_t>((rows - 1) * stride + cols));
  AscendC::Duplicate(s.part, T(0), count);
  AccumulateRows<SumReducer>(s.part, tile, rows, cols, stride);
  LseRescale(max, sum, s, cols);
}

// sum[i] = Ln(sum[i]) + clamp(max[i]), i < n; max is overwritten.
template <typename T>
__aicore__ void LseFinish(const AscendC::LocalTensor<T>& sum, const AscendC::LocalTensor<T>& max,
                          uint32_t n) {
  const int32_t count = static_cast<int32_t>(n);
  ClampFinite(max, max, n);
  AscendC::Ln(sum, sum, count);
  AscendC::Add(sum, sum, max, count);
}

}  // namespace op_kernel
