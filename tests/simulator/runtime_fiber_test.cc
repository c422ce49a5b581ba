// SyncAll with more blocks than host threads: blocks that wait park as user-space fibers on
// their host thread. Results, simulated times, faults and deadlock detection must not depend on
// the host thread count, and a launch must use no OS threads beyond its budget.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::TestDevice;

constexpr uint32_t kBlocks = 48;
constexpr uint32_t kPer = 64;  // x elements per block

// Phase 0: every block sums its slice of x into its workspace slot. Phase p (after SyncAll p):
// every block combines its own and its right neighbour's result of phase p - 1, after a
// block-dependent amount of extra vector work so that blocks reach each SyncAll at different
// simulated times. A marker left in each block's UB before each SyncAll must survive it.
struct Chain {
  std::vector<float> x;
  std::vector<float> ws;
  std::vector<float> y;
  std::vector<std::thread::id> thread_before;
  std::vector<std::thread::id> thread_after;
  std::atomic<int> ub_clobbered{0};

  Chain() : x(kBlocks * kPer) {
    for (size_t i = 0; i < x.size(); ++i) x[i] = 1.0f / static_cast<float>(i + 1);
  }

  LaunchResult Run(int threads, int syncs, const std::function<void(int32_t, int)>& hook = {}) {
    ws.assign(static_cast<size_t>(syncs + 1) * kBlocks * 8, 0.0f);
    y.assign(kBlocks * 8, 0.0f);
    thread_before.assign(kBlocks, {});
    thread_after.assign(kBlocks, {});
    LaunchOptions o;
    o.checked = true;
    o.host_threads = threads;
    o.regions = {{x.data(), x.size() * 4, "x"},
                 {ws.data(), ws.size() * 4, "workspace"},
                 {y.data(), y.size() * 4, "y"}};
    return Launch(TestDevice(kBlocks), kBlocks, o, [this, syncs, hook] {
      const int32_t b = GetBlockIdx();
      const size_t bi = static_cast<size_t>(b);
      TPipe pipe;
      TBuf<TPosition::VECCALC> in, work, out, marker;
      pipe.InitBuffer(in, kBlocks * 8 * 4);
      pipe.InitBuffer(work, 1024);
      pipe.InitBuffer(out, 32);
      pipe.InitBuffer(marker, 32);
      GlobalTensor<float> gx, gws, gy;
      gx.SetGlobalBuffer(x.data() + kPer * bi, kPer);
      gws.SetGlobalBuffer(ws.data(), ws.size());
      gy.SetGlobalBuffer(y.data() + 8 * bi, 8);
      LocalTensor<float> t = in.Get<float>();
      LocalTensor<float> o8 = out.Get<float>();
      LocalTensor<int32_t> mark = marker.Get<int32_t>();
      DataCopy(t, gx, kPer);
      PipeBarrier<PIPE_ALL>();
      Duplicate(o8, 0.0f, 8);
      ReduceSum(o8, t, work.Get<float>(), static_cast<int32_t>(kPer));
      PipeBarrier<PIPE_ALL>();
      DataCopy(gws[8 * bi], o8, 8);
      if (hook) hook(b, 0);
      thread_before[bi] = std::this_thread::get_id();
      for (int p = 1; p <= syncs; ++p) {
        mark.SetValue(0, b * 100 + p);
        SyncAll();
        if (mark.GetValue(0) != b * 100 + p) ++ub_clobbered;
        if (hook) hook(b, p);
        DataCopy(t, gws[static_cast<size_t>(p - 1) * kBlocks * 8], kBlocks * 8);
        PipeBarrier<PIPE_ALL>();
        const float own = t.GetValue(8 * bi);
        const float right = t.GetValue(8 * ((bi + 1) % kBlocks));
        Duplicate(o8, own + 0.5f * right, 8);
        for (int32_t k = 0; k < (b + p) % 5; ++k) Muls(o8, o8, 1.0f, 8);
        PipeBarrier<PIPE_ALL>();
        DataCopy(gws[(static_cast<size_t>(p) * kBlocks + bi) * 8], o8, 8);
      }
      thread_after[bi] = std::this_thread::get_id();
      PipeBarrier<PIPE_ALL>();
      DataCopy(gy, o8, 8);
    });
  }

  // What y[8 * b] must be, computed on the host in the kernel's order of float operations.
  std::vector<float> Expected(int syncs) const {
    // Phase 0 (the vector unit's sums) is taken from the workspace; the combining is checked.
    std::vector<float> cur(kBlocks);
    for (uint32_t b = 0; b < kBlocks; ++b) cur[b] = ws[8 * b];
    for (int p = 1; p <= syncs; ++p) {
      std::vector<float> next(kBlocks);
      for (uint32_t b = 0; b < kBlocks; ++b) next[b] = cur[b] + 0.5f * cur[(b + 1) % kBlocks];
      cur = next;
    }
    return cur;
  }
};

