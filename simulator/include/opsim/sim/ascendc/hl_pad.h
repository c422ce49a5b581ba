// Ascend C's high-level Pad and UnPad (CANN's lib/pad/pad.h) in the 910B's forms: an
// [height, width] tensor padded to whole 32-byte rows with a value, or its last columns dropped.
// The shape comes from the tiling (PadTilingFunc, UnPadTilingFunc). Declarations only: the forms
// forward to one compiled entry (simulator/src/runtime/hl_pad.cc). docs/ASCENDC.md, "Pad and
// UnPad".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/pad_tiling.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

struct PadParams {
  PadParams() {}
  PadParams(const uint16_t leftPadIn, const uint16_t rightPadIn, const int32_t padValueIn)
      : leftPad(leftPadIn), rightPad(rightPadIn), padValue(padValueIn) {}
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
  int32_t padValue = 0;
};

struct UnPadParams {
  UnPadParams() {}
  UnPadParams(const uint16_t leftPadIn, const uint16_t rightPadIn)
      : leftPad(leftPadIn), rightPad(rightPadIn) {}
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
};

}  // namespace AscendC

namespace opsim::sim::hl {

enum class PadElem : uint8_t { kInt16, kUInt16, kHalf, kInt32, kUInt32, kFloat };

struct PadCall {
  PadElem type;
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null
  AscendC::PadParams params;
  const AscendC::tiling::PadTiling* tiling;
};
struct UnPadCall {
  uint32_t elem_bytes;
  const detail::UbRef* dst;
  const detail::UbRef* src;
  AscendC::UnPadParams params;
  const AscendC::tiling::UnPadTiling* tiling;
};

// Check, charge and compute one call; faults name the API.
void RunPad(const PadCall& call);
void RunUnPad(const UnPadCall& call);

template <typename T>
constexpr PadElem PadElemOf() {
  static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                    std::is_same_v<T, ::half> || std::is_same_v<T, int32_t> ||
                    std::is_same_v<T, uint32_t> || std::is_same_v<T, float>,
                "Pad/UnPad: T is int16_t, uint16_t, half, int32_t, uint32_t or float");
  if constexpr (std::is_same_v<T, int16_t>) return PadElem::kInt16;
  if constexpr (std::is_same_v<T, uint16_t>) return PadElem::kUInt16;
  if constexpr (std::is_same_v<T, ::half>) return PadElem::kHalf;
  if constexpr (std::is_same_v<T, int32_t>) return PadElem::kInt32;
  if constexpr (std::is_same_v<T, uint32_t>) return PadElem::kUInt32;
  return PadElem::kFloat;
}

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
         const LocalTensor<uint8_t>& sharedTmpBuffer, PadTiling& tiling) {
  opsim::sim::hl::RunPad({opsim::sim::hl::PadElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(),
                          &sharedTmpBuffer.ref(), padParams, &tiling});
}
template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
         PadTiling& tiling) {
  opsim::sim::hl::RunPad({opsim::sim::hl::PadElemOf<T>(), &dstTensor.ref(), &srcTensor.ref(),
                          nullptr, padParams, &tiling});
}
template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
           UnPadParams& unPadParams, LocalTensor<uint8_t>& sharedTmpBuffer, UnPadTiling& tiling) {
  (void)opsim::sim::hl::PadElemOf<T>();
  (void)sharedTmpBuffer;  // the 910B's UnPad is one GatherMask: it needs no buffer
  opsim::sim::hl::RunUnPad({sizeof(T), &dstTensor.ref(), &srcTensor.ref(), unPadParams, &tiling});
}
template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
           UnPadParams& unPadParams, UnPadTiling& tiling) {
  (void)opsim::sim::hl::PadElemOf<T>();
  opsim::sim::hl::RunUnPad({sizeof(T), &dstTensor.ref(), &srcTensor.ref(), unPadParams, &tiling});
}

}  // namespace AscendC
