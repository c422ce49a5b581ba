// The tiling of LogSoftMax (CANN's kernel_tiling.h LogSoftMaxTiling, the same uint32 fields in
// the same order as SoftMaxTiling, a struct of its own) and the work buffers of LogSoftMax and
// SoftmaxGrad/SoftmaxGradFront: one figure for the host helpers (op_api) and the kernel side's
// check (simulator), so the two stay in step. Figures are CANN's for the 910B (DAV_2201).
#pragma once

#include <cstdint>

namespace AscendC::tiling {

struct LogSoftMaxTiling {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t srcSize = 0;
  uint32_t outMaxM = 0;
  uint32_t outMaxK = 0;
  uint32_t outMaxSize = 0;
  uint32_t splitM = 0;
  uint32_t splitK = 0;
  uint32_t splitSize = 0;
  uint32_t reduceM = 0;
  uint32_t reduceK = 0;
  uint32_t reduceSize = 0;
  uint32_t rangeM = 0;
  uint32_t tailM = 0;
  uint32_t tailSplitSize = 0;
  uint32_t tailReduceSize = 0;
};

}  // namespace AscendC::tiling

using AscendC::tiling::LogSoftMaxTiling;

namespace opsim::softmax {

// Floats per row of srcK elements. LogSoftMax as SoftMax: one block of row results (of the data
// type: its sum and max are T), the row in float and the reductions' 64-float scratch.
inline uint32_t LogSoftMaxRowFloats(uint32_t srcK, uint32_t dataBytes) {
  return 32 / dataBytes + srcK + 64;
}
// SoftmaxGrad: half keeps two blocks and three float rows (grad, src and their product);
// float two blocks and the product row, SoftmaxGradFront (isFront) of float one block.
inline uint32_t SoftmaxGradRowFloats(uint32_t srcK, uint32_t dataBytes, bool isFront) {
  const uint32_t blk = 32 / dataBytes;
  if (dataBytes == 2) return 2 * blk + 3 * srcK + 64;
  return (isFront ? blk : 2 * blk) + srcK + 64;
}

}  // namespace opsim::softmax
