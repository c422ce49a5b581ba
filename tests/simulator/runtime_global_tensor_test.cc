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

TEST(GlobalTensorAccess, CallOperatorPastTheLengthWarnsPastTheRegionFaults) {
  std::vector<float> gm(8, 0);
  auto kernel = [&](uint64_t at) {
    return [&, at] {
      AscendC::GlobalTensor<float> g;
      g.SetGlobalBuffer(gm.data(), 4);
      (void)g(at);
    };
  };
  const LaunchResult inside = RunOne(kernel(4), true, {{gm.data(), gm.size() * 4, "x"}});
  ASSERT_TRUE(inside.status.ok()) << inside.status.ToString();
  ASSERT_EQ(inside.warnings.size(), 1u);
  EXPECT_EQ(inside.warnings[0].kind, "global_tensor_overrun");
  const LaunchResult r = RunOne(kernel(8), true, {{gm.data(), gm.size() * 4, "x"}});
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_NE(r.fault->message.find("GM 'x' [0x20, 0x24) of 32 B"), std::string::npos)
      << r.fault->message;
}

// operator[] is pointer arithmetic: a view past the declared size or the region is no fault
// until an access through it leaves the region.
TEST(GlobalTensorAccess, SubviewPastTheEndFaultsOnlyWhenAccessed) {
  std::vector<float> gm(8, 0);
  const GmRegion region{gm.data(), gm.size() * 4, "x"};
  const LaunchResult made = RunOne(
      [&] {
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 4);
        AscendC::GlobalTensor<float> past = g[12];
        (void)past.GetSize();
      },
      true, {region});
  EXPECT_TRUE(made.status.ok()) << made.status.ToString();
  const LaunchResult used = RunOne(
      [&] {
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 4);
        (void)g[12].GetValue(0);
      },
      true, {region});
  ASSERT_TRUE(used.fault.has_value());
  EXPECT_EQ(used.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_NE(used.fault->message.find("GM 'x' [0x30, 0x34) of 32 B"), std::string::npos)
      << used.fault->message;
}

}  // namespace
}  // namespace opsim::sim
