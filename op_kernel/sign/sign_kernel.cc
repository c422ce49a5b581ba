// Sign (ONNX): y = -1, 0 or +1 by the sign of x, NaN for NaN; float32, float16 and int32. One
// kernel class per element type walks the block's range of the flat tensor in tiles, double
// buffered: CopyIn (MTE2) of tile i+1 overlaps Compute (V) of tile i and CopyOut (MTE3) of tile
// i-1. The GM <-> UB copies are the elementwise kernels' (any length, with or without
// DataCopyPad).
//
// The vector unit has no sign instruction, so Compute builds it from documented ones:
// - integers: clamp to [-1, 1] (Maxs, Mins);
// - floats: c = clamp(x, -1, 1) keeps the sign and makes every value finite; c / max(|c|, the
//   type's smallest subnormal) is then +-1 for every nonzero c (the divisor is |c| itself), +-0
//   for a zero and NaN for NaN (Max and Min propagate NaN, docs/ASCENDC.md); adding +0 turns -0
//   into +0, the 0 numpy's sign (ONNX's reference) gives for -0. Count forms of any length, so a
//   tile's tail needs no mask, and no UB byte past the tile's n elements is read.
// Each instruction reads what the one before wrote on the same pipe: PipeBarrier<PIPE_V> between
// them keeps the kernel correct when built without CANN's auto-sync (docs/CHECKS.md).
#include <cstdint>
#include <limits>
#include <type_traits>

#include "elementwise/elementwise_copy.h"
#include "elementwise/elementwise_dispatch.h"
#include "kernel_operator.h"
#include "opsim/core/dtype.h"
#include "sign/sign_tiling_data.h"

namespace opsim::kernels::sign {
namespace {

constexpr int32_t kBufferNum = 2;

template <typename T>
T SmallestSubnormal() {
  if constexpr (std::is_same_v<T, float>) {
    return std::numeric_limits<float>::denorm_min();
  } else {
    return static_cast<T>(5.9604644775390625e-08f);  // 2^-24, binary16's smallest subnormal
  }
}

template <typename T>
class SignKernel {
 public:
  __aicore__ void Init(GM_ADDR x, GM_ADDR y, const SignTiling& t) {
    t_ = t;
    range_ = elementwise::RangeOfBlock(t.total, t.per_core);
    x_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), t.total);
    y_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.total);
    pipe_.InitBuffer(in_, kBufferNum, t.tile * sizeof(T));
    pipe_.InitBuffer(out_, kBufferNum, t.tile * sizeof(T));
  }

  __aicore__ void Process() {
    for (uint64_t p = range_.begin; p < range_.end; p += t_.tile) {
      const uint64_t left = range_.end - p;
      const uint32_t n = left < t_.tile ? static_cast<uint32_t>(left) : t_.tile;
      CopyInTile(p, n);
      Compute(n);
      CopyOutTile(p, n);
    }
  }

 private:
  __aicore__ void CopyInTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<T> x = in_.template AllocTensor<T>();
    elementwise::CopyIn(x, x_gm_, p, n, t_.has_pad != 0);
    in_.EnQue(x);
  }

  __aicore__ void Compute(uint32_t n) {
    AscendC::LocalTensor<T> x = in_.template DeQue<T>();
    AscendC::LocalTensor<T> y = out_.template AllocTensor<T>();
    const int32_t count = static_cast<int32_t>(n);
    AscendC::Maxs(y, x, static_cast<T>(-1), count);
    AscendC::PipeBarrier<AscendC::PIPE_V>();
    AscendC::Mins(y, y, static_cast<T>(1), count);
    if constexpr (!std::is_integral_v<T>) {
      // x is no longer needed: it holds the divisor max(|c|, smallest subnormal).
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      AscendC::Abs(x, y, count);
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      AscendC::Maxs(x, x, SmallestSubnormal<T>(), count);
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      AscendC::Div(y, y, x, count);
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      AscendC::Adds(y, y, static_cast<T>(0), count);
    }
    out_.EnQue(y);
    in_.FreeTensor(x);
  }

  __aicore__ void CopyOutTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<T> y = out_.template DeQue<T>();
    elementwise::CopyOut(y_gm_, p, y, n, t_.has_pad != 0);
    out_.FreeTensor(y);
  }

  SignTiling t_;
  elementwise::BlockRange range_;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_;
  AscendC::GlobalTensor<T> x_gm_;
  AscendC::GlobalTensor<T> y_gm_;
};

template <typename T>
void Run(GM_ADDR x, GM_ADDR y, const SignTiling& t) {
  SignKernel<T> op;
  op.Init(x, y, t);
  op.Process();
}

}  // namespace
}  // namespace opsim::kernels::sign

extern "C" void opsim_sign_launch(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  using namespace opsim;
  using namespace opsim::kernels;
  GET_TILING_DATA_WITH_STRUCT(SignTiling, t, tiling);
  switch (static_cast<DType>(t.dtype)) {
    case DType::kFloat32: return sign::Run<float>(x, y, t);
    case DType::kFloat16: return sign::Run<half>(x, y, t);
    case DType::kInt32: return sign::Run<int32_t>(x, y, t);
    default:
      ascendc_assert(false,
                     "Sign kernel: the tiling names dtype %u (it takes float32 %u, float16 "
                     "%u, int32 %u)",
                     t.dtype, static_cast<uint32_t>(DType::kFloat32),
                     static_cast<uint32_t>(DType::kFloat16), static_cast<uint32_t>(DType::kInt32));
  }
}
