// Ascend C's high-level CumSum (CANN's lib/math/cumsum.h, adv_api/math/cumsum.h): the running
// sum of a [outter, inner] tensor along its last axis (each row) or its first axis (each
// column), in the forms CANN declares for the 910B. Declarations only: the forms forward to one
// compiled entry (simulator/src/runtime/hl_cumsum.cc). docs/ASCENDC.md, "CumSum".
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/hl_math.h"

namespace AscendC {

enum class CumSumAlgorithm { CUMSUM_ALGORITHM_LINEBYLINE = 0, CUMSUM_ALGORITHM_SKLANSKY = 1 };

struct CumSumConfig {
  bool isLastAxis{true};
  bool isReuseSource{false};
  bool outputLastRow{false};
  CumSumAlgorithm algorithm{CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
};

// CANN's default writes the last row of the result to lastRowTensor.
constexpr CumSumConfig defaultCumSumConfig = {true, false, true};

struct CumSumInfo {
  uint32_t outter{0};
  uint32_t inner{0};
};

}  // namespace AscendC

namespace opsim::sim::hl {

struct CumSumCall {
  ElemType type;
  bool last_axis;
  bool output_last_row;
  bool sklansky;  // CUMSUM_ALGORITHM_SKLANSKY: the 950's only
  const detail::UbRef* dst;
  const detail::UbRef* last_row;
  const detail::UbRef* src;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null
  AscendC::CumSumInfo info;
};

// Checks, charges and computes one call; faults name the API.
void RunCumSum(const CumSumCall& call);

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor,
            const LocalTensor<T>& srcTensor, LocalTensor<uint8_t>& sharedTmpBuffer,
            const CumSumInfo& cumSumInfo) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "CumSum takes half or float tensors");
  namespace h = opsim::sim::hl;
  h::RunCumSum({h::ElemOf<T>(), config.isLastAxis, config.outputLastRow,
                config.algorithm == CumSumAlgorithm::CUMSUM_ALGORITHM_SKLANSKY, &dstTensor.ref(),
                &lastRowTensor.ref(), &srcTensor.ref(), &sharedTmpBuffer.ref(), cumSumInfo});
}
template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor,
            const LocalTensor<T>& srcTensor, const CumSumInfo& cumSumInfo) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "CumSum takes half or float tensors");
  namespace h = opsim::sim::hl;
  h::RunCumSum({h::ElemOf<T>(), config.isLastAxis, config.outputLastRow,
                config.algorithm == CumSumAlgorithm::CUMSUM_ALGORITHM_SKLANSKY, &dstTensor.ref(),
                &lastRowTensor.ref(), &srcTensor.ref(), nullptr, cumSumInfo});
}

}  // namespace AscendC
