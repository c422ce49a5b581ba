// Scalar building blocks of the vector unit: the rare rounding modes of Cast (a per-element
// fallback is fine there) and integer division, which Highway has no instruction for.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec::detail {

// A binary floating-point format, described by what narrowing needs.
struct FloatFormat {
  int mant_bits;      // stored mantissa bits
  int min_exp;        // exponent of the smallest normal number
  double max_finite;  // largest finite value
};
inline constexpr FloatFormat kF32Format{23, -126, static_cast<double>(FLT_MAX)};
inline constexpr FloatFormat kF16Format{10, -14, 65504.0};
inline constexpr FloatFormat kBF16Format{7, -126, 3.3895313892515355e38};  // 0x7F7F

// Rounds a finite or special double to `fmt` per `mode`; the result is exactly representable
// in `fmt` (or +-inf / NaN). Overflow goes to inf unless the mode rounds towards zero.
inline double NarrowScalar(double x, FloatFormat fmt, Round mode) {
  if (std::isnan(x) || std::isinf(x) || x == 0.0) return x;
  const bool neg = std::signbit(x);
  const double ax = std::fabs(x);
  int e = 0;
  std::frexp(ax, &e);  // ax = m * 2^e, m in [0.5, 1)
  const int exp = std::max(e - 1, fmt.min_exp);
  const double q = std::ldexp(1.0, exp - fmt.mant_bits);  // one unit in the last place
  const double s = ax / q;                                // exact: q is a power of two
  const double t = std::floor(s);
  const double frac = s - t;
  const bool t_odd = std::fmod(t, 2.0) != 0.0;
  bool up = false;  // away from zero
  switch (mode) {
    case Round::kTrunc: up = false; break;
    case Round::kFloor: up = neg && frac > 0; break;
    case Round::kCeil: up = !neg && frac > 0; break;
    case Round::kRound: up = frac >= 0.5; break;
    case Round::kOdd: up = frac > 0 && !t_odd; break;
    case Round::kNone:
    case Round::kRint: up = frac > 0.5 || (frac == 0.5 && t_odd); break;
  }
  double r = (up ? t + 1.0 : t) * q;
  if (r > fmt.max_finite) {
    const bool toward_zero = mode == Round::kTrunc || mode == Round::kOdd ||
                             (mode == Round::kFloor && !neg) || (mode == Round::kCeil && neg);
    r = toward_zero ? fmt.max_finite : std::numeric_limits<double>::infinity();
  }
  return neg ? -r : r;
}

// Rounds to an integral value per `mode` (kNone == kRint; kOdd picks the odd neighbour).
inline double RoundIntegral(double x, Round mode) {
  switch (mode) {
    case Round::kFloor: return std::floor(x);
    case Round::kCeil: return std::ceil(x);
    case Round::kTrunc: return std::trunc(x);
    case Round::kRound: return std::round(x);
    case Round::kOdd: {
      const double t = std::trunc(x);
      if (t == x || std::fmod(t, 2.0) != 0.0) return t;
      return x > 0 ? t + 1.0 : t - 1.0;
    }
    case Round::kNone:
    case Round::kRint: break;
  }
  return std::nearbyint(x);
}

// Saturating conversion of an integral double to T; NaN -> 0.
template <typename T>
T SaturateToInt(double v) {
  if (std::isnan(v)) return 0;
  // Both limits as doubles: lowest is exact; 2^bits(-1) bounds the top exclusively.
  const double lo = static_cast<double>(std::numeric_limits<T>::lowest());
  const double hi_excl = std::ldexp(1.0, std::numeric_limits<T>::digits);
  if (v <= lo) return std::numeric_limits<T>::lowest();
  if (v >= hi_excl) return std::numeric_limits<T>::max();
  return static_cast<T>(v);
}

// Integer division without undefined behaviour: x / 0 -> 0, lowest / -1 wraps to lowest.
template <typename T>
T DivInt(T a, T b) {
  if (b == 0) return 0;
  if constexpr (std::is_signed_v<T>) {
    if (b == -1) return static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(a));
  }
  return static_cast<T>(a / b);
}

}  // namespace opsim::sim::vec::detail
