// A kernel that selects int32_t lanes by a mask: it compiles against the simulator (which would
// fault at run time on the 910B profile), and the strict portability check must refuse it at
// compile time, since the 910B's Select takes half and float only (CANN's dav_c220 list). A
// chip-ready kernel selects the same bits through ReinterpretCast<float>.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void strict_fixture_selects_int32(GM_ADDR x, GM_ADDR tiling) {
  (void)x;
  (void)tiling;
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> values, mask;
  pipe.InitBuffer(values, 256);
  pipe.InitBuffer(mask, 32);
  AscendC::LocalTensor<int32_t> v = values.Get<int32_t>();
  AscendC::Select(v, mask.Get<uint8_t>(), v, v, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
}
