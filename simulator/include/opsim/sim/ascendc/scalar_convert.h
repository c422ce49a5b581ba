// Ascend C's scalar conversions and type test that kernels call on their own values, as CANN's
// basic API declares them (kernel_scalar_convert.h; "ToFloat" and "ToBfloat16" in the Ascend C
// API reference, 标量计算): the chip's scalar unit has no bfloat16 arithmetic, so a kernel widens
// a bfloat16_t it read (GlobalTensor::GetValue) to float before Muls/Adds take it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/types.h"

namespace AscendC {

// IsSameType<T, U>::value: std::is_same under the name CANN's kernels and libraries use (asc-devkit
// defines it among its kernel utilities; kernels test a DTYPE_ column with it in if constexpr).
template <typename T, typename U>
struct IsSameType {
  static constexpr bool value = false;
};
template <typename T>
struct IsSameType<T, T> {
  static constexpr bool value = true;
};

// bfloat16_t -> float is exact: the 16 bits are float's upper half.
__aicore__ inline float ToFloat(const bfloat16_t& bVal) { return static_cast<float>(bVal); }

// float -> bfloat16_t rounds to nearest, ties to even, overflowing to infinity, as the chip's
// scalar conversion does; every NaN becomes 0x7FFF, the one NaN that conversion produces.
__aicore__ inline bfloat16_t ToBfloat16(const float& fVal) {
  if (fVal != fVal) return bfloat16_t::FromBits(0x7FFFu);
  return bfloat16_t(fVal);
}

}  // namespace AscendC
