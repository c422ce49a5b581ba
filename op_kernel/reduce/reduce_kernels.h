// The Reduce kernel classes, one per pattern family (Init / Process / CopyIn / Compute /
// CopyOut, double buffered), templated on the reducer and the input, accumulator and output
// types. The tiles reduce in Ascend C's instructions (reduce_tile_ops.h, and reduce_lse.h for
// ReduceLogSumExp's online max).
#pragma once

#include "kernel_operator.h"
#include "reduce/reduce_copy.h"
#include "reduce/reduce_lse.h"
#include "reduce/reduce_reducers.h"
#include "reduce/reduce_stage.h"
#include "reduce/reduce_tile_ops.h"
#include "reduce/reduce_tiling_data.h"
#include "reduce/reduce_wide.h"

namespace op_kernel {

// Shared by both families: the queues and scratch buffers, and narrowing to the output type.
// A float16/bfloat16 input (In != Acc, Acc float32) is cast to float32 a piece at a time
// (wide_buf_, reduce_wide.h); AR stages keep a level-2 reduction's work tensor (work_buf_).
template <typename In, typename Acc, typename Out>
class ReduceKernelBase {
 protected:
  static constexpr bool kNarrow = !kIsSame<Acc, Out>;
  static_assert(kIsSame<In, Acc> || (kIsSixteenBitFloat<In> && kIsSame<Acc, float>),
                "inputs differing from the accumulator are 16-bit floats accumulated in float32");

  void InitBuffers(ReduceFamily family, const ReduceStageTiling& t, uint32_t in_elems,
                   uint32_t out_elems, bool contiguous_rows = false) {
    pipe_.InitBuffer(in_q_, static_cast<uint8_t>(t.buffer_num),
                     static_cast<uint32_t>(AlignUp<In>(in_elems) * sizeof(In)));
    if constexpr (kNarrow) pipe_.InitBuffer(acc_buf_, out_elems * sizeof(Acc));
    pipe_.InitBuffer(out_q_, static_cast<uint8_t>(t.out_buffer_num), out_elems * sizeof(Out));
    if constexpr (!kIsSame<In, Acc>) {
      const auto wide = static_cast<uint32_t>(AlignUp<Acc>(in_elems));
      pipe_.InitBuffer(wide_buf_,
                       Min(wide, ReduceWideElems(family, contiguous_rows)) * sizeof(Acc));
      pipe_.InitBuffer(piece_buf_, 32);
    }
  }
  // A tile of the accumulator type, with the family's map applied in place: what the rows reduce.
  template <typename R>
  AscendC::LocalTensor<Acc> Prepare(const AscendC::LocalTensor<Acc>& tile,
                                    const ReduceStageTiling& t, uint32_t span) {
    if constexpr (kIsSame<R, SumReducer>) MapTile(tile, static_cast<ReduceMap>(t.map), span);
    return tile;
  }
  // The buffers of reduce_wide.h's pieces (16-bit inputs).
  WideScratch<Acc> WideOf(const AscendC::LocalTensor<Acc>& work) {
    WideScratch<Acc> s;
    s.wide = wide_buf_.template Get<Acc>();
    s.work = work;
    s.piece = piece_buf_.template Get<Acc>();
    if (lse_) s.lse = LseScratchOf();
    return s;
  }

