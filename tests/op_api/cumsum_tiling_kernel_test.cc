// The high-level CumSum's host helper (lib/math/cumsum_tiling.h through tiling/tiling_api.h):
// CANN's 910B figures, the errors, and the kernel side in step with it.
#include <gtest/gtest.h>

#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace cumsum_tiling_test {

using namespace AscendC;

struct Sizes {
  uint32_t max = 7, min = 7;
};
Sizes Ask(int64_t outter, int64_t inner, uint32_t type_size, bool last_axis) {
  Sizes s;
  GetCumSumMaxMinTmpSize(ge::Shape({outter, inner}), type_size, last_axis, false, s.max, s.min);
  return s;
}

TEST(CumSumTiling, HelperGivesCannsFigures) {
  // Last axis: both transposes of a block of 16 rows (all rows, rounded up to 16, at most).
  EXPECT_EQ(Ask(5, 16, 4, true).min, 16u * 16 * 4 * 2);
  EXPECT_EQ(Ask(40, 16, 4, true).max, 48u * 16 * 4 * 2);
  // Half adds the float adds of the block.
  EXPECT_EQ(Ask(5, 32, 2, true).min, 32u * 16 * 2 + 16 * 32 * 2 * 2);
  // First axis: nothing for float, the float sums of everything for half.
  EXPECT_EQ(Ask(5, 16, 4, false).max, 0u);
  EXPECT_EQ(Ask(5, 32, 2, false).min, 5u * 32 * 4);
  EXPECT_EQ(Ask(5, 32, 2, false).max, 5u * 32 * 4);
}

TEST(CumSumTiling, BrokenArgumentsLeaveTheValues) {
  testing::internal::CaptureStderr();
  Sizes s;
  GetCumSumMaxMinTmpSize(ge::Shape({2, 3, 16}), 4, true, false, s.max, s.min);
  EXPECT_EQ(s.max, 7u);
  EXPECT_EQ(Ask(4, 16, 8, true).min, 7u);
  EXPECT_EQ(Ask(4, 12, 4, true).min, 7u);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetCumSumMaxMinTmpSize: srcShape has 3 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("typeSize 8 is not 2"), std::string::npos) << err;
  EXPECT_NE(err.find("inner a whole number of 32-byte blocks"), std::string::npos) << err;
}

constexpr CumSumConfig kLast = {true, false, false};

TEST(CumSumTiling, KernelRunsWithTheMinimumAndFaultsBelowIt) {
  const uint32_t min = Ask(20, 16, 2, true).min;
  for (uint32_t tmp : {min, min - 32}) {
    const opsim::sim::LaunchResult r = opsim::sim::testing::RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> bx, bt;
      pipe.InitBuffer(bx, 20 * 16 * 2);
      pipe.InitBuffer(bt, tmp);
      LocalTensor<half> x = bx.Get<half>();
      LocalTensor<uint8_t> t = bt.Get<uint8_t>();
      Duplicate(x, static_cast<half>(1.0f), 20 * 16);
      CumSum<half, kLast>(x, x, x, t, {20, 16});
      EXPECT_EQ(static_cast<float>(x.GetValue(15)), 16.0f);
    });
    EXPECT_EQ(r.status.ok(), tmp == min) << tmp;
  }
}

}  // namespace cumsum_tiling_test
