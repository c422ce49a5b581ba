// Sign (ONNX): y = -1, 0 or +1 by the sign of x, NaN for NaN; float32, float16 and int32. One
// kernel per element type, run by the elementwise unary tile loop
// (elementwise/elementwise_unary_loop.h: double buffered, copies of any length).
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
#include "elementwise/elementwise_unary_loop.h"
#include "elementwise/kernel_traits.h"
#include "kernel_operator.h"
#include "sign/sign_tiling_data.h"

namespace op_kernel::sign {
namespace {

// The type's smallest positive subnormal: float's 2^-149, binary16's 2^-24.
template <typename T>
__aicore__ T SmallestSubnormal() {
  if constexpr (kIsSame<T, float>) {
    return 0x1p-149f;
  } else {
    return static_cast<T>(0x1p-24f);
  }
}

template <typename T>
struct SignCompute {
  __aicore__ void operator()(const AscendC::LocalTensor<T>& y, const AscendC::LocalTensor<T>& x,
                             int32_t count, const AscendC::LocalTensor<float>& /*work*/) const {
    AscendC::Maxs(y, x, static_cast<T>(-1), count);
    AscendC::PipeBarrier<AscendC::PIPE_V>();
    AscendC::Mins(y, y, static_cast<T>(1), count);
    if constexpr (kIsFloat<T>) {
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
  }
};

template <typename T>
__aicore__ void Run(GM_ADDR x, GM_ADDR y, const SignTiling& t) {
  elementwise::UnaryTileLoop<T, SignCompute<T>> op;
  op.Init(x, y, t);
  op.Process(SignCompute<T>{});
}

}  // namespace
}  // namespace op_kernel::sign

extern "C" void opsim_sign_launch(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  using namespace op_kernel;
  GET_TILING_DATA_WITH_STRUCT(SignTiling, t, tiling);
  switch (static_cast<DataType>(t.dtype)) {
    case DataType::kFloat32: return sign::Run<float>(x, y, t);
    case DataType::kFloat16: return sign::Run<half>(x, y, t);
    case DataType::kInt32: return sign::Run<int32_t>(x, y, t);
    default:
      ascendc_assert(false,
                     "Sign kernel: the tiling names dtype %u (it takes float32 %u, float16 "
                     "%u, int32 %u)",
                     t.dtype, static_cast<uint32_t>(DataType::kFloat32),
                     static_cast<uint32_t>(DataType::kFloat16),
                     static_cast<uint32_t>(DataType::kInt32));
  }
}
