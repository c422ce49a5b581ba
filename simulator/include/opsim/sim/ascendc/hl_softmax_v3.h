// Ascend C's SoftmaxFlashV3 (CANN's lib/activation/softmaxflashv3.h, the Softmax PASA step of
// flash attention), in the two forms CANN declares for the 910B: half data with float mean, sum
// and max, with or without a sharedTmpBuffer. Declarations only: both forward to one compiled
// entry (simulator/src/runtime/hl_softmax_v3.cc). Rules and numerics: docs/ASCENDC.md, "The
// high-level SoftMax family".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/hl_softmax.h"

namespace AscendC {

// CANN's softmax_utils.h: srcM rows of srcK elements (srcM == oriSrcM, srcK == oriSrcK: the API
// takes no padding), the running block count loopCnt (>= 1 with isUpdate), splitMeanCnt pieces
// of each row for the local means (8 only) and the PASA alpha.
struct SoftMaxParams {
  uint32_t srcM{0};
  uint32_t srcK{0};
  uint32_t oriSrcM{0};
  uint32_t oriSrcK{0};
  uint32_t loopCnt{1};
  uint32_t splitMeanCnt{8};
  float alpha{0.9375};
};

}  // namespace AscendC

namespace opsim::sim::hl {

struct SoftmaxV3Call {
  bool update;  // isUpdate: inMean/inExpSum/inMax read, expMax written
  const detail::UbRef* dst;
  const detail::UbRef* mean;
  const detail::UbRef* sum;
  const detail::UbRef* max;
  const detail::UbRef* src;
  const detail::UbRef* exp_max;
  const detail::UbRef* in_mean;
  const detail::UbRef* in_sum;
  const detail::UbRef* in_max;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null: PopStackBuffer's (the UB left)
  const AscendC::tiling::SoftMaxTiling* tiling;
  AscendC::SoftMaxParams params;
};

// Checks, charges and computes one call; faults name SoftmaxFlashV3.
void RunSoftmaxFlashV3(const SoftmaxV3Call& call);

template <typename T, typename U>
constexpr void CheckSoftmaxV3Types() {
  static_assert(std::is_same_v<T, half> && std::is_same_v<U, float>,
                "Failed to check dtype in SoftmaxFlashV3, Current api support dtype combination is "
                "T : half, U : float");
}

}  // namespace opsim::sim::hl

namespace AscendC {

// isReuseSource, isBasicBlock, isDataFormatNZ and config are reserved by CANN (its 910B code
// ignores them); so does opsim.
template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false,
          bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                    const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxParams& params) {
  namespace h = opsim::sim::hl;
  h::CheckSoftmaxV3Types<T, U>();
  h::RunSoftmaxFlashV3({isUpdate, h::RefOf(dstTensor), h::RefOf(meanTensor), h::RefOf(expSumTensor),
                        h::RefOf(maxTensor), h::RefOf(srcTensor), h::RefOf(expMaxTensor),
                        h::RefOf(inMeanTensor), h::RefOf(inExpSumTensor), h::RefOf(inMaxTensor),
                        nullptr, &tiling, params});
}
template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false,
          bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                    const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxParams& params) {
  namespace h = opsim::sim::hl;
  h::CheckSoftmaxV3Types<T, U>();
  h::RunSoftmaxFlashV3({isUpdate, h::RefOf(dstTensor), h::RefOf(meanTensor), h::RefOf(expSumTensor),
                        h::RefOf(maxTensor), h::RefOf(srcTensor), h::RefOf(expMaxTensor),
                        h::RefOf(inMeanTensor), h::RefOf(inExpSumTensor), h::RefOf(inMaxTensor),
                        h::RefOf(sharedTmpBuffer), &tiling, params});
}

}  // namespace AscendC
