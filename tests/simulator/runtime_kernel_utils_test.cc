// CANN's kernel utilities that asc-devkit's samples call: the rounding helpers (DivCeil family of
// kernel_operator.h, the Matmul's Ceil<T> family of lib/matmul_intf.h) against a wide-integer
// model, the type traits, the global block_idx in plain and MIX launches, DataSyncBarrier's
// devices, and the HardEvent values that are barriers or pipe pairs.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
// For the Ceil<T> family only: without ASCENDC_CUBE_ONLY the header declares this whole program
// a Matmul library, whose MIX kernels' AIC is the Matmul server (cube_matmul_engine.h), and the
// other suites' MIX launches (CrossCore.KernelTaskTypeChoosesTheLaunch) would run no AIC code.
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

std::string UtilsFaultText(const LaunchResult& r) {
  return r.fault ? r.fault->ToString() : "no fault";
}

// ceil(a / b) in 64 bits, truncated to the helper's 32 bits as the chip's wrapping sum is.
uint32_t CeilModel(uint64_t a, uint64_t b) {
  return static_cast<uint32_t>(((a + b - 1) & 0xFFFFFFFFull) / b);
}

TEST(KernelUtils, RoundingHelpersMatchTheModel) {
  static_assert(DivCeil(100, 32) == 4 && AlignUp(33, 32) == 64 && ConstCeil(64, 32) == 2,
                "usable in constant expressions");
  const uint32_t values[] = {0, 1, 31, 32, 33, 255, 4096, 65537, 0x7FFFFFFFu, 0xFFFFFFF0u};
  const uint32_t divisors[] = {1, 2, 7, 32, 256, 0x10000u};
  for (uint32_t a : values) {
    for (uint32_t b : divisors) {
      EXPECT_EQ(DivCeil(a, b), CeilModel(a, b)) << a << "/" << b;
      EXPECT_EQ(ConstCeil(a, b), CeilModel(a, b)) << a << "/" << b;
      EXPECT_EQ(AscendC::Ceil(a, b), CeilModel(a, b)) << a << "/" << b;
      EXPECT_EQ(AlignUp(a, b), static_cast<uint32_t>(CeilModel(a, b) * b)) << a << "/" << b;
    }
  }
  EXPECT_EQ(CeilDivision(100, 32), 4);
  EXPECT_EQ(CeilDivision(100, 0), 0);  // its page: a zero divisor gives 0
  // The Matmul's templates keep the operands' type: int64_t past 32 bits.
  const int64_t big = int64_t{3} << 40;
  EXPECT_EQ(AscendC::Ceil(big + 1, int64_t{1024}), (big >> 10) + 1);
  EXPECT_EQ(CeilAlign(big + 1, int64_t{1024}), big + 1024);
  EXPECT_EQ(CeilT(int16_t{17}, int16_t{4}), 5);
  EXPECT_EQ(CeilAlignT(17u, 4u), 20u);
  EXPECT_EQ(CeilNoLog(17, 0), 0);
  EXPECT_EQ(Align(17, 8), 24);
  EXPECT_EQ(AlignDown(17, 8), 16);
  EXPECT_EQ(Align(17, 0), 0);
  EXPECT_EQ(MaxValue(3, 9, -2), 9);
  EXPECT_EQ(MinValue(3, 9, -2), -2);
}

