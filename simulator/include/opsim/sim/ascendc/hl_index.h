// Ascend C's high-level index API (CANN's lib/index/arithprogression.h): Arange and its older
// name ArithProgression, an arithmetic sequence written into a UB tensor. Declarations only: the
// forms forward to one compiled entry (simulator/src/runtime/hl_index.cc). docs/ASCENDC.md,
// "Arange".
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/hl_math.h"

namespace opsim::sim::hl {

struct ArangeCall {
  ElemType type;
  const detail::UbRef* dst;
  // firstValue and diffValue as their bits, widened: float's and half's in the low bits.
  uint32_t first_bits;
  uint32_t diff_bits;
  int32_t count;
};

// Checks, charges and writes one call; faults name the API.
void RunArange(const ArangeCall& call);

template <typename T>
uint32_t ScalarBits(T v) {
  if constexpr (std::is_same_v<T, ::half>) {
    return v.bits();
  } else if constexpr (std::is_same_v<T, float>) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return bits;
  } else {
    return static_cast<uint32_t>(static_cast<int32_t>(v));
  }
}

template <typename T>
constexpr bool kArangeType = std::is_same_v<T, ::half> || std::is_same_v<T, float> ||
                             std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t>;

}  // namespace opsim::sim::hl

namespace AscendC {

template <typename T>
void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count) {
  static_assert(opsim::sim::hl::kArangeType<T>, "Arange takes int16_t, half, int32_t or float");
  namespace h = opsim::sim::hl;
  h::RunArange(
      {h::ElemOf<T>(), &dst.ref(), h::ScalarBits(firstValue), h::ScalarBits(diffValue), count});
}

// The name CANN's library had before Arange; the same API.
template <typename T>
void ArithProgression(const LocalTensor<T>& dstLocal, const T firstValue, const T diffValue,
                      const int32_t count) {
  Arange(dstLocal, firstValue, diffValue, count);
}

}  // namespace AscendC
