// Ascend C's high-level FasterGeluV2 (CANN's lib/activation/gelu.h) in the forms CANN declares:
// x * (sign(x) * (-0.1444 * (min(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5), with or without
// sharedTmpBuffer. Declarations only: both forms forward to one compiled entry
// (simulator/src/runtime/hl_fastergeluv2.cc). docs/ASCENDC.md, "FasterGeluV2".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::hl {

struct GeluV2Call {
  bool is_float;          // T float; else half
  bool high_precision;    // half computed in float
  bool high_performance;  // Reciprocal and Mul in place of Div
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null
  uint32_t count;
};

// Checks, charges and computes one call; faults name the API.
void RunFasterGeluV2(const GeluV2Call& call);

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T, bool highPrecision = false, bool highPerformance = false>
void FasterGeluV2(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize) {
  static_assert(std::is_same_v<T, ::half> || std::is_same_v<T, float>,
                "FasterGeluV2 takes half or float tensors");
  opsim::sim::hl::RunFasterGeluV2({std::is_same_v<T, float>, highPrecision, highPerformance,
                                   &dstLocal.ref(), &srcLocal.ref(), &sharedTmpBuffer.ref(),
                                   dataSize});
}
template <typename T, bool highPrecision = false, bool highPerformance = false>
void FasterGeluV2(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                  const uint32_t dataSize) {
  static_assert(std::is_same_v<T, ::half> || std::is_same_v<T, float>,
                "FasterGeluV2 takes half or float tensors");
  opsim::sim::hl::RunFasterGeluV2({std::is_same_v<T, float>, highPrecision, highPerformance,
                                   &dstLocal.ref(), &srcLocal.ref(), nullptr, dataSize});
}

}  // namespace AscendC
