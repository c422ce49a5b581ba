// Ascend C's high-level AscendDequant (CANN's lib/quantization/ascend_dequant.h) in the 910B's
// forms: int32 src [m, n] times deqScale (a tensor of per-column factors or a scalar), in float,
// cast to dstT, rows of dst padded to 32 bytes. Declarations only: every form forwards to one
// compiled entry (simulator/src/runtime/hl_dequant.cc). docs/ASCENDC.md, "AscendDequant".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

enum class DeQuantMode { DEQUANT_WITH_SINGLE_ROW = 0, DEQUANT_WITH_MULTI_ROW };

struct DequantParams {
  uint32_t m;         // rows
  uint32_t n;         // elements per row; n * 4 bytes a whole number of 32-byte blocks
  uint32_t calCount;  // the first calCount of each row are multiplied
};

}  // namespace AscendC

namespace opsim::sim::hl {

enum class DqType : uint8_t { kHalf, kFloat, kBFloat16, kUInt64 };

template <typename T>
constexpr DqType DqOf() {
  if constexpr (std::is_same_v<T, ::half>) {
    return DqType::kHalf;
  } else if constexpr (std::is_same_v<T, float>) {
    return DqType::kFloat;
  } else if constexpr (std::is_same_v<T, ::bfloat16_t>) {
    return DqType::kBFloat16;
  } else {
    return DqType::kUInt64;
  }
}

// The documented (dstT, scaleT) pairs: a deqScale tensor, and a scalar deqScale.
template <typename D, typename S>
constexpr bool kDequantTensorPair =
    (std::is_same_v<D, ::half> && std::is_same_v<S, uint64_t>) ||
    ((std::is_same_v<D, float> ||
      std::is_same_v<D, ::bfloat16_t>)&&(std::is_same_v<S, float> ||
                                         std::is_same_v<S, ::bfloat16_t>));
template <typename D, typename S>
constexpr bool kDequantScalarPair = (std::is_same_v<D, float> || std::is_same_v<D, ::bfloat16_t>)&&(
    std::is_same_v<S, float> || std::is_same_v<S, ::bfloat16_t>);

struct DequantCall {
  DqType dst_type;
  DqType scale_type;
  bool single_row;  // DeQuantMode::DEQUANT_WITH_SINGLE_ROW
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* scale;  // the deqScale tensor; null for a scalar
  const detail::UbRef* tmp;    // sharedTmpBuffer, or null
  float scale_value;           // a scalar deqScale
  bool has_params;             // the DequantParams forms; else the calCount ones
  AscendC::DequantParams params;
  uint32_t cal_count;  // the calCount forms: elements of src, row after row
};

// Checks, charges and computes one call; faults name the API.
void RunAscendDequant(const DequantCall& call);

}  // namespace opsim::sim::hl

#define OPSIM_DEQUANT_TENSOR_PAIR                                        \
  static_assert(opsim::sim::hl::kDequantTensorPair<dstT, scaleT>,        \
                "AscendDequant: (dstT, deqScale tensor) must be (half, " \
                "uint64_t), or float/bfloat16_t with float/bfloat16_t"); \
  namespace h = opsim::sim::hl

namespace AscendC {

template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   DequantParams params) {
  OPSIM_DEQUANT_TENSOR_PAIR;
  h::RunAscendDequant({h::DqOf<dstT>(), h::DqOf<scaleT>(),
                       mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW, &dstTensor.ref(),
                       &srcTensor.ref(), &deqScale.ref(), &sharedTmpBuffer.ref(), 0.0f, true,
                       params, 0});
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, DequantParams params) {
  OPSIM_DEQUANT_TENSOR_PAIR;
  h::RunAscendDequant({h::DqOf<dstT>(), h::DqOf<scaleT>(),
                       mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW, &dstTensor.ref(),
                       &srcTensor.ref(), &deqScale.ref(), nullptr, 0.0f, true, params, 0});
}
// The older forms (CANN keeps them, not recommended): rows of deqScale's size, calCount elements.
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   const uint32_t calCount) {
  OPSIM_DEQUANT_TENSOR_PAIR;
  h::RunAscendDequant({h::DqOf<dstT>(),
                       h::DqOf<scaleT>(),
                       mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW,
                       &dstTensor.ref(),
                       &srcTensor.ref(),
                       &deqScale.ref(),
                       &sharedTmpBuffer.ref(),
                       0.0f,
                       false,
                       {},
                       calCount});
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const uint32_t calCount) {
  OPSIM_DEQUANT_TENSOR_PAIR;
  h::RunAscendDequant({h::DqOf<dstT>(),
                       h::DqOf<scaleT>(),
                       mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW,
                       &dstTensor.ref(),
                       &srcTensor.ref(),
                       &deqScale.ref(),
                       nullptr,
                       0.0f,
                       false,
                       {},
                       calCount});
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale,
                   const LocalTensor<uint8_t>& sharedTmpBuffer) {
  AscendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, sharedTmpBuffer,
                                    static_cast<uint32_t>(srcTensor.GetSize()));
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale) {
  AscendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale,
                                    static_cast<uint32_t>(srcTensor.GetSize()));
}

// A scalar deqScale.
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const scaleT deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   DequantParams params) {
  static_assert(opsim::sim::hl::kDequantScalarPair<dstT, scaleT>,
                "AscendDequant: (dstT, scalar deqScale) must be float/bfloat16_t with "
                "float/bfloat16_t");
  namespace h = opsim::sim::hl;
  h::RunAscendDequant({h::DqOf<dstT>(), h::DqOf<scaleT>(),
                       mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW, &dstTensor.ref(),
                       &srcTensor.ref(), nullptr, &sharedTmpBuffer.ref(),
                       static_cast<float>(deqScale), true, params, 0});
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const scaleT deqScale, DequantParams params) {
  static_assert(opsim::sim::hl::kDequantScalarPair<dstT, scaleT>,
                "AscendDequant: (dstT, scalar deqScale) must be float/bfloat16_t with "
                "float/bfloat16_t");
  namespace h = opsim::sim::hl;
  h::RunAscendDequant({h::DqOf<dstT>(), h::DqOf<scaleT>(),
                       mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW, &dstTensor.ref(),
                       &srcTensor.ref(), nullptr, nullptr, static_cast<float>(deqScale), true,
                       params, 0});
}

}  // namespace AscendC

#undef OPSIM_DEQUANT_TENSOR_PAIR
