// DataCopy with SliceInfo: the multi-dimensional slice copy between GM and the UB (CANN's
// kernel_struct_data_copy.h declares SliceInfo; the copy is documented for the 910B generation).
// Dimension 0 is the innermost: bursts of burstLen 32 B blocks from startIndex to endIndex, the
// bursts `stride` elements apart; each higher dimension picks every (stride + 1)-th index from
// startIndex to endIndex, with burstLen 1. shapeValue is each dimension's length in elements.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/tensor.h"

namespace AscendC {

struct SliceInfo {
  SliceInfo() {}
  SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
            const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
      : startIndex(startIndexIn),
        endIndex(endIndexIn),
        stride(strideIn),
        burstLen(burstLenIn),
        shapeValue(shapeValueIn) {}
  // CANN's defaults: one 32-element slice.
  uint32_t startIndex = 0;
  uint32_t endIndex = 31;
  uint32_t stride = 0;
  uint32_t burstLen = 32;
  uint32_t shapeValue = 0;
};

}  // namespace AscendC

namespace opsim::sim::detail {
// The slice copy in either direction (kGmToUb: ub <- gm; kUbToGm: gm <- ub); checks the slices
// and issues one strided DataCopy per dimension-0 row, as CANN's implementation does.
void CopySlices(CopyDir dir, const UbRef& ub, const GmRef& gm, const AscendC::SliceInfo* dst,
                const AscendC::SliceInfo* src, uint32_t dim_value, uint32_t elem_bytes);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1) {
  opsim::sim::detail::CopySlices(opsim::sim::detail::CopyDir::kGmToUb, dst.ref(), src.ref(),
                                 dstSliceInfo, srcSliceInfo, dimValue, sizeof(T));
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1) {
  opsim::sim::detail::CopySlices(opsim::sim::detail::CopyDir::kUbToGm, src.ref(), dst.ref(),
                                 dstSliceInfo, srcSliceInfo, dimValue, sizeof(T));
}

}  // namespace AscendC
