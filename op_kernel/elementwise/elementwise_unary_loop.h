// The tile loop of a one-input, one-output kernel of the same element type (the elementwise unary
// ops, Sign): the block's range of the flat tensor walked in tiles, double buffered, so that
// CopyIn (MTE2) of tile i+1 overlaps Compute (V) of tile i and CopyOut (MTE3) of tile i-1. The
// kernel supplies Compute, a callable `compute(y, x, count, work)` that writes y[0, count) from
// x[0, count) on the V pipe (x may serve as scratch: the loop frees it afterwards; `work` is a
// float32 tile for the types computed in float32, kComputesInFloat). The GM <-> UB copies take any
// length, with or without DataCopyPad (elementwise_copy.h).
#pragma once

#include "elementwise/elementwise_copy.h"
#include "elementwise/elementwise_dispatch.h"
#include "elementwise/kernel_traits.h"
#include "kernel_operator.h"

namespace op_kernel::elementwise {

// The fields of a flat tiling the loop reads (ElementwiseTiling and SignTiling both have them).
struct FlatTiles {
  uint64_t total = 0;     // elements of x and y
  uint64_t per_core = 0;  // elements per block (the last fewer)
  uint32_t tile = 0;      // elements per UB tile: a whole number of 32 B blocks
  uint32_t has_pad = 0;   // the device has DataCopyPad
};

template <typename T, typename Compute>
class UnaryTileLoop {
 public:
  static constexpr int32_t kBufferNum = 2;

  template <typename Tiling>
  __aicore__ void Init(GM_ADDR x, GM_ADDR y, const Tiling& t) {
    t_ = FlatTiles{t.total, t.per_core, t.tile, t.has_pad};
    range_ = RangeOfBlock(t.total, t.per_core);
    x_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), t.total);
    y_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.total);
    pipe_.InitBuffer(in_, kBufferNum, t.tile * sizeof(T));
    pipe_.InitBuffer(out_, kBufferNum, t.tile * sizeof(T));
    if constexpr (kComputesInFloat<T>) pipe_.InitBuffer(work_, t.tile * sizeof(float));
  }

  __aicore__ void Process(const Compute& compute) {
    for (uint64_t p = range_.begin; p < range_.end; p += t_.tile) {
      const uint64_t left = range_.end - p;
      const uint32_t n = left < t_.tile ? static_cast<uint32_t>(left) : t_.tile;
      CopyInTile(p, n);
      ComputeTile(compute, n);
      CopyOutTile(p, n);
    }
  }

 private:
  __aicore__ void CopyInTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<T> x = in_.template AllocTensor<T>();
    CopyIn(x, x_gm_, p, n, t_.has_pad != 0);
    in_.EnQue(x);
  }

  __aicore__ void ComputeTile(const Compute& compute, uint32_t n) {
    AscendC::LocalTensor<T> x = in_.template DeQue<T>();
    AscendC::LocalTensor<T> y = out_.template AllocTensor<T>();
    const int32_t count = static_cast<int32_t>(n);
    AscendC::LocalTensor<float> work;
    if constexpr (kComputesInFloat<T>) work = work_.template Get<float>();
    compute(y, x, count, work);
    out_.EnQue(y);
    in_.FreeTensor(x);
  }

  __aicore__ void CopyOutTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<T> y = out_.template DeQue<T>();
    CopyOut(y_gm_, p, y, n, t_.has_pad != 0);
    out_.FreeTensor(y);
  }

  FlatTiles t_;
  BlockRange range_;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> work_;
  AscendC::GlobalTensor<T> x_gm_;
  AscendC::GlobalTensor<T> y_gm_;
};

}  // namespace op_kernel::elementwise
