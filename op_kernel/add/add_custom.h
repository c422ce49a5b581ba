// The example kernel: z = x + y over `total` elements, split evenly over the blocks.
// It is Ascend C's canonical add_custom sample shape (TPipe, VECIN/VECOUT queues, double
// buffering, CopyIn / Compute / CopyOut) and a smoke test of the simulated NPU.
#pragma once

#include <cstdint>

#include "kernel_operator.h"

namespace op_kernel {

struct AddTilingData {
  uint32_t total = 0;  // elements in x, y, z; a multiple of block_dim * tile
  uint32_t tile = 0;   // elements per tile; tile * sizeof(T) a multiple of 32 B
};

extern "C" __global__ __aicore__ void add_custom_f32(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                     GM_ADDR workspace, GM_ADDR tiling);
extern "C" __global__ __aicore__ void add_custom_f16(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                     GM_ADDR workspace, GM_ADDR tiling);

}  // namespace op_kernel
