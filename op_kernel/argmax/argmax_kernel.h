// The ArgMax/ArgMin kernel class (Init / Process / CopyIn / Compute / CopyOut, double buffered),
// templated on the input element type only: max or min and first or last index are tiling flags,
// so one instantiation per dtype serves both op types and both tie rules.
//
// The copies are DataCopy / DataCopyPad (reduce/reduce_copy.h). The comparison is vector work
// wherever whole 256 B repeats are at hand (Compare's count form needs them): Compare into a bit
// mask of the lanes whose element replaces the winner, Select of the winners' values and indices.
// ARA does that over the tile's columns (one row per step); AR over lanes of one repeat (lane j
// keeps the winner of the elements j, j + lanes, ...), whose winners then merge on the scalar
// unit. Column chunks and row tails narrower than a repeat are compared on the scalar unit.
//
// Which element wins (ONNX: ties go to the first index, or the last with select_last_index; NaN
// as ONNX Runtime's whole-slice path, numpy's rule): a NaN beats every number, and among NaNs the
// first (or last) one wins.
#pragma once

#include "argmax/argmax_tiling_data.h"
#include "elementwise/kernel_traits.h"
#include "kernel_operator.h"
#include "reduce/reduce_copy.h"

namespace op_kernel {

// The type comparisons run in: 16-bit floats as float32 (exact), everything else as itself.
template <typename T>
using ArgCompareOf = typename Conditional<kIsSixteenBitFloat<T>, float, T>::type;

template <typename T>
class KernelArgMax {
  using C = ArgCompareOf<T>;
  static constexpr bool kFloating = kIsFloat<C>;
  static constexpr uint32_t kLanes = 256 / sizeof(T);  // one repeat: Compare's unit
  static constexpr uint32_t kMaskBytes = 32;           // mask buffers are whole 32 B blocks

