// Ops::Base::fp16_t (op_common/op_host/util/fp16.h): IEEE binary16 conversions, written out so
// they do not depend on the compiler having _Float16, and float arithmetic on top of them.
#include "op_common/op_host/util/fp16.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace Ops::Base {
namespace {

// Rounds to nearest even: `kept` holds the result's low bits, `rest` the bits shifted out of a
// `width`-bit tail.
uint32_t RoundNearestEven(uint32_t kept, uint32_t rest, int width) {
  const uint32_t half = 1u << (width - 1);
  return (rest > half || (rest == half && (kept & 1u) != 0)) ? kept + 1 : kept;
}

uint16_t FloatToHalf(float f) {
  uint32_t x = 0;
  std::memcpy(&x, &f, sizeof x);
  const auto sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t exponent = (x >> 23) & 0xFFu;
  uint32_t mantissa = x & 0x7FFFFFu;
  if (exponent == 0xFF) return static_cast<uint16_t>(sign | 0x7C00u | (mantissa != 0 ? 0x200u : 0));
  const int e = static_cast<int>(exponent) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7C00u);
  if (e <= 0) {  // a subnormal half (or zero): units of 2^-24
    if (e < -10) return sign;
    mantissa |= 0x800000u;
    const int shift = 14 - e;
    const uint32_t kept = mantissa >> shift;
    const uint32_t rounded = RoundNearestEven(kept, mantissa & ((1u << shift) - 1), shift);
    return static_cast<uint16_t>(sign | rounded);
  }
  // A carry out of the mantissa moves into the exponent, up to infinity: what rounding wants.
  const uint32_t kept = (static_cast<uint32_t>(e) << 10) | (mantissa >> 13);
  return static_cast<uint16_t>(sign | RoundNearestEven(kept, mantissa & 0x1FFFu, 13));
}

float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1Fu;
  const uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0) {  // zero or subnormal
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign != 0 ? -magnitude : magnitude;
  }
  const uint32_t bits = exponent == 0x1F ? (sign | 0x7F800000u | (mantissa << 13))
                                         : (sign | ((exponent + 112) << 23) | (mantissa << 13));
  float f = 0;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Toward zero, saturated to T's range; NaN gives 0.
template <typename T>
T ToInteger(float f) {
  if (std::isnan(f)) return 0;
  if (f <= static_cast<float>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  if (f >= static_cast<float>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  return static_cast<T>(f);
}

tagFp16 FromFloat(float f) {
  tagFp16 r;
  r.val = FloatToHalf(f);
  return r;
}

}  // namespace

tagFp16 tagFp16::operator+(const tagFp16 fp) const { return FromFloat(float(*this) + float(fp)); }
tagFp16 tagFp16::operator-(const tagFp16 fp) const { return FromFloat(float(*this) - float(fp)); }
tagFp16 tagFp16::operator*(const tagFp16 fp) const { return FromFloat(float(*this) * float(fp)); }
tagFp16 tagFp16::operator/(const tagFp16 fp) const { return FromFloat(float(*this) / float(fp)); }
tagFp16 tagFp16::operator+=(const tagFp16 fp) { return *this = *this + fp; }
tagFp16 tagFp16::operator-=(const tagFp16 fp) { return *this = *this - fp; }
tagFp16 tagFp16::operator*=(const tagFp16 fp) { return *this = *this * fp; }
tagFp16 tagFp16::operator/=(const tagFp16 fp) { return *this = *this / fp; }

bool tagFp16::operator==(const tagFp16& fp) const { return float(*this) == float(fp); }
bool tagFp16::operator!=(const tagFp16& fp) const { return !(*this == fp); }
bool tagFp16::operator>(const tagFp16& fp) const { return float(*this) > float(fp); }
bool tagFp16::operator>=(const tagFp16& fp) const { return float(*this) >= float(fp); }
bool tagFp16::operator<(const tagFp16& fp) const { return float(*this) < float(fp); }
bool tagFp16::operator<=(const tagFp16& fp) const { return float(*this) <= float(fp); }

tagFp16& tagFp16::operator=(const tagFp16& fp) {
  val = fp.val;
  return *this;
}
tagFp16& tagFp16::operator=(const float& fVal) {
  val = FloatToHalf(fVal);
  return *this;
}
// Through float: a double rounded twice can differ from a direct rounding only in the last bit
// of a tie, which operator code does not rely on.
tagFp16& tagFp16::operator=(const double& dVal) { return *this = static_cast<float>(dVal); }
tagFp16& tagFp16::operator=(const int8_t& iVal) { return *this = static_cast<float>(iVal); }
tagFp16& tagFp16::operator=(const uint8_t& uiVal) { return *this = static_cast<float>(uiVal); }
tagFp16& tagFp16::operator=(const int16_t& iVal) { return *this = static_cast<float>(iVal); }
tagFp16& tagFp16::operator=(const uint16_t& uiVal) { return *this = static_cast<float>(uiVal); }
tagFp16& tagFp16::operator=(const int32_t& iVal) { return *this = static_cast<float>(iVal); }
tagFp16& tagFp16::operator=(const uint32_t& uiVal) { return *this = static_cast<float>(uiVal); }

tagFp16::operator float() const { return HalfToFloat(val); }
tagFp16::operator double() const { return HalfToFloat(val); }
tagFp16::operator int8_t() const { return ToInteger<int8_t>(HalfToFloat(val)); }
tagFp16::operator uint8_t() const { return ToInteger<uint8_t>(HalfToFloat(val)); }
tagFp16::operator int16_t() const { return ToInteger<int16_t>(HalfToFloat(val)); }
tagFp16::operator uint16_t() const { return ToInteger<uint16_t>(HalfToFloat(val)); }
tagFp16::operator int32_t() const { return ToInteger<int32_t>(HalfToFloat(val)); }
tagFp16::operator uint32_t() const { return ToInteger<uint32_t>(HalfToFloat(val)); }

int tagFp16::IsInf() const {
  if ((val & 0x7FFFu) != 0x7C00u) return 0;
  return (val & 0x8000u) != 0 ? -1 : 1;
}

float tagFp16::toFloat() { return float(*this); }
double tagFp16::toDouble() { return double(*this); }
int8_t tagFp16::toInt8() { return int8_t(*this); }
uint8_t tagFp16::toUInt8() { return uint8_t(*this); }
int16_t tagFp16::toInt16() { return int16_t(*this); }
uint16_t tagFp16::toUInt16() { return uint16_t(*this); }
int32_t tagFp16::toInt32() { return int32_t(*this); }
uint32_t tagFp16::toUInt32() { return uint32_t(*this); }

}  // namespace Ops::Base
