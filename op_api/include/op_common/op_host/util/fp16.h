// CANN's op-base host half-precision type (opbase op_common/op_host/util/fp16.h), reached as
// "util/fp16.h": Ops::Base::fp16_t, IEEE binary16 bits in `val`. Conversions from float and
// double round to nearest even (overflow gives infinity, NaN stays NaN); to integers they
// truncate toward zero and saturate (NaN gives 0). Arithmetic is done in float and rounded back.
// CANN's constructor from a uint16_t takes raw bits, while assigning a uint16_t converts its
// value: kept, since operator code relies on both.
#pragma once

#include <stdint.h>

#include "opbase_export.h"

namespace Ops {
namespace Base {

struct OPBASE_API tagFp16 {
  uint16_t val;

  tagFp16() : val(0x0u) {}
  template <typename T>
  tagFp16(const T& value) {  // NOLINT: implicit, as CANN's
    *this = value;
  }
  tagFp16(const uint16_t& uiVal) : val(uiVal) {}  // NOLINT: raw bits
  tagFp16(const tagFp16& fp) : val(fp.val) {}

  tagFp16 operator+(const tagFp16 fp) const;
  tagFp16 operator-(const tagFp16 fp) const;
  tagFp16 operator*(const tagFp16 fp) const;
  tagFp16 operator/(const tagFp16 fp) const;
  tagFp16 operator+=(const tagFp16 fp);
  tagFp16 operator-=(const tagFp16 fp);
  tagFp16 operator*=(const tagFp16 fp);
  tagFp16 operator/=(const tagFp16 fp);

  // As the float values compare: a NaN is unequal to everything, +0 equals -0.
  bool operator==(const tagFp16& fp) const;
  bool operator!=(const tagFp16& fp) const;
  bool operator>(const tagFp16& fp) const;
  bool operator>=(const tagFp16& fp) const;
  bool operator<(const tagFp16& fp) const;
  bool operator<=(const tagFp16& fp) const;

  tagFp16& operator=(const tagFp16& fp);
  tagFp16& operator=(const float& fVal);
  tagFp16& operator=(const double& dVal);
  tagFp16& operator=(const int8_t& iVal);
  tagFp16& operator=(const uint8_t& uiVal);
  tagFp16& operator=(const int16_t& iVal);
  tagFp16& operator=(const uint16_t& uiVal);
  tagFp16& operator=(const int32_t& iVal);
  tagFp16& operator=(const uint32_t& uiVal);

  operator float() const;
  operator double() const;
  operator int8_t() const;
  operator uint8_t() const;
  operator int16_t() const;
  operator uint16_t() const;
  operator int32_t() const;
  operator uint32_t() const;

  // 1 for +inf, -1 for -inf, else 0.
  int IsInf() const;

  float toFloat();
  double toDouble();
  int8_t toInt8();
  uint8_t toUInt8();
  int16_t toInt16();
  uint16_t toUInt16();
  int32_t toInt32();
  uint32_t toUInt32();
};
using fp16_t = tagFp16;

}  // namespace Base
}  // namespace Ops
