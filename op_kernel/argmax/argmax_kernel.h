// The ArgMax/ArgMin kernel class (Init / Process / CopyIn / Compute / CopyOut, double buffered),
// templated on the input element type only: max or min and first or last index are tiling flags,
// so one instantiation per dtype serves both op types and both tie rules.
//
// The copies are DataCopy / DataCopyPad (reduce/reduce_copy.h). The comparison is vector work
// wherever whole 256 B repeats are at hand (Compare's count form needs them): a bit mask of the
// lanes whose element replaces the winner, then Select of the winners' values and indices.
// ARA does that over the tile's columns (one row per step); AR over lanes of one repeat (lane j
// keeps the winner of the elements j, j + lanes, ...), whose winners then merge on the scalar
// unit. Column chunks and row tails narrower than a repeat are compared on the scalar unit.
//
// Only what the 910B's vector unit takes (CANN's dav_c220 lists, docs/OPERATORS.md): Compare in
// half and float (int32_t in EQ alone), Select of half and float, Adds/Duplicate of int32_t.
// So the lanes compare in ArgVectorOf<T>: half and float as themselves, bfloat16_t as float and
// int8_t/uint8_t as half (Cast, exact), int32_t through Max/Min and an EQ compare; indices are
// int32_t in the UB (selected through their float view), which bounds the vector path to
// reduced extents below 2^31. Other dtypes (double, 64-bit and uint32_t integers) compare on the
// scalar unit, as a CANN kernel must.
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

// Whether the vector unit can compare T (directly or after an exact Cast), and in what type.
template <typename T>
constexpr bool kArgVector = kIsSame<T, float> || kIsSame<T, half> || kIsSame<T, bfloat16_t> ||
                            kIsSame<T, int32_t> || kIsSame<T, int8_t> || kIsSame<T, uint8_t>;
template <typename T>
using ArgVectorOf = typename Conditional<
    kIsSame<T, bfloat16_t>, float,
    typename Conditional<kIsSame<T, int8_t> || kIsSame<T, uint8_t>, half, T>::type>::type;