  // Where results accumulate: the output tile itself when no cast is needed.
  AscendC::LocalTensor<Acc> AccFor(const AscendC::LocalTensor<Out>& out) {
    if constexpr (kNarrow) {
      return acc_buf_.template Get<Acc>();
    } else {
      return out;
    }
  }
  // ReduceLogSumExp's running max beside the accumulators (the sums), `elems` of them, and the
  // scratch of an update (LseScratch: three rows of `elems`).
  void InitLogSumExp(const ReduceStageTiling& t, uint32_t elems) {
    if (static_cast<ReduceMap>(t.map) != ReduceMap::kLogSumExp) return;
    lse_ = true;
    lse_elems_ = elems;
    pipe_.InitBuffer(max_buf_, elems * sizeof(Acc));
    pipe_.InitBuffer(lse_buf_, 3 * elems * sizeof(Acc));
  }
  LseScratch<Acc> LseScratchOf() {
    const AscendC::LocalTensor<Acc> all = lse_buf_.template Get<Acc>();
    return {all, all[lse_elems_], all[2 * lse_elems_]};
  }
  // The pairs of one tile start at (max -inf, sum 0): LogSumExp of nothing is -inf.
  AscendC::LocalTensor<Acc> StartLogSumExp(const AscendC::LocalTensor<Acc>& acc, uint32_t n) {
    AscendC::LocalTensor<Acc> max = max_buf_.template Get<Acc>();
    AscendC::Duplicate(max, Lowest<Acc>(), static_cast<int32_t>(n));
    AscendC::Duplicate(acc, Acc(0), static_cast<int32_t>(n));
    return max;
  }
  // ReduceLogSumExp's finish: log(sum) + max (ReduceFinish::kLogSumExp).
  template <typename R>
  void FinishLogSumExp(const AscendC::LocalTensor<Acc>& acc, const AscendC::LocalTensor<Acc>& max,
                       uint32_t n, const ReduceStageTiling& t) {
    if constexpr (kIsSame<R, SumReducer> && kIsFloat<Acc>) {
      if (static_cast<ReduceFinish>(t.finish) == ReduceFinish::kLogSumExp) {
        LseFinish(acc, max, n);
      }
    }
  }

  // Rounds the accumulators to the output type, once, to nearest even.
  void Narrow(const AscendC::LocalTensor<Out>& out, const AscendC::LocalTensor<Acc>& acc,
              uint32_t n) {
    if constexpr (kNarrow) AscendC::Cast(out, acc, AscendC::RoundMode::CAST_RINT, n);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_q_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_q_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> acc_buf_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> part_buf_;
  AscendC::GlobalTensor<In> x_;
  AscendC::GlobalTensor<Out> y_;
  bool lse_ = false;
  AscendC::TBuf<AscendC::TPosition::VECCALC> max_buf_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> lse_buf_;  // LseScratch
  uint32_t lse_elems_ = 0;
  AscendC::TBuf<AscendC::TPosition::VECCALC> wide_buf_;   // a 16-bit tile's float32 piece
  AscendC::TBuf<AscendC::TPosition::VECCALC> piece_buf_;  // a piece's result
  AscendC::TBuf<AscendC::TPosition::VECCALC> work_buf_;   // a level-2 reduction's work tensor
};

// The reducers with a finish: SUM (the family).
template <typename R>
inline constexpr bool kFinishes = kIsSame<R, SumReducer>;

// The stages of ReduceLogSumExp: SUM with float accumulators, and a running max beside them.
template <typename R, typename Acc>
inline constexpr bool kCanLogSumExp = kIsSame<R, SumReducer>&& kIsFloat<Acc>;

// The reduce family's finish on one tile of accumulators (SUM only; ReduceFinish). Accumulators
// are float32 here: the integer finishes (truncating means, bool MIN) are the AI CPU kernel's.
template <typename Acc>
void Finish(const AscendC::LocalTensor<Acc>& acc, uint32_t n, const ReduceStageTiling& t) {
  const auto finish = static_cast<ReduceFinish>(t.finish);
  const int32_t count = static_cast<int32_t>(n);
  if (finish == ReduceFinish::kMean) {
    AscendC::Muls(acc, acc, static_cast<Acc>(1.0 / static_cast<double>(t.count)), count);
  } else if (finish == ReduceFinish::kSqrt) {
    AscendC::Sqrt(acc, acc, count);
  } else if (finish == ReduceFinish::kLog) {
    AscendC::Ln(acc, acc, count);
  }  // kLogSumExp: the kernel adds its running max (FinishLogSumExp)
}

// AR: x is [rows, r] with rows contiguous, y is [rows]. Either several whole rows per tile
// (short rows), each 32 B aligned in the UB as the reduce instructions' repeats need, or one row
// in chunks of `cols` (long rows, or a split reduced extent).
template <typename R, typename In, typename Acc, typename Out>
class KernelReduceAR : public ReduceKernelBase<In, Acc, Out> {
  using Base = ReduceKernelBase<In, Acc, Out>;

