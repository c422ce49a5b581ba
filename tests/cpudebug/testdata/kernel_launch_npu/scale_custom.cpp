// The kernel of the project (no kernel_operator.h: a light unit), a structure passed by value
// and a scalar; and the `_do` wrapper the samples define for NPU builds only.
#include "scale_tiling.h"

extern "C" __global__ __aicore__ void scale_custom(__gm__ int32_t* data, ScaleTiling tiling,
                                                   int32_t add) {
  for (int32_t i = 0; i < tiling.count; ++i) data[i] = data[i] * SCALE + add;
}

#ifndef ASCENDC_CPU_DEBUG
void scale_custom_do(uint32_t blockDim, void* stream, int32_t* data, ScaleTiling tiling,
                     int32_t add) {
  scale_custom<<<blockDim, nullptr, stream>>>(data, tiling, add);
}
#endif
