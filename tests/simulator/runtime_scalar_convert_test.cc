// Ascend C's scalar conversions (ToFloat, ToBfloat16) and IsSameType, as kernels call them on a
// value read from GM, against the bit patterns worked by hand from CANN's rules.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "kernel_operator.h"

namespace {

uint16_t Bits(bfloat16_t v) { return v.bits(); }

TEST(ScalarConvert, ToFloatIsExact) {
  EXPECT_EQ(AscendC::ToFloat(bfloat16_t::FromBits(0x3F80u)), 1.0f);
  EXPECT_EQ(AscendC::ToFloat(bfloat16_t::FromBits(0xC0A0u)), -5.0f);
  // The smallest subnormal and infinity pass unchanged.
  EXPECT_EQ(AscendC::ToFloat(bfloat16_t::FromBits(0x0001u)), std::ldexp(1.0f, -133));
  EXPECT_TRUE(std::isinf(AscendC::ToFloat(bfloat16_t::FromBits(0xFF80u))));
}

TEST(ScalarConvert, ToBfloat16RoundsToNearestEven) {
  EXPECT_EQ(Bits(AscendC::ToBfloat16(1.0f)), 0x3F80u);
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties go to the even mantissa (1).
  EXPECT_EQ(Bits(AscendC::ToBfloat16(1.0f + std::ldexp(1.0f, -8))), 0x3F80u);
  // 1 + 3 * 2^-8 is halfway between 1 + 2^-7 (odd) and 1 + 2^-6: up to the even one.
  EXPECT_EQ(Bits(AscendC::ToBfloat16(1.0f + 3 * std::ldexp(1.0f, -8))), 0x3F82u);
  // Just above halfway rounds up.
  EXPECT_EQ(Bits(AscendC::ToBfloat16(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -20))),
            0x3F81u);
  EXPECT_EQ(Bits(AscendC::ToBfloat16(-2.5f)), 0xC020u);
}

TEST(ScalarConvert, ToBfloat16OverflowsToInfinityAndNaNIs7FFF) {
  EXPECT_EQ(Bits(AscendC::ToBfloat16(std::numeric_limits<float>::max())), 0x7F80u);
  EXPECT_EQ(Bits(AscendC::ToBfloat16(-std::numeric_limits<float>::infinity())), 0xFF80u);
  EXPECT_EQ(Bits(AscendC::ToBfloat16(std::numeric_limits<float>::quiet_NaN())), 0x7FFFu);
  EXPECT_EQ(Bits(AscendC::ToBfloat16(-std::numeric_limits<float>::quiet_NaN())), 0x7FFFu);
}

TEST(ScalarConvert, IsSameTypeAsKernelsTestAColumn) {
  static_assert(AscendC::IsSameType<half, half>::value);
  static_assert(!AscendC::IsSameType<half, bfloat16_t>::value);
  static_assert(!AscendC::IsSameType<int8_t, uint8_t>::value);
  using namespace AscendC;  // kernels name it unqualified
  static_assert(IsSameType<float, float>::value);
  // A round trip through the two conversions is exact for a bfloat16 value.
  for (unsigned b : {0x0000u, 0x3F80u, 0x4049u, 0xC2F7u, 0x7F7Fu}) {
    const auto v = bfloat16_t::FromBits(static_cast<uint16_t>(b));
    EXPECT_EQ(Bits(ToBfloat16(ToFloat(v))), b);
  }
}

}  // namespace
