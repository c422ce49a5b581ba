// CANN's op-base host bfloat16 type (opbase op_common/op_host/util/bfloat16.h), reached as
// "util/bfloat16.h": Ops::Base::bfloat16, the upper 16 bits of a float in `value`. From float it
// rounds to nearest even (a NaN becomes the quiet NaN 0x7FC0); arithmetic is done in float.
// Header-only, as CANN's.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <ostream>

namespace Ops {
namespace Base {

typedef std::complex<float> complex64;
typedef std::complex<double> complex128;

struct bfloat16 {
  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return from_bits_t(); }

  constexpr bfloat16(uint16_t bits, from_bits_t /*tag*/) : value(bits) {}
  bfloat16() : value(0) {}  // zero: operator code uses T() as a zero
  bfloat16(float v) : value(round_to_bfloat16(v).value) {}  // NOLINT: implicit, as CANN's
  bfloat16(const complex64& v) : bfloat16(v.real()) {}      // NOLINT: the real part
  bfloat16(const complex128& v) : bfloat16(static_cast<float>(v.real())) {}  // NOLINT
  template <class T>
  bfloat16(const T& v) : bfloat16(static_cast<float>(v)) {}  // NOLINT
  template <typename T>
  bfloat16& operator=(T other) {
    value = round_to_bfloat16(static_cast<float>(other)).value;
    return *this;
  }

  operator float() const {
    const uint32_t bits = static_cast<uint32_t>(value) << 16;
    float f = 0;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  explicit operator bool() const {
    return std::fabs(static_cast<float>(*this)) >= std::numeric_limits<float>::epsilon();
  }
  explicit operator double() const { return static_cast<double>(static_cast<float>(*this)); }
  explicit operator int() const { return static_cast<int>(static_cast<float>(*this)); }
  explicit operator long() const { return static_cast<long>(static_cast<float>(*this)); }
  explicit operator complex64() const { return complex64(static_cast<float>(*this), 0.0f); }

  static bfloat16 round_to_bfloat16(float v) {
    if (std::isnan(v)) return bfloat16(NAN_VALUE, from_bits());
    uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    const uint32_t lsb = (bits >> 16) & 1u;  // ties go to the even result
    bits += 0x7FFFu + lsb;
    return bfloat16(static_cast<uint16_t>(bits >> 16), from_bits());
  }

  static constexpr bfloat16 epsilon() { return bfloat16(0x3C00, from_bits()); }
  static constexpr bfloat16 highest() { return bfloat16(0x7F7F, from_bits()); }
  static constexpr bfloat16 lowest() { return bfloat16(0xFF7F, from_bits()); }
  static constexpr bfloat16 min_positive_normal() { return bfloat16(0x0080, from_bits()); }

  bool IsZero() const { return (value & 0x7FFF) == 0; }

  uint16_t value;
  static constexpr uint16_t NAN_VALUE = 0x7FC0;
};

inline std::ostream& operator<<(std::ostream& os, const bfloat16& v) {
  return os << static_cast<float>(v);
}
inline bfloat16 operator+(bfloat16 a, bfloat16 b) { return bfloat16(float(a) + float(b)); }
inline bfloat16 operator-(bfloat16 a, bfloat16 b) { return bfloat16(float(a) - float(b)); }
inline bfloat16 operator*(bfloat16 a, bfloat16 b) { return bfloat16(float(a) * float(b)); }
inline bfloat16 operator/(bfloat16 a, bfloat16 b) { return bfloat16(float(a) / float(b)); }
inline bfloat16 operator-(bfloat16 a) {
  a.value = static_cast<uint16_t>(a.value ^ 0x8000u);
  return a;
}
// == and != compare bits (CANN's rule: +0 != -0, a NaN equals the same NaN); the order
// comparisons compare values.
inline bool operator==(bfloat16 a, bfloat16 b) { return a.value == b.value; }
inline bool operator!=(bfloat16 a, bfloat16 b) { return a.value != b.value; }
inline bool operator<(bfloat16 a, bfloat16 b) { return float(a) < float(b); }
inline bool operator<=(bfloat16 a, bfloat16 b) { return float(a) <= float(b); }
inline bool operator>(bfloat16 a, bfloat16 b) { return float(a) > float(b); }
inline bool operator>=(bfloat16 a, bfloat16 b) { return float(a) >= float(b); }
inline bfloat16& operator+=(bfloat16& a, bfloat16 b) { return a = a + b; }
inline bfloat16& operator-=(bfloat16& a, bfloat16 b) { return a = a - b; }
inline bfloat16& operator*=(bfloat16& a, bfloat16 b) { return a = a * b; }
inline bfloat16& operator/=(bfloat16& a, bfloat16 b) { return a = a / b; }

}  // namespace Base
}  // namespace Ops

namespace std {

inline bool isinf(const Ops::Base::bfloat16& a) { return std::isinf(float(a)); }
inline bool isnan(const Ops::Base::bfloat16& a) { return std::isnan(float(a)); }
inline bool isfinite(const Ops::Base::bfloat16& a) { return std::isfinite(float(a)); }
inline Ops::Base::bfloat16 abs(const Ops::Base::bfloat16& a) {
  return Ops::Base::bfloat16(std::fabs(float(a)));
}

template <>
class numeric_limits<Ops::Base::bfloat16> {
  using bf16 = Ops::Base::bfloat16;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr int digits = 8;
  static constexpr int radix = 2;
  static constexpr bf16 min() { return bf16::min_positive_normal(); }
  static constexpr bf16 lowest() { return bf16::lowest(); }
  static constexpr bf16 max() { return bf16::highest(); }
  static constexpr bf16 epsilon() { return bf16::epsilon(); }
  static constexpr bf16 infinity() { return bf16(0x7F80, bf16::from_bits()); }
  static constexpr bf16 quiet_NaN() { return bf16(bf16::NAN_VALUE, bf16::from_bits()); }
};

}  // namespace std