// dst <- a where the mask bit is set, b elsewhere, as bits: Select takes half and float, so
// 16- and 32-bit data of any type go through that view.
template <typename E>
__aicore__ inline void SelectBits(const AscendC::LocalTensor<E>& dst,
                                  const AscendC::LocalTensor<uint8_t>& mask,
                                  const AscendC::LocalTensor<E>& a,
                                  const AscendC::LocalTensor<E>& b, uint32_t n) {
  static_assert(sizeof(E) == 2 || sizeof(E) == 4, "Select moves 16- or 32-bit elements");
  using F = typename Conditional<sizeof(E) == 2, half, float>::type;
  AscendC::Select(dst.template ReinterpretCast<F>(), mask, a.template ReinterpretCast<F>(),
                  b.template ReinterpretCast<F>(), AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
}

template <typename T>
class KernelArgMax {
  using C = ArgCompareOf<T>;
  using V = ArgVectorOf<T>;
  static constexpr bool kFloating = kIsFloat<C>;
  static constexpr bool kWiden = !kIsSame<V, T>;            // lanes hold a Cast of the input
  static constexpr bool kIntLanes = kIsSame<V, int32_t>;    // Max/Min + EQ, no ordered Compare
  static constexpr uint32_t kLanes = 256 / sizeof(V);       // one repeat: Compare's unit
  static constexpr uint32_t kMaskBytes = 32;                // mask buffers are whole 32 B blocks
  static constexpr uint64_t kMaxVectorExtent = 0x7FFFFFFF;  // int32_t indices in the UB

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
    vector_ = kArgVector<T> && t.r <= kMaxVectorExtent;
    uint64_t in_elems = 0;
    uint32_t out_elems = 0;
    if (ar_) {
      in_elems = whole_rows_ ? uint64_t{t.rows} * t.r : t.cols;
      out_elems = t.rows;
    } else {
      in_elems = uint64_t{t.rows} * t.ub_row_stride;
      out_elems = t.cols;
      // The winners' values: T on the scalar path, V on the vector path.
      const uint32_t widest = sizeof(V) > sizeof(T) ? sizeof(V) : sizeof(T);
      pipe_.InitBuffer(best_buf_, static_cast<uint32_t>(AlignUp<T>(t.cols) * widest));
    }
    if (vector_) InitLaneBuffers(t);
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

  // The vector path's buffers: for the widest compare (a repeat of lanes for AR, the chunk's
  // columns for ARA) four bit masks, the index each lane would take, the Cast input (kWiden)
  // and the Max/Min (kIntLanes); AR adds each lane's winner, its index and 0, 1, ... kLanes - 1.
  __aicore__ void InitLaneBuffers(const ArgMaxTilingData& t) {
    const uint32_t lanes = ar_ ? kLanes : t.cols;
    const uint32_t mask_bytes =
        (Max<uint32_t>(lanes / 8, 1) + kMaskBytes - 1) / kMaskBytes * kMaskBytes;
    pipe_.InitBuffer(replace_buf_, mask_bytes);
    pipe_.InitBuffer(nan_buf_, mask_bytes);
    pipe_.InitBuffer(number_buf_, mask_bytes);
    pipe_.InitBuffer(ones_buf_, mask_bytes);
    const uint32_t index_bytes = static_cast<uint32_t>(AlignUp<int32_t>(lanes) * sizeof(int32_t));
    const uint32_t lane_bytes = static_cast<uint32_t>(AlignUp<V>(lanes) * sizeof(V));
    pipe_.InitBuffer(row_index_buf_, index_bytes);
    if (kWiden || kIntLanes) pipe_.InitBuffer(work_buf_, lane_bytes);
    if (ar_) {
      pipe_.InitBuffer(lane_value_buf_, lane_bytes);
      pipe_.InitBuffer(lane_index_buf_, index_bytes);
      pipe_.InitBuffer(iota_buf_, index_bytes);
    } else {
      pipe_.InitBuffer(lane_index_buf_, index_bytes);  // ARA: the winners' indices
    }
    if (lanes >= kLanes) {
      AscendC::Duplicate(ones_buf_.template Get<uint16_t>(), static_cast<uint16_t>(0xFFFF),
                         static_cast<int32_t>(lanes / 16));
    }
    if (ar_) {
      AscendC::LocalTensor<int32_t> iota = iota_buf_.template Get<int32_t>();
      for (uint32_t j = 0; j < kLanes; ++j) iota.SetValue(j, static_cast<int32_t>(j));
      AscendC::PipeBarrier<AscendC::PIPE_ALL>();  // the vector unit reads what the scalar wrote
    }
  }

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

  // replace_buf_ <- a mask of the lanes of v (a later row) against the winners in best. Returns
  // true when the set bits are the lanes whose winner stays, false when they are the lanes v
  // takes over.
  __aicore__ bool ReplaceMask(const AscendC::LocalTensor<V>& v, const AscendC::LocalTensor<V>& best,
                              uint32_t lanes) {
    using AscendC::CMPMODE;
    const bool last = t_.select_last != 0;
    AscendC::LocalTensor<uint8_t> replace = replace_buf_.template Get<uint8_t>();
    if constexpr (kIntLanes) {
      // int32_t compares in EQ alone: m = max(v, best) (min), then v wins where m == v when
      // ties go to it (last), and best stays where m == best otherwise.
      AscendC::LocalTensor<V> m = work_buf_.template Get<V>();
      if (t_.select_min != 0) {
        AscendC::Min(m, v, best, static_cast<int32_t>(lanes));
      } else {
        AscendC::Max(m, v, best, static_cast<int32_t>(lanes));
      }
      AscendC::Compare(replace, m, last ? v : best, CMPMODE::EQ, lanes);
      return !last;
    } else {
      const CMPMODE mode = t_.select_min != 0 ? (last ? CMPMODE::LE : CMPMODE::LT)
                                              : (last ? CMPMODE::GE : CMPMODE::GT);
      AscendC::Compare(replace, v, best, mode, lanes);
      if constexpr (kFloating) {
        // A NaN replaces a number (and, with select_last, an earlier NaN).
        AscendC::LocalTensor<uint8_t> nan = nan_buf_.template Get<uint8_t>();
        AscendC::Compare(nan, v, v, CMPMODE::NE, lanes);
        AscendC::LocalTensor<uint16_t> nan16 = nan.template ReinterpretCast<uint16_t>();
        if (!last) {
          AscendC::LocalTensor<uint8_t> number = number_buf_.template Get<uint8_t>();
          AscendC::Compare(number, best, best, CMPMODE::EQ, lanes);
          AscendC::And(nan16, nan16, number.template ReinterpretCast<uint16_t>(),
                       static_cast<int32_t>(lanes / 16));
        }
        AscendC::LocalTensor<uint16_t> replace16 = replace.template ReinterpretCast<uint16_t>();
        AscendC::Or(replace16, replace16, nan16, static_cast<int32_t>(lanes / 16));
      }
      return false;
    }
  }

  // The input's lanes as V: the slice itself, or its exact Cast into work_buf_.
  __aicore__ AscendC::LocalTensor<V> Lanes(const AscendC::LocalTensor<T>& in, uint32_t lanes) {
    if constexpr (kWiden) {
      AscendC::LocalTensor<V> wide = work_buf_.template Get<V>();
      AscendC::Cast(wide, in, AscendC::RoundMode::CAST_NONE, lanes);
      return wide;
    } else {
      return in;
    }
  }

  // best/index <- row v at reduced index `row` where it replaces them (all lanes when first).
  __aicore__ void UpdateLanes(const AscendC::LocalTensor<T>& in,
                              const AscendC::LocalTensor<V>& best,
                              const AscendC::LocalTensor<int32_t>& index,
                              const AscendC::LocalTensor<int32_t>& row, uint32_t lanes,
                              bool first) {
    const AscendC::LocalTensor<V> v = Lanes(in, lanes);
    if (first) {
      // Every lane takes the row; best and index may hold nothing yet, so they are not read.
      AscendC::LocalTensor<uint8_t> all = ones_buf_.template Get<uint8_t>();
      SelectBits(best, all, v, v, lanes);
      SelectBits(index, all, row, row, lanes);
      return;
    }
    const bool keep = ReplaceMask(v, best, lanes);
    AscendC::LocalTensor<uint8_t> mask = replace_buf_.template Get<uint8_t>();
    if (keep) {
      SelectBits(best, mask, best, v, lanes);
      SelectBits(index, mask, index, row, lanes);
    } else {
      SelectBits(best, mask, v, best, lanes);
      SelectBits(index, mask, row, index, lanes);
    }
  }

  // A lane's winner as the compare type (through float where the lanes are a float widening).
  __aicore__ static C LaneValue(V x) {
    if constexpr (kIsSame<V, C>) {
      return x;
    } else {
      return static_cast<C>(static_cast<float>(x));
    }
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
      for (uint64_t r0 = 0; r0 < t_.r; r0 += t_.rows) {
        const uint32_t rows = static_cast<uint32_t>(Min<uint64_t>(t_.rows, t_.r - r0));
        CopyInTile((a0 * t_.r + r0) * stride + c0, rows, n);
        ComputeColumns(out, rows, n, r0);
      }
      if constexpr (kArgVector<T>) {
        if (VectorColumns(n)) {
          AscendC::Cast(out, lane_index_buf_.template Get<int32_t>(), AscendC::RoundMode::CAST_NONE,
                        n);
        }
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
    if constexpr (kArgVector<T>) {
      if (vector_ && n >= kLanes && offset % (32 / sizeof(T)) == 0) {
        AscendC::LocalTensor<V> lane_value = lane_value_buf_.template Get<V>();
        AscendC::LocalTensor<int32_t> lane_index = lane_index_buf_.template Get<int32_t>();
        AscendC::LocalTensor<int32_t> row = row_index_buf_.template Get<int32_t>();
        AscendC::LocalTensor<int32_t> iota = iota_buf_.template Get<int32_t>();
        for (; done + kLanes <= n; done += kLanes) {
          // base + done + kLanes <= r <= kMaxVectorExtent: every index fits int32_t.
          AscendC::Adds(row, iota, static_cast<int32_t>(base + done), kLanes);
          UpdateLanes(in[offset + done], lane_value, lane_index, row, kLanes, done == 0);
        }
        // The scalar unit reads what the vector unit wrote, and the next span rewrites it.
        AscendC::PipeBarrier<AscendC::PIPE_ALL>();
        for (uint32_t j = 0; j < kLanes; ++j) {
          Offer(LaneValue(lane_value.GetValue(j)), static_cast<uint64_t>(lane_index.GetValue(j)),
                best);
        }
        AscendC::PipeBarrier<AscendC::PIPE_ALL>();
      }
    }
    for (uint32_t i = done; i < n; ++i) {
      Offer(static_cast<C>(in.GetValue(offset + i)), base + i, best);
    }
  }

  // One tile of `rows` reduced rows (the first is reduced index r0) over n columns: vector when
  // n is whole repeats (then the tile's rows are n apart and 256 B aligned), scalar otherwise.
  // The vector path keeps the winners' indices as int32_t and widens them into out at the end.
  __aicore__ bool VectorColumns(uint32_t n) const { return vector_ && n % kLanes == 0; }
  __aicore__ void ComputeColumns(const AscendC::LocalTensor<int64_t>& out, uint32_t rows,
                                 uint32_t n, uint64_t r0) {
    AscendC::LocalTensor<T> in = in_q_.template DeQue<T>();
    if constexpr (kArgVector<T>) {
      if (VectorColumns(n)) {
        AscendC::LocalTensor<V> best = best_buf_.template Get<V>();
        AscendC::LocalTensor<int32_t> index = lane_index_buf_.template Get<int32_t>();
        AscendC::LocalTensor<int32_t> row = row_index_buf_.template Get<int32_t>();
        for (uint32_t i = 0; i < rows; ++i) {
          AscendC::Duplicate(row, static_cast<int32_t>(r0 + i), static_cast<int32_t>(n));
          UpdateLanes(in[i * t_.ub_row_stride], best, index, row, n, r0 + i == 0);
        }
        in_q_.FreeTensor(in);
        return;
      }
    }
    AscendC::LocalTensor<T> best = best_buf_.template Get<T>();
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
  bool vector_ = false;  // the lanes compare (kArgVector<T> and indices that fit int32_t)
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_q_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_q_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> best_buf_;        // ARA: the winners' values
  AscendC::TBuf<AscendC::TPosition::VECCALC> lane_value_buf_;  // AR: each lane's winner
  AscendC::TBuf<AscendC::TPosition::VECCALC> lane_index_buf_;  // its index (ARA: the winners')
  AscendC::TBuf<AscendC::TPosition::VECCALC> iota_buf_;        // AR: 0, 1, ... kLanes - 1
  AscendC::TBuf<AscendC::TPosition::VECCALC> work_buf_;        // the Cast input, or Max/Min
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
