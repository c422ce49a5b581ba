// Ascend C's high-level Select with a byte mask (CANN's lib/select/selectwithbytesmask.h): each
// element of a [firstAxis, srcLastAxis] tensor or a scalar, by a mask of any integer type whose
// rows may be longer than the source's. Declarations only: both forms forward to one compiled
// entry (simulator/src/runtime/hl_select.cc). docs/ASCENDC.md, "Select with a byte mask".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

struct SelectWithBytesMaskShapeInfo {
  SelectWithBytesMaskShapeInfo() {}
  uint32_t firstAxis = 0;     // rows of the source and the mask
  uint32_t srcLastAxis = 0;   // elements per source row
  uint32_t maskLastAxis = 0;  // elements per mask row, the extra ones ignored
};

}  // namespace AscendC

namespace opsim::sim::hl {

struct SelectBytesMaskCall {
  bool is_float;        // T float; else half
  uint32_t mask_size;   // sizeof(U)
  bool reuse_mask;      // isReuseMask
  bool scalar_on_zero;  // the scalar-first form: mask 0 takes the scalar
  const detail::UbRef* dst;
  const detail::UbRef* src;
  uint64_t src_elements;  // src.GetSize()
  const detail::UbRef* mask;
  uint64_t mask_elements;  // mask.GetSize()
  const detail::UbRef* tmp;
  float scalar;
  AscendC::SelectWithBytesMaskShapeInfo info;
};

// Checks, charges and computes one call; faults name the API.
void RunSelectBytesMask(const SelectBytesMaskCall& call);

template <typename T, typename U>
constexpr bool SelectBytesMaskTypes() {
  static_assert(std::is_same_v<T, ::half> || std::is_same_v<T, float>,
                "Select (byte mask): T is half or float");
  static_assert(std::is_same_v<U, bool> || std::is_same_v<U, int8_t> ||
                    std::is_same_v<U, uint8_t> || std::is_same_v<U, int16_t> ||
                    std::is_same_v<U, uint16_t> || std::is_same_v<U, int32_t> ||
                    std::is_same_v<U, uint32_t>,
                "Select (byte mask): U is bool, int8_t, uint8_t, int16_t, uint16_t, int32_t or "
                "uint32_t");
  return std::is_same_v<T, float>;
}

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1,
            const LocalTensor<U>& mask, const LocalTensor<uint8_t>& sharedTmpBuffer,
            const SelectWithBytesMaskShapeInfo& info) {
  opsim::sim::hl::RunSelectBytesMask({opsim::sim::hl::SelectBytesMaskTypes<T, U>(), sizeof(U),
                                      isReuseMask, false, &dst.ref(), &src0.ref(), src0.GetSize(),
                                      &mask.ref(), mask.GetSize(), &sharedTmpBuffer.ref(),
                                      static_cast<float>(src1), info});
}
template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1,
            const LocalTensor<U>& mask, const LocalTensor<uint8_t>& sharedTmpBuffer,
            const SelectWithBytesMaskShapeInfo& info) {
  opsim::sim::hl::RunSelectBytesMask({opsim::sim::hl::SelectBytesMaskTypes<T, U>(), sizeof(U),
                                      isReuseMask, true, &dst.ref(), &src1.ref(), src1.GetSize(),
                                      &mask.ref(), mask.GetSize(), &sharedTmpBuffer.ref(),
                                      static_cast<float>(src0), info});
}

}  // namespace AscendC
