// op::bfloat16 (nnopbase's opdev/bfloat16.h): the bfloat16 host scalar op-API layers use (e.g.
// `static_cast<double>(scalar->ToBf16())`). Stored as bits (`value`); a float converts with
// round-to-nearest-even, every NaN becomes the quiet NaN 0x7FC0, as nnopbase's does; arithmetic
// computes in float and rounds once.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <type_traits>

#include "opdev/fp16_t.h"
#include "opsim/core/float16.h"

namespace op {

struct bfloat16 {
  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return from_bits_t(); }

  constexpr bfloat16(uint16_t bits, from_bits_t /*tag*/) : value(bits) {}
  bfloat16() : value(ZERO_VALUE) {}
  bfloat16(float v) : value(round_to_bfloat16(v).value) {}  // NOLINT: implicit, as nnopbase's
  // (fp16_t converts itself: its operator bfloat16.)
  template <typename T, typename = std::enable_if_t<!std::is_same_v<std::decay_t<T>, float> &&
                                                    !std::is_same_v<std::decay_t<T>, bfloat16> &&
                                                    !std::is_same_v<std::decay_t<T>, tagFp16>>>
  bfloat16(const T& val) : bfloat16(static_cast<float>(val)) {}  // NOLINT

  template <typename T>
  bfloat16& operator=(T other) {
    value = round_to_bfloat16(static_cast<float>(other)).value;
    return *this;
  }

  operator float() const { return opsim::BFloat16BitsToFloat(value); }   // NOLINT
  operator double() const { return static_cast<double>(float(*this)); }  // NOLINT
  operator bool() const {                                                // NOLINT
    return std::abs(float(*this)) >= std::numeric_limits<float>::epsilon();
  }
  operator short() const { return static_cast<short>(float(*this)); }                  // NOLINT
  operator int() const { return static_cast<int>(float(*this)); }                      // NOLINT
  operator long() const { return static_cast<long>(float(*this)); }                    // NOLINT
  operator long long() const { return static_cast<long long>(float(*this)); }          // NOLINT
  operator signed char() const { return static_cast<signed char>(float(*this)); }      // NOLINT
  operator unsigned char() const { return static_cast<unsigned char>(float(*this)); }  // NOLINT
  operator unsigned short() const {                                                    // NOLINT
    return static_cast<unsigned short>(float(*this));
  }
  operator unsigned int() const { return static_cast<unsigned int>(float(*this)); }  // NOLINT
  operator unsigned long() const {                                                   // NOLINT
    return static_cast<unsigned long>(float(*this));
  }
  operator unsigned long long() const {  // NOLINT
    return static_cast<unsigned long long>(float(*this));
  }

  static bfloat16 round_to_bfloat16(float v) {
    if (v != v) return bfloat16(NAN_VALUE, from_bits());
    return bfloat16(opsim::FloatToBFloat16Bits(v), from_bits());
  }
  static constexpr bfloat16 epsilon() { return bfloat16(0x3C00, from_bits()); }
  static constexpr bfloat16 highest() { return bfloat16(0x7F7F, from_bits()); }
  static constexpr bfloat16 lowest() { return bfloat16(0xFF7F, from_bits()); }
  static constexpr bfloat16 min_positive_normal() { return bfloat16(0x0080, from_bits()); }
  bool IsZero() const { return (value & 0x7FFF) == ZERO_VALUE; }

  uint16_t value;
  static constexpr uint16_t NAN_VALUE = 0x7FC0;
  static constexpr uint16_t ZERO_VALUE = 0;
};

inline std::ostream& operator<<(std::ostream& os, const bfloat16& v) {
  return os << static_cast<float>(v);
}
inline bfloat16 operator+(bfloat16 a, bfloat16 b) {
  return bfloat16(static_cast<float>(a) + static_cast<float>(b));
}
inline bfloat16 operator-(bfloat16 a, bfloat16 b) {
  return bfloat16(static_cast<float>(a) - static_cast<float>(b));
}
inline bfloat16 operator*(bfloat16 a, bfloat16 b) {
  return bfloat16(static_cast<float>(a) * static_cast<float>(b));
}
inline bfloat16 operator/(bfloat16 a, bfloat16 b) {
  return bfloat16(static_cast<float>(a) / static_cast<float>(b));
}
inline bfloat16 operator-(bfloat16 a) {
  a.value ^= 0x8000;
  return a;
}
inline bool operator<(bfloat16 a, bfloat16 b) {
  return static_cast<float>(a) < static_cast<float>(b);
}
inline bool operator<=(bfloat16 a, bfloat16 b) {
  return static_cast<float>(a) <= static_cast<float>(b);
}
inline bool operator>(bfloat16 a, bfloat16 b) {
  return static_cast<float>(a) > static_cast<float>(b);
}
inline bool operator>=(bfloat16 a, bfloat16 b) {
  return static_cast<float>(a) >= static_cast<float>(b);
}
inline bool operator==(bfloat16 a, bfloat16 b) {
  return static_cast<float>(a) == static_cast<float>(b);
}
inline bool operator!=(bfloat16 a, bfloat16 b) {
  return static_cast<float>(a) != static_cast<float>(b);
}

// The fp16_t <-> bfloat16 conversions fp16_t.h declares, through float (exact for the source).
inline tagFp16::tagFp16(const bfloat16& value)
    : val(opsim::FloatToHalfBits(static_cast<float>(value))) {}
inline tagFp16::operator bfloat16() const { return bfloat16(toFloat()); }

}  // namespace op
