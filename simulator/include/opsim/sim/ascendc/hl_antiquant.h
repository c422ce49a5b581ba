// Ascend C's high-level AscendAntiQuant (CANN's lib/quantization/ascend_antiquant.h) in the
// 910B's forms: int8_t or int4b_t src [K, N] (or [N, K] with isTranspose) to half or bfloat16_t,
// scale * (src + offset) with per-channel offset/scale tensors or per-tensor scalars, with or
// without offset. Declarations only: every form forwards to one compiled entry
// (simulator/src/runtime/hl_antiquant.cc). docs/ASCENDC.md, "AscendAntiQuant".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

// The shapes of offset and scale (per-channel forms); zeros: the default shapes (hl_antiquant.cc).
struct AntiQuantShapeInfo {
  uint32_t offsetHeight{0};
  uint32_t offsetWidth{0};
  uint32_t scaleHeight{0};
  uint32_t scaleWidth{0};
};

}  // namespace AscendC

namespace opsim::sim::hl {

struct AntiQuantCall {
  bool bf16;       // OutputDataType bfloat16_t; else half
  bool transpose;  // isTranspose: src is [N, K]
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* offset;  // per-channel offset, or null
  const detail::UbRef* scale;   // per-channel scale, or null (scalars)
  const detail::UbRef* tmp;     // sharedTmpBuffer, or null
  bool has_offset;
  float offset_value, scale_value;  // the per-tensor scalars (exact in float)
  uint32_t k;
  AscendC::AntiQuantShapeInfo shape;
  bool int4 = false;  // InputDataType int4b_t: two elements a byte
};

// Checks, charges and computes one call; faults name the API.
void RunAscendAntiQuant(const AntiQuantCall& call);

// The 910B's types (CANN's CheckApiDtypeValid).
template <typename In>
constexpr bool kAntiQuantIn = std::is_same_v<In, int8_t> || std::is_same_v<In, AscendC::int4b_t>;
template <typename In, typename Out>
constexpr bool kAntiQuantTypes = kAntiQuantIn<In> &&
                                 (std::is_same_v<Out, ::half> || std::is_same_v<Out, ::bfloat16_t>);

template <typename In, typename Out, bool kTranspose>
AntiQuantCall AntiQuantOf(const AscendC::LocalTensor<Out>& dst, const AscendC::LocalTensor<In>& src,
                          const detail::UbRef* tmp, uint32_t k,
                          const AscendC::AntiQuantShapeInfo& shape) {
  static_assert(kAntiQuantTypes<In, Out>,
                "AscendAntiQuant: on the 910B InputDataType is int8_t or int4b_t and "
                "OutputDataType half or bfloat16_t");
  return {std::is_same_v<Out, ::bfloat16_t>,
          kTranspose,
          &dst.ref(),
          &src.ref(),
          nullptr,
          nullptr,
          tmp,
          false,
          0.0f,
          1.0f,
          k,
          shape,
          AscendC::IsHalfByteDataType<In>()};
}

}  // namespace opsim::sim::hl

namespace AscendC {

// PER_CHANNEL: offset and scale tensors.
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& offset,
                     const LocalTensor<OutputDataType>& scale,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}) {
  auto c = opsim::sim::hl::AntiQuantOf<InputDataType, OutputDataType, isTranspose>(
      dst, src, &sharedTmpBuffer.ref(), k, shapeInfo);
  c.offset = &offset.ref();
  c.scale = &scale.ref();
  c.has_offset = true;
  opsim::sim::hl::RunAscendAntiQuant(c);
}
// PER_CHANNEL without offset.
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& scale,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}) {
  auto c = opsim::sim::hl::AntiQuantOf<InputDataType, OutputDataType, isTranspose>(
      dst, src, &sharedTmpBuffer.ref(), k, shapeInfo);
  c.scale = &scale.ref();
  opsim::sim::hl::RunAscendAntiQuant(c);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& offset,
                     const LocalTensor<OutputDataType>& scale, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}) {
  auto c = opsim::sim::hl::AntiQuantOf<InputDataType, OutputDataType, isTranspose>(
      dst, src, nullptr, k, shapeInfo);
  c.offset = &offset.ref();
  c.scale = &scale.ref();
  c.has_offset = true;
  opsim::sim::hl::RunAscendAntiQuant(c);
}
// PER_TENSOR: scalar offset and scale.
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType offset, const OutputDataType scale,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}) {
  auto c = opsim::sim::hl::AntiQuantOf<InputDataType, OutputDataType, isTranspose>(
      dst, src, &sharedTmpBuffer.ref(), k, shapeInfo);
  c.has_offset = true;
  c.offset_value = static_cast<float>(offset);
  c.scale_value = static_cast<float>(scale);
  opsim::sim::hl::RunAscendAntiQuant(c);
}
// PER_TENSOR without offset.
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType scale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}) {
  auto c = opsim::sim::hl::AntiQuantOf<InputDataType, OutputDataType, isTranspose>(
      dst, src, &sharedTmpBuffer.ref(), k, shapeInfo);
  c.scale_value = static_cast<float>(scale);
  opsim::sim::hl::RunAscendAntiQuant(c);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType offset, const OutputDataType scale, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}) {
  auto c = opsim::sim::hl::AntiQuantOf<InputDataType, OutputDataType, isTranspose>(
      dst, src, nullptr, k, shapeInfo);
  c.has_offset = true;
  c.offset_value = static_cast<float>(offset);
  c.scale_value = static_cast<float>(scale);
  opsim::sim::hl::RunAscendAntiQuant(c);
}

}  // namespace AscendC
