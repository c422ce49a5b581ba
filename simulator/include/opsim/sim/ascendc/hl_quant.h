// Ascend C's high-level AscendQuant (CANN's lib/quantization/ascend_quant.h) in the 910B's forms:
// int8 dst = round(src * scale + offset), per tensor (scalar scale and offset) or per channel
// (a scale tensor of scaleCount elements, offset scalar or tensor, repeated every scaleCount
// elements of src). Declarations only: every form forwards to one compiled entry
// (simulator/src/runtime/hl_quant.cc). docs/ASCENDC.md, "AscendQuant".
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/hl_math.h"

namespace AscendC {

// The 910B's config: counts known at compile time (0: the call's own). calcCount and scaleCount
// replace the call's counts when set; workLocalSize is how much of sharedTmpBuffer to use.
struct AscendQuantConfig {
  constexpr AscendQuantConfig(const uint32_t calcCount, const uint32_t offsetCount,
                              const uint32_t scaleCount, const uint32_t workLocalSize)
      : calcCount(calcCount),
        offsetCount(offsetCount),
        scaleCount(scaleCount),
        workLocalSize(workLocalSize) {}
  uint32_t calcCount = 0;
  uint32_t offsetCount = 0;
  uint32_t scaleCount = 0;
  uint32_t workLocalSize = 0;
};

constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {0, 0, 0, 0};

}  // namespace AscendC

namespace opsim::sim::hl {

struct QuantCall {
  ElemType type;  // of src (and scale/offset tensors)
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* tmp;            // sharedTmpBuffer, or null
  const detail::UbRef* scale_tensor;   // per channel; else null
  const detail::UbRef* offset_tensor;  // per channel with an offset tensor; else null
  float scale;                         // per tensor
  float offset;                        // per tensor, and per channel with a scalar offset
  uint32_t scale_count;
  uint32_t offset_count;
  uint32_t cal_count;
  AscendC::AscendQuantConfig config;
};

// Checks, charges and computes one call; faults name the API.
void RunAscendQuant(const QuantCall& call);

template <typename T>
float ToFloatScalar(T v) {
  return static_cast<float>(v);
}

}  // namespace opsim::sim::hl

// The forms, as CANN declares them for the 910B; the counts default to the tensors' sizes.
#define OPSIM_QUANT_PROLOGUE                                                                 \
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "AscendQuant takes half or float sources"); \
  namespace h = opsim::sim::hl

namespace AscendC {

template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset,
                 const uint32_t calCount) {
  OPSIM_QUANT_PROLOGUE;
  h::RunAscendQuant({h::ElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(), &sharedTmpBuffer.ref(),
                     nullptr, nullptr, scale, offset, 0, 0, calCount, config});
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const float scale, const float offset, const uint32_t calCount) {
  OPSIM_QUANT_PROLOGUE;
  h::RunAscendQuant({h::ElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(), nullptr, nullptr, nullptr,
                     scale, offset, 0, 0, calCount, config});
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale,
                 const float offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, scale, offset,
                                        srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const float scale, const float offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, scale, offset, srcTensor.GetSize());
}

// Per channel, scalar offset.
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const LocalTensor<T>& scaleTensor,
                 const T offset, const uint32_t scaleCount, const uint32_t calCount) {
  OPSIM_QUANT_PROLOGUE;
  h::RunAscendQuant({h::ElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(), &sharedTmpBuffer.ref(),
                     &scaleTensor.ref(), nullptr, 0.0f, h::ToFloatScalar(offset), scaleCount, 0,
                     calCount, config});
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<T>& scaleTensor, const T offset, const uint32_t scaleCount,
                 const uint32_t calCount) {
  OPSIM_QUANT_PROLOGUE;
  h::RunAscendQuant({h::ElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(), nullptr,
                     &scaleTensor.ref(), nullptr, 0.0f, h::ToFloatScalar(offset), scaleCount, 0,
                     calCount, config});
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const LocalTensor<T>& scaleTensor,
                 const T offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, scaleTensor, offset,
                                        scaleTensor.GetSize(), srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<T>& scaleTensor, const T offset) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, scaleTensor, offset,
                                        scaleTensor.GetSize(), srcTensor.GetSize());
}

// Per channel, offset tensor.
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const LocalTensor<T>& scaleTensor,
                 const LocalTensor<T>& offsetTensor, const uint32_t scaleCount,
                 const uint32_t offsetCount, const uint32_t calCount) {
  OPSIM_QUANT_PROLOGUE;
  h::RunAscendQuant({h::ElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(), &sharedTmpBuffer.ref(),
                     &scaleTensor.ref(), &offsetTensor.ref(), 0.0f, 0.0f, scaleCount, offsetCount,
                     calCount, config});
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor,
                 const uint32_t scaleCount, const uint32_t offsetCount, const uint32_t calCount) {
  OPSIM_QUANT_PROLOGUE;
  h::RunAscendQuant({h::ElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(), nullptr,
                     &scaleTensor.ref(), &offsetTensor.ref(), 0.0f, 0.0f, scaleCount, offsetCount,
                     calCount, config});
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const LocalTensor<T>& scaleTensor,
                 const LocalTensor<T>& offsetTensor) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, scaleTensor,
                                        offsetTensor, scaleTensor.GetSize(), offsetTensor.GetSize(),
                                        srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false,
          const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, scaleTensor, offsetTensor,
                                        scaleTensor.GetSize(), offsetTensor.GetSize(),
                                        srcTensor.GetSize());
}

}  // namespace AscendC

#undef OPSIM_QUANT_PROLOGUE
