// Abs, Neg, Exp, Log, Sqrt, Reciprocal: one kernel per element type, the op chosen by the
// tiling, run by the shared unary tile loop (elementwise_unary_loop.h).
#include "elementwise/elementwise_dispatch.h"
#include "elementwise/elementwise_tiling_data.h"
#include "elementwise/elementwise_unary_loop.h"
#include "elementwise/entries/elementwise_entry.h"

namespace op_kernel::elementwise {
namespace {

template <typename T>
class UnaryCompute {
 public:
  __aicore__ explicit UnaryCompute(const ElementwiseTiling& t) : op_(t.op), dtype_(t.src_dtype) {}

  __aicore__ void operator()(const AscendC::LocalTensor<T>& y, const AscendC::LocalTensor<T>& x,
                             int32_t count, const AscendC::LocalTensor<float>& work) const {
    if constexpr (kComputesInFloat<T>) {
      AscendC::Cast(work, x, AscendC::RoundMode::CAST_NONE, count);
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      UnaryCompute<float>(op_, dtype_)(work, work, count, work);
      AscendC::PipeBarrier<AscendC::PIPE_V>();
      AscendC::Cast(y, work, AscendC::RoundMode::CAST_RINT, count);
    } else {
      Apply(y, x, count);
    }
  }

  __aicore__ UnaryCompute(uint32_t op, uint32_t dtype) : op_(op), dtype_(dtype) {}

 private:
  __aicore__ void Apply(const AscendC::LocalTensor<T>& y, const AscendC::LocalTensor<T>& x,
                        int32_t count) const {
    const auto op = static_cast<ElementwiseOp>(op_);
    if (op == ElementwiseOp::kNeg) {
      // No Neg instruction: x * -1 is exact for floats (sign flip, -0 for 0) and wraps for
      // integers (-lowest = lowest), as ONNX Runtime's Neg does.
      AscendC::Muls(y, x, static_cast<T>(-1), count);
    } else if constexpr (kIsFloat<T>) {  // the 910B's Abs, Exp, ... take half and float only
      switch (op) {
        case ElementwiseOp::kAbs: AscendC::Abs(y, x, count); break;
        case ElementwiseOp::kExp: AscendC::Exp(y, x, count); break;
        case ElementwiseOp::kLog: AscendC::Ln(y, x, count); break;
        case ElementwiseOp::kSqrt: AscendC::Sqrt(y, x, count); break;
        case ElementwiseOp::kReciprocal: AscendC::Reciprocal(y, x, count); break;
        default: BadOp();
      }
    } else {
      BadOp();
    }
  }

  __aicore__ void BadOp() const {
    ascendc_assert(false, "elementwise unary kernel: op %u is not unary for dtype %u", op_, dtype_);
  }

  uint32_t op_;
  uint32_t dtype_;
};

}  // namespace
}  // namespace op_kernel::elementwise

extern "C" void opsim_elementwise_unary(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  using namespace op_kernel;
  using namespace op_kernel::elementwise;
  GET_TILING_DATA_WITH_STRUCT(ElementwiseTiling, t, tiling);
  WithVectorDType(t.src_dtype, "elementwise unary kernel", [&](auto type) {
    using T = decltype(type);
    UnaryTileLoop<T, UnaryCompute<T>> op;
    op.Init(x, y, t);
    op.Process(UnaryCompute<T>(t));
  });
}
