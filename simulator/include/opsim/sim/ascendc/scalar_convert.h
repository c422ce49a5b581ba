// Ascend C's scalar conversions and type traits that kernels call on their own values, as CANN's
// basic API declares them (kernel_scalar_convert.h; "ToFloat" and "ToBfloat16" in the Ascend C
// API reference, 标量计算): the chip's scalar unit has no bfloat16 arithmetic, so a kernel widens
// a bfloat16_t it read (GlobalTensor::GetValue) to float before Muls/Adds take it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/types.h"

namespace AscendC {

// The type traits of CANN's kernel utilities (kernel_utils_ceil_oom_que.h and
// kernel_utils_constants.h), under the names kernels and libraries use. IsSameType<T, U>::value
// is std::is_same (kernels test a DTYPE_ column with it in if constexpr); SupportType<T, U...>()
// says whether T is one of U...; SupportEnum<v, w...>() whether v is one of w....
template <bool b>
struct BoolInst {
  using Type = BoolInst<b>;
  static constexpr bool value = b;
};
using TrueType = BoolInst<true>;
using FalseType = BoolInst<false>;

template <typename T, typename U>
struct IsSameType : public FalseType {};
template <typename T>
struct IsSameType<T, T> : public TrueType {};

template <typename T, typename U, typename... Args>
constexpr bool SupportType() {
  if constexpr (sizeof...(Args) > 0) {
    return IsSameType<T, U>::value || SupportType<T, Args...>();
  }
  return IsSameType<T, U>::value;
}
template <auto T, auto U, auto... Args>
constexpr bool SupportEnum() {
  if constexpr (sizeof...(Args) > 0) {
    return T == U || SupportEnum<T, Args...>();
  }
  return T == U;
}

// Conditional<c, T1, T2>::type: std::conditional under CANN's name (kernel_utils_constants.h);
// ConditionalMulti picks one of four by two conditions (c1 ? (c2 ? T1 : T2) : (c2 ? T3 : T4)).
template <bool condition, class T1, class T2>
struct Conditional {
  using type = T1;
};
template <class T1, class T2>
struct Conditional<false, T1, T2> {
  using type = T2;
};
template <bool condition1, bool condition2, class T1, class T2, class T3, class T4>
struct ConditionalMulti {
  using type = typename Conditional<condition1, typename Conditional<condition2, T1, T2>::type,
                                    typename Conditional<condition2, T3, T4>::type>::type;
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
