// Ascend C's high-level TopK (CANN's lib/sort/topk.h) in the 910B's forms: the k largest (or
// smallest) values of each row of an [outter, inner] source and their indices, by Sort32 and
// MrgSort, in Normal mode (any inner up to 4096) or Small mode (inner 32). Declarations only:
// both forms forward to one compiled entry (simulator/src/runtime/hl_topk.cc). docs/ASCENDC.md,
// "TopK".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/topk_tiling.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

struct TopKInfo {
  int32_t outter = 1;
  int32_t inner;  // n padded to a multiple of 32
  int32_t n;      // a row's real length
};

}  // namespace AscendC

namespace opsim::sim::hl {

struct TopKCall {
  bool is_float;  // T float; else half
  bool init_index;
  bool has_finish;
  bool small;  // TOPK_NSMALL
  const detail::UbRef* dst_value;
  const detail::UbRef* dst_index;
  const detail::UbRef* src;
  const detail::UbRef* src_index;
  const detail::UbRef* finish;
  const detail::UbRef* tmp;  // tmpLocal, or null
  int32_t k;
  const AscendC::tiling::TopkTiling* tiling;
  AscendC::TopKInfo info;
  bool largest;
};

// Checks, charges and computes one call; faults name the API.
void RunTopK(const TopKCall& call);

template <typename T>
constexpr bool TopKChecks() {
  static_assert(std::is_same_v<T, ::half> || std::is_same_v<T, float>,
                "TopK: T is half or float on the 910B");
  return std::is_same_v<T, float>;
}

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
          const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
          const LocalTensor<bool>& finishLocal, const LocalTensor<uint8_t>& tmpLocal,
          const int32_t k, const TopkTiling& tilling, const TopKInfo& topKInfo,
          const bool isLargest = true) {
  opsim::sim::hl::RunTopK({opsim::sim::hl::TopKChecks<T>(), isInitIndex, isHasfinish,
                           topkMode == TopKMode::TOPK_NSMALL, &dstValueLocal.ref(),
                           &dstIndexLocal.ref(), &srcLocal.ref(), &srcIndexLocal.ref(),
                           &finishLocal.ref(), &tmpLocal.ref(), k, &tilling, topKInfo, isLargest});
}
template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
          const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
          const LocalTensor<bool>& finishLocal, const int32_t k, const TopkTiling& tilling,
          const TopKInfo& topKInfo, const bool isLargest = true) {
  opsim::sim::hl::RunTopK({opsim::sim::hl::TopKChecks<T>(), isInitIndex, isHasfinish,
                           topkMode == TopKMode::TOPK_NSMALL, &dstValueLocal.ref(),
                           &dstIndexLocal.ref(), &srcLocal.ref(), &srcIndexLocal.ref(),
                           &finishLocal.ref(), nullptr, k, &tilling, topKInfo, isLargest});
}

}  // namespace AscendC
