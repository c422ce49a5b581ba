// CANN's op-base host float types: Ops::Base::fp16_t (util/fp16.h) and Ops::Base::bfloat16
// (util/bfloat16.h): rounding to nearest even, the special values, integer conversions, and
// CANN's raw-bits constructor of fp16_t from a uint16_t.
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

#include "util/bfloat16.h"
#include "util/fp16.h"

namespace {

using Ops::Base::bfloat16;
using Ops::Base::fp16_t;

TEST(OpBaseFp16, ConvertsAndRoundsToNearestEven) {
  EXPECT_EQ(fp16_t(1.0f).val, 0x3C00);
  EXPECT_EQ(fp16_t(-2.0f).val, 0xC000);
  EXPECT_EQ(fp16_t(65504.0f).val, 0x7BFF);            // the largest half
  EXPECT_EQ(fp16_t(65520.0f).val, 0x7C00);            // rounds up to infinity
  EXPECT_EQ(fp16_t(1.0f + 1.0f / 2048).val, 0x3C00);  // a tie: to the even mantissa
  EXPECT_EQ(fp16_t(1.0f + 3.0f / 2048).val, 0x3C02);  // a tie: to the even mantissa, up
  EXPECT_EQ(fp16_t(5.9604645e-08f).val, 0x0001);      // the smallest subnormal
  EXPECT_EQ(fp16_t(2.9802322e-08f).val, 0x0000);      // half of it: a tie to even, zero
  EXPECT_EQ(fp16_t(-0.0f).val, 0x8000);
  EXPECT_EQ(fp16_t(std::numeric_limits<float>::infinity()).IsInf(), 1);
  EXPECT_EQ(fp16_t(-std::numeric_limits<float>::infinity()).IsInf(), -1);
  EXPECT_TRUE(std::isnan(float(fp16_t(std::numeric_limits<float>::quiet_NaN()))));
  EXPECT_FLOAT_EQ(float(fp16_t(uint16_t{0x3555})), 0.33325195f);
  EXPECT_FLOAT_EQ(fp16_t(0.1).toFloat(), 0.099975586f);  // from a double
}

TEST(OpBaseFp16, RawBitsConstructorButValueAssignment) {
  const fp16_t bits(uint16_t{1});  // CANN: the uint16_t constructor takes bits
  EXPECT_EQ(bits.val, 0x0001);
  fp16_t value;
  value = uint16_t{1};  // ...while assigning one converts its value
  EXPECT_EQ(value.val, 0x3C00);
  EXPECT_EQ(fp16_t(int32_t{3}).val, 0x4200);
}

TEST(OpBaseFp16, ArithmeticComparisonAndIntegers) {
  fp16_t a(1.5f);
  const fp16_t b(2.25f);
  EXPECT_FLOAT_EQ(float(a + b), 3.75f);
  EXPECT_FLOAT_EQ(float(b - a), 0.75f);
  EXPECT_FLOAT_EQ(float(a * b), 3.375f);
  EXPECT_FLOAT_EQ(float(b / a), 1.5f);
  a += b;
  EXPECT_FLOAT_EQ(a.toFloat(), 3.75f);
  EXPECT_TRUE(fp16_t(0.0f) == fp16_t(-0.0f));
  const fp16_t nan(std::numeric_limits<float>::quiet_NaN());
  EXPECT_FALSE(nan == nan);
  EXPECT_TRUE(b > fp16_t(1.0f));
  EXPECT_EQ(fp16_t(-3.75f).toInt32(), -3);
  EXPECT_EQ(fp16_t(300.0f).toInt8(), 127);  // saturated
  EXPECT_EQ(fp16_t(-1.0f).toUInt8(), 0);
  EXPECT_EQ(nan.IsInf(), 0);
}

TEST(OpBaseBfloat16, RoundsAndKeepsSpecials) {
  EXPECT_EQ(bfloat16(1.0f).value, 0x3F80);
  EXPECT_EQ(bfloat16(1.00390625f).value, 0x3F80);  // 1 + 2^-8: a tie, to even
  EXPECT_EQ(bfloat16(1.01171875f).value, 0x3F82);  // 1 + 3 * 2^-8: a tie, to even (up)
  EXPECT_EQ(bfloat16(std::numeric_limits<float>::quiet_NaN()).value, bfloat16::NAN_VALUE);
  EXPECT_EQ(bfloat16(3.4e38f).value, 0x7F80);  // past the largest: infinity
  EXPECT_EQ(bfloat16().value, 0);
  EXPECT_TRUE(bfloat16(-0.0f).IsZero());
  EXPECT_EQ((-bfloat16(2.0f)).value, 0xC000);
  EXPECT_FLOAT_EQ(float(bfloat16(1.5f) * bfloat16(2.0f)), 3.0f);
  EXPECT_TRUE(bfloat16(1.0f) < bfloat16(2.0f));
  EXPECT_FALSE(bfloat16(0.0f) == bfloat16(-0.0f));  // bits, as CANN compares
  EXPECT_TRUE(std::isinf(std::numeric_limits<bfloat16>::infinity()));
  EXPECT_TRUE(std::isnan(std::numeric_limits<bfloat16>::quiet_NaN()));
  EXPECT_EQ(std::numeric_limits<bfloat16>::max().value, 0x7F7F);
  EXPECT_EQ(bfloat16(7).value, bfloat16(7.0f).value);  // from an int: its value
}

}  // namespace
