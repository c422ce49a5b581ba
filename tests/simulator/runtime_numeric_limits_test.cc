// AscendC::NumericLimits: each special value's encoding in every element type the 910B
// generation has it for, and the LocalTensor fills.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

uint32_t Bits(float f) {
  uint32_t b = 0;
  std::memcpy(&b, &f, sizeof(b));
  return b;
}

TEST(NumericLimits, FloatEncodings) {
  EXPECT_EQ(Bits(NumericLimits<float>::Max()), 0x7F7FFFFFu);
  EXPECT_EQ(Bits(NumericLimits<float>::Lowest()), 0xFF7FFFFFu);
  EXPECT_EQ(Bits(NumericLimits<float>::Min()), 0x00800000u);
  EXPECT_EQ(Bits(NumericLimits<float>::Infinity()), 0x7F800000u);
  EXPECT_EQ(Bits(NumericLimits<float>::NegativeInfinity()), 0xFF800000u);
  EXPECT_EQ(Bits(NumericLimits<float>::QuietNaN()), 0x7FC00000u);
  EXPECT_EQ(Bits(NumericLimits<float>::SignalingNaN()), 0x7FA00000u);
  EXPECT_EQ(Bits(NumericLimits<float>::DeNormMin()), 0x00000001u);
}

TEST(NumericLimits, HalfEncodings) {
  EXPECT_EQ(NumericLimits<half>::Max().bits(), 0x7BFF);
  EXPECT_EQ(NumericLimits<half>::Lowest().bits(), 0xFBFF);
  EXPECT_EQ(NumericLimits<half>::Min().bits(), 0x0400);
  EXPECT_EQ(NumericLimits<half>::Infinity().bits(), 0x7C00);
  EXPECT_EQ(NumericLimits<half>::NegativeInfinity().bits(), 0xFC00);
  EXPECT_EQ(NumericLimits<half>::QuietNaN().bits(), 0x7E00);
  EXPECT_EQ(NumericLimits<half>::SignalingNaN().bits(), 0x7D00);
  EXPECT_EQ(NumericLimits<half>::DeNormMin().bits(), 0x0001);
  static_assert(NumericLimits<half>::Max().bits() == 0x7BFF);  // constexpr, as CANN's
}

TEST(NumericLimits, IntegerLimits) {
  EXPECT_EQ(NumericLimits<uint8_t>::Max(), 0xFF);
  EXPECT_EQ(NumericLimits<int8_t>::Lowest(), -128);
  EXPECT_EQ(NumericLimits<int8_t>::Min(), -128);
  EXPECT_EQ(NumericLimits<uint16_t>::Lowest(), 0);
  EXPECT_EQ(NumericLimits<int16_t>::Max(), 0x7FFF);
  EXPECT_EQ(NumericLimits<uint32_t>::Max(), 0xFFFFFFFFu);
  EXPECT_EQ(NumericLimits<int32_t>::Lowest(), INT32_MIN);
}

// The tensor forms fill count elements with the value.
TEST(NumericLimits, FillsALocalTensor) {
  std::vector<float> f(64, 0.0f);
  std::vector<half> h(64, half(0.0f));
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 128);
        LocalTensor<float> tf = a.Get<float>();
        LocalTensor<half> th = b.Get<half>();
        NumericLimits<float>::NegativeInfinity(tf, 64);
        NumericLimits<half>::Lowest(th, 64);
        PipeBarrier<PIPE_ALL>();
        for (int i = 0; i < 64; ++i) {
          f[static_cast<size_t>(i)] = tf.GetValue(i);
          h[static_cast<size_t>(i)] = th.GetValue(i);
        }
      },
      true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < 64; ++i) {
    EXPECT_TRUE(std::isinf(f[i]) && f[i] < 0) << i;
    EXPECT_EQ(h[i].bits(), 0xFBFF) << i;
  }
}

}  // namespace
}  // namespace opsim::sim
