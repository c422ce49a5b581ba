// The CCE compiler's scalar intrinsics kernels call unqualified (max, min, abs, sqrt): present
// in global scope after kernel_operator.h, keeping the argument's type, and no ambiguity with
// std's under `using namespace std` (public kernels: an Eye's min(numRows, numCols), a
// PdistGrad's min over uint32_t and abs of a float).
#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace {

TEST(CceScalar, MinAndMaxOfOneType) {
  const uint32_t a = 7, b = 3;
  static_assert(std::is_same_v<decltype(min(a, b)), uint32_t>);
  EXPECT_EQ(min(a, b), 3u);
  EXPECT_EQ(max(a, b), 7u);
  EXPECT_EQ(min(-4, 2), -4);
  EXPECT_EQ(max(int64_t{-5000000000}, int64_t{-6000000000}), int64_t{-5000000000});
  EXPECT_EQ(min(int8_t{-3}, int8_t{5}), int8_t{-3});
  EXPECT_EQ(max(uint16_t{65535}, uint16_t{1}), uint16_t{65535});
  static_assert(std::is_same_v<decltype(max(1.5f, -2.0f)), float>);
  EXPECT_EQ(max(1.5f, -2.0f), 1.5f);
  EXPECT_EQ(min(1.5f, -2.0f), -2.0f);
}

// Mixed types compare in their common type, as the device's overloads after the usual
// arithmetic conversions.
TEST(CceScalar, MinAndMaxOfMixedTypes) {
  const uint32_t n = 100;
  static_assert(std::is_same_v<decltype(min(n, 64)), uint32_t>);
  EXPECT_EQ(min(n, 64), 64u);
  static_assert(std::is_same_v<decltype(max(int64_t{1}, 2)), int64_t>);
  EXPECT_EQ(max(int64_t{1}, 2), 2);
  EXPECT_EQ(max(2, 2.5f), 2.5f);
}

TEST(CceScalar, AbsAndSqrtKeepTheArgumentsType) {
  static_assert(std::is_same_v<decltype(abs(-2.5f)), float>);
  EXPECT_EQ(abs(-2.5f), 2.5f);
  EXPECT_EQ(abs(int64_t{-5000000000}), int64_t{5000000000});
  EXPECT_EQ(abs(-3), 3);
  static_assert(std::is_same_v<decltype(sqrt(16.0f)), float>);
  EXPECT_EQ(sqrt(16.0f), 4.0f);
}

// A kernel with `using namespace std` gets std::min for two of one type, without ambiguity.
TEST(CceScalar, UsingNamespaceStdStillResolves) {
  using namespace std;
  EXPECT_EQ(min(2, 3), 2);
  EXPECT_EQ(max(2u, 3u), 3u);
  EXPECT_EQ(min(uint32_t{9}, 4), 4u);  // mixed: only the intrinsic's form takes it
}

}  // namespace

// The scalar unit's bit instructions, against CANN's documented examples and the edges.
namespace {

TEST(ScalarBits, CountsAndPositionsAsDocumented) {
  EXPECT_EQ(AscendC::GetBitCount<1>(0xffff), 16);  // CANN's example
  EXPECT_EQ(AscendC::GetBitCount<0>(0xffff), 48);
  EXPECT_EQ(AscendC::ScalarGetCountOfValue<1>(~uint64_t{0}), 64);
  EXPECT_EQ(AscendC::GetBitCount<0>(0), 64);
  EXPECT_EQ(AscendC::CountLeadingZero(1), 63);
  EXPECT_EQ(AscendC::CountLeadingZero(uint64_t{1} << 63), 0);
  EXPECT_EQ(AscendC::ScalarCountLeadingZero(0), 64);
  EXPECT_EQ(AscendC::CountBitsCntSameAsSignBit(0x0f00000000000000), 3);  // CANN's example
  EXPECT_EQ(AscendC::CountBitsCntSameAsSignBit(-2), 62);
  EXPECT_EQ(AscendC::CountBitsCntSameAsSignBit(0), -1);
  EXPECT_EQ(AscendC::CountBitsCntSameAsSignBit(-1), -1);
  EXPECT_EQ(AscendC::GetSFFValue<1>(28), 2);  // CANN's example
  EXPECT_EQ(AscendC::GetSFFValue<0>(28), 0);
  EXPECT_EQ(AscendC::ScalarGetSFFValue<0>(~uint64_t{0}), -1);
  EXPECT_EQ(AscendC::GetSFFValue<1>(0), -1);
  EXPECT_EQ(AscendC::GetSFFValue<1>(uint64_t{1} << 63), 63);
}

}  // namespace

namespace {

TEST(SysVar, DataBlockSizeAndTaskRatio) {
  static_assert(AscendC::GetDataBlockSizeInBytes() == 32);
  int64_t ratio = 0;
  const opsim::sim::LaunchResult r =
      opsim::sim::testing::RunOne([&] { ratio = AscendC::GetTaskRatio(); });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(ratio, 1);  // a vector-only launch: no cube core to share
}

}  // namespace
