// GroupBarrier in the style of its usage page: a Wait group of AIV starts only after an Arrive
// group finished, round after round; the race check sees the order; its rules as faults.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

DeviceProfile SplitDevice() {
  DeviceProfile d = testing::TestDevice(8);
  d.cube_cores = 4;
  d.flag_sync_cycles = 10;
  return d;
}

alignas(512) uint8_t g_barrier[2048];

std::string FaultText(const LaunchResult& r) { return r.fault ? r.fault->ToString() : "no fault"; }

// Blocks 2-3 (the Arrive group) write their part of the round's `data` and arrive; blocks 0-1
// (the Wait group, which run first on one host thread, so they park) wait and sum it, for 3
// rounds; each round's Arrive waits for the last round's waiters. A round's data has slots of
// its own: a waiter adds to the wait counters as its Wait returns, before it reads, so the
// barrier does not order the next round's writes after this round's reads.
LaunchResult RunRounds(std::vector<int32_t>& data, std::vector<int32_t>& out, bool barrier) {
  std::memset(g_barrier, 0, sizeof g_barrier);
  LaunchOptions o;
  o.checked = true;
  o.regions = {{g_barrier, sizeof g_barrier, "barrier", 0, GmRole::kWorkspace},
               {data.data(), data.size() * 4, "data", 0, GmRole::kWorkspace},
               {out.data(), out.size() * 4, "out", out.size() * 4, GmRole::kOutput}};
  return Launch(SplitDevice(), 4, o, [&, barrier] {
    GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier, 2, 2);
    EXPECT_EQ(bar.GetWorkspaceLen(), 1024u);
    GlobalTensor<int32_t> d, r;
    d.SetGlobalBuffer(data.data(), data.size());
    r.SetGlobalBuffer(out.data(), out.size());
    const auto id = static_cast<uint32_t>(GetBlockIdx());
    for (int32_t round = 0; round < 3; ++round) {
      if (id >= 2) {
        d.SetValue(round * 2 + id - 2, 10 * round + static_cast<int32_t>(id));
        if (barrier) bar.Arrive(id - 2);
      } else {
        if (barrier) bar.Wait(id);
        r.SetValue(round * 2 + id, d.GetValue(round * 2) + d.GetValue(round * 2 + 1));
      }
    }
  });
}

TEST(GroupBarrier, TheWaitGroupGoesOnAfterTheArriveGroupEachRound) {
  std::vector<int32_t> data(6, 0), out(6, -1);
  const LaunchResult r = RunRounds(data, out, true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int round = 0; round < 3; ++round) {
    for (int id = 0; id < 2; ++id) EXPECT_EQ(out[round * 2 + id], 20 * round + 5) << round;
  }
  // Without the barrier the Wait group reads data the Arrive group has not written yet.
  const LaunchResult bad = RunRounds(data, out, false);
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_TRUE(bad.fault->kind == FaultKind::kUninitializedRead ||
              bad.fault->kind == FaultKind::kGmRace)
      << FaultText(bad);
}

// The usage page's shape on 8 AIV: blocks 0-1 add 12 each into out[0] with an atomic
// DataCopy from a queue buffer, then arrive; blocks 2-7 wait and read the sum.
TEST(GroupBarrier, WaitersSeeTheArriversAtomicAdds) {
  std::vector<int32_t> out(8, -1), seen(8, -1);
  std::memset(g_barrier, 0, sizeof g_barrier);
  alignas(512) static uint8_t bar[6 * 512];
  std::memset(bar, 0, sizeof bar);
  LaunchOptions o;
  o.checked = true;
  o.regions = {{bar, sizeof bar, "barrier", 0, GmRole::kWorkspace},
               {out.data(), 32, "out", 32, GmRole::kOutput}};
  const LaunchResult r = Launch(SplitDevice(), 8, o, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 32);
    GlobalTensor<int32_t> dst;
    dst.SetGlobalBuffer(out.data(), 8);
    GroupBarrier<PipeMode::MTE3_MODE> barrier(bar, 2, 6);
    const auto id = static_cast<uint32_t>(GetBlockIdx());
    if (id == 0) InitGlobalMemory(dst, 8, 0);
    SyncAll();
    if (id < 2) {
      LocalTensor<int32_t> t = q.AllocTensor<int32_t>();
      Duplicate(t, 0, 8);
      t.SetValue(0, 12);
      SetAtomicAdd<int32_t>();
      DataCopy(dst, t, 8);
      SetAtomicNone();
      q.FreeTensor(t);
      barrier.Arrive(id);
    } else {
      barrier.Wait(id - 2);
      seen[id] = dst.GetValue(0);
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int id = 2; id < 8; ++id) EXPECT_EQ(seen[id], 24) << id;
  EXPECT_EQ(out[0], 24);
}

