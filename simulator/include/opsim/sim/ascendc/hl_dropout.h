// Ascend C's high-level DropOut (CANN's lib/filter/dropout.h) in the 910B's forms: src filtered by
// a byte or bit mask (each kept element divided by keepProb, each dropped one 0), the mode given or
// inferred from DropOutShapeInfo. Declarations only: both forms forward to one compiled entry
// (simulator/src/runtime/hl_dropout.cc). docs/ASCENDC.md, "DropOut".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

struct DropOutShapeInfo {
  DropOutShapeInfo() {}
  uint32_t firstAxis = 0;     // rows of src and mask
  uint32_t srcLastAxis = 0;   // elements per src row
  uint32_t maskLastAxis = 0;  // uint8_t elements per mask row, padding included
};

// CANN's kernel_utils_constants.h: the dropOutMode values.
constexpr uint32_t DROPOUT_MODE_BYTE_MISALIGN = 1;
constexpr uint32_t DROPOUT_MODE_BYTE_ALIGN = 2;
constexpr uint32_t DROPOUT_MODE_BIT_ALIGN = 3;
constexpr uint32_t DROPOUT_MODE_BIT_MISALIGN = 4;

}  // namespace AscendC

namespace opsim::sim::hl {

struct DropOutCall {
  bool is_float;  // T float; else half
  bool init_bit_mode;
  uint32_t mode;  // dropOutMode, 0: inferred
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* mask;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null
  float keep_prob;
  AscendC::DropOutShapeInfo info;
};

// Checks, charges and computes one call; faults name the API.
void RunDropOut(const DropOutCall& call);

template <typename T, uint32_t kMode>
constexpr bool DropOutChecks() {
  static_assert(std::is_same_v<T, ::half> || std::is_same_v<T, float>,
                "DropOut: T is half or float on the 910B");
  static_assert(kMode <= 4, "DropOut: dropOutMode is 0, 1, 2, 3 or 4");
  return std::is_same_v<T, float>;
}

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
             const LocalTensor<uint8_t>& maskLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
             const float keepProb, const DropOutShapeInfo& info) {
  opsim::sim::hl::RunDropOut({opsim::sim::hl::DropOutChecks<T, dropOutMode>(), isInitBitMode,
                              dropOutMode, &dstLocal.ref(), &srcLocal.ref(), &maskLocal.ref(),
                              &sharedTmpBuffer.ref(), keepProb, info});
}
template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
             const LocalTensor<uint8_t>& maskLocal, const float keepProb,
             const DropOutShapeInfo& info) {
  opsim::sim::hl::RunDropOut({opsim::sim::hl::DropOutChecks<T, dropOutMode>(), isInitBitMode,
                              dropOutMode, &dstLocal.ref(), &srcLocal.ref(), &maskLocal.ref(),
                              nullptr, keepProb, info});
}

}  // namespace AscendC
