// Sort32: each repeat sorts 32 (score, index) pairs by score, largest first, into 8-byte
// proposals: the score in the low bytes (float: 4; half: 2, then 2 reserved bytes written as 0),
// the uint32_t index in the high 4. Equal scores keep their order (the earlier one first); NaN,
// whose order CANN does not document, sorts before every number here. Repeat r reads 32 scores
// and 32 indices from element r * 32 of each source and writes 256 B at byte r * 256 of dst.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
void Sort32Run(const UbRef& dst, const UbRef& scores, const UbRef& indices, bool half_scores,
               int32_t repeat);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
            const LocalTensor<uint32_t>& src1, const int32_t repeatTimes) {
  static_assert(std::is_same_v<PrimT<T>, half> || std::is_same_v<PrimT<T>, float>,
                "Sort32 takes half or float scores");
  opsim::sim::detail::Sort32Run(dst.ref(), src0.ref(), src1.ref(), std::is_same_v<PrimT<T>, half>,
                                repeatTimes);
}

}  // namespace AscendC