 public:
  void Init(GM_ADDR x, GM_ADDR y, const ReduceStageTiling& t, bool has_pad) {
    t_ = t;
    has_pad_ = has_pad;
    share_ = ShareOf(t, static_cast<uint64_t>(AscendC::GetBlockIdx()));
    whole_rows_ = t.r_split == 1 && t.cols >= t.r;
    this->x_.SetGlobalBuffer(reinterpret_cast<__gm__ In*>(x), t.outer * t.r);
    this->y_.SetGlobalBuffer(reinterpret_cast<__gm__ Out*>(y), t.outer * t.r_split);
    if (share_.unit_begin == share_.unit_end) return;
    stride_ = static_cast<uint32_t>(AlignUp<In>(t.r));
    const uint32_t in_elems = whole_rows_ ? Max<uint32_t>(1, t.rows * stride_) : t.cols;
    const uint32_t out_elems = static_cast<uint32_t>(AlignUp<Acc>(t.rows));
    this->InitBuffers(ReduceFamily::kAR, t, in_elems, out_elems);
    const uint32_t row_elems = whole_rows_ ? static_cast<uint32_t>(t.r) : t.cols;
    this->pipe_.InitBuffer(this->work_buf_,
                           Max<uint32_t>(1, WorkElemsFor<Acc>(row_elems)) * sizeof(Acc));
    if (!whole_rows_) this->pipe_.InitBuffer(this->part_buf_, 32);
    if constexpr (kCanLogSumExp<R, Acc>) this->InitLogSumExp(t, out_elems);
  }

  void Process() {
    for (uint64_t u = share_.unit_begin; u < share_.unit_end; u += t_.rows) {
      const uint32_t rows = static_cast<uint32_t>(Min<uint64_t>(t_.rows, share_.unit_end - u));
      AscendC::LocalTensor<Out> out = this->out_q_.template AllocTensor<Out>();
      AscendC::LocalTensor<Acc> acc = this->AccFor(out);
      if (this->lse_) max_ = this->StartLogSumExp(acc, rows);
      if (share_.r_end == share_.r_begin) {
        AscendC::Duplicate(acc, R::template Identity<Acc>(), static_cast<int32_t>(rows));
      } else if (whole_rows_) {
        CopyInRowsAligned(u * t_.r, rows);
        ComputeRows(acc, rows);
      } else {
        for (uint32_t i = 0; i < rows; ++i) ReduceLongRow(acc[i], u + i, i);
      }
      if constexpr (kFinishes<R>) Finish(acc, rows, t_);
      if (this->lse_) this->template FinishLogSumExp<R>(acc, max_, rows, t_);
      this->Narrow(out, acc, rows);
      this->out_q_.EnQue(out);
      CopyOut(u, rows);
    }
  }

