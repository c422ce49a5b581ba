// The L2 the core slots of a launch share (docs/CUBE.md, "The shared L2"): their GM accesses reach
// one LRU in the order of their simulated time, whatever the host threads do, so a line another
// core read earlier is a hit, and the results are the same on any number of host threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kernel_operator.h"
#include "simulator/line_lru.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

constexpr uint32_t kMaxFloats = 16384;  // the UB buffer every read lands in: 64 KiB

DeviceProfile SharedL2Device(uint32_t l2_bytes, uint32_t cores) {
  DeviceProfile d = testing::TestDevice(cores);
  d.cube_cores = cores;
  d.l2_bytes = l2_bytes;
  d.l2_gbps_per_core = 128;
  return d;
}

struct Read {
  uint32_t at;     // first float
  uint32_t count;  // floats, a multiple of 8; 0: a SyncAll
};
using Plan = std::vector<std::vector<Read>>;  // per block, its reads in program order

// Each block makes its plan's reads of x into one UB buffer: MTE2 only, back to back. The L2 is
// shared on the cube's launches (kAic); a vector launch's slots keep a share each.
LaunchResult RunPlan(const DeviceProfile& d, std::vector<float>& x, const Plan& plan,
                     int host_threads, CoreType core_type = CoreType::kAic) {
  LaunchOptions options;
  options.checked = false;
  options.host_threads = host_threads;
  options.core_type = core_type;
  options.regions = {{x.data(), x.size() * sizeof(float), "x"}};
  return Launch(d, static_cast<uint32_t>(plan.size()), options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, kMaxFloats * sizeof(float));
    GlobalTensor<float> g;
    g.SetGlobalBuffer(x.data(), x.size());
    LocalTensor<float> t = b.Get<float>();
    for (const Read& r : plan[static_cast<size_t>(GetBlockIdx())]) {
      if (r.count == 0) {
        SyncAll();
      } else {
        DataCopy(t, g[r.at], r.count);
      }
    }
  });
}

// What the launch must give, from the model's rules applied one line at a time: each core slot
// runs its blocks (b, b + cores, ...) one after another on its MTE2 clock; the read with the
// lowest (clock, slot) goes next through one line-by-line LRU of the whole L2; its transfer is
// the missed bytes at the DMA rate + the hit bytes at the L2 rate. A read holds MTE2 for the DMA
// issue + its transfer and lands the set-up + its transfer after its start (runtime/dma_setup.h);
// a block starts when the previous one on its slot ended, its last read landed.
struct Expected {
  std::vector<double> core_ns;
  uint64_t hit_bytes = 0;
};
Expected Replay(const DeviceProfile& d, const Plan& plan) {
  const auto cores = static_cast<uint32_t>(std::min<size_t>(d.vector_cores, plan.size()));
  std::vector<std::vector<Read>> slot_reads(cores);
  std::vector<std::vector<bool>> block_first(cores);  // per read: the first of its block
  for (size_t b = 0; b < plan.size(); ++b) {
    auto& reads = slot_reads[b % cores];
    reads.insert(reads.end(), plan[b].begin(), plan[b].end());
    for (size_t i = 0; i < plan[b].size(); ++i) block_first[b % cores].push_back(i == 0);
  }
  std::vector<double> clock(cores, 0.0);  // MTE2's, and the block's start before its first read
  testing::LineLru lru(d.l2_bytes);
  Expected e;
  e.core_ns.assign(cores, 0.0);  // when the slot's last read landed
  std::vector<size_t> next(cores, 0);
  for (;;) {
    int32_t slot = -1;
    for (uint32_t s = 0; s < cores; ++s) {
      if (next[s] == slot_reads[s].size()) continue;
      if (block_first[s][next[s]]) clock[s] = e.core_ns[s];
      if (slot < 0 || clock[s] < clock[static_cast<size_t>(slot)]) {
        slot = static_cast<int32_t>(s);
      }
    }
    if (slot < 0) break;
    const auto s = static_cast<size_t>(slot);
    const Read& r = slot_reads[s][next[s]++];
    const uint64_t bytes = uint64_t{r.count} * sizeof(float);
    const uint64_t hit = lru.Touch(0, uint64_t{r.at} * sizeof(float), bytes, true);
    e.hit_bytes += hit;
    const double transfer = static_cast<double>(bytes - hit) * (1.0 / d.dma_gbps_per_core) +
                            static_cast<double>(hit) * (1.0 / d.l2_gbps_per_core);
    e.core_ns[s] = clock[s] + d.dma_setup_ns + transfer;
    clock[s] += d.dma_issue_ns + transfer;
  }
  return e;
}

