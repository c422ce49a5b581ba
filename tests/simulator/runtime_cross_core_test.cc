// MIX blocks whose AIC and AIV cores run concurrently: CrossCoreSetFlag / CrossCoreWaitFlag in
// modes 0, 1 and 2 (counters, timing, the deadlock and unpaired-set faults, the parameter
// checks), SyncAll between the AIV of MIX blocks and SyncAll<false> between all their cores,
// KERNEL_TASK_TYPE_DEFAULT choosing the launch, and the GM checks across a MIX block's cores.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

// The 910B's split: 4 AIC with 8 AIV.
DeviceProfile SplitDevice() {
  DeviceProfile d = testing::TestDevice(8);
  d.cube_cores = 4;
  d.flag_sync_cycles = 10;
  return d;
}

LaunchResult RunMix(uint32_t blocks, const std::function<void()>& kernel, bool checked = true,
                    uint32_t aiv = 2, std::vector<GmRegion> regions = {}) {
  LaunchOptions o;
  o.checked = checked;
  o.regions = std::move(regions);
  return LaunchMix(SplitDevice(), blocks, o, kernel, MixShape{aiv, true});
}

std::string FaultText(const LaunchResult& r) { return r.fault ? r.fault->ToString() : "no fault"; }

// The AIC hands a value to both AIV (mode 2) and waits for both to answer (mode 2 the other way);
// the AIV run only after the AIC's set, and the AIC only after both AIV's.
TEST(CrossCore, Mode2HandsOffBetweenTheAicAndBothAiv) {
  std::vector<int32_t> ws(4, 0), out(8, -1);
  int32_t aic_seen = 0;
  const LaunchResult r = RunMix(
      1,
      [&] {
        GlobalTensor<int32_t> w, o;
        w.SetGlobalBuffer(ws.data(), 4);
        o.SetGlobalBuffer(out.data(), 8);
        if ASCEND_IS_AIC {
          EXPECT_EQ(GetBlockIdx(), 0);
          EXPECT_EQ(GetSubBlockIdx(), 0);
          w.SetValue(0, 41);
          CrossCoreSetFlag<2, PIPE_FIX>(3);
          CrossCoreWaitFlag<2, PIPE_FIX>(4);
          aic_seen = w.GetValue(1) + w.GetValue(2);
          return;
        }
        const int64_t sub = GetSubBlockIdx();
        EXPECT_EQ(GetBlockIdx(), sub);
        EXPECT_EQ(GetTaskRation(), 2);
        CrossCoreWaitFlag(3);
        o.SetValue(static_cast<uint32_t>(sub), w.GetValue(0) + static_cast<int32_t>(sub));
        w.SetValue(static_cast<uint32_t>(1 + sub), 10 * static_cast<int32_t>(sub + 1));
        CrossCoreSetFlag<2, PIPE_MTE3>(4);
      },
      true, 2,
      {{ws.data(), 16, "ws", 0, GmRole::kWorkspace}, {out.data(), 32, "out", 0, GmRole::kOutput}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(out[0], 41);
  EXPECT_EQ(out[1], 42);
  EXPECT_EQ(aic_seen, 30);
}

// Mode 1 between the two AIV: sub-block 0 waits for what sub-block 1 writes after it, which only
// concurrent sub-blocks can give (sub-block 0 runs first on the host).
TEST(CrossCore, Mode1OrdersTheTwoAiv) {
  std::vector<int32_t> ws(8, 0);
  int32_t seen = -1;
  const LaunchResult r = RunMix(1,
                                [&] {
                                  if ASCEND_IS_AIC
                                    return;
                                  GlobalTensor<int32_t> w;
                                  w.SetGlobalBuffer(ws.data(), 8);
                                  if (GetSubBlockIdx() == 1) w.SetValue(0, 7);
                                  CrossCoreSetFlag<1, PIPE_MTE3>(2);
                                  CrossCoreWaitFlag<1>(2);
                                  if (GetSubBlockIdx() == 0) seen = w.GetValue(0);
                                },
                                false, 2, {{ws.data(), 32, "ws"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(seen, 7);
}

// A wait starts no earlier than the set plus the flag hand-off: the AIV's clock follows the
// AIC's pipe that set it.
TEST(CrossCore, TheWaitFollowsTheSetOnTheTimeline) {
  std::vector<int32_t> ws(8, 0);
  const LaunchResult r = RunMix(1,
                                [&] {
                                  GlobalTensor<int32_t> w;
                                  w.SetGlobalBuffer(ws.data(), 8);
                                  if ASCEND_IS_AIC {
                                    for (int i = 0; i < 200; ++i)
                                      w.SetValue(0, i);  // scalar work: S advances
                                    CrossCoreSetFlag<2, PIPE_FIX>(0);
                                    return;
                                  }
                                  CrossCoreWaitFlag(0);
                                },
                                false, 2, {{ws.data(), 32, "ws"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  // Both AIV waited for the AIC's 200 scalar stores (1 ns each) and the 10 ns hand-off.
  EXPECT_GE(r.stats.slowest_core_ns, 210.0);
}

TEST(CrossCore, AWaitNothingCanSatisfyIsADeadlockNamingTheFlagTheCoresAndTheMode) {
  const LaunchResult r = RunMix(1, [&] {
    if ASCEND_IS_AIC
      return;
    CrossCoreWaitFlag<2, PIPE_V>(5);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
  const std::string m = FaultText(r);
  EXPECT_NE(m.find("CrossCoreWaitFlag<2>(5)"), std::string::npos) << m;
  EXPECT_NE(m.find("AIV 0"), std::string::npos) << m;
  EXPECT_NE(m.find("AIV 1"), std::string::npos) << m;
  EXPECT_NE(m.find("the AIC of block 0 ended"), std::string::npos) << m;
}

// The AIV wait for each other in a cycle: the AIC ended, neither can set.
TEST(CrossCore, AWaitCycleIsADeadlock) {
  const LaunchResult r = RunMix(1, [&] {
    if ASCEND_IS_AIC
      return;
    CrossCoreWaitFlag<1>(GetSubBlockIdx() == 0 ? 1 : 2);
    CrossCoreSetFlag<1, PIPE_V>(GetSubBlockIdx() == 0 ? 2 : 1);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock) << FaultText(r);
}

// A Matmul library's AIC is only the Matmul server: a wait for its set hangs on the chip.
TEST(CrossCore, AWaitForTheMatmulServersSetIsADeadlock) {
  LaunchOptions o;
  const LaunchResult r = LaunchMix(
      SplitDevice(), 1, o, [&] { CrossCoreWaitFlag(1); }, MixShape{2, false});
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
  EXPECT_NE(FaultText(r).find("runs only the Matmul server"), std::string::npos) << FaultText(r);
}

TEST(CrossCore, ASetNeverWaitedForIsAFaultInCheckedMode) {
  const auto kernel = [&] {
    if ASCEND_IS_AIC
      CrossCoreSetFlag<2, PIPE_FIX>(4);
  };
  const LaunchResult r = RunMix(1, kernel);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnpairedFlag);
  const std::string m = FaultText(r);
  EXPECT_NE(m.find("CrossCoreSetFlag<2>(4) by the AIC of block 0"), std::string::npos) << m;
  EXPECT_TRUE(RunMix(1, kernel, /*checked=*/false).status.ok());
  // Mode 1 counts only when both AIV set: one alone is never matched.
  const LaunchResult one = RunMix(1, [&] {
    if (ASCEND_IS_AIV && GetSubBlockIdx() == 0) CrossCoreSetFlag<1, PIPE_V>(6);
  });
  ASSERT_TRUE(one.fault.has_value());
  EXPECT_EQ(one.fault->kind, FaultKind::kUnpairedFlag);
  EXPECT_NE(FaultText(one).find("never matched by the other AIV"), std::string::npos);
}

TEST(CrossCore, ACounterHoldsSixteenSets) {
  const auto sets = [&](int n) {
    return RunMix(1, [&, n] {
      if ASCEND_IS_AIC {
        for (int i = 0; i < n; ++i) CrossCoreSetFlag<2, PIPE_FIX>(7);
        return;
      }
      for (int i = 0; i < n; ++i) CrossCoreWaitFlag(7);
    });
  };
  EXPECT_TRUE(sets(16).status.ok()) << sets(16).status.ToString();
  const LaunchResult r = sets(17);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnpairedFlag);
  EXPECT_NE(FaultText(r).find("at most 16"), std::string::npos) << FaultText(r);
}

TEST(CrossCore, ParametersAreChecked) {
  const auto fault = [&](const std::function<void()>& k, FaultKind kind, const char* text) {
    const LaunchResult r = RunMix(1, k);
    ASSERT_TRUE(r.fault.has_value()) << text;
    EXPECT_EQ(r.fault->kind, kind) << FaultText(r);
    EXPECT_NE(FaultText(r).find(text), std::string::npos) << FaultText(r);
  };
  fault([] { CrossCoreSetFlag<2, PIPE_V>(16); }, FaultKind::kInvalidArgument,
        "flagId 16 is out of range (expected 0..15)");
  fault([] { CrossCoreSetFlag<2, PIPE_S>(1); }, FaultKind::kInvalidArgument, "PIPE_S or PIPE_ALL");
  // Mode 0 waits for every core of its type: all blocks must be resident (4 AIC here).
  const LaunchResult five = RunMix(5, [] {
    CrossCoreSetFlag<0, PIPE_V>(1);
    CrossCoreWaitFlag(1);
  });
  ASSERT_TRUE(five.fault.has_value());
  EXPECT_EQ(five.fault->kind, FaultKind::kUnsupported) << FaultText(five);
  EXPECT_NE(FaultText(five).find("blockDim 5 exceeds the 4 cores"), std::string::npos)
      << FaultText(five);
  fault(
      [] {
        if ASCEND_IS_AIC
          CrossCoreSetFlag<1, PIPE_FIX>(1);
      },
      FaultKind::kInvalidArgument, "mode 1 synchronises the two AIV");
  // Outside a MIX launch, and on a chip whose AI core holds both units.
  const LaunchResult plain = testing::RunOne([] { CrossCoreSetFlag<2, PIPE_V>(1); });
  ASSERT_TRUE(plain.fault.has_value());
  EXPECT_NE(FaultText(plain).find("AI core holds the cube and vector units"), std::string::npos);
  DeviceProfile d = SplitDevice();
  const LaunchResult aiv = Launch(d, 1, LaunchOptions{}, [] { CrossCoreWaitFlag<2>(1); });
  ASSERT_TRUE(aiv.fault.has_value());
  EXPECT_EQ(aiv.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(FaultText(aiv).find("this launch is not MIX"), std::string::npos) << FaultText(aiv);
}

// SyncAll in MIX kernels: every AIV of every block meets; the AIC goes on.
TEST(CrossCore, SyncAllJoinsTheAivOfEveryMixBlock) {
  std::vector<int32_t> slots(8, 0), sums(8, 0);
  const LaunchResult r = RunMix(2,
                                [&] {
                                  if ASCEND_IS_AIC
                                    return;
                                  GlobalTensor<int32_t> s, o;
                                  s.SetGlobalBuffer(slots.data(), 8);
                                  o.SetGlobalBuffer(sums.data(), 8);
                                  const auto me = static_cast<uint32_t>(GetBlockIdx());
                                  s.SetValue(me, static_cast<int32_t>(me) + 1);
                                  SyncAll();
                                  int32_t sum = 0;
                                  for (uint32_t i = 0; i < 4; ++i) sum += s.GetValue(i);
                                  o.SetValue(me, sum);
                                },
                                true, 2,
                                {{slots.data(), 32, "slots", 0, GmRole::kWorkspace},
                                 {sums.data(), 32, "sums", 16, GmRole::kOutput}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(sums[i], 10) << i;
  // One AIV ending without the SyncAll its sibling waits in.
  const LaunchResult bad = RunMix(1, [&] {
    if (ASCEND_IS_AIV && GetSubBlockIdx() == 0) SyncAll();
  });
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_EQ(bad.fault->kind, FaultKind::kBarrierDeadlock) << FaultText(bad);
  EXPECT_NE(FaultText(bad).find("waits in SyncAll"), std::string::npos) << FaultText(bad);
}

// MIX_AIC_1_1: one AIV per AIC; GetBlockIdx is the block.
TEST(CrossCore, OneAivPerBlock) {
  std::atomic<int> aiv_runs{0}, aic_runs{0};
  const LaunchResult r = RunMix(
      3,
      [&] {
        if ASCEND_IS_AIC {
          ++aic_runs;
          CrossCoreSetFlag<2, PIPE_FIX>(1);
          return;
        }
        EXPECT_EQ(GetSubBlockIdx(), 0);
        EXPECT_EQ(GetTaskRation(), 1);
        EXPECT_LT(GetBlockIdx(), 3);
        CrossCoreWaitFlag(1);
        ++aiv_runs;
      },
      true, 1);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(aiv_runs.load(), 3);
  EXPECT_EQ(aic_runs.load(), 3);
}

// KERNEL_TASK_TYPE_DEFAULT runs the kernel as it declares, whatever the launch asked.
TEST(CrossCore, KernelTaskTypeChoosesTheLaunch) {
  DeviceProfile d = SplitDevice();
  std::atomic<int> aic{0}, aiv{0};
  const auto count = [&] { ++(ASCEND_IS_AIC ? aic : aiv); };
  LaunchResult r = Launch(d, 2, LaunchOptions{}, [&] {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    count();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(aic.load(), 2);
  EXPECT_EQ(aiv.load(), 4);
  aic = aiv = 0;
  r = Launch(d, 2, LaunchOptions{}, [&] {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    count();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(aic.load(), 2);
  EXPECT_EQ(aiv.load(), 0);
  aic = aiv = 0;
  LaunchOptions keyed;
  keyed.tiling_key = 3;
  r = Launch(d, 2, keyed, [&] {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    KERNEL_TASK_TYPE(3, KERNEL_TYPE_MIX_AIC_1_1);
    KERNEL_TASK_TYPE(4, KERNEL_TYPE_AIC_ONLY);
    count();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(aic.load(), 2);
  EXPECT_EQ(aiv.load(), 2);
  // After the kernel's first instruction the declaration comes too late.
  r = Launch(d, 1, LaunchOptions{}, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 256);
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, 64);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(FaultText(r).find("after the kernel's first instruction"), std::string::npos)
      << FaultText(r);
}

// A hardware exception on one core of a MIX block (here the AIC, while both AIV wait for it) is
// that core's AI Core exception; the waiting AIV unwind and the process goes on.
// (UBSan would report the division itself: the CPU's exception is under test.)
volatile int64_t g_mix_zero = 0;
__attribute__((no_sanitize("integer-divide-by-zero"), noinline)) void MixDivideByZero() {
  g_mix_zero = 7 / g_mix_zero;
}
TEST(CrossCore, AnExceptionOnOneCoreStopsTheBlock) {
  const LaunchResult r = RunMix(1, [&] {
    if ASCEND_IS_AIC {
      MixDivideByZero();
      CrossCoreSetFlag<2, PIPE_FIX>(0);
      return;
    }
    CrossCoreWaitFlag(0);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kAicoreException) << FaultText(r);
  EXPECT_NE(FaultText(r).find("SIGFPE"), std::string::npos) << FaultText(r);
}

// Checked mode: the AIC's GM writes handed to the AIV through a flag are no race; two MIX
// blocks writing the same bytes without a SyncAll are.
TEST(CrossCore, GmChecksAcrossMixBlocks) {
  std::vector<int32_t> ws(16, 0);
  const auto kernel = [&](bool clash) {
    return RunMix(2,
                  [&, clash] {
                    GlobalTensor<int32_t> w;
                    w.SetGlobalBuffer(ws.data(), 16);
                    const auto block =
                        static_cast<uint32_t>(GetBlockIdx() / (ASCEND_IS_AIC ? 1 : 2));
                    const uint32_t at = clash ? 0 : block * 8;
                    if ASCEND_IS_AIC {
                      w.SetValue(at, 5);
                      CrossCoreSetFlag<2, PIPE_FIX>(0);
                      return;
                    }
                    CrossCoreWaitFlag(0);
                    if (GetSubBlockIdx() == 0) (void)w.GetValue(at);
                  },
                  true, 2, {{ws.data(), 64, "ws", 0, GmRole::kWorkspace}});
  };
  const LaunchResult ok = kernel(false);
  EXPECT_TRUE(ok.status.ok()) << ok.status.ToString();
  const LaunchResult race = kernel(true);
  ASSERT_TRUE(race.fault.has_value());
  EXPECT_EQ(race.fault->kind, FaultKind::kGmRace) << FaultText(race);
}

// Mode 0 in the style of CANN's fused attention kernels: each AIC writes its block's part of a
// GM workspace, the AIC of every block sync (CrossCoreSetFlag<0x0, PIPE_FIX> + wait), then each
// reads the next block's part; the AIV do the same among all AIV (PIPE_MTE3). One host thread
// runs the blocks in order, so block 0 reads what block 2 writes only if its wait parks it.
LaunchResult RunMode0HandOff(std::vector<int32_t>& ws, std::vector<int32_t>& out, bool sync,
                             int threads = 1) {
  LaunchOptions o;
  o.checked = true;
  o.host_threads = threads;
  o.regions = {{ws.data(), 64, "ws", 0, GmRole::kWorkspace},
               {out.data(), 64, "out", 0, GmRole::kOutput}};
  return LaunchMix(
      SplitDevice(), 3, o,
      [&, sync] {
        GlobalTensor<int32_t> w, r;
        w.SetGlobalBuffer(ws.data(), 16);
        r.SetGlobalBuffer(out.data(), 16);
        const auto me = static_cast<uint32_t>(GetBlockIdx());
        if ASCEND_IS_AIC {
          for (uint32_t i = 0; i < 100 * me; ++i) w.SetValue(me, 0);  // block 2's set is last
          w.SetValue(me, 10 * static_cast<int32_t>(me + 1));
          if (sync) {
            CrossCoreSetFlag<0x0, PIPE_FIX>(3);
            CrossCoreWaitFlag(3);
          }
          r.SetValue(me, w.GetValue((me + 1) % 3));
          return;
        }
        w.SetValue(3 + me, static_cast<int32_t>(me) + 1);  // AIV 0-5 own ws[3..8]
        if (sync) {
          CrossCoreSetFlag<0x0, PIPE_MTE3>(3);
          CrossCoreWaitFlag(3);
        }
        r.SetValue(3 + me, w.GetValue(3 + (me + 5) % 6));
      },
      MixShape{2, true});
}

TEST(CrossCore, Mode0SyncsEveryAicAndEveryAivOfTheLaunch) {
  std::vector<int32_t> ws(16, 0), out(16, -1);
  const LaunchResult r = RunMode0HandOff(ws, out, true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(out[0], 20);
  EXPECT_EQ(out[1], 30);
  EXPECT_EQ(out[2], 10);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(out[3 + i], (i + 5) % 6 + 1) << i;
  // Every AIC waited for block 2's set after its 200 scalar stores and the 10 ns hand-off.
  EXPECT_GE(r.stats.slowest_core_ns, 210.0);
  // The same with the blocks on three host threads.
  std::fill(ws.begin(), ws.end(), 0);
  const LaunchResult three = RunMode0HandOff(ws, out, true, 3);
  ASSERT_TRUE(three.status.ok()) << three.status.ToString();
  EXPECT_EQ(out[0], 20);
  EXPECT_EQ(out[2], 10);
  EXPECT_EQ(out[3], 6);
  // Without the sync, block 0 reads block 1's part before block 1 ran: the race check sees it.
  std::fill(ws.begin(), ws.end(), 0);
  const LaunchResult race = RunMode0HandOff(ws, out, false);
  ASSERT_TRUE(race.fault.has_value());
  EXPECT_EQ(race.fault->kind, FaultKind::kGmRace) << FaultText(race);
}

// A MIX_AIV_1_0 kernel (a plain AIV launch): mode 0 among its blocks, as the page's example.
TEST(CrossCore, Mode0OutsideMixBlocks) {
  std::vector<int32_t> ws(8, 0);
  int32_t sum = 0;
  LaunchOptions o;
  o.checked = true;
  o.host_threads = 1;
  o.regions = {{ws.data(), 32, "ws", 0, GmRole::kWorkspace}};
  const LaunchResult r = Launch(SplitDevice(), 4, o, [&] {
    GlobalTensor<int32_t> w;
    w.SetGlobalBuffer(ws.data(), 8);
    const auto me = static_cast<uint32_t>(GetBlockIdx());
    w.SetValue(me, static_cast<int32_t>(me) + 1);
    CrossCoreSetFlag<0, PIPE_MTE3>(0);
    CrossCoreWaitFlag(0);
    if (me == 0) {
      for (uint32_t i = 0; i < 4; ++i) sum += w.GetValue(i);
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(sum, 10);
}

TEST(CrossCore, Mode0Faults) {
  // Block 1's AIC never sets: the others wait for ever.
  const LaunchResult hang = RunMix(2, [] {
    if (ASCEND_IS_AIC && GetBlockIdx() == 1) return;
    if ASCEND_IS_AIC {
      CrossCoreSetFlag<0, PIPE_FIX>(2);
      CrossCoreWaitFlag(2);
    }
  });
  ASSERT_TRUE(hang.fault.has_value());
  EXPECT_EQ(hang.fault->kind, FaultKind::kDeadlock) << FaultText(hang);
  EXPECT_NE(FaultText(hang).find("the AIC of block 0 waits in CrossCoreWaitFlag<0>(2)"),
            std::string::npos)
      << FaultText(hang);
  EXPECT_NE(FaultText(hang).find("not yet set by the AIC of block 1"), std::string::npos)
      << FaultText(hang);
  // With more blocks than AIC no block waits for a mode 0 round: a block's own deadlock is
  // found at once, whatever the blocks after it would do.
  const LaunchResult local = RunMix(6, [] {
    if ASCEND_IS_AIV
      CrossCoreWaitFlag(7);
  });
  ASSERT_TRUE(local.fault.has_value());
  EXPECT_EQ(local.fault->kind, FaultKind::kDeadlock) << FaultText(local);
  EXPECT_NE(FaultText(local).find("MIX block 0: no core of the block can go on, so the chip"),
            std::string::npos)
      << FaultText(local);
  // The same outside MIX blocks.
  const LaunchResult alone = Launch(SplitDevice(), 2, LaunchOptions{}, [] {
    if (GetBlockIdx() == 1) return;
    CrossCoreSetFlag<0, PIPE_V>(2);
    CrossCoreWaitFlag(2);
  });
  ASSERT_TRUE(alone.fault.has_value());
  EXPECT_EQ(alone.fault->kind, FaultKind::kDeadlock) << FaultText(alone);
  EXPECT_NE(FaultText(alone).find("not yet set by AIV 1"), std::string::npos) << FaultText(alone);
  // Sets every AIC matched but no wait took, and a set the other AIC never matched.
  const LaunchResult unwaited = RunMix(2, [] {
    if ASCEND_IS_AIC
      CrossCoreSetFlag<0, PIPE_FIX>(4);
  });
  ASSERT_TRUE(unwaited.fault.has_value());
  EXPECT_EQ(unwaited.fault->kind, FaultKind::kUnpairedFlag) << FaultText(unwaited);
  EXPECT_NE(FaultText(unwaited).find("never waited for by the AIC of block 0"), std::string::npos)
      << FaultText(unwaited);
  const LaunchResult lone = RunMix(2, [] {
    if (ASCEND_IS_AIC && GetBlockIdx() == 0) CrossCoreSetFlag<0, PIPE_FIX>(4);
  });
  ASSERT_TRUE(lone.fault.has_value());
  EXPECT_EQ(lone.fault->kind, FaultKind::kUnpairedFlag) << FaultText(lone);
  EXPECT_NE(FaultText(lone).find("never matched by the AIC of block 1"), std::string::npos)
      << FaultText(lone);
  // Sixteen rounds fit a counter; the seventeenth is one too many.
  const auto rounds = [](int n) {
    return RunMix(1, [n] {
      if ASCEND_IS_AIV
        return;
      for (int i = 0; i < n; ++i) CrossCoreSetFlag<0, PIPE_FIX>(5);
      for (int i = 0; i < n; ++i) CrossCoreWaitFlag(5);
    });
  };
  EXPECT_TRUE(rounds(16).status.ok()) << rounds(16).status.ToString();
  const LaunchResult over = rounds(17);
  ASSERT_TRUE(over.fault.has_value());
  EXPECT_EQ(over.fault->kind, FaultKind::kUnpairedFlag) << FaultText(over);
  EXPECT_NE(FaultText(over).find("at most 16"), std::string::npos) << FaultText(over);
}

// SyncAll<false>: the AIC wait for their AIV, all AIC sync, then the AIV wait for their AIC;
// what any core wrote before it is seen by every core after it.
TEST(CrossCore, SyncAllFalseJoinsEveryCoreOfTheLaunch) {
  std::vector<int32_t> ws(16, 0), out(16, -1);
  LaunchOptions o;
  o.checked = true;
  o.host_threads = 1;
  o.regions = {{ws.data(), 64, "ws", 0, GmRole::kWorkspace},
               {out.data(), 64, "out", 0, GmRole::kOutput}};
  const LaunchResult r = LaunchMix(
      SplitDevice(), 2, o,
      [&] {
        GlobalTensor<int32_t> w, res;
        w.SetGlobalBuffer(ws.data(), 16);
        res.SetGlobalBuffer(out.data(), 16);
        const auto me = static_cast<uint32_t>(GetBlockIdx());
        const uint32_t slot = ASCEND_IS_AIC ? 4 + me : me;  // AIV 0-3, then AIC 0-1
        w.SetValue(slot, static_cast<int32_t>(slot) + 1);
        SyncAll<false>();
        int32_t sum = 0;
        for (uint32_t i = 0; i < 6; ++i) sum += w.GetValue(i);
        res.SetValue(slot, sum);
      },
      MixShape{2, true});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 6; ++i) EXPECT_EQ(out[i], 21) << i;
  // Three flag hand-offs of 10 ns: AIV to AIC, AIC to AIC, AIC to AIV.
  EXPECT_GE(r.stats.slowest_core_ns, 30.0);
  // Outside MIX blocks the AIC (or AIV) waits for sets no core gives; SyncAll<true> on the AIC
  // is what the page leaves undescribed.
  const LaunchResult plain = Launch(SplitDevice(), 2, LaunchOptions{}, [] { SyncAll<false>(); });
  ASSERT_TRUE(plain.fault.has_value());
  EXPECT_EQ(plain.fault->kind, FaultKind::kDeadlock) << FaultText(plain);
  const LaunchResult aic = RunMix(1, [] { SyncAll(); });
  ASSERT_TRUE(aic.fault.has_value());
  EXPECT_EQ(aic.fault->kind, FaultKind::kUnsupported) << FaultText(aic);
  // An AIV that never reaches it leaves its AIC waiting in SyncAll<false>.
  const LaunchResult half = RunMix(1, [] {
    if (ASCEND_IS_AIV && GetSubBlockIdx() == 1) return;
    SyncAll<false>();
  });
  ASSERT_TRUE(half.fault.has_value());
  EXPECT_EQ(half.fault->kind, FaultKind::kDeadlock) << FaultText(half);
  EXPECT_NE(FaultText(half).find("waits in SyncAll<false>"), std::string::npos) << FaultText(half);
}

}  // namespace
}  // namespace opsim::sim