size_t CountThreads() {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/task")) ++n;
  return n;
}

// Memory mappings of the process (/proc/self/maps lines). Every fiber stack is a mapping of its
// own, so a leak shows here one per launch; the virtual size would also move when glibc gives a
// pool thread its own 64 MiB malloc arena.
long MappingCount() {
  std::ifstream maps("/proc/self/maps");
  long lines = 0;
  for (std::string line; std::getline(maps, line);) ++lines;
  return lines;
}

TEST(Fiber, ResultsAndSimulatedTimesDoNotDependOnHostThreads) {
  for (int syncs : {1, 2, 3}) {
    Chain k;
    std::vector<float> first_y;
    LaunchResult first;
    for (int threads : {1, 2, 7}) {
      const LaunchResult r = k.Run(threads, syncs);
      ASSERT_TRUE(r.status.ok()) << r.status.ToString();
      EXPECT_EQ(k.ub_clobbered.load(), 0) << "syncs " << syncs << " threads " << threads;
      const std::vector<float> want = k.Expected(syncs);
      for (uint32_t b = 0; b < kBlocks; ++b) {
        ASSERT_EQ(k.y[8 * b], want[b]) << "block " << b << " syncs " << syncs;
      }
      if (threads == 1) {
        first_y = k.y;
        first = r;
        continue;
      }
      EXPECT_EQ(std::memcmp(first_y.data(), k.y.data(), k.y.size() * 4), 0)
          << "syncs " << syncs << " threads " << threads;
      EXPECT_EQ(first.stats.device_ns, r.stats.device_ns);
      EXPECT_EQ(first.stats.core_ns, r.stats.core_ns);
      for (int p = 0; p < kPipeCount; ++p) {
        EXPECT_EQ(first.stats.pipes[p].busy_ns, r.stats.pipes[p].busy_ns);
        EXPECT_EQ(first.stats.pipes[p].instructions, r.stats.pipes[p].instructions);
      }
    }
  }
}

TEST(Fiber, SyncAllTimeIsTheLatestArrivalPlusTheBarrier) {
  Chain k;
  const LaunchResult one = k.Run(1, 1);
  const LaunchResult two = k.Run(1, 2);
  ASSERT_TRUE(one.status.ok() && two.status.ok());
  // Every block leaves each SyncAll at the same simulated time, so a second SyncAll costs at
  // least the barrier figure on every core.
  for (uint32_t c = 0; c < kBlocks; ++c) {
    EXPECT_GE(two.stats.core_ns[c], one.stats.core_ns[c] + TestDevice().sync_all_ns);
  }
}

TEST(Fiber, OneHostThreadRunsEveryBlockOnTheCallingThread) {
  Chain k;
  ASSERT_TRUE(k.Run(2, 1).status.ok());  // the pool's helper exists before counting
  const size_t before = CountThreads();
  const LaunchResult r = k.Run(1, 3);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(CountThreads(), before);
  const std::thread::id me = std::this_thread::get_id();
  for (uint32_t b = 0; b < kBlocks; ++b) {
    EXPECT_EQ(k.thread_before[b], me) << "block " << b;
    EXPECT_EQ(k.thread_after[b], me) << "block " << b;
  }
}

TEST(Fiber, BlocksStayOnTheirHostThreadAndUseNoMoreThanTheBudget) {
  Chain k;
  for (int threads : {2, 7}) {
    const LaunchResult r = k.Run(threads, 2);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    std::set<std::thread::id> used(k.thread_before.begin(), k.thread_before.end());
    EXPECT_LE(used.size(), static_cast<size_t>(threads));
    for (uint32_t b = 0; b < kBlocks; ++b) {
      EXPECT_EQ(k.thread_before[b], k.thread_after[b]) << "block " << b;
    }
  }
}

// Blocks `low` and `high` throw in `phase` (0: before the first SyncAll) of a 2-SyncAll chain.
// A fault stops no block below it, so `low`'s is the one recorded whatever the host threads.
void ExpectFault(int threads, int phase, int32_t low, int32_t high) {
  Chain k;
  const LaunchResult r = k.Run(threads, 2, [&](int32_t b, int p) {
    if (p == phase && (b == low || b == high)) {
      throw std::runtime_error("boom in block " + std::to_string(b));
    }
  });
  ASSERT_TRUE(r.fault.has_value()) << "threads " << threads << " phase " << phase;
  const int32_t block = r.fault->block;
  EXPECT_EQ(block, low) << "threads " << threads << " phase " << phase << ": "
                        << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("boom in block " + std::to_string(block)), std::string::npos)
      << r.fault->message;
}

TEST(Fiber, FaultBeforeSyncAllInAFiberAbortsTheOthers) {
  for (int threads : {1, 2, 7}) ExpectFault(threads, 0, 30, 40);
}