TEST(KernelUtils, AZeroOrNegativeDivisorFaults) {
  volatile uint32_t zero = 0;
  LaunchResult r = testing::RunOne([&] { (void)DivCeil(64, zero); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kAicoreException);
  EXPECT_NE(UtilsFaultText(r).find("DivCeil(64, 0): integer division by zero"), std::string::npos)
      << UtilsFaultText(r);
  r = testing::RunOne([&] { (void)AlignUp(64, zero); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "AlignUp");
  volatile int64_t negative = -8;
  r = testing::RunOne([&] { (void)AscendC::Ceil(int64_t{64}, int64_t{negative}); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(UtilsFaultText(r).find("num2 is -8, which should be larger than 0"), std::string::npos)
      << UtilsFaultText(r);
}

TEST(KernelUtils, TypeTraitsPickAsCannsDo) {
  static_assert(std::is_same_v<Conditional<true, int, float>::type, int>);
  static_assert(std::is_same_v<Conditional<false, int, float>::type, float>);
  static_assert(std::is_same_v<ConditionalMulti<true, false, int, float, char, bool>::type, float>);
  static_assert(std::is_same_v<ConditionalMulti<false, true, int, float, char, bool>::type, char>);
  static_assert(SupportType<half, float, half>() && !SupportType<int8_t, float, half>());
  static_assert(SupportEnum<TPosition::VECIN, TPosition::GM, TPosition::VECIN>());
  static_assert(!SupportEnum<TPosition::VECOUT, TPosition::GM, TPosition::VECIN>());
  static_assert(IsSameType<int, int>::value && !IsSameTypeV<int, unsigned>);
  static_assert(std::is_same_v<IsSameType<int, int>::Type, TrueType>);
  static_assert(BLOCK_CUBE == 16 && CUBE_MAX_SIZE == 256 && K_MAX_DIM == 8);
  SUCCEED();
}

TEST(KernelUtils, BlockIdxIsTheHardwareBlock) {
  std::vector<int64_t> seen(4, -1);
  LaunchOptions o;
  const LaunchResult plain = Launch(testing::TestDevice(4), 4, o, [&] {
    seen[static_cast<size_t>(GetBlockIdx())] = block_idx * 10;
  });
  ASSERT_TRUE(plain.status.ok()) << plain.status.ToString();
  EXPECT_EQ(seen, (std::vector<int64_t>{0, 10, 20, 30}));
  // A MIX block's two AIV (GetBlockIdx 2b and 2b + 1) and its AIC share the AI Core's index b.
  DeviceProfile split = testing::TestDevice(8);
  split.cube_cores = 4;
  std::vector<int64_t> aiv(4, -1), aic(2, -1);
  const LaunchResult mix = LaunchMix(
      split, 2, o,
      [&] {
        if (g_coreType == AIC) {
          aic[static_cast<size_t>(GetBlockIdx())] = block_idx;
        } else {
          aiv[static_cast<size_t>(GetBlockIdx())] = block_idx;
        }
      },
      MixShape{2, true});
  ASSERT_TRUE(mix.status.ok()) << mix.status.ToString();
  EXPECT_EQ(aiv, (std::vector<int64_t>{0, 0, 1, 1}));
  EXPECT_EQ(aic, (std::vector<int64_t>{0, 1}));
}

TEST(KernelUtils, DataSyncBarrierRunsWhereItsPageListsIt) {
  DeviceProfile a2 = testing::TestDevice();
  a2.architecture = "dav-2201";
  const auto kernel = [] {
    DataSyncBarrier<MemDsbT::ALL>();
    DataSyncBarrier<MemDsbT::DDR>();
    DataSyncBarrier<MemDsbT::UB>();
  };
  LaunchResult r = Launch(a2, 1, LaunchOptions{}, kernel);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_GT(r.stats.slowest_core_ns, 0);
  DeviceProfile v910 = testing::TestDevice();
  v910.name = "ascend910a";
  v910.architecture = "dav-1001";
  r = Launch(v910, 1, LaunchOptions{}, kernel);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(UtilsFaultText(r).find("not on ascend910a (dav-1001)"), std::string::npos)
      << UtilsFaultText(r);
}

TEST(KernelUtils, NewHardEventsPairOrBarrier) {
  // FIX_MTE3 and the scalar waits are flags: unpaired, they fault by name.
  LaunchResult r = testing::RunOne([] { WaitFlag<HardEvent::FIX_MTE3>(EVENT_ID2); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
  EXPECT_NE(UtilsFaultText(r).find("WaitFlag<FIX_MTE3>(2)"), std::string::npos)
      << UtilsFaultText(r);
  r = testing::RunOne([] {
    SetFlag<HardEvent::FIX_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::FIX_MTE3>(EVENT_ID0);
    SetFlag<HardEvent::M_S>(EVENT_ID1);
    WaitFlag<HardEvent::M_S>(EVENT_ID1);
    set_flag(PIPE_FIX, PIPE_S, EVENT_ID3);
    wait_flag(PIPE_FIX, PIPE_S, EVENT_ID3);
    // V_V and FIX_FIX are barriers: a set with no wait (or a wait alone) is not a flag.
    SetFlag<HardEvent::V_V>(EVENT_ID0);
    WaitFlag<HardEvent::FIX_FIX>(EVENT_ID0);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  r = testing::RunOne([] { SetFlag<HardEvent::V_V>(9); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(UtilsFaultText(r).find("event id 9"), std::string::npos) << UtilsFaultText(r);
  // On the 910B the cube<->V events compile to nothing (split cores); elsewhere they pair.
  DeviceProfile a2 = testing::TestDevice();
  a2.architecture = "dav-2201";
  r = Launch(a2, 1, LaunchOptions{}, [] { WaitFlag<HardEvent::M_V>(EVENT_ID0); });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  r = testing::RunOne([] { WaitFlag<HardEvent::M_V>(EVENT_ID0); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
}

// The cube memories' allocators start at address 0 and hand out blocks back to back, each a
// raw-address tensor of the memory's default (or the given) position; past the memory's end
// the tensor's own check faults.
TEST(KernelUtils, LocalMemAllocatorOfTheCubeMemories) {
  DeviceProfile d = testing::TestDevice();
  d.cube_cores = 2;
  LaunchOptions o;
  o.core_type = CoreType::kAic;
  const LaunchResult r = Launch(d, 1, o, [] {
    LocalMemAllocator<Hardware::L1> l1;
    LocalMemAllocator<Hardware::L0C> l0c;
    const LocalTensor<half> a = l1.Alloc<TPosition::A1, half>(256);
    const LocalTensor<half> b = l1.Alloc<TPosition::B1, half, 256>();
    const LocalTensor<float> c = l0c.Alloc<float>(256);
    EXPECT_EQ(a.GetPhyAddr(), 0u);
    EXPECT_EQ(b.GetPhyAddr(), 512u);
    EXPECT_EQ(b.GetPosition(), static_cast<int32_t>(TPosition::B1));
    EXPECT_EQ(l1.GetCurAddr(), 1024u);
    EXPECT_EQ(c.GetPhyAddr(), 0u);
    EXPECT_EQ(c.GetPosition(), static_cast<int32_t>(TPosition::CO1));
    EXPECT_EQ(l0c.GetCurAddr(), 1024u);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  static_assert(GetPhyType(TPosition::C2) == Hardware::BIAS &&
                GetDefaultPosition(Hardware::L0B) == TPosition::B2);
  const LaunchResult past = Launch(d, 1, o, [] {
    LocalMemAllocator<Hardware::L0A> l0a;
    l0a.Alloc<half>(16384);  // 32 KB
    l0a.Alloc<half>(16384);
    l0a.Alloc<half>(16);  // past the 64 KB of L0A
  });
  ASSERT_TRUE(past.fault.has_value());
  EXPECT_NE(UtilsFaultText(past).find("past the end of the L0A"), std::string::npos)
      << UtilsFaultText(past);
}

}  // namespace
}  // namespace opsim::sim
