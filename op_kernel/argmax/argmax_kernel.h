// The ArgMax/ArgMin kernel class (Init / Process / CopyIn / Compute / CopyOut, double buffered),
// templated on the input element type only: max or min and first or last index are tiling flags,
// so one instantiation per dtype serves both op types and both tie rules.
//
// The copies are the vector pipes' (DataCopy / DataCopyPad through reduce/reduce_copy.h); the
// comparison runs on the scalar unit over the UB tile, because it needs the index of the winner
// and the NaN rule below, which the simulated Compare/Select could give only for widths of whole
// 256 B repeats (docs/OPERATORS.md, ArgMax: "Not yet").
//
// Which element wins (ONNX: ties go to the first index, or the last with select_last_index; NaN
// as ONNX Runtime's whole-slice path, numpy's rule): a NaN beats every number, and among NaNs the
// first (or last) one wins.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "argmax/argmax_tiling_data.h"
#include "kernel_operator.h"
#include "reduce/reduce_copy.h"

namespace opsim::kernels {

// The type comparisons run in: 16-bit floats as float32 (exact), everything else as itself.
template <typename T>
using ArgCompareOf =
    std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;

template <typename T>
class KernelArgMax {
  using C = ArgCompareOf<T>;
  static constexpr bool kFloating = std::is_floating_point_v<C>;

 public:
  void Init(GM_ADDR x, GM_ADDR y, const ArgMaxTilingData& t) {
    t_ = t;
    const uint64_t block = static_cast<uint64_t>(AscendC::GetBlockIdx());
    begin_ = std::min(t.units, block * t.units_per_block);
    end_ = std::min(t.units, begin_ + t.units_per_block);
    x_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), t.outer * t.r * t.inner);
    y_.SetGlobalBuffer(reinterpret_cast<__gm__ int64_t*>(y), t.outer * t.inner);
    if (begin_ == end_) return;
    ar_ = t.inner == 1;
    whole_rows_ = ar_ && t.cols >= t.r;
    uint64_t in_elems = 0;
    uint32_t out_elems = 0;
    if (ar_) {
      in_elems = whole_rows_ ? uint64_t{t.rows} * t.r : t.cols;
      out_elems = t.rows;
    } else {
      in_elems = uint64_t{t.rows} * t.ub_row_stride;
      out_elems = t.cols;
      pipe_.InitBuffer(best_buf_, static_cast<uint32_t>(AlignUp<T>(t.cols) * sizeof(T)));
    }
    pipe_.InitBuffer(in_q_, kBufferNum, static_cast<uint32_t>(AlignUp<T>(in_elems) * sizeof(T)));
    pipe_.InitBuffer(out_q_, kBufferNum,
                     static_cast<uint32_t>(AlignUp<int64_t>(out_elems) * sizeof(int64_t)));
  }

  void Process() {
    if (begin_ == end_) return;
    if (ar_) {
      ProcessRows();
    } else {
      ProcessColumns();
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

  // True when v (at a later index) replaces the current winner b.
  bool Replaces(C v, C b) const {
    if constexpr (kFloating) {
      const bool v_nan = v != v;
      const bool b_nan = b != b;
      if (v_nan || b_nan) return t_.select_last != 0 ? v_nan : (v_nan && !b_nan);
    }
    if (t_.select_min != 0) return t_.select_last != 0 ? v <= b : v < b;
    return t_.select_last != 0 ? v >= b : v > b;
  }

  // AR: units are output rows; `rows` of them share one output tile.
  void ProcessRows() {
    for (uint64_t u = begin_; u < end_; u += t_.rows) {
      const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(t_.rows, end_ - u));
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
            const uint32_t len = static_cast<uint32_t>(std::min<uint64_t>(t_.cols, t_.r - c));
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

  // ARA: a unit is one outer index and one chunk of columns; tiles of reduced rows update a row
  // of winners (values in best_buf_, indices in the output tile).
  void ProcessColumns() {
    const uint64_t stride = t_.inner;
    for (uint64_t u = begin_; u < end_; ++u) {
      const uint64_t a0 = u / t_.col_chunks;
      const uint64_t c0 = (u % t_.col_chunks) * t_.cols;
      const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(t_.cols, t_.inner - c0));
      AscendC::LocalTensor<int64_t> out = out_q_.template AllocTensor<int64_t>();
      AscendC::LocalTensor<T> best = best_buf_.template Get<T>();
      for (uint64_t r0 = 0; r0 < t_.r; r0 += t_.rows) {
        const uint32_t rows = static_cast<uint32_t>(std::min<uint64_t>(t_.rows, t_.r - r0));
        CopyInTile((a0 * t_.r + r0) * stride + c0, rows, n);
        ComputeColumns(best, out, rows, n, r0);
      }
      out_q_.EnQue(out);
      CopyOut(a0 * t_.inner + c0, n);
    }
  }

  void CopyIn(uint64_t offset, uint32_t n) {
    AscendC::LocalTensor<T> in = in_q_.template AllocTensor<T>();
    CopyInContiguous(in, x_, offset, n, t_.has_pad != 0, T{});
    in_q_.EnQue(in);
  }
  void CopyInTile(uint64_t offset, uint32_t rows, uint32_t cols) {
    AscendC::LocalTensor<T> in = in_q_.template AllocTensor<T>();
    if (cols == t_.inner && t_.ub_row_stride == t_.inner) {
      CopyInContiguous(in, x_, offset, rows * cols, t_.has_pad != 0, T{});
    } else {
      kernels::CopyInRows(in, x_, offset, rows, cols, t_.inner, t_.ub_row_stride, t_.has_pad != 0,
                          T{});
    }
    in_q_.EnQue(in);
  }

  // in[offset, offset + n) are the reduced elements base, base + 1, ... of one slice.
  void ComputeSpan(const AscendC::LocalTensor<T>& in, uint32_t offset, uint32_t n, uint64_t base,
                   Candidate* best) const {
    for (uint32_t i = 0; i < n; ++i) {
      const C v = static_cast<C>(in.GetValue(offset + i));
      if (!best->set || Replaces(v, best->value)) {
        best->value = v;
        best->index = base + i;
        best->set = true;
      }
    }
  }

  // One tile of `rows` reduced rows (the first is reduced index r0) over n columns.
  void ComputeColumns(const AscendC::LocalTensor<T>& best, const AscendC::LocalTensor<int64_t>& out,
                      uint32_t rows, uint32_t n, uint64_t r0) {
    AscendC::LocalTensor<T> in = in_q_.template DeQue<T>();
    for (uint32_t i = 0; i < rows; ++i) {
      const uint32_t row = i * t_.ub_row_stride;
      for (uint32_t j = 0; j < n; ++j) {
        const T raw = in.GetValue(row + j);
        if (r0 + i == 0 || Replaces(static_cast<C>(raw), static_cast<C>(best.GetValue(j)))) {
          best.SetValue(j, raw);
          out.SetValue(j, static_cast<int64_t>(r0 + i));
        }
      }
    }
    in_q_.FreeTensor(in);
  }

  void CopyOut(uint64_t offset, uint32_t n) {
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
  AscendC::TBuf<AscendC::TPosition::VECCALC> best_buf_;
  AscendC::GlobalTensor<T> x_;
  AscendC::GlobalTensor<int64_t> y_;
};

}  // namespace opsim::kernels