 public:
  __aicore__ void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const ArgMaxTilingData& t) {
    t_ = t;
    const uint64_t block = static_cast<uint64_t>(AscendC::GetBlockIdx());
    begin_ = Min(t.units, block * t.units_per_block);
    end_ = Min(t.units, begin_ + t.units_per_block);
    x_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), t.outer * t.r * t.inner);
    y_.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(y), t.outer * t.inner);
    if (t.r_split > 1) {
      GM_ADDR partials = AscendC::GetUserWorkspace(workspace);
      part_value_.SetGlobalBuffer(reinterpret_cast<__gm__ C*>(partials), t.units);
      part_index_.SetGlobalBuffer(
          reinterpret_cast<__gm__ int64_t*>(partials + ArgMaxPartialIndexOffset(t.units)), t.units);
    }
    if (begin_ == end_) return;
    // Positions are divided by these: a tiling not made by ours (the kernel_launch fuzz target
    // flips its bytes) must stop here, not divide by zero.
    ascendc_assert(t.cols > 0 && t.rows > 0 && (t.inner == 1 || t.col_chunks > 0) &&
                       (t.r_split <= 1 || t.r_per_split > 0),
                   "ArgMax kernel: the tiling gives work but a zero cols (%u), rows (%u), "
                   "col_chunks (%u) or r_per_split (%llu)",
                   static_cast<unsigned>(t.cols), static_cast<unsigned>(t.rows),
                   static_cast<unsigned>(t.col_chunks),
                   static_cast<unsigned long long>(t.r_per_split));
    ar_ = t.inner == 1;
    whole_rows_ = ar_ && t.cols >= t.r;
    uint64_t in_elems = 0;
    uint32_t out_elems = 0;
    uint32_t lanes = 0;  // the widest vector compare: masks and index rows for that many
    if (ar_) {
      in_elems = whole_rows_ ? uint64_t{t.rows} * t.r : t.cols;
      out_elems = t.rows;
      lanes = kLanes;
      pipe_.InitBuffer(lane_value_buf_, kLanes * sizeof(T));
      pipe_.InitBuffer(lane_index_buf_, kLanes * sizeof(int64_t));
      pipe_.InitBuffer(iota_buf_, kLanes * sizeof(int64_t));
    } else {
      in_elems = uint64_t{t.rows} * t.ub_row_stride;
      out_elems = t.cols;
      lanes = t.cols;
      pipe_.InitBuffer(best_buf_, static_cast<uint32_t>(AlignUp<T>(t.cols) * sizeof(T)));
    }
    const uint32_t mask_bytes =
        (Max<uint32_t>(lanes / 8, 1) + kMaskBytes - 1) / kMaskBytes * kMaskBytes;
    pipe_.InitBuffer(replace_buf_, mask_bytes);
    pipe_.InitBuffer(nan_buf_, mask_bytes);
    pipe_.InitBuffer(number_buf_, mask_bytes);
    pipe_.InitBuffer(ones_buf_, mask_bytes);
    pipe_.InitBuffer(row_index_buf_,
                     static_cast<uint32_t>(AlignUp<int64_t>(lanes) * sizeof(int64_t)));
    if (lanes >= kLanes) {
      AscendC::Duplicate(ones_buf_.template Get<uint16_t>(), static_cast<uint16_t>(0xFFFF),
                         static_cast<int32_t>(lanes / 16));
    }
    if (ar_) {
      AscendC::LocalTensor<int64_t> iota = iota_buf_.template Get<int64_t>();
      for (uint32_t j = 0; j < kLanes; ++j) iota.SetValue(j, j);
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();  // the vector unit reads what the scalar wrote
    }
    pipe_.InitBuffer(in_q_, kBufferNum, static_cast<uint32_t>(AlignUp<T>(in_elems) * sizeof(T)));
    pipe_.InitBuffer(out_q_, kBufferNum,
                     static_cast<uint32_t>(AlignUp<int64_t>(out_elems) * sizeof(int64_t)));
  }

  __aicore__ void Process() {
    if (begin_ != end_) {
      if (t_.r_split > 1) {
        ProcessParts();
      } else if (ar_) {
        ProcessRows();
      } else {
        ProcessColumns();
      }
    }
    if (t_.r_split > 1) {
      // Every block waits for every part, then block 0 merges them (in index order).
      AscendC::SyncAll();
      if (AscendC::GetBlockIdx() == 0) MergeParts();
    }
  }

 private:
  static constexpr uint8_t kBufferNum = 2;

  // The best element seen so far in one reduced slice.
  struct Candidate {
    C value{};
    uint64_t index = 0;
    bool set = false;
  };

  // True when (v at index i) wins over (b at index k): NaN beats numbers; otherwise the larger
  // (smaller) value; equal values, or two NaNs, go to the smaller index (the larger with
  // select_last). Order-free, so lane winners can merge in any order.
  __aicore__ bool Precedes(C v, uint64_t i, C b, uint64_t k) const {
    if constexpr (kFloating) {
      const bool v_nan = v != v;
      const bool b_nan = b != b;
      if (v_nan != b_nan) return v_nan;
      if (v_nan) return t_.select_last != 0 ? i > k : i < k;
    }
    if (v != b) return t_.select_min != 0 ? v < b : v > b;
    return t_.select_last != 0 ? i > k : i < k;
  }
  __aicore__ void Offer(C v, uint64_t i, Candidate* best) const {
    if (!best->set || Precedes(v, i, best->value, best->index)) {
      best->value = v;
      best->index = i;
      best->set = true;
    }
  }

  // replace_buf_ <- the lanes of v (a later row) whose element replaces the winner in best.
  __aicore__ void ReplaceMask(const AscendC::LocalTensor<T>& v, const AscendC::LocalTensor<T>& best,
                              uint32_t lanes) {
    using AscendC::CMPMODE;
    const bool last = t_.select_last != 0;
    const CMPMODE mode = t_.select_min != 0 ? (last ? CMPMODE::LE : CMPMODE::LT)
                                            : (last ? CMPMODE::GE : CMPMODE::GT);
    AscendC::LocalTensor<uint16_t> replace = replace_buf_.template Get<uint16_t>();
    AscendC::Compare(replace, v, best, mode, lanes);
    if constexpr (kFloating) {
      // A NaN replaces a number (and, with select_last, an earlier NaN).
      AscendC::LocalTensor<uint16_t> nan = nan_buf_.template Get<uint16_t>();
      AscendC::Compare(nan, v, v, CMPMODE::NE, lanes);
      if (!last) {
        AscendC::LocalTensor<uint16_t> number = number_buf_.template Get<uint16_t>();
        AscendC::Compare(number, best, best, CMPMODE::EQ, lanes);
        AscendC::And(nan, nan, number, static_cast<int32_t>(lanes / 16));
      }
      AscendC::Or(replace, replace, nan, static_cast<int32_t>(lanes / 16));
    }
  }

  // best/index <- row v at reduced index `row` where it replaces them (all lanes when first).
  __aicore__ void UpdateLanes(const AscendC::LocalTensor<T>& v, const AscendC::LocalTensor<T>& best,
                              const AscendC::LocalTensor<int64_t>& index,
                              const AscendC::LocalTensor<int64_t>& row, uint32_t lanes,
                              bool first) {
    using AscendC::SELMODE;
    if (first) {
      // Every lane takes the row; best and index may hold nothing yet, so they are not read.
      AscendC::LocalTensor<uint16_t> all = ones_buf_.template Get<uint16_t>();
      AscendC::Select(best, all, v, v, SELMODE::VSEL_TENSOR_TENSOR_MODE, lanes);
      AscendC::Select(index, all, row, row, SELMODE::VSEL_TENSOR_TENSOR_MODE, lanes);
      return;
    }
    ReplaceMask(v, best, lanes);
    AscendC::LocalTensor<uint16_t> take = replace_buf_.template Get<uint16_t>();
    AscendC::Select(best, take, v, best, SELMODE::VSEL_TENSOR_TENSOR_MODE, lanes);
    AscendC::Select(index, take, row, index, SELMODE::VSEL_TENSOR_TENSOR_MODE, lanes);
  }

  // AR: units are output rows; `rows` of them share one output tile.
  __aicore__ void ProcessRows() {
    for (uint64_t u = begin_; u < end_; u += t_.rows) {
      const uint32_t n = static_cast<uint32_t>(Min<uint64_t>(t_.rows, end_ - u));
      AscendC::LocalTensor<int64_t> out = out_q_.template AllocTensor<int64_t>();
      if (whole_rows_) {
        CopyIn(u * t_.r, static_cast<uint32_t>(n * t_.r));
        AscendC::LocalTensor<T> in = in_q_.template DeQue<T>();
        for (uint32_t k = 0; k < n; ++k) {
          Candidate best;
          ComputeSpan(in, static_cast<uint32_t>(k * t_.r), static_cast<uint32_t>(t_.r), 0, &best);
          out.SetValue(k, static_cast<int64_t>(best.index));
        }
        in_q_.FreeTensor(in);
      } else {
        for (uint32_t k = 0; k < n; ++k) {
          Candidate best;
          for (uint64_t c = 0; c < t_.r; c += t_.cols) {
            const uint32_t len = static_cast<uint32_t>(Min<uint64_t>(t_.cols, t_.r - c));
            CopyIn((u + k) * t_.r + c, len);
            AscendC::LocalTensor<T> in = in_q_.template DeQue<T>();
            ComputeSpan(in, 0, len, c, &best);
            in_q_.FreeTensor(in);
          }
          out.SetValue(k, static_cast<int64_t>(best.index));
        }
      }
      out_q_.EnQue(out);
      CopyOut(u, n);
    }
  }

  // AR split: a unit is one part of one row; its winner goes to the workspace.
  __aicore__ void ProcessParts() {
    for (uint64_t u = begin_; u < end_; ++u) {
      const uint64_t row = u / t_.r_split;
      const uint64_t lo = (u % t_.r_split) * t_.r_per_split;
      const uint64_t hi = Min(t_.r, lo + t_.r_per_split);
      Candidate best;
      for (uint64_t c = lo; c < hi; c += t_.cols) {
        const uint32_t len = static_cast<uint32_t>(Min<uint64_t>(t_.cols, hi - c));
        CopyIn(row * t_.r + c, len);
        AscendC::LocalTensor<T> in = in_q_.template DeQue<T>();
        ComputeSpan(in, 0, len, c, &best);
        in_q_.FreeTensor(in);
      }
      part_value_.SetValue(u, best.value);
      part_index_.SetValue(u, static_cast<int64_t>(best.index));
    }
  }
  __aicore__ void MergeParts() {
    for (uint64_t row = 0; row < t_.outer; ++row) {
      Candidate best;
      for (uint64_t p = 0; p < t_.r_split; ++p) {
        const uint64_t u = row * t_.r_split + p;
        if (p * t_.r_per_split >= t_.r) break;  // a part past the row's end has no winner
        Offer(part_value_.GetValue(u), static_cast<uint64_t>(part_index_.GetValue(u)), &best);
      }
      y_.SetValue(row, static_cast<int64_t>(best.index));
    }
  }

  // ARA: a unit is one outer index and one chunk of columns; tiles of reduced rows update a row
  // of winners (values in best_buf_, indices in the output tile).
  __aicore__ void ProcessColumns() {
    const uint64_t stride = t_.inner;
    for (uint64_t u = begin_; u < end_; ++u) {
      const uint64_t a0 = u / t_.col_chunks;
      const uint64_t c0 = (u % t_.col_chunks) * t_.cols;
      const uint32_t n = static_cast<uint32_t>(Min<uint64_t>(t_.cols, t_.inner - c0));
      AscendC::LocalTensor<int64_t> out = out_q_.template AllocTensor<int64_t>();
      AscendC::LocalTensor<T> best = best_buf_.template Get<T>();
      for (uint64_t r0 = 0; r0 < t_.r; r0 += t_.rows) {
        const uint32_t rows = static_cast<uint32_t>(Min<uint64_t>(t_.rows, t_.r - r0));
        CopyInTile((a0 * t_.r + r0) * stride + c0, rows, n);
        ComputeColumns(best, out, rows, n, r0);
      }
      out_q_.EnQue(out);
      CopyOut(a0 * t_.inner + c0, n);
    }
  }

  __aicore__ void CopyIn(uint64_t offset, uint32_t n) {
    AscendC::LocalTensor<T> in = in_q_.template AllocTensor<T>();
    CopyInContiguous(in, x_, offset, n, t_.has_pad != 0, T{});
    in_q_.EnQue(in);
  }
  __aicore__ void CopyInTile(uint64_t offset, uint32_t rows, uint32_t cols) {
    AscendC::LocalTensor<T> in = in_q_.template AllocTensor<T>();
    if (cols == t_.inner && t_.ub_row_stride == t_.inner) {
      CopyInContiguous(in, x_, offset, rows * cols, t_.has_pad != 0, T{});
    } else {
      CopyInRows(in, x_, offset, rows, cols, t_.inner, t_.ub_row_stride, t_.has_pad != 0, T{});
    }
    in_q_.EnQue(in);
  }

  // in[offset, offset + n) are the reduced elements base, base + 1, ... of one slice. Whole
  // repeats from a 32 B aligned start go through the lanes; the rest through the scalar unit.
  __aicore__ void ComputeSpan(const AscendC::LocalTensor<T>& in, uint32_t offset, uint32_t n,
                              uint64_t base, Candidate* best) {
    uint32_t done = 0;
    if (n >= kLanes && offset % (32 / sizeof(T)) == 0) {
      AscendC::LocalTensor<T> lane_value = lane_value_buf_.template Get<T>();
      AscendC::LocalTensor<int64_t> lane_index = lane_index_buf_.template Get<int64_t>();
      AscendC::LocalTensor<int64_t> row = row_index_buf_.template Get<int64_t>();
      AscendC::LocalTensor<int64_t> iota = iota_buf_.template Get<int64_t>();
      for (; done + kLanes <= n; done += kLanes) {
        AscendC::Adds(row, iota, static_cast<int64_t>(base + done), kLanes);
        UpdateLanes(in[offset + done], lane_value, lane_index, row, kLanes, done == 0);
      }
      // The scalar unit reads what the vector unit wrote, and the next span rewrites it.
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();
      for (uint32_t j = 0; j < kLanes; ++j) {
        Offer(static_cast<C>(lane_value.GetValue(j)), static_cast<uint64_t>(lane_index.GetValue(j)),
              best);
      }
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    }
    for (uint32_t i = done; i < n; ++i) {
      Offer(static_cast<C>(in.GetValue(offset + i)), base + i, best);
    }
  }

  // One tile of `rows` reduced rows (the first is reduced index r0) over n columns: vector when
  // n is whole repeats (then the tile's rows are n apart and 256 B aligned), scalar otherwise.
  __aicore__ void ComputeColumns(const AscendC::LocalTensor<T>& best,
                                 const AscendC::LocalTensor<int64_t>& out, uint32_t rows,
                                 uint32_t n, uint64_t r0) {
    AscendC::LocalTensor<T> in = in_q_.template DeQue<T>();
    if (n % kLanes == 0) {
      AscendC::LocalTensor<int64_t> row = row_index_buf_.template Get<int64_t>();
      for (uint32_t i = 0; i < rows; ++i) {
        AscendC::Duplicate(row, static_cast<int64_t>(r0 + i), static_cast<int32_t>(n));
        UpdateLanes(in[i * t_.ub_row_stride], best, out, row, n, r0 + i == 0);
      }
    } else {
      for (uint32_t i = 0; i < rows; ++i) {
        const uint32_t row = i * t_.ub_row_stride;
        for (uint32_t j = 0; j < n; ++j) {
          const T raw = in.GetValue(row + j);
          if (r0 + i == 0 || Precedes(static_cast<C>(raw), r0 + i, static_cast<C>(best.GetValue(j)),
                                      static_cast<uint64_t>(out.GetValue(j)))) {
            best.SetValue(j, raw);
            out.SetValue(j, static_cast<int64_t>(r0 + i));
          }
        }
      }
    }
    in_q_.FreeTensor(in);
  }

  __aicore__ void CopyOut(uint64_t offset, uint32_t n) {
    AscendC::LocalTensor<int64_t> out = out_q_.template DeQue<int64_t>();
    CopyOutContiguous(y_, offset, out, n, t_.has_pad != 0);
    out_q_.FreeTensor(out);
  }

  ArgMaxTilingData t_;
  uint64_t begin_ = 0;
  uint64_t end_ = 0;
  bool ar_ = true;
  bool whole_rows_ = false;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_q_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_q_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> best_buf_;        // ARA: the winners' values
  AscendC::TBuf<AscendC::TPosition::VECCALC> lane_value_buf_;  // AR: each lane's winner
  AscendC::TBuf<AscendC::TPosition::VECCALC> lane_index_buf_;  // AR: its index
  AscendC::TBuf<AscendC::TPosition::VECCALC> iota_buf_;        // AR: 0, 1, ... kLanes - 1
  AscendC::TBuf<AscendC::TPosition::VECCALC> row_index_buf_;   // the index each lane would take
  AscendC::TBuf<AscendC::TPosition::VECCALC> replace_buf_;     // masks, one bit per lane
  AscendC::TBuf<AscendC::TPosition::VECCALC> nan_buf_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> number_buf_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> ones_buf_;
  AscendC::GlobalTensor<T> x_;
  AscendC::GlobalTensor<int64_t> y_;
  AscendC::GlobalTensor<C> part_value_;  // split scans: each part's winner and its index
  AscendC::GlobalTensor<int64_t> part_index_;
};

}  // namespace op_kernel
