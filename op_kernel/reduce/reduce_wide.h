// float16/bfloat16 tiles reduced in float32 a piece at a time: each piece (whole rows, or a part
// of a row longer than the piece) is Cast into a float32 buffer of ReduceWideElems and reduced
// there, so that the input tiles keep the size they would have without a float32 copy (a copy
// of the whole tile halved them, and the 64 MiB float16 rows lost 10-20 % of the roofline).
#pragma once

#include "kernel_operator.h"
#include "reduce/reduce_lse.h"
#include "reduce/reduce_reducers.h"
#include "reduce/reduce_tile_ops.h"
#include "reduce/reduce_tiling_data.h"

namespace op_kernel {

// The buffers of a piece: `wide` (ReduceWideElems of the family), a level-2 work tensor for a piece
// or a row
// (`work`), one 32 B block for a piece's result (`piece`), and LogSumExp's scratch (`lse`, when
// `max` is given).
template <typename A>
struct WideScratch {
  AscendC::LocalTensor<A> wide;
  AscendC::LocalTensor<A> work;
  AscendC::LocalTensor<A> piece;
  LseScratch<A> lse;
};

// `span` elements of `in` into s.wide, with the reduce family's map.
template <typename R, typename In, typename A>
__aicore__ void CastPiece(const AscendC::LocalTensor<In>& in, const WideScratch<A>& s,
                          ReduceMap map, uint32_t span) {
  AscendC::Cast(s.wide, in, AscendC::RoundMode::CAST_NONE, span);
  if constexpr (kIsSame<R, SumReducer>) MapTile(s.wide, map, span);
}

// AR: dst[i] = R over row i of the tile, or LogSumExp's pair i updated (max != nullptr). Whole
// rows a multiple of 8 at a time (their results stay 32 B aligned) when 8 fit a piece; longer
// rows piece by piece, each piece's result combined into the row's.
template <typename R, typename In, typename A>
__aicore__ void ReduceRowsWide(const AscendC::LocalTensor<A>& dst,
                               const AscendC::LocalTensor<In>& in, uint32_t rows, uint32_t cols,
                               uint32_t stride, const WideScratch<A>& s, ReduceMap map,
                               const AscendC::LocalTensor<A>* max) {
  constexpr uint32_t kPiece = ReduceWideElems(ReduceFamily::kAR);
  if (stride * kPerBlock<A> <= kPiece) {
    const uint32_t group = kPiece / stride / kPerBlock<A> * kPerBlock<A>;
    for (uint32_t i = 0; i < rows; i += group) {
      const uint32_t n = Min(group, rows - i);
      CastPiece<R>(in[i * stride], s, map, (n - 1) * stride + cols);
      if (max != nullptr) {
        LseUpdateRows((*max)[i], dst[i], s.wide, n, cols, stride, s.lse, s.work);
      } else {
        ReduceRows<R>(dst[i], s.wide, s.work, n, cols, stride);
      }
    }
    return;
  }
  for (uint32_t i = 0; i < rows; ++i) {
    for (uint32_t c = 0; c < cols; c += kPiece) {
      const uint32_t w = Min(kPiece, cols - c);
      CastPiece<R>(in[i * stride + c], s, map, w);
      if (max != nullptr) {
        LseUpdateRows((*max)[i], dst[i], s.wide, 1, w, w, s.lse, s.work);
      } else if (c == 0) {
        ReduceRows<R>(dst[i], s.wide, s.work, 1, w, w);
      } else {
        ReduceRows<R>(s.piece, s.wide, s.work, 1, w, w);
        R::Combine(dst[i], dst[i], s.piece, 1);
      }
    }
  }
}

// ARA: acc[c] = R(acc[c], R over the rows of column c), or LogSumExp's pair c updated. Whole
// rows as many as fit a piece (folded in halves there), or rows longer than a piece column piece
// by column piece.
template <typename R, typename In, typename A>
__aicore__ void AccumulateRowsWide(const AscendC::LocalTensor<A>& acc,
                                   const AscendC::LocalTensor<In>& in, uint32_t rows, uint32_t cols,
                                   uint32_t stride, const WideScratch<A>& s, ReduceMap map,
                                   const AscendC::LocalTensor<A>* max) {
  const auto piece = static_cast<uint32_t>(s.wide.GetSize());
  if (stride <= piece) {
    const uint32_t group = piece / stride;
    for (uint32_t r = 0; r < rows; r += group) {
      const uint32_t n = Min(group, rows - r);
      CastPiece<R>(in[r * stride], s, map, (n - 1) * stride + cols);
      if (max != nullptr) {
        LseUpdateColumns(*max, acc, s.wide, n, cols, stride, s.lse);
      } else {
        AccumulateRows<R>(acc, s.wide, n, cols, stride);
      }
    }
    return;
  }
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; c += piece) {
      const uint32_t w = Min(piece, cols - c);
      CastPiece<R>(in[r * stride + c], s, map, w);
      if (max != nullptr) {
        LseUpdateColumns((*max)[c], acc[c], s.wide, 1, w, w, s.lse);
      } else {
        AccumulateRows<R>(acc[c], s.wide, 1, w, w);
      }
    }
  }
}

}  // namespace op_kernel
