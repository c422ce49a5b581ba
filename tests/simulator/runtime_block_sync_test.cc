// Cross-block GM flags (opsim/sim/ascendc/block_sync.h): IBSet/IBWait and the in-order chain
// InitDetermineComputeWorkspace/WaitPreBlock/NotifyNextBlock, their deadlocks and argument
// faults, the race check's view of the hand-overs, under one and two host threads.
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::TestDevice;

std::string BlockSyncFaultText(const LaunchResult& r) {
  return r.fault ? r.fault->ToString() : "no fault";
}

struct BlockSyncRig {
  std::vector<int32_t> ws;
  std::vector<int32_t> data;
  LaunchResult Run(uint32_t blocks, int threads,
                   const std::function<void(GlobalTensor<int32_t>&, LocalTensor<int32_t>&,
                                            GlobalTensor<int32_t>&)>& k,
                   uint32_t cores = 4) {
    LaunchOptions o;
    o.checked = true;
    o.host_threads = threads;
    o.regions = {{ws.data(), ws.size() * 4, "sync"}, {data.data(), data.size() * 4, "data"}};
    return Launch(TestDevice(cores), blocks, o, [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> buf;
      pipe.InitBuffer(buf, 1024);
      LocalTensor<int32_t> ub = buf.Get<int32_t>();
      GlobalTensor<int32_t> gws, gdata;
      gws.SetGlobalBuffer(ws.data(), ws.size());
      gdata.SetGlobalBuffer(data.data(), data.size());
      k(gws, ub, gdata);
    });
  }
};

// Block 0 writes a value, sets; block 1 waits, reads it and writes its double: the race check
// sees the hand-over as ordering, and the waiter's time is after the setter's write landed.
TEST(BlockSync, IBSetIBWaitPassAValue) {
  std::vector<double> first_ns;
  for (int threads : {1, 2}) {
    BlockSyncRig rig;
    rig.ws.assign(2 * 8, 0);
    rig.data.assign(16, 0);
    const LaunchResult r = rig.Run(2, threads, [](auto& gws, auto& ub, auto& gdata) {
      if (GetBlockIdx() == 0) {
        gdata.SetValue(0, 21);
        IBSet(gws, ub, 0, 0);
      } else {
        IBWait(gws, ub, 0, 0);
        gdata.SetValue(8, gdata.GetValue(0) * 2);
      }
    });
    ASSERT_TRUE(r.status.ok()) << BlockSyncFaultText(r);
    EXPECT_EQ(rig.data[8], 42) << threads;
    EXPECT_EQ(rig.ws[0], 0);  // IBWait cleared the flag again
    ASSERT_EQ(r.stats.core_ns.size(), 2u);
    // Block 1's wait ends when block 0's flag write lands; then it reads, clears and goes on.
    EXPECT_GT(r.stats.core_ns[1], r.stats.core_ns[0]);
    if (first_ns.empty()) first_ns = r.stats.core_ns;
    EXPECT_EQ(r.stats.core_ns, first_ns) << "host threads changed simulated time";
  }
}

// A workspace's bytes start unwritten: block 0 reads what block 1 wrote before its IBSet, in
// the same epoch. The hand-over orders the write first, so that is no uninitialised read; the
// same read without the flags (one host thread runs block 0 first: it reads the old value) is a
// race.
TEST(BlockSync, AHandedOverWorkspaceWriteCountsAsWritten) {
  for (bool flags : {true, false}) {
    std::vector<int32_t> ws(2 * 8, 0);
    std::vector<int32_t> scratch(16, 0);
    LaunchOptions o;
    o.checked = true;
    o.host_threads = 1;
    GmRegion work{scratch.data(), scratch.size() * 4, "scratch"};
    work.role = GmRole::kWorkspace;
    o.regions = {{ws.data(), ws.size() * 4, "sync"}, work};
    int32_t seen = -1;
    const LaunchResult r = Launch(TestDevice(4), 2, o, [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> buf;
      pipe.InitBuffer(buf, 256);
      LocalTensor<int32_t> ub = buf.Get<int32_t>();
      GlobalTensor<int32_t> gws, gs;
      gws.SetGlobalBuffer(ws.data(), ws.size());
      gs.SetGlobalBuffer(scratch.data(), scratch.size());
      if (GetBlockIdx() == 1) {
        gs.SetValue(0, 9);
        if (flags) IBSet(gws, ub, 1, 0);
      } else {
        if (flags) IBWait(gws, ub, 1, 0);
        seen = gs.GetValue(0);
      }
    });
    if (flags) {
      ASSERT_TRUE(r.status.ok()) << BlockSyncFaultText(r);
      EXPECT_EQ(seen, 9);
    } else {
      ASSERT_TRUE(r.fault.has_value());
      EXPECT_EQ(r.fault->kind, FaultKind::kGmRace) << BlockSyncFaultText(r);
    }
  }
}

