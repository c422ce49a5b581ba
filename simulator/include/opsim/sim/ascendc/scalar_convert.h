// Ascend C's scalar conversions and type traits that kernels call on their own values, as CANN's
// basic API declares them (kernel_scalar_convert.h; "ToFloat" and "ToBfloat16" in the Ascend C
// API reference, 标量计算): the chip's scalar unit has no bfloat16 arithmetic, so a kernel widens
// a bfloat16_t it read (GlobalTensor::GetValue) to float before Muls/Adds take it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
// The scalar unit's conversions of a float (sys_ctrl.cc): to half's bits, or to int32_t; `api`
// names the caller in a fault, `what` the destination type a kernel asked for.
uint16_t ScalarCastToHalfBits(float value, AscendC::RoundMode mode, const char* api);
int32_t ScalarCastToInt32(float value, AscendC::RoundMode mode, const char* api);
[[noreturn]] void ScalarCastUnsupportedType(const char* api, const char* what);
}  // namespace opsim::sim::detail

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

// Cast<T, U, roundMode>(valueIn): a float scalar to half (CAST_ODD) or int32_t (CAST_ROUND,
// CAST_CEIL, CAST_FLOOR, CAST_RINT), as the 标量计算 page "Cast(float转half/int32_t)" documents
// it; ScalarCast is its older name. valueIn converts to float first, as CANN's implementation
// passes it. A U of another size does not compile (CANN's static_assert); one of half's or
// int32_t's size that is neither, and every other mode, fault where CANN's CPU build asserts.
template <typename T, typename U, RoundMode roundMode>
__aicore__ inline U Cast(T valueIn) {
  static_assert(sizeof(U) == sizeof(half) || sizeof(U) == sizeof(int32_t),
                "U only support half or int32_t");
  const float value = valueIn;
  if constexpr (std::is_same_v<U, half>) {
    return half::FromBits(opsim::sim::detail::ScalarCastToHalfBits(value, roundMode, "Cast"));
  } else if constexpr (std::is_same_v<U, int32_t>) {
    return opsim::sim::detail::ScalarCastToInt32(value, roundMode, "Cast");
  } else {
    opsim::sim::detail::ScalarCastUnsupportedType("Cast",
                                                  sizeof(U) == 2 ? "a 16-bit U" : "a 32-bit U");
  }
}
template <typename T, typename U, RoundMode roundMode>
__aicore__ inline U ScalarCast(T valueIn) {
  return Cast<T, U, roundMode>(valueIn);
}

// bfloat16_t -> float is exact: the 16 bits are float's upper half.
__aicore__ inline float ToFloat(const bfloat16_t& bVal) { return static_cast<float>(bVal); }

// float -> bfloat16_t rounds to nearest, ties to even, overflowing to infinity, as the chip's
// scalar conversion does; every NaN becomes 0x7FFF, the one NaN that conversion produces.
__aicore__ inline bfloat16_t ToBfloat16(const float& fVal) {
  if (fVal != fVal) return bfloat16_t::FromBits(0x7FFFu);
  return bfloat16_t(fVal);
}

// The current names of ToFloat and ToBfloat16 (pages "Cast(多类型转float)" and
// "Cast(float转bfloat16_t)"; CANN: "ToFloat has been updated, please use Cast instead").
__aicore__ inline float Cast(const bfloat16_t& bVal) { return ToFloat(bVal); }
__aicore__ inline bfloat16_t Cast(const float& fVal) { return ToBfloat16(fVal); }

}  // namespace AscendC