TEST(Fiber, FaultAfterSyncAllInAFiberAbortsTheOthers) {
  for (int threads : {1, 2, 7}) {
    ExpectFault(threads, 1, 30, 40);
    ExpectFault(threads, 2, 30, 40);
  }
}

TEST(Fiber, FaultOnTheThreadStackAfterSyncAll) {
  // Block 0 is the calling thread's first slot: it runs on the thread's own stack.
  for (int phase : {1, 2}) ExpectFault(1, phase, 0, 0);
}

TEST(Fiber, AbortedBlocksUnwindTheirFrames) {
  std::atomic<int> constructed{0};
  std::atomic<int> destroyed{0};
  struct Guard {
    std::atomic<int>* n;
    ~Guard() { ++*n; }
  };
  for (int threads : {1, 2}) {
    constructed = 0;
    destroyed = 0;
    LaunchOptions o;
    o.host_threads = threads;
    const LaunchResult r = Launch(TestDevice(kBlocks), kBlocks, o, [&] {
      ++constructed;
      Guard g{&destroyed};
      SyncAll();
      if (GetBlockIdx() == 45) throw std::runtime_error("late");
      SyncAll();  // everyone but block 45 parks here and is aborted
    });
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->block, 45);
    EXPECT_EQ(constructed.load(), static_cast<int>(kBlocks));
    EXPECT_EQ(destroyed.load(), static_cast<int>(kBlocks));
  }
}

TEST(Fiber, BlockSkippingSyncAllIsStillADeadlock) {
  for (int threads : {1, 2, 7}) {
    for (int32_t skipper : {0, 17, 47}) {
      LaunchOptions o;
      o.host_threads = threads;
      const LaunchResult r = Launch(TestDevice(kBlocks), kBlocks, o, [skipper] {
        if (GetBlockIdx() == skipper) return;
        SyncAll();
      });
      ASSERT_TRUE(r.fault.has_value()) << "threads " << threads << " skipper " << skipper;
      EXPECT_EQ(r.fault->kind, FaultKind::kBarrierDeadlock) << r.fault->ToString();
      // Every block has arrived or ended when the deadlock is found: the same lists whichever
      // block found it.
      const std::string others = skipper == 0    ? "blocks 1-47"
                                 : skipper == 47 ? "blocks 0-46"
                                                 : "blocks 0-" + std::to_string(skipper - 1) +
                                                       ", " + std::to_string(skipper + 1) + "-47";
      EXPECT_NE(r.fault->message.find("(waiting in SyncAll: " + others + "; ended: blocks " +
                                      std::to_string(skipper) + ")"),
                std::string::npos)
          << r.fault->ToString();
    }
  }
}

TEST(Fiber, BlockSkippingTheSecondSyncAllIsADeadlock) {
  for (int threads : {1, 2}) {
    LaunchOptions o;
    o.host_threads = threads;
    const LaunchResult r = Launch(TestDevice(kBlocks), kBlocks, o, [] {
      SyncAll();
      if (GetBlockIdx() == 20) return;
      SyncAll();
    });
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kBarrierDeadlock) << r.fault->ToString();
  }
}

TEST(Fiber, MoreBlocksThanCoresWithSyncAllFaults) {
  for (int threads : {1, 2}) {
    LaunchOptions o;
    o.host_threads = threads;
    const LaunchResult r = Launch(TestDevice(8), kBlocks, o, [] { SyncAll(); });
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported) << r.fault->ToString();
  }
}

TEST(Fiber, OverlappingWritesAreCheckedPerEpochAcrossFibers) {
  std::vector<float> y(8);
  LaunchOptions o;
  o.checked = true;
  o.host_threads = 1;
  o.regions = {{y.data(), 32, "y"}};
  // Blocks 3 and 40 write the same bytes in epoch 1; the others only in their own epochs.
  const LaunchResult r = Launch(TestDevice(kBlocks), kBlocks, o, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 32);
    GlobalTensor<float> gy;
    gy.SetGlobalBuffer(y.data(), 8);
    Duplicate(b.Get<float>(), 1.0f + GetBlockIdx(), 8);  // the same values would only warn
    PipeBarrier<PIPE_ALL>();
    if (GetBlockIdx() == 0) DataCopy(gy, b.Get<float>(), 8);
    SyncAll();
    if (GetBlockIdx() == 3 || GetBlockIdx() == 40) DataCopy(gy, b.Get<float>(), 8);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("blocks 3 and 40"), std::string::npos) << r.fault->message;
}

TEST(Fiber, ManyLaunchesReuseStacksAndBuffers) {
  Chain k;
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(k.Run(1 + i % 2, 2).status.ok());
  const long before = MappingCount();
  ASSERT_GT(before, 0);
  for (int i = 0; i < 200; ++i) {
    const LaunchResult r = k.Run(1 + i % 2, 2);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  }
  // One leaked stack per launch would add 200 mappings; allow for a few allocator arenas.
  EXPECT_LT(MappingCount() - before, 24);
}

}  // namespace
}  // namespace opsim::sim
