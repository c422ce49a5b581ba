// The ArgMax/ArgMin launch: one kernel instantiation per input dtype, picked by the tiling's
// dtype (the op type and the tie rule are tiling flags, not instantiations). A dtype no
// instantiation takes is refused by the host tiling; reaching here with one is an assertion.
#include "argmax/argmax_kernel.h"
#include "argmax/entries/argmax_entry.h"
#include "elementwise/kernel_traits.h"

namespace op_kernel {
namespace {

template <typename T>
__aicore__ void Run(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const ArgMaxTilingData& t) {
  KernelArgMax<T> kernel;
  kernel.Init(x, y, workspace, t);
  kernel.Process();
}

}  // namespace
}  // namespace op_kernel

extern "C" void opsim_argmax_launch(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  using namespace op_kernel;
  GET_TILING_DATA_WITH_STRUCT(ArgMaxTilingData, t, tiling);
  switch (static_cast<DataType>(t.dtype)) {
    case DataType::kFloat32: return Run<float>(x, y, workspace, t);
    case DataType::kFloat16: return Run<half>(x, y, workspace, t);
    case DataType::kBFloat16: return Run<bfloat16_t>(x, y, workspace, t);
    case DataType::kFloat64: return Run<double>(x, y, workspace, t);
    case DataType::kInt8: return Run<int8_t>(x, y, workspace, t);
    case DataType::kUInt8: return Run<uint8_t>(x, y, workspace, t);
    case DataType::kInt32: return Run<int32_t>(x, y, workspace, t);
    case DataType::kUInt32: return Run<uint32_t>(x, y, workspace, t);
    case DataType::kInt64: return Run<int64_t>(x, y, workspace, t);
    case DataType::kUInt64: return Run<uint64_t>(x, y, workspace, t);
    default:
      ascendc_assert(false, "ArgMax kernel: the tiling names dtype %u, which no kernel build takes",
                     t.dtype);
  }
}