 private:
  void CopyIn(uint64_t offset, uint32_t n) {
    AscendC::LocalTensor<In> in = this->in_q_.template AllocTensor<In>();
    CopyInContiguous(in, this->x_, offset, n, has_pad_,
                     static_cast<In>(R::template Identity<Acc>()));
    this->in_q_.EnQue(in);
  }
  // `rows` whole rows from x[offset], stride_ elements apart in the UB (DataCopyPad takes at
  // most 4095 rows per call).
  void CopyInRowsAligned(uint64_t offset, uint32_t rows) {
    AscendC::LocalTensor<In> in = this->in_q_.template AllocTensor<In>();
    const In pad = static_cast<In>(R::template Identity<Acc>());
    const auto r = static_cast<uint32_t>(t_.r);
    if (stride_ == r) {
      CopyInContiguous(in, this->x_, offset, rows * r, has_pad_, pad);
    } else {
      constexpr uint32_t kMaxCopyRows = 4095;
      for (uint32_t i = 0; i < rows; i += kMaxCopyRows) {
        CopyInRows(in[i * stride_], this->x_, offset + uint64_t{i} * r, Min(kMaxCopyRows, rows - i),
                   r, r, stride_, has_pad_, pad);
      }
    }
    this->in_q_.EnQue(in);
  }
  // The rows of a tile (rows x cols, `stride` apart) into dst, or LogSumExp's pairs.
  void ReduceTile(const AscendC::LocalTensor<Acc>& dst, const AscendC::LocalTensor<In>& in,
                  uint32_t rows, uint32_t cols, uint32_t stride,
                  const AscendC::LocalTensor<Acc>& max) {
    const AscendC::LocalTensor<Acc> work = this->work_buf_.template Get<Acc>();
    if constexpr (!kIsSame<In, Acc>) {
      const bool lse = kCanLogSumExp<R, Acc> && this->lse_;
      ReduceRowsWide<R>(dst, in, rows, cols, stride, this->WideOf(work),
                        static_cast<ReduceMap>(t_.map), lse ? &max : nullptr);
    } else {
      const AscendC::LocalTensor<Acc> tile =
          this->template Prepare<R>(in, t_, (rows - 1) * stride + cols);
      if constexpr (kCanLogSumExp<R, Acc>) {
        if (this->lse_) {
          LseUpdateRows(max, dst, tile, rows, cols, stride, this->LseScratchOf(), work);
          return;
        }
      }
      ReduceRows<R>(dst, tile, work, rows, cols, stride);
    }
  }
  void ComputeRows(const AscendC::LocalTensor<Acc>& acc, uint32_t rows) {
    AscendC::LocalTensor<In> in = this->in_q_.template DeQue<In>();
    ReduceTile(acc, in, rows, static_cast<uint32_t>(t_.r), stride_, max_);
    this->in_q_.FreeTensor(in);
  }
  // Row `row` of x, the tile's row `i`. LogSumExp updates the row's pair by every chunk; the
  // other reducers reduce each chunk and combine it into the accumulator.
  void ReduceLongRow(const AscendC::LocalTensor<Acc>& acc, uint64_t row, uint32_t i) {
    AscendC::LocalTensor<Acc> part = this->part_buf_.template Get<Acc>();
    const AscendC::LocalTensor<Acc> row_max = this->lse_ ? max_[i] : acc;
    for (uint64_t c = share_.r_begin; c < share_.r_end; c += t_.cols) {
      const uint32_t n = static_cast<uint32_t>(Min<uint64_t>(t_.cols, share_.r_end - c));
      CopyIn(row * t_.r + c, n);
      AscendC::LocalTensor<In> in = this->in_q_.template DeQue<In>();
      const bool first = c == share_.r_begin;
      ReduceTile(first || this->lse_ ? acc : part, in, 1, n, n, row_max);
      if (!first && !this->lse_) R::Combine(acc, acc, part, 1);
      this->in_q_.FreeTensor(in);
    }
  }
  void CopyOut(uint64_t unit, uint32_t rows) {
    AscendC::LocalTensor<Out> out = this->out_q_.template DeQue<Out>();
    CopyOutContiguous(this->y_, share_.split * t_.outer + unit, out, rows, has_pad_);
    this->out_q_.FreeTensor(out);
  }

