// A kernel that adds a scalar to int8_t lanes: it compiles against the simulator (which faults at
// run time on the 910B profile), and the strict portability check must refuse it at compile
// time, since the 910B's Adds takes half, float, int16_t and int32_t only (CANN's dav_c220 list,
// simulator/include/opsim/sim/ascendc/a2_dtypes.h). A chip-ready kernel widens the lanes to half
// first (Cast int8_t -> half is exact).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void strict_fixture_adds_int8(GM_ADDR x, GM_ADDR tiling) {
  (void)x;
  (void)tiling;
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> values;
  pipe.InitBuffer(values, 256);
  AscendC::LocalTensor<int8_t> v = values.Get<int8_t>();
  AscendC::Adds(v, v, static_cast<int8_t>(1), 256);
}