// Random reads of 1 MiB, half of them in a hot 96 KiB, 8 to 16384 floats each.
Plan RandomPlan(std::mt19937_64& random, uint32_t blocks, uint32_t reads) {
  Plan plan(blocks);
  for (auto& block : plan) {
    for (uint32_t i = 0; i < reads; ++i) {
      const uint32_t count = 8 * static_cast<uint32_t>(1 + random() % (kMaxFloats / 8));
      const uint32_t span = random() % 2 == 0 ? 24576 : 262144;
      const uint32_t at = 8 * static_cast<uint32_t>(random() % (span / 8));
      block.push_back({at, count});
    }
  }
  return plan;
}

TEST(SharedL2, ALineAnotherCoreReadEarlierHitsAndNotTheReverse) {
  std::vector<float> x(kMaxFloats * 8, 1.0f);
  const DeviceProfile d = SharedL2Device(4 << 20, 2);
  // Block 1 reads chunk 0 at once; block 0 reads chunk 2 first, then chunk 0: later, so a hit.
  const Plan plan = {{{2 * kMaxFloats, kMaxFloats}, {0, kMaxFloats}}, {{0, kMaxFloats}}};
  const LaunchResult r = RunPlan(d, x, plan, 2);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double bytes = kMaxFloats * 4.0;
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].l2_hit_bytes, kMaxFloats * 4u);
  const double miss = d.dma_setup_ns + bytes / d.dma_gbps_per_core;
  // Block 0's second read starts when its first frees MTE2 (the issue and 2048 ns of transfer)
  // and lands the set-up and its L2 transfer later.
  EXPECT_NEAR(
      r.stats.core_ns[0],
      d.dma_issue_ns + bytes / d.dma_gbps_per_core + d.dma_setup_ns + bytes / d.l2_gbps_per_core,
      1e-6);
  EXPECT_NEAR(r.stats.core_ns[1], miss, 1e-6);  // first there: it fetched the line from HBM
  // The hit never reached HBM: one chunk less than the three read.
  EXPECT_NEAR(r.stats.hbm_bound_ns, 2 * bytes / d.hbm_gbps, 1e-9);
}

TEST(SharedL2, ReadsTheSameLinesAtOnceTheLowerCoreFetchesThem) {
  std::vector<float> x(kMaxFloats, 1.0f);
  const DeviceProfile d = SharedL2Device(4 << 20, 4);
  const Plan plan(4, {{0, kMaxFloats}});  // four cores read chunk 0 at t = 0
  const LaunchResult r = RunPlan(d, x, plan, 4);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].l2_hit_bytes, 3 * kMaxFloats * 4u);
  EXPECT_GT(r.stats.core_ns[0], r.stats.core_ns[1]);
  EXPECT_EQ(r.stats.core_ns[1], r.stats.core_ns[3]);
}

// A vector launch's slots keep a share of the L2 each: nothing another core read hits.
TEST(SharedL2, AVectorLaunchKeepsASharePerSlot) {
  std::vector<float> x(kMaxFloats * 8, 1.0f);
  const Plan plan = {{{2 * kMaxFloats, kMaxFloats}, {0, kMaxFloats}}, {{0, kMaxFloats}}};
  const LaunchResult r = RunPlan(SharedL2Device(4 << 20, 2), x, plan, 2, CoreType::kAiv);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].l2_hit_bytes, 0u);
}

