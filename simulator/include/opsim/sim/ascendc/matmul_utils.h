// The integer helpers CANN's Matmul headers declare in AscendC (matmul_utils.h, reached through
// lib/matmul_intf.h): IsSameTypeV, and the rounding helpers Matmul kernels and their tiling helpers
// call them for any integer type, e.g. AscendC::Ceil(m, l1M) of two int64_t.
// Ceil/CeilAlign/CeilT/CeilAlignT assert a positive divisor; CeilNoLog, Align and AlignDown return
// 0 for a zero one.
#pragma once

#include "opsim/sim/ascendc/ceil_utils.h"
#include "opsim/sim/ascendc/scalar_convert.h"

namespace opsim::sim::detail {
// A divisor <= 0 given to Ceil<T> and its family (kernel_utils.cc).
[[noreturn]] void RaiseCeilDivisor(const char* api, long long divisor);
// ceil(a / b), or that fault naming `api` for b <= 0.
template <typename T>
inline T CeilPositive(const char* api, T a, T b) {
  if (!(b > 0)) RaiseCeilDivisor(api, static_cast<long long>(b));
  return (a + b - 1) / b;
}
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T, typename U>
constexpr bool IsSameTypeV = IsSameType<T, U>::value;

template <typename T>
inline T Ceil(T num1, T num2) {
  return opsim::sim::detail::CeilPositive("Ceil", num1, num2);
}
template <typename T>
inline T CeilAlign(T num1, T num2) {
  return opsim::sim::detail::CeilPositive("CeilAlign", num1, num2) * num2;
}
template <typename T>
inline T CeilT(T num1, T num2) {
  return opsim::sim::detail::CeilPositive("CeilT", num1, num2);
}
template <typename T>
inline T CeilAlignT(T num1, T num2) {
  return opsim::sim::detail::CeilPositive("CeilAlignT", num1, num2) * num2;
}
template <typename T>
constexpr T CeilNoLog(T num1, T num2) {
  return num2 == 0 ? T(0) : (num1 + num2 - 1) / num2;
}
template <typename T>
constexpr T Align(T num1, T num2) {
  return num2 == 0 ? T(0) : (num1 + num2 - 1) / num2 * num2;
}
template <typename T>
constexpr T AlignDown(T num1, T num2) {
  return num2 == 0 ? T(0) : (num1 / num2) * num2;
}
template <typename T>
constexpr T MaxValue(T t) {
  return t;
}
template <typename T, typename... Args>
constexpr T MaxValue(T t, Args... args) {
  const T rest = MaxValue(args...);
  return t > rest ? t : rest;
}
template <typename T>
constexpr T MinValue(T t) {
  return t;
}
template <typename T, typename... Args>
constexpr T MinValue(T t, Args... args) {
  const T rest = MinValue(args...);
  return t < rest ? t : rest;
}

}  // namespace AscendC
