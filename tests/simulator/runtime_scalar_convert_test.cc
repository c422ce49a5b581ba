// Ascend C's scalar conversions (ToFloat, ToBfloat16 and their current name Cast; the scalar
// Cast<T, U, roundMode> and its older name ScalarCast) and IsSameType, as kernels call them on a
// value read from GM, against bit patterns worked by hand from CANN's rules and a scalar model.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

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

// The scalar model of the two documented conversions. To int32_t: the mode's integral value,
// saturated, NaN 0. To half with CAST_ODD: the value if half holds it, else whichever of its two
// half neighbours has an odd last bit; past the largest finite half, that largest (odd) one.
int32_t ModelToInt32(float v, AscendC::RoundMode mode) {
  if (std::isnan(v)) return 0;
  const double d = v;
  const double r = mode == AscendC::RoundMode::CAST_ROUND   ? std::round(d)
                   : mode == AscendC::RoundMode::CAST_CEIL  ? std::ceil(d)
                   : mode == AscendC::RoundMode::CAST_FLOOR ? std::floor(d)
                                                            : std::nearbyint(d);
  if (r >= 2147483647.0) return std::numeric_limits<int32_t>::max();
  if (r <= -2147483648.0) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(r);
}

uint16_t ModelToHalfOdd(float v) {
  if (std::isnan(v)) return 0x7E00u;  // compared as "a NaN" below
  const uint16_t sign = std::signbit(v) ? 0x8000u : 0u;
  const float a = std::fabs(v);
  if (std::isinf(a)) return sign | 0x7C00u;
  uint16_t lo = 0;  // the largest finite half <= a
  while (lo < 0x7BFFu && float(half::FromBits(static_cast<uint16_t>(lo + 1))) <= a) ++lo;
  if (float(half::FromBits(lo)) == a || (lo & 1u) != 0 || lo == 0x7BFFu) return sign | lo;
  return sign | static_cast<uint16_t>(lo + 1);
}

std::vector<float> CastInputs() {
  std::vector<float> in = {0.0f,
                           -0.0f,
                           0.5f,
                           1.5f,
                           2.5f,
                           -1.5f,
                           -2.5f,
                           3.14159f,
                           -7.49f,
                           1e-8f,
                           65504.0f,
                           65519.0f,
                           70000.0f,
                           -1e9f,
                           3e9f,
                           -3e9f,
                           std::numeric_limits<float>::infinity(),
                           std::numeric_limits<float>::quiet_NaN(),
                           2049.0f + 0.5f,
                           std::ldexp(1.0f, -24) * 1.5f,
                           std::ldexp(1.0f, -26)};
  uint32_t state = 12345u;
  for (int i = 0; i < 200; ++i) {
    state = state * 1664525u + 1013904223u;
    in.push_back(std::ldexp(static_cast<float>(state >> 8) / 16777216.0f - 0.5f,
                            static_cast<int>(state % 40) - 20));
  }
  return in;
}

TEST(ScalarCast, FloatToHalfAndInt32AsTheModel) {
  using AscendC::RoundMode;
  const std::vector<float> in = CastInputs();
  std::vector<uint16_t> halves(in.size());
  std::vector<int32_t> ints(in.size() * 4);
  opsim::sim::DeviceProfile device = opsim::sim::testing::TestDevice();
  device.architecture = "dav-2201";
  const opsim::sim::LaunchResult r = opsim::sim::Launch(device, 1, {}, [&] {
    for (size_t i = 0; i < in.size(); ++i) {
      halves[i] = AscendC::Cast<float, half, RoundMode::CAST_ODD>(in[i]).bits();
      ints[4 * i] = AscendC::ScalarCast<float, int32_t, RoundMode::CAST_ROUND>(in[i]);
      ints[4 * i + 1] = AscendC::Cast<float, int32_t, RoundMode::CAST_CEIL>(in[i]);
      ints[4 * i + 2] = AscendC::Cast<float, int32_t, RoundMode::CAST_FLOOR>(in[i]);
      ints[4 * i + 3] = AscendC::Cast<float, int32_t, RoundMode::CAST_RINT>(in[i]);
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const RoundMode modes[] = {RoundMode::CAST_ROUND, RoundMode::CAST_CEIL, RoundMode::CAST_FLOOR,
                             RoundMode::CAST_RINT};
  for (size_t i = 0; i < in.size(); ++i) {
    if (std::isnan(in[i])) {
      EXPECT_TRUE(std::isnan(float(half::FromBits(halves[i]))));
    } else {
      EXPECT_EQ(halves[i], ModelToHalfOdd(in[i])) << in[i];
    }
    for (int m = 0; m < 4; ++m) EXPECT_EQ(ints[4 * i + m], ModelToInt32(in[i], modes[m])) << in[i];
  }
  // The page's examples: 3.14159f -> 3.142578 (half), 1.5f and 2.5f by each mode.
  EXPECT_EQ(float(half::FromBits(halves[7])), 3.142578125f);
  EXPECT_EQ(ints[4 * 3], 2);
  EXPECT_EQ(ints[4 * 4 + 3], 2);
  EXPECT_EQ(ints[4 * 4], 3);
}

TEST(ScalarCast, CurrentNamesOfToFloatAndToBfloat16) {
  EXPECT_EQ(Bits(AscendC::Cast(3.14159f)), 0x4049u);  // the page's 3.140625
  EXPECT_EQ(AscendC::Cast(bfloat16_t::FromBits(0x4049u)), 3.140625f);
}

TEST(ScalarCast, AModeItsPageDoesNotListAnotherUAndThe910AFault) {
  using AscendC::RoundMode;
  using opsim::sim::FaultKind;
  const auto run = [](const char* arch, auto body) {
    opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice();
    d.architecture = arch;
    return opsim::sim::Launch(d, 1, {}, body);
  };
  auto r = run("dav-2201", [] { (void)AscendC::Cast<float, half, RoundMode::CAST_RINT>(1.0f); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("CAST_RINT"), std::string::npos) << r.fault->message;
  r = run("dav-2201", [] { (void)AscendC::Cast<float, int32_t, RoundMode::CAST_TRUNC>(1.0f); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("CAST_TRUNC"), std::string::npos) << r.fault->message;
  r = run("dav-2201", [] { (void)AscendC::Cast<float, uint32_t, RoundMode::CAST_RINT>(1.0f); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("neither half nor int32_t"), std::string::npos);
  r = run("dav-2002", [] { (void)AscendC::ScalarCast<float, half, RoundMode::CAST_ODD>(1.0f); });
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  r = run("dav-1001", [] { (void)AscendC::Cast<float, half, RoundMode::CAST_ODD>(1.0f); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
}

}  // namespace