  ReduceStageTiling t_;
  BlockShare share_;
  bool has_pad_ = false;
  bool whole_rows_ = false;
  uint32_t stride_ = 0;            // whole rows: elements between rows in the UB (32 B aligned)
  AscendC::LocalTensor<Acc> max_;  // LogSumExp's running max of the tile's rows
};

// ARA: x is [outer, r, inner], y is [outer, inner]. A work unit is one outer index and one
// chunk of `cols` columns; tiles of `rows` reduced rows fold into a row of accumulators.
template <typename R, typename In, typename Acc, typename Out>
class KernelReduceARA : public ReduceKernelBase<In, Acc, Out> {
 public:
  void Init(GM_ADDR x, GM_ADDR y, const ReduceStageTiling& t, bool has_pad) {
    t_ = t;
    has_pad_ = has_pad;
    share_ = ShareOf(t, static_cast<uint64_t>(AscendC::GetBlockIdx()));
    contiguous_ = ReduceRowsContiguous(t);
    this->x_.SetGlobalBuffer(reinterpret_cast<__gm__ In*>(x), t.outer * t.r * t.inner);
    this->y_.SetGlobalBuffer(reinterpret_cast<__gm__ Out*>(y), t.outer * t.inner * t.r_split);
    if (share_.Empty()) return;
    const uint32_t in_elems = Max<uint32_t>(1, t.rows * t.ub_row_stride);
    const uint32_t out_elems = static_cast<uint32_t>(AlignUp<Acc>(t.cols));
    this->InitBuffers(ReduceFamily::kARA, t, in_elems, out_elems, contiguous_);
    if constexpr (kCanLogSumExp<R, Acc>) this->InitLogSumExp(t, out_elems);
  }

  void Process() {
    for (uint64_t u = share_.unit_begin; u < share_.unit_end; ++u) {
      const uint64_t c0 = (u % t_.col_chunks) * t_.cols;
      const uint32_t cols = static_cast<uint32_t>(Min<uint64_t>(t_.cols, t_.inner - c0));
      ProcessColumns(u / t_.col_chunks, c0, cols, contiguous_, t_.ub_row_stride);
    }
    if (share_.HasTail()) {
      // A piece of a unit: its rows are strided in GM, packed tail_cols apart in the UB.
      const uint64_t u = share_.tail_unit;
      const uint64_t c0 = (u % t_.col_chunks) * t_.cols + share_.tail_col_begin;
      const auto cols = static_cast<uint32_t>(share_.tail_col_end - share_.tail_col_begin);
      ProcessColumns(u / t_.col_chunks, c0, cols, false, t_.tail_cols);
    }
  }

