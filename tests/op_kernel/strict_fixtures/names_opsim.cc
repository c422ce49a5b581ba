// A kernel that reports bad tiling through the simulator's fault call instead of an Ascend C
// assertion: it compiles against the simulator, and the strict portability check must refuse it
// (opsim::sim::RaiseFault does not exist on the chip).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void strict_fixture_names_opsim(GM_ADDR x, GM_ADDR tiling) {
  (void)x;
  if (tiling == nullptr) {
    opsim::sim::RaiseFault(opsim::sim::FaultKind::kInvalidArgument, "strict_fixture", "no tiling");
  }
}