LaunchResult RunBarrier(const std::function<void()>& kernel, uint32_t blocks = 2) {
  std::memset(g_barrier, 0, sizeof g_barrier);
  LaunchOptions o;
  o.regions = {{g_barrier, sizeof g_barrier, "barrier", 0, GmRole::kWorkspace}};
  return Launch(SplitDevice(), blocks, o, kernel);
}

void ExpectFault(const LaunchResult& r, FaultKind kind, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, kind) << FaultText(r);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << FaultText(r);
}

TEST(GroupBarrier, RulesAreFaults) {
  ExpectFault(RunBarrier([] { GroupBarrier<PipeMode::SCALAR_MODE> bar(g_barrier, 1, 1); }),
              FaultKind::kInvalidArgument, "only PipeMode::MTE3_MODE");
  ExpectFault(RunBarrier([] { GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier, 3, 1); }),
              FaultKind::kInvalidArgument,
              "arriveSizeIn 3, waitSizeIn 1: each is 1 .. GetBlockNum() (2)");
  ExpectFault(RunBarrier([] { GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier + 1536, 2, 2); }),
              FaultKind::kOutOfBoundsGm, "the barrier's counters accesses GM 'barrier'");
  ExpectFault(RunBarrier([] { GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier + 64, 1, 1); }),
              FaultKind::kInvalidArgument, "is not 512 B aligned");
  ExpectFault(RunBarrier([] {
                GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier, 1, 1);
                bar.Arrive(1);
              }),
              FaultKind::kInvalidArgument, "arriveIndex 1 is out of range [0, 0]");
  // A kernel buffer in the UB's last 1600 B, which the barrier's atomic adds copy from.
  const uint32_t ub = SplitDevice().ub_bytes;
  for (const uint32_t bytes : {ub - 1600, ub - 1568}) {
    const LaunchResult r = RunBarrier([bytes] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> t;
      pipe.InitBuffer(t, bytes);
      GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier, 1, 1);
      if (GetBlockIdx() == 0) bar.Arrive(0);
      if (GetBlockIdx() == 1) bar.Wait(0);
    });
    if (bytes == ub - 1600) {
      EXPECT_TRUE(r.status.ok()) << r.status.ToString();
    } else {
      ExpectFault(r, FaultKind::kUbOverflow, "uses the last 1600 B of the UB");
    }
  }
  // More blocks than cores: block 0 would park waiting for block 8, which needs its core.
  ExpectFault(RunBarrier(
                  [] {
                    GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier, 1, 1);
                    if (GetBlockIdx() == 0) bar.Wait(0);
                    if (GetBlockIdx() == 8) bar.Arrive(0);
                  },
                  9),
              FaultKind::kUnsupported, "parks a waiting block only when every block is resident");
  // The Wait group waits for two arrivals and only one AIV arrives: the chip would hang.
  ExpectFault(RunBarrier([] {
                GroupBarrier<PipeMode::MTE3_MODE> bar(g_barrier, 2, 1);
                GetBlockIdx() == 0 ? bar.Wait(0) : bar.Arrive(0);
              }),
              FaultKind::kDeadlock,
              "waits in GroupBarrier::Wait(0) of round 1 for its counter to reach 2 (this "
              "round's Arrive calls); it holds 1");
}

}  // namespace
}  // namespace opsim::sim
