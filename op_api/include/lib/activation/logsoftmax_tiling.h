// CANN's lib/activation/logsoftmax_tiling.h: LogSoftMax's host helpers (docs/ASCENDC.md,
// "LogSoftMax and SoftmaxGrad"), with the figures CANN gives for the 910B (DAV_2201).
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/activation/logsoftmax_tilingdata.h"
#include "opsim/core/softmax_ext_tiling.h"

namespace AscendC {

// srcShape's last dim is srcK (whole 32-byte blocks), the others multiply to srcM; dataTypeSize
// is 2 (half) or 4 (float). Broken arguments print an error naming the helper and the rule and
// give 0 (the tiling function then writes nothing), as CANN's helpers do.
uint32_t GetLogSoftMaxMaxTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                 const bool isReuseSource);
uint32_t GetLogSoftMaxMinTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                 const bool isReuseSource);
// splitM is the rows localWorkSpaceSize holds; below one row it is 0 (and an error is printed):
// the kernel's call then faults.
void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize,
                          const uint32_t localWorkSpaceSize,
                          optiling::LogSoftMaxTiling& softmaxTiling);

}  // namespace AscendC
