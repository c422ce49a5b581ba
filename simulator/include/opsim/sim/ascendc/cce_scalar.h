// The CCE compiler's scalar intrinsics, which a kernel calls unqualified: max, min, abs and sqrt
// (its __cce_intrinsics list: MAX_/MIN_/ABS_/SQRT_ over the integer widths and float). The host
// has abs and sqrt under these names in its C library; what a kernel needs besides is that they
// keep their argument's type (abs(float) is a float, not the C library's abs(int)) and that max
// and min exist at all. min and max take two arithmetic values of any types and compare them in
// their common type, as the device's overloads do after the usual conversions; a kernel's own
// min/max templates or std::min (with using namespace std) are more specialised and win.
#pragma once

#include <cmath>
#include <cstdlib>
#include <type_traits>

using std::abs;
using std::sqrt;

template <typename T, typename U,
          typename = std::enable_if_t<std::is_arithmetic_v<T> && std::is_arithmetic_v<U>>>
constexpr std::common_type_t<T, U> max(T a, U b) {
  using C = std::common_type_t<T, U>;
  return static_cast<C>(a) < static_cast<C>(b) ? static_cast<C>(b) : static_cast<C>(a);
}

template <typename T, typename U,
          typename = std::enable_if_t<std::is_arithmetic_v<T> && std::is_arithmetic_v<U>>>
constexpr std::common_type_t<T, U> min(T a, U b) {
  using C = std::common_type_t<T, U>;
  return static_cast<C>(b) < static_cast<C>(a) ? static_cast<C>(b) : static_cast<C>(a);
}