// Slots waiting in SyncAll take no turn until the release; after it each core reads the chunk
// its neighbour read before the barrier: every such read hits, on any number of host threads.
TEST(SharedL2, AfterSyncAllTheLinesOtherCoresReadHit) {
  std::vector<float> x(kMaxFloats * 5, 1.0f);
  Plan plan(4);
  for (uint32_t b = 0; b < 4; ++b) {
    plan[b] = {{b * kMaxFloats, kMaxFloats}, {0, 0}, {(b + 1) % 4 * kMaxFloats, kMaxFloats}};
  }
  plan[2].insert(plan[2].begin(), {4 * kMaxFloats, 8});  // a late arrival at the barrier
  const DeviceProfile d = SharedL2Device(4 << 20, 4);
  const LaunchResult one = RunPlan(d, x, plan, 1);
  ASSERT_TRUE(one.status.ok()) << one.status.ToString();
  EXPECT_EQ(one.stats.pipes[static_cast<int>(Pipe::kMte2)].l2_hit_bytes, 4 * kMaxFloats * 4u);
  for (const int threads : {2, 4}) {
    const LaunchResult r = RunPlan(d, x, plan, threads);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].l2_hit_bytes,
              one.stats.pipes[static_cast<int>(Pipe::kMte2)].l2_hit_bytes);
    EXPECT_EQ(r.stats.core_ns, one.stats.core_ns) << threads << " threads";
    EXPECT_EQ(r.stats.device_ns, one.stats.device_ns) << threads << " threads";
  }
}

// The slots of a shared-L2 launch run as fibers of one thread and end in another order than
// they began: the cores still see their type, and the caller gets its own back.
TEST(SharedL2, CoreTypeGuardsAreTheCallersAgainAfterTheLaunch) {
  std::vector<float> x(kMaxFloats * 4, 1.0f);
  // Block 0 starts first, waits for its second read's turn while block 1 starts, and ends
  // first: block 1 reads four chunks to its two.
  const Plan plan = {{{0, kMaxFloats}, {kMaxFloats, kMaxFloats}},
                     {{kMaxFloats, kMaxFloats},
                      {2 * kMaxFloats, kMaxFloats},
                      {3 * kMaxFloats, kMaxFloats},
                      {0, kMaxFloats}}};
  for (const int threads : {1, 2}) {
    const LaunchResult r = RunPlan(SharedL2Device(4 << 20, 2), x, plan, threads);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    EXPECT_TRUE(ASCEND_IS_AIV) << threads << " threads";
  }
}

// The launch against the line-by-line replay, with evictions (256 KiB) and without (4 MiB), two
// blocks per core and one, on 1, 2 and 4 host threads: the same hits and times every time.
TEST(SharedL2, HitsAndTimesAreALineByLineReplayInSimulatedTimeOrder) {
  std::mt19937_64 random(22);
  std::vector<float> x(262144 + kMaxFloats, 1.0f);
  for (const uint32_t l2 : {256u << 10, 4u << 20}) {
    for (const uint32_t blocks : {4u, 8u}) {
      const DeviceProfile d = SharedL2Device(l2, 4);
      const Plan plan = RandomPlan(random, blocks, 24);
      const Expected want = Replay(d, plan);
      EXPECT_GT(want.hit_bytes, 0u);
      for (const int threads : {1, 2, 4}) {
        const LaunchResult r = RunPlan(d, x, plan, threads);
        ASSERT_TRUE(r.status.ok()) << r.status.ToString();
        EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].l2_hit_bytes, want.hit_bytes)
            << "L2 " << l2 << ", " << blocks << " blocks, " << threads << " threads";
        ASSERT_EQ(r.stats.core_ns.size(), want.core_ns.size());
        for (size_t c = 0; c < want.core_ns.size(); ++c) {
          EXPECT_NEAR(r.stats.core_ns[c], want.core_ns[c], 1e-6 * want.core_ns[c])
              << "core " << c << ", L2 " << l2 << ", " << blocks << " blocks, " << threads
              << " threads";
        }
      }
    }
  }
}

}  // namespace
}  // namespace opsim::sim
