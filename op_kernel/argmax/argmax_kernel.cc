// The ArgMax/ArgMin launch: one kernel instantiation per input dtype, picked by the tiling's
// dtype (the op type and the tie rule are tiling flags, not instantiations).
#include <string>

#include "argmax/argmax_kernel.h"
#include "argmax/entries/argmax_entry.h"
#include "opsim/sim/fault.h"

namespace opsim::kernels {
namespace {

template <typename T>
bool TryRun(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const ArgMaxTilingData& t) {
  if (t.dtype != static_cast<uint32_t>(AscendC::DTypeOf<T>())) return false;
  KernelArgMax<T> kernel;
  kernel.Init(x, y, workspace, t);
  kernel.Process();
  return true;
}

template <typename... Ts>
bool RunFirstMatching(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const ArgMaxTilingData& t) {
  return (TryRun<Ts>(x, y, workspace, t) || ...);
}

}  // namespace
}  // namespace opsim::kernels

extern "C" void opsim_argmax_launch(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  using namespace opsim::kernels;
  GET_TILING_DATA_WITH_STRUCT(ArgMaxTilingData, t, tiling);
  if (RunFirstMatching<float, half, bfloat16_t, double, int8_t, uint8_t, int32_t, uint32_t, int64_t,
                       uint64_t>(x, y, workspace, t)) {
    return;
  }
  opsim::sim::RaiseFault(opsim::sim::FaultKind::kInvalidArgument, "argmax_kernel",
                         "no ArgMax kernel for dtype " + std::to_string(t.dtype));
}
