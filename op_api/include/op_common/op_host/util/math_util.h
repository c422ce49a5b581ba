// CANN's op-base integer and float helpers for tiling code (opbase
// op_common/op_host/util/math_util.h), reached as "util/math_util.h". Zero divisors and alignments
// do not trap: each function says what it returns instead.
#pragma once

#include <algorithm>  // std::min/max reach operator code through this header in CANN
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "opbase_export.h"

namespace Ops {
namespace Base {

// x / y rounded toward zero; x when y is 0.
template <typename T>
auto FloorDiv(T x, T y) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
  if (y == 0) return x;
  return x / y;
}

// x rounded down (toward zero) to a multiple of align; 0 when align is 0.
template <typename T>
auto FloorAlign(T x, T align) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
  if (align == 0) return 0;
  return x / align * align;
}

// x / y rounded up for operands of the same sign; a quotient of mixed signs is rounded toward
// zero, as C++ division does (CANN's rule). x when y or x is 0.
template <typename T>
auto CeilDiv(T x, T y) -> typename std::enable_if<std::is_signed<T>::value, T>::type {
  if (x == 0 || y == 0) return x;
  const T quotient = x / y;
  const bool same_sign = (x < 0) == (y < 0);
  return (x % y != 0 && same_sign) ? static_cast<T>(quotient + 1) : quotient;
}

template <typename T>
auto CeilDiv(T x, T y) -> typename std::enable_if<std::is_unsigned<T>::value, T>::type {
  if (x == 0 || y == 0) return x;
  const T quotient = x / y;
  return x % y != 0 ? static_cast<T>(quotient + 1) : quotient;
}

// x rounded up to a multiple of align (CeilDiv's rounding); 0 when align is 0; the type's
// maximum when the multiple does not fit.
template <typename T>
auto CeilAlign(T x, T align) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
  if (align == 0) return 0;
  const T blocks = CeilDiv(x, align);
  if (blocks > std::numeric_limits<T>::max() / align) return std::numeric_limits<T>::max();
  return static_cast<T>(blocks * align);
}

// Never true for a NaN. Two infinities, or an infinity and a finite value, compare by sign only
// (CANN's rule: +inf "equals" 5.0). Finite values are equal within the type's epsilon (absolute).
template <typename T>
auto IsFloatEqual(T a, T b) ->
    typename std::enable_if<std::is_floating_point<T>::value, bool>::type {
  if (std::isnan(a) || std::isnan(b)) return false;
  if (std::isinf(a) || std::isinf(b)) return std::signbit(a) == std::signbit(b);
  return std::fabs(a - b) <= std::numeric_limits<T>::epsilon();
}

// The largest power of two not above n; 1 for n == 0.
OPBASE_API uint64_t LastPow2(uint64_t n);

// 32-bit MurmurHash3 of srcLen bytes (blocks read in host byte order).
OPBASE_API uint32_t MurmurHash(const void* src, uint32_t srcLen, uint32_t seed = 271828);

// A length cut into splitCount pieces: splitCount - 1 of splitFactor and a tail of
// splitTailFactor (equal to splitFactor when the length divides).
struct OPBASE_API SplitResult {
  int32_t splitCount = 0;
  int64_t splitFactor = 0;
  int64_t splitTailFactor = 0;
};

// Into at most `parts` pieces of CeilDiv(splitLen, parts) (fewer when pieces would be empty).
// false (result untouched) unless splitLen > 0 and parts > 0.
OPBASE_API bool SplitIntoEqualByParts(int64_t splitLen, int32_t parts, SplitResult& splitResult);

// Into pieces of min(factor, splitLen). CANN's rule: a single piece reports splitFactor 0 and
// the whole length as splitTailFactor. false (result untouched) unless both are > 0.
OPBASE_API bool SplitIntoEqualByFactor(int64_t splitLen, int32_t factor, SplitResult& splitResult);

}  // namespace Base
}  // namespace Ops