// Without the hand-over the same accesses race. (One host thread runs block 0 first: its read
// sees the old value. A read that saw the store would be a scalar flag's hand-over,
// docs/CHECKS.md "Flags polled in GM".)
TEST(BlockSync, TheSameAccessesWithoutFlagsRace) {
  BlockSyncRig rig;
  rig.ws.assign(2 * 8, 0);
  rig.data.assign(16, 0);
  const LaunchResult r = rig.Run(2, 1, [](auto&, auto&, auto& gdata) {
    if (GetBlockIdx() == 1) {
      gdata.SetValue(0, 21);
    } else {
      gdata.SetValue(8, gdata.GetValue(0) * 2);
    }
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace) << BlockSyncFaultText(r);
}

// A write after the set is not ordered by it: still a race. (A copy out: a scalar store the
// reader's GetValue saw would be a hand-over of its own.)
TEST(BlockSync, AWriteAfterTheSetStillRaces) {
  BlockSyncRig rig;
  rig.ws.assign(2 * 8, 0);
  rig.data.assign(16, 0);
  const LaunchResult r = rig.Run(2, 1, [](auto& gws, auto& ub, auto& gdata) {
    if (GetBlockIdx() == 0) {
      IBSet(gws, ub, 0, 0);
      Duplicate(ub[64], 21, 8);
      PipeBarrier<PIPE_ALL>();
      DataCopy(gdata, ub[64], 8);
    } else {
      IBWait(gws, ub, 0, 0);
      gdata.SetValue(8, gdata.GetValue(0));
    }
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace) << BlockSyncFaultText(r);
}

// Several events: block 0 hands two values to blocks 1 and 2 on events 0 and 1, at the flag
// addresses CANN computes (blocks * 8 * eventID + blockIdx * 8).
TEST(BlockSync, SeveralEventsUseTheirOwnFlags) {
  for (int threads : {1, 2}) {
    BlockSyncRig rig;
    rig.ws.assign(3 * 8 * 2, 0);
    rig.data.assign(32, 0);
    const LaunchResult r = rig.Run(3, threads, [](auto& gws, auto& ub, auto& gdata) {
      const int64_t b = GetBlockIdx();
      if (b == 0) {
        gdata.SetValue(0, 5);
        IBSet(gws, ub, 0, 1);  // for block 2
        gdata.SetValue(8, 7);
        IBSet(gws, ub, 0, 0);  // for block 1
      } else {
        IBWait(gws, ub, 0, b == 1 ? 0 : 1);
        gdata.SetValue(static_cast<uint32_t>(8 + 8 * b), gdata.GetValue(b == 1 ? 8 : 0) + 1);
      }
    });
    ASSERT_TRUE(r.status.ok()) << BlockSyncFaultText(r);
    EXPECT_EQ(rig.data[16], 8);
    EXPECT_EQ(rig.data[24], 6);
  }
}

// isAIVOnly = false counts the blocks twice in the flag's address (CANN: GetBlockNum() * 2).
TEST(BlockSync, NotAivOnlyDoublesTheBlocksInTheAddress) {
  BlockSyncRig rig;
  rig.ws.assign(2 * 2 * 8 * 2, 0);
  rig.data.assign(8, 0);
  int32_t flag_seen = -1;
  const LaunchResult r = rig.Run(2, 1, [&](auto& gws, auto& ub, auto&) {
    if (GetBlockIdx() == 0) {
      IBSet<false>(gws, ub, 1, 1);  // the int32 at (2 * 2) * 8 * 1 + 1 * 8 = 40
    } else {
      IBWait<false>(gws, ub, 1, 1);
      flag_seen = ub.GetValue(0);  // IBWait leaves the value it wrote in ub[0]
    }
  });
  ASSERT_TRUE(r.status.ok()) << BlockSyncFaultText(r);
  EXPECT_EQ(flag_seen, 0);
  for (size_t i = 0; i < rig.ws.size(); ++i) EXPECT_EQ(rig.ws[i], 0) << i;
  // Set without the wait, the flag stays where CANN puts it.
  BlockSyncRig alone;
  alone.ws.assign(2 * 2 * 8 * 2, 0);
  alone.data.assign(8, 0);
  ASSERT_TRUE(alone
                  .Run(2, 1,
                       [](auto& gws, auto& ub, auto&) {
                         if (GetBlockIdx() == 0) IBSet<false>(gws, ub, 1, 1);
                       })
                  .status.ok());
  for (size_t i = 0; i < alone.ws.size(); ++i) EXPECT_EQ(alone.ws[i], i == 40 ? 1 : 0) << i;
}

// The in-order chain: each block adds its index to a running sum the previous block left.
TEST(BlockSync, NotifyNextBlockChainsTheBlocksInOrder) {
  for (int threads : {1, 2}) {
    BlockSyncRig rig;
    rig.ws.assign(4 * 8, 7);  // CANN: need not be zeroed, InitDetermineComputeWorkspace does
    rig.data.assign(8, 0);
    const LaunchResult r = rig.Run(4, threads, [](auto& gws, auto& ub, auto& gdata) {
      InitDetermineComputeWorkspace(gws, ub);
      for (int round = 0; round < 2; ++round) {
        WaitPreBlock(gws, ub);
        gdata.SetValue(0, gdata.GetValue(0) * 10 + static_cast<int32_t>(GetBlockIdx()) + 1);
        NotifyNextBlock(gws, ub);
      }
    });
    ASSERT_TRUE(r.status.ok()) << BlockSyncFaultText(r);
    EXPECT_EQ(rig.data[0], 12341234) << threads;  // blocks in order, twice
    for (int32_t v : rig.ws) EXPECT_EQ(v, 0);     // the last block cleared the flags
    // Each block waits for the one before it: they end in order.
    for (size_t b = 1; b < r.stats.core_ns.size(); ++b) {
      EXPECT_GT(r.stats.core_ns[b], r.stats.core_ns[b - 1]) << b;
    }
  }
}

TEST(BlockSync, WaitingOnABlockThatNeverSetsIsADeadlock) {
  for (int threads : {1, 2}) {
    BlockSyncRig rig;
    rig.ws.assign(2 * 8, 0);
    rig.data.assign(8, 0);
    const LaunchResult r = rig.Run(2, threads, [](auto& gws, auto& ub, auto&) {
      if (GetBlockIdx() == 1) IBWait(gws, ub, 0, 0);
    });
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
    EXPECT_EQ(r.fault->block, 1);
    const std::string text = BlockSyncFaultText(r);
    EXPECT_NE(text.find("IBWait (eventID 0, blockIdx 0)"), std::string::npos) << text;
    EXPECT_NE(text.find("GM 'sync' [0x0, 0x4)"), std::string::npos) << text;
    EXPECT_EQ(r.fault->instruction, "IBWait");
    EXPECT_NE(text.find("(waiting for a flag: blocks 1; ended: blocks 0)"), std::string::npos)
        << text;
  }
}

// A block in SyncAll cannot write the flag another waits for: a deadlock, not a hang.
TEST(BlockSync, AFlagWaitAgainstASyncAllIsADeadlock) {
  for (int threads : {1, 2}) {
    BlockSyncRig rig;
    rig.ws.assign(3 * 8, 0);
    rig.data.assign(8, 0);
    const LaunchResult r = rig.Run(3, threads, [](auto& gws, auto& ub, auto&) {
      if (GetBlockIdx() == 2) {
        IBWait(gws, ub, 0, 0);
      } else {
        SyncAll();
      }
    });
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
    EXPECT_EQ(r.fault->block, 2);
    const std::string text = BlockSyncFaultText(r);
    EXPECT_NE(text.find("(waiting for a flag: blocks 2; waiting in SyncAll: blocks 0, 1)"),
              std::string::npos)
        << text;
  }
}

TEST(BlockSync, ABlockWaitingOnItselfIsADeadlock) {
  BlockSyncRig rig;
  rig.ws.assign(2 * 8, 0);
  rig.data.assign(8, 0);
  const LaunchResult r = rig.Run(2, 1, [](auto& gws, auto& ub, auto&) {
    if (GetBlockIdx() == 1) {
      IBSet(gws, ub, 1, 0);
      IBSet(gws, ub, 1, 0);  // waits for its own flag to be 0 again
    }
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock) << BlockSyncFaultText(r);
  EXPECT_NE(BlockSyncFaultText(r).find("to be 0; it holds 1"), std::string::npos);
}

TEST(BlockSync, AMissingNotifyIsADeadlock) {
  BlockSyncRig rig;
  rig.ws.assign(3 * 8, 0);
  rig.data.assign(8, 0);
  const LaunchResult r = rig.Run(3, 2, [](auto& gws, auto& ub, auto&) {
    InitDetermineComputeWorkspace(gws, ub);
    WaitPreBlock(gws, ub);
    if (GetBlockIdx() != 1) NotifyNextBlock(gws, ub);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
  EXPECT_EQ(r.fault->block, 2);
  EXPECT_NE(BlockSyncFaultText(r).find("WaitPreBlock (round 1)"), std::string::npos)
      << BlockSyncFaultText(r);
}

// Block 1 faults early, block 0 late, after a flag wait: whichever host thread gets where
// first, the launch reports block 0's fault (docs/CHECKS.md, "The fault a launch reports").
// `setter` is the block whose flag block 0 waits for: block 1 before its fault, or block 2,
// above the fault, which sets it after some work of its own.
void ExpectTheLowestBlocksFault(int32_t setter) {
  for (int threads : {1, 2, 3, 4}) {
    for (int run = 0; run < 8; ++run) {
      BlockSyncRig rig;
      rig.ws.assign(4 * 8, 0);
      rig.data.assign(64, 0);
      const LaunchResult r = rig.Run(4, threads, [setter](auto& gws, auto& ub, auto& gdata) {
        const int32_t b = GetBlockIdx();
        if (b == setter) {
          for (int i = 0; i < 32; ++i) gdata.SetValue(b * 16 + i % 16, i);
          IBSet(gws, ub, setter, 0);
        }
        if (b == 1) IBWait(gws, ub, -1, 0);  // early
        if (b == 0) {
          IBWait(gws, ub, setter, 0);
          IBSet(gws, ub, 5, 0);  // late
        }
      });
      ASSERT_TRUE(r.fault.has_value()) << threads;
      const std::string text = BlockSyncFaultText(r);
      EXPECT_EQ(r.fault->block, 0) << "threads " << threads << ", run " << run << ": " << text;
      EXPECT_NE(text.find("blockIdx 5 is out of range"), std::string::npos) << text;
    }
  }
}

TEST(BlockSync, TheLowestBlocksFaultWinsAfterAFlagFromBelowIt) { ExpectTheLowestBlocksFault(1); }

TEST(BlockSync, TheLowestBlocksFaultWinsAfterAFlagFromAboveIt) { ExpectTheLowestBlocksFault(2); }

// A MIX launch (1 AIC and 2 AIV a block) orders faults by its blocks too: one of block 1's AIV
// (GetBlockIdx 2 or 3) faults late, block 2's AIC (GetBlockIdx 2) and block 3's first AIV
// (GetBlockIdx 6) at once. Block 1's is the fault, whatever the host threads.
TEST(BlockSync, TheLowestMixBlocksFaultWins) {
  DeviceProfile split = TestDevice(8);
  split.cube_cores = 4;
  for (const int64_t late : {2, 3}) {
    for (int threads : {1, 2, 4}) {
      for (int run = 0; run < 5; ++run) {
        LaunchOptions o;
        o.checked = true;
        o.host_threads = threads;
        const LaunchResult r = LaunchMix(
            split, 4, o,
            [late] {
              const int64_t b = GetBlockIdx();
              if (ASCEND_IS_AIV && b == late) {
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                throw std::runtime_error("late, in MIX block 1");
              }
              if ((ASCEND_IS_AIC && b == 2) || (ASCEND_IS_AIV && b == 6)) {
                throw std::runtime_error("early, in MIX block " + std::to_string(b));
              }
            },
            MixShape{2, true});
        ASSERT_TRUE(r.fault.has_value()) << threads;
        const std::string text = BlockSyncFaultText(r);
        const std::string what = "AIV " + std::to_string(late) + ", threads " +
                                 std::to_string(threads) + ", run " + std::to_string(run);
        EXPECT_EQ(r.fault->block, late) << what << ": " << text;
        EXPECT_NE(text.find("late, in MIX block 1"), std::string::npos) << what << ": " << text;
      }
    }
  }
}

// Block 1 faults before the set blocks 0 and 3 wait for: the launch stops them (no hang) and
// reports block 1's fault, not a deadlock.
TEST(BlockSync, WaitersForAFaultedBlockStopWithoutAHang) {
  for (int threads : {1, 2, 4}) {
    BlockSyncRig rig;
    rig.ws.assign(4 * 8, 0);
    rig.data.assign(8, 0);
    const LaunchResult r = rig.Run(4, threads, [](auto& gws, auto& ub, auto&) {
      const int32_t b = GetBlockIdx();
      if (b == 1) IBWait(gws, ub, -1, 0);
      if (b == 0 || b == 3) IBWait(gws, ub, 1, 0);
    });
    ASSERT_TRUE(r.fault.has_value()) << threads;
    EXPECT_EQ(r.fault->block, 1) << BlockSyncFaultText(r);
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument) << BlockSyncFaultText(r);
  }
}

TEST(BlockSync, BadArgumentsFaultWithTheValueAndTheRule) {
  struct Case {
    std::function<void(GlobalTensor<int32_t>&, LocalTensor<int32_t>&)> call;
    const char* text;
  };
  const std::vector<Case> cases = {
      {[](auto& g, auto& u) { IBSet(g, u, 2, 0); }, "blockIdx 2 is out of range [0, 1]"},
      {[](auto& g, auto& u) { IBWait(g, u, -1, 0); }, "blockIdx -1 is out of range"},
      {[](auto& g, auto& u) { IBSet(g, u, 0, -1); }, "eventID -1 is negative"},
      {[](auto& g, auto& u) { IBSet(g, u, 1, 1); }, "gmWorkspace holds 64 B, below the 128 B"},
      {[](auto& g, auto& u) { IBSet(g[8], u, 1, 0); }, "gmWorkspace holds 32 B, below the 64 B"},
      {[](auto& g, auto& u) { IBSet(g, u[248], 0, 0); }, "ubWorkspace holds 32 B"},
      {[](auto& g, auto& u) { IBSet(g, u[250], 0, 0); }, "ubWorkspace holds 24 B, below the 32 B"},
      {[](auto& g, auto& u) {
         LocalTensor<int32_t> tail = u[240];
         WaitPreBlock(g, tail);
       },
       "ubWorkspace holds 64 B, below the 96 B"},
      {[](auto&, auto& u) {
         GlobalTensor<int32_t> none;
         InitDetermineComputeWorkspace(none, u);
       },
       "gmWorkspace is null"},
  };
  for (const Case& c : cases) {
    BlockSyncRig rig;
    rig.ws.assign(2 * 8, 0);
    rig.data.assign(8, 0);
    const LaunchResult r = rig.Run(2, 1, [&](auto& gws, auto& ub, auto&) {
      if (GetBlockIdx() == 0) c.call(gws, ub);
    });
    const std::string text = BlockSyncFaultText(r);
    if (std::string(c.text) == "ubWorkspace holds 32 B") {  // exactly enough: runs
      EXPECT_TRUE(r.status.ok()) << text;
      continue;
    }
    ASSERT_TRUE(r.fault.has_value()) << c.text;
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument) << text;
    EXPECT_NE(text.find(c.text), std::string::npos) << text;
  }
}

TEST(BlockSync, MoreBlocksThanCoresFaultAsCannsPageSays) {
  BlockSyncRig rig;
  rig.ws.assign(8 * 8, 0);
  rig.data.assign(8, 0);
  const LaunchResult r = rig.Run(
      8, 1,
      [](auto& gws, auto& ub, auto&) {
        if (GetBlockIdx() == 0) IBSet(gws, ub, 0, 0);
      },
      4);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(BlockSyncFaultText(r).find("blockDim 8 exceeds the 4 cores"), std::string::npos)
      << BlockSyncFaultText(r);
}

}  // namespace
}  // namespace opsim::sim
