// Abs, Neg, Exp, Log, Sqrt, Reciprocal: one kernel class per element type, the op chosen by
// the tiling. The block's range of the flat tensor is walked in tiles, double buffered:
// CopyIn (MTE2) of tile i+1 overlaps Compute (V) of tile i and CopyOut (MTE3) of tile i-1.
#include "elementwise/elementwise_copy.h"
#include "elementwise/elementwise_dispatch.h"
#include "elementwise/elementwise_tiling_data.h"
#include "elementwise/entries/elementwise_entry.h"

namespace opsim::kernels::elementwise {
namespace {

constexpr int32_t kBufferNum = 2;

template <typename T>
class UnaryKernel {
 public:
  __aicore__ void Init(GM_ADDR x, GM_ADDR y, const ElementwiseTiling& t) {
    t_ = t;
    range_ = RangeOfBlock(t.total, t.per_core);
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
    CopyIn(x, x_gm_, p, n, t_.has_pad != 0);
    in_.EnQue(x);
  }

  __aicore__ void Compute(uint32_t n) {
    AscendC::LocalTensor<T> x = in_.template DeQue<T>();
    AscendC::LocalTensor<T> y = out_.template AllocTensor<T>();
    const int32_t count = static_cast<int32_t>(n);
    const auto op = static_cast<ElementwiseOp>(t_.op);
    if (op == ElementwiseOp::kAbs) {
      AscendC::Abs(y, x, count);
    } else if (op == ElementwiseOp::kNeg) {
      // No Neg instruction: x * -1 is exact for floats (sign flip, -0 for 0) and wraps for
      // integers (-lowest = lowest), as ONNX Runtime's Neg does.
      AscendC::Muls(y, x, static_cast<T>(-1), count);
    } else if constexpr (kIsFloat<T>) {
      switch (op) {
        case ElementwiseOp::kExp: AscendC::Exp(y, x, count); break;
        case ElementwiseOp::kLog: AscendC::Ln(y, x, count); break;
        case ElementwiseOp::kSqrt: AscendC::Sqrt(y, x, count); break;
        case ElementwiseOp::kReciprocal: AscendC::Reciprocal(y, x, count); break;
        default: BadOp();
      }
    } else {
      BadOp();
    }
    out_.EnQue(y);
    in_.FreeTensor(x);
  }

  __aicore__ void CopyOutTile(uint64_t p, uint32_t n) {
    AscendC::LocalTensor<T> y = out_.template DeQue<T>();
    CopyOut(y_gm_, p, y, n, t_.has_pad != 0);
    out_.FreeTensor(y);
  }

  [[noreturn]] void BadOp() const {
    ascendc_assert(false, "elementwise unary kernel: op %u is not unary for dtype %u", t_.op,
                   t_.src_dtype);
    __builtin_unreachable();
  }

  ElementwiseTiling t_;
  BlockRange range_;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_;
  AscendC::GlobalTensor<T> x_gm_;
  AscendC::GlobalTensor<T> y_gm_;
};

}  // namespace
}  // namespace opsim::kernels::elementwise

extern "C" void opsim_elementwise_unary(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  using namespace opsim::kernels;
  using namespace opsim::kernels::elementwise;
  GET_TILING_DATA_WITH_STRUCT(ElementwiseTiling, t, tiling);
  WithDType(t.src_dtype, "elementwise unary kernel", [&](auto type) {
    using T = decltype(type);
    UnaryKernel<T> op;
    op.Init(x, y, t);
    op.Process();
  });
}
