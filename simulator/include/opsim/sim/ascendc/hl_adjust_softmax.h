// Ascend C's high-level AdjustSoftMaxRes (CANN's lib/activation/softmax.h): the rows of
// softMaxRes whose max (compared bit for bit with `from`) matches are filled with `to`; returns
// whether any matched. Declaration only: it forwards to one compiled entry
// (simulator/src/runtime/hl_adjust_softmax.cc). docs/ASCENDC.md, "AdjustSoftMaxRes".
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/hl_softmax.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::hl {

struct AdjustSoftMaxCall {
  uint32_t res_bytes;  // sizeof(T1)
  uint32_t max_bytes;  // sizeof(T2)
  bool nz;             // isDataFormatNZ
  bool step_one;       // stepSizeMode != 0
  const detail::UbRef* res;
  const detail::UbRef* max;
  uint32_t from;
  uint32_t to_bits;  // `to`'s bits
  AscendC::SoftMaxShapeInfo shape;
};

// Checks, charges and computes one call; faults name the API.
bool RunAdjustSoftMaxRes(const AdjustSoftMaxCall& call);

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor,
                      const uint32_t from, const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo) {
  static_assert((std::is_same_v<T1, ::half> || std::is_same_v<T1, float>)&&(
                    std::is_same_v<T2, ::half> || std::is_same_v<T2, float>),
                "AdjustSoftMaxRes takes half or float tensors");
  uint32_t to_bits = 0;
  std::memcpy(&to_bits, static_cast<const void*>(&to), sizeof(T1));
  return opsim::sim::hl::RunAdjustSoftMaxRes({sizeof(T1), sizeof(T2), isDataFormatNZ,
                                              stepSizeMode != 0, &softMaxRes.ref(),
                                              &maxTensor.ref(), from, to_bits, softmaxShapeInfo});
}

}  // namespace AscendC
