// Ascend C's high-level Transpose with a ConfusionTransposeTiling (CANN's
// adv_api/transpose/confusion_transpose.h; `ConfusionTranspose`, its older name, too): the page's
// scenarios 1-7 for Atlas A2/A3, NZ <-> ND regroupings of [B, N, S, H/N] data and the [H, W]
// transpose, the shape from the tiling (GetConfusionTransposeTilingInfo). Declarations only: the
// forms forward to one compiled entry (simulator/src/runtime/hl_confusion_transpose.cc).
// docs/ASCENDC.md, "The high-level Transpose (ConfusionTranspose)".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/confusion_transpose_tiling.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector_transpose.h"

namespace opsim::sim::hl {

struct ConfusionTransposeCall {
  uint32_t elem_bytes;
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null: PopStackBuffer's
  AscendC::TransposeType type;
  const AscendC::tiling::ConfusionTransposeTiling* tiling;
};

// Check, charge and regroup one call; faults name Transpose.
void RunConfusionTranspose(const ConfusionTransposeCall& call);

template <typename T>
constexpr void ConfusionTransposeTakes() {
  static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                    std::is_same_v<T, ::half> || std::is_same_v<T, int32_t> ||
                    std::is_same_v<T, uint32_t> || std::is_same_v<T, float>,
                "Transpose (ConfusionTransposeTiling): T is int16_t, uint16_t, half, int32_t, "
                "uint32_t or float on Atlas A2/A3 (the page's scenarios 1 to 7)");
}

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               const LocalTensor<uint8_t>& sharedTmpBuffer, TransposeType transposeType,
               ConfusionTransposeTiling& tiling) {
  opsim::sim::hl::ConfusionTransposeTakes<T>();
  opsim::sim::hl::RunConfusionTranspose(
      {sizeof(T), &dst.ref(), &src.ref(), &sharedTmpBuffer.ref(), transposeType, &tiling});
}
template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, TransposeType transposeType,
               ConfusionTransposeTiling& tiling) {
  opsim::sim::hl::ConfusionTransposeTakes<T>();
  opsim::sim::hl::RunConfusionTranspose(
      {sizeof(T), &dst.ref(), &src.ref(), nullptr, transposeType, &tiling});
}
template <typename T>
void ConfusionTranspose(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        const LocalTensor<uint8_t>& sharedTmpBuffer, TransposeType transposeType,
                        ConfusionTransposeTiling& tiling) {
  Transpose(dstTensor, srcTensor, sharedTmpBuffer, transposeType, tiling);
}
template <typename T>
void ConfusionTranspose(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        TransposeType transposeType, ConfusionTransposeTiling& tiling) {
  Transpose(dstTensor, srcTensor, transposeType, tiling);
}

}  // namespace AscendC
