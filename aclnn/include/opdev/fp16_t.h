// op::fp16_t (nnopbase's opdev/fp16_t.h): the IEEE binary16 host scalar op-API layers use, e.g.
// `static_cast<double>(scalar->ToFp16())` to compare a scalar at the precision of a FLOAT16
// tensor. Stored as bits (`val`), converted with round-to-nearest-even through opsim's one
// binary16 conversion (opsim/core/float16.h); arithmetic rounds once per operation, as the type's
// own arithmetic does. A double is rounded to float first (binary16 cannot tell the difference
// except for doubles within 2^-29 relative of a binary16 tie).
#pragma once

#include <cmath>
#include <cstdint>
#include <ostream>
#include <type_traits>

#include "opsim/core/float16.h"

namespace op {

struct bfloat16;

typedef struct tagFp16 {
  uint16_t val = 0;

  tagFp16() = default;
  // Any arithmetic value (or a type convertible to float), rounded to nearest even.
  template <typename T, typename = std::enable_if_t<!std::is_same_v<std::decay_t<T>, uint16_t> &&
                                                    !std::is_same_v<std::decay_t<T>, tagFp16> &&
                                                    !std::is_same_v<std::decay_t<T>, bfloat16>>>
  tagFp16(const T& value)  // NOLINT: implicit, as CANN's
      : val(opsim::FloatToHalfBits(static_cast<float>(value))) {}
  // CANN's uint16_t constructor takes the bits, not a value.
  tagFp16(const uint16_t& uiVal) : val(uiVal) {}  // NOLINT
  tagFp16(const bfloat16& value);                 // NOLINT: defined in bfloat16.h
  tagFp16(const tagFp16& fp) = default;
  tagFp16& operator=(const tagFp16& fp) = default;

  float toFloat() const { return opsim::HalfBitsToFloat(val); }
  double toDouble() const { return static_cast<double>(toFloat()); }
  int8_t toInt8() const { return static_cast<int8_t>(Saturated(-128.0f, 127.0f)); }
  uint8_t toUInt8() const { return static_cast<uint8_t>(Saturated(0.0f, 255.0f)); }
  int16_t toInt16() const { return static_cast<int16_t>(Saturated(-32768.0f, 32767.0f)); }
  uint16_t toUInt16() const { return static_cast<uint16_t>(Saturated(0.0f, 65535.0f)); }
  int32_t toInt32() const { return static_cast<int32_t>(Saturated(-2147483648.0f, 2147483520.0f)); }
  uint32_t toUInt32() const { return static_cast<uint32_t>(Saturated(0.0f, 4294967040.0f)); }

  operator float() const { return toFloat(); }                             // NOLINT
  operator double() const { return toDouble(); }                           // NOLINT
  operator int8_t() const { return toInt8(); }                             // NOLINT
  operator uint8_t() const { return toUInt8(); }                           // NOLINT
  operator int16_t() const { return toInt16(); }                           // NOLINT
  operator uint16_t() const { return toUInt16(); }                         // NOLINT
  operator int32_t() const { return toInt32(); }                           // NOLINT
  operator uint32_t() const { return toUInt32(); }                         // NOLINT
  operator int64_t() const { return static_cast<int64_t>(toInt32()); }     // NOLINT
  operator uint64_t() const { return static_cast<uint64_t>(toUInt32()); }  // NOLINT
  operator bool() const { return (val & 0x7FFFu) != 0; }                   // NOLINT
  operator bfloat16() const;                                               // NOLINT

  // 1 for +infinity, -1 for -infinity, 0 otherwise.
  int IsInf() const {
    if ((val & 0x7FFFu) != 0x7C00u) return 0;
    return (val & 0x8000u) != 0 ? -1 : 1;
  }

  tagFp16 operator+(const tagFp16 fp) const { return tagFp16(toFloat() + fp.toFloat()); }
  tagFp16 operator-(const tagFp16 fp) const { return tagFp16(toFloat() - fp.toFloat()); }
  tagFp16 operator*(const tagFp16 fp) const { return tagFp16(toFloat() * fp.toFloat()); }
  tagFp16 operator/(const tagFp16 fp) const { return tagFp16(toFloat() / fp.toFloat()); }
  tagFp16 operator+=(const tagFp16 fp) { return *this = *this + fp; }
  tagFp16 operator-=(const tagFp16 fp) { return *this = *this - fp; }
  tagFp16 operator*=(const tagFp16 fp) { return *this = *this * fp; }
  tagFp16 operator/=(const tagFp16 fp) { return *this = *this / fp; }
  // IEEE comparisons: a NaN is unequal to everything, +0 equals -0.
  bool operator==(const tagFp16& fp) const { return toFloat() == fp.toFloat(); }
  bool operator!=(const tagFp16& fp) const { return toFloat() != fp.toFloat(); }
  bool operator>(const tagFp16& fp) const { return toFloat() > fp.toFloat(); }
  bool operator>=(const tagFp16& fp) const { return toFloat() >= fp.toFloat(); }
  bool operator<(const tagFp16& fp) const { return toFloat() < fp.toFloat(); }
  bool operator<=(const tagFp16& fp) const { return toFloat() <= fp.toFloat(); }

 private:
  // Integer conversions saturate (a NaN gives 0), as CANN's do.
  float Saturated(float low, float high) const {
    const float v = toFloat();
    if (v != v) return 0.0f;
    return v < low ? low : (v > high ? high : std::trunc(v));
  }
} fp16_t;

inline bool isnan(op::fp16_t value) { return (value.val & 0x7FFFu) > 0x7C00u; }

inline std::ostream& operator<<(std::ostream& os, const fp16_t& value) {
  return os << value.toFloat();
}

}  // namespace op

// The bfloat16 conversions declared above are defined there.
#include "opdev/bfloat16.h"