 private:
  // Columns [c0, c0 + cols) of outer index a0, reduced over the block's rows into one output
  // tile; tiles of t_.rows rows, `stride` elements apart in the UB.
  void ProcessColumns(uint64_t a0, uint64_t c0, uint32_t cols, bool contiguous, uint32_t stride) {
    AscendC::LocalTensor<Out> out = this->out_q_.template AllocTensor<Out>();
    AscendC::LocalTensor<Acc> acc = this->AccFor(out);
    if (this->lse_) {
      max_ = this->StartLogSumExp(acc, cols);
    } else {
      AscendC::Duplicate(acc, R::template Identity<Acc>(), static_cast<int32_t>(cols));
    }
    for (uint64_t r0 = share_.r_begin; r0 < share_.r_end; r0 += t_.rows) {
      const uint32_t rows = static_cast<uint32_t>(Min<uint64_t>(t_.rows, share_.r_end - r0));
      CopyIn((a0 * t_.r + r0) * t_.inner + c0, rows, cols, contiguous, stride);
      Compute(acc, rows, cols, stride);
    }
    if constexpr (kFinishes<R>) Finish(acc, cols, t_);
    if (this->lse_) this->template FinishLogSumExp<R>(acc, max_, cols, t_);
    this->Narrow(out, acc, cols);
    this->out_q_.EnQue(out);
    CopyOut(share_.split * t_.outer * t_.inner + a0 * t_.inner + c0, cols);
  }
  void CopyIn(uint64_t offset, uint32_t rows, uint32_t cols, bool contiguous, uint32_t stride) {
    AscendC::LocalTensor<In> in = this->in_q_.template AllocTensor<In>();
    const In pad = static_cast<In>(R::template Identity<Acc>());
    if (contiguous) {
      CopyInContiguous(in, this->x_, offset, rows * cols, has_pad_, pad);
    } else {
      CopyInRows(in, this->x_, offset, rows, cols, t_.inner, stride, has_pad_, pad);
    }
    this->in_q_.EnQue(in);
  }
  // The rows of a tile folded into the accumulators, or LogSumExp's pairs updated by them.
  void AccumulateTile(const AscendC::LocalTensor<Acc>& acc, const AscendC::LocalTensor<In>& in,
                      uint32_t rows, uint32_t cols, uint32_t stride) {
    if constexpr (!kIsSame<In, Acc>) {
      const bool lse = kCanLogSumExp<R, Acc> && this->lse_;
      AccumulateRowsWide<R>(acc, in, rows, cols, stride, this->WideOf(AscendC::LocalTensor<Acc>()),
                            static_cast<ReduceMap>(t_.map), lse ? &max_ : nullptr);
    } else {
      const AscendC::LocalTensor<Acc> tile =
          this->template Prepare<R>(in, t_, (rows - 1) * stride + cols);
      if constexpr (kCanLogSumExp<R, Acc>) {
        if (this->lse_) {
          LseUpdateColumns(max_, acc, tile, rows, cols, stride, this->LseScratchOf());
          return;
        }
      }
      AccumulateRows<R>(acc, tile, rows, cols, stride);
    }
  }
  void Compute(const AscendC::LocalTensor<Acc>& acc, uint32_t rows, uint32_t cols,
               uint32_t stride) {
    AscendC::LocalTensor<In> in = this->in_q_.template DeQue<In>();
    AccumulateTile(acc, in, rows, cols, stride);
    this->in_q_.FreeTensor(in);
  }
  void CopyOut(uint64_t offset, uint32_t cols) {
    AscendC::LocalTensor<Out> out = this->out_q_.template DeQue<Out>();
    CopyOutContiguous(this->y_, offset, out, cols, has_pad_);
    this->out_q_.FreeTensor(out);
  }

  ReduceStageTiling t_;
  BlockShare share_;
  bool has_pad_ = false;
  bool contiguous_ = false;
  AscendC::LocalTensor<Acc> max_;  // LogSumExp's running max of the chunk's columns
};

// One pass's addresses and tiling, as the launch hands them to the instantiation its key names.
struct ReducePassArgs {
  uint64_t key = 0;
  GM_ADDR x = nullptr;  // the input or the previous pass's accumulators
  GM_ADDR y = nullptr;  // the output or this pass's accumulators
  GM_ADDR workspace = nullptr;
  ReduceTilingData tiling;
};

// One pass: the stage, and when its reduced extent is split over cores, SyncAll and the
// deterministic combine of the partials (in core order) from the GM workspace.
template <template <typename, typename, typename, typename> class Family, typename R, typename In,
          typename Out>
void RunReduce(const ReducePassArgs& pass) {
  using Acc = AccOf<typename Conditional<kIsSame<In, float>, Out, In>::type>;
  const ReduceTilingData& td = pass.tiling;
  if (td.stage.r_split == 1) {
    Family<R, In, Acc, Out> kernel;
    kernel.Init(pass.x, pass.y, td.stage, td.has_pad != 0);
    kernel.Process();
    return;
  }
  GM_ADDR partials = AscendC::GetUserWorkspace(pass.workspace);
  {
    Family<R, In, Acc, Acc> kernel;
    kernel.Init(pass.x, partials, td.stage, td.has_pad != 0);
    kernel.Process();
  }
  AscendC::SyncAll();
  KernelReduceARA<R, Acc, Acc, Out> combine;
  combine.Init(partials, pass.y, td.combine, td.has_pad != 0);
  combine.Process();
}

}  // namespace op_kernel
