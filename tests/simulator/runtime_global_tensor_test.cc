// GlobalTensor's element access as public kernels use it: tensor(i) reads and writes one element
// (bounds-checked), and the public address_ member follows SetGlobalBuffer and subviews.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "sim_test_util.h"

namespace opsim::sim {
namespace {

using testing::RunOne;

TEST(GlobalTensorAccess, CallOperatorReadsAndWritesOneElement) {
  std::vector<float> gm = {0, 1, 2, 3, 4, 5, 6, 7};
  float read = 0;
  float* seen = nullptr;
  float* seen_sub = nullptr;
  const LaunchResult r = RunOne(
      [&] {
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), gm.size());
        read = g(2);
        g(3) = 30.0f;
        seen = g.address_;
        seen_sub = g[4].address_;
      },
      true, {{gm.data(), gm.size() * sizeof(float), "x"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(read, 2.0f);
  EXPECT_EQ(gm[3], 30.0f);
  EXPECT_EQ(seen, gm.data());
  EXPECT_EQ(seen_sub, gm.data() + 4);
}

TEST(GlobalTensorAccess, CallOperatorPastTheLengthFaults) {
  std::vector<float> gm(8, 0);
  const LaunchResult r = RunOne(
      [&] {
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 4);
        (void)g(4);
      },
      true, {{gm.data(), gm.size() * sizeof(float), "x"}});
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
}

}  // namespace
}  // namespace opsim::sim
