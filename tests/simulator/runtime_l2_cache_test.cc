// The L2 in the cost model (docs/PERFORMANCE.md, "Issue 30 (session 19)"): a GM read of lines
// read or written recently (an LRU of the L2) costs the L2 rate and no HBM bandwidth; a first
// read costs what every read cost before.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <vector>

#include "kernel_operator.h"
#include "runtime/l2_cache.h"
#include "simulator/line_lru.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

constexpr uint32_t kChunk = 16384;  // floats: 64 KiB per copy
constexpr double kMissGbps = 32;    // TestDevice's dma_gbps_per_core
constexpr double kHitGbps = 128;

DeviceProfile L2Device(uint32_t l2_bytes, uint32_t cores = 4) {
  DeviceProfile d = testing::TestDevice(cores);
  d.l2_bytes = l2_bytes;
  d.l2_gbps_per_core = kHitGbps;
  return d;
}

const PipeStats& Mte2(const LaunchResult& r) {
  return r.stats.pipes[static_cast<int>(Pipe::kMte2)];
}

// Each block copies the 64 KiB chunks `order` names (indices into x) into one UB buffer.
// A chunk index of 98 is a SyncAll instead.
LaunchResult ReadChunks(const DeviceProfile& d, std::vector<float>& x, uint32_t blocks,
                        const std::vector<uint32_t>& order, int host_threads = 1) {
  LaunchOptions options;
  options.checked = false;
  options.host_threads = host_threads;
  options.regions = {{x.data(), x.size() * sizeof(float), "x"}};
  return Launch(d, blocks, options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, kChunk * sizeof(float));
    GlobalTensor<float> g;
    g.SetGlobalBuffer(x.data(), x.size());
    LocalTensor<float> t = b.Get<float>();
    for (const uint32_t c : order) {
      if (c == 98) {
        SyncAll();
        continue;
      }
      // Blocks past the first read their own chunk first, then the shared ones.
      const uint32_t chunk = c == 99 ? static_cast<uint32_t>(GetBlockIdx()) + 4 : c;
      DataCopy(t, g[chunk * kChunk], kChunk);
      PipeBarrier<PIPE_ALL>();
    }
  });
}

TEST(L2Cache, ARereadHitsAndCostsTheL2Rate) {
  std::vector<float> x(kChunk * 4, 1.0f);
  const LaunchResult r = ReadChunks(L2Device(1 << 20), x, 1, {0, 0});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double bytes = kChunk * 4.0;
  EXPECT_EQ(Mte2(r).bytes, 2 * kChunk * 4u);
  EXPECT_EQ(Mte2(r).l2_hit_bytes, kChunk * 4u);
  // MTE2 is busy two DMA issues (10 ns in TestDevice), one miss and one hit; the set-up is
  // latency, not occupancy.
  const double issue = testing::TestDevice().dma_issue_ns;
  EXPECT_NEAR(Mte2(r).busy_ns, 2 * issue + bytes / kMissGbps + bytes / kHitGbps, 1e-6);
  // Only the miss reaches HBM.
  EXPECT_NEAR(r.stats.hbm_bound_ns, bytes / testing::TestDevice().hbm_gbps, 1e-9);
}

TEST(L2Cache, ReadingOnceCostsWhatItCostWithoutAnL2) {
  std::vector<float> x(kChunk * 4, 1.0f);
  const LaunchResult with = ReadChunks(L2Device(1 << 20), x, 1, {0, 1, 2, 3});
  const LaunchResult without = ReadChunks(L2Device(0), x, 1, {0, 1, 2, 3});
  ASSERT_TRUE(with.status.ok() && without.status.ok());
  EXPECT_EQ(Mte2(with).l2_hit_bytes, 0u);
  EXPECT_DOUBLE_EQ(with.stats.device_ns, without.stats.device_ns);
  EXPECT_DOUBLE_EQ(with.stats.hbm_bound_ns, without.stats.hbm_bound_ns);
}

TEST(L2Cache, NoL2MeansEveryReadMisses) {
  std::vector<float> x(kChunk * 4, 1.0f);
  const LaunchResult r = ReadChunks(L2Device(0), x, 1, {0, 0, 0});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(Mte2(r).l2_hit_bytes, 0u);
}

// A line hits only while it is among the L2's capacity in most recent lines.
TEST(L2Cache, ALineFallsOutOfTheSlotsShareOfTheL2) {
  std::vector<float> x(kChunk * 4, 1.0f);
  // 0, 1, 2, 0: 192 KiB of other lines since chunk 0 was read.
  const LaunchResult small = ReadChunks(L2Device(128 << 10), x, 1, {0, 1, 2, 0});
  const LaunchResult large = ReadChunks(L2Device(256 << 10), x, 1, {0, 1, 2, 0});
  ASSERT_TRUE(small.status.ok() && large.status.ok());
  EXPECT_EQ(Mte2(small).l2_hit_bytes, 0u);
  EXPECT_EQ(Mte2(large).l2_hit_bytes, kChunk * 4u);
}

TEST(L2Cache, AWrittenLineHitsWhenReadBack) {
  std::vector<float> x(kChunk, 2.0f), y(kChunk, 0.0f);
  LaunchOptions options;
  options.regions = {{x.data(), x.size() * sizeof(float), "x"},
                     {y.data(), y.size() * sizeof(float), "y"}};
  const LaunchResult r = Launch(L2Device(1 << 20), 1, options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, kChunk * sizeof(float));
    GlobalTensor<float> gx, gy;
    gx.SetGlobalBuffer(x.data(), kChunk);
    gy.SetGlobalBuffer(y.data(), kChunk);
    LocalTensor<float> t = b.Get<float>();
    DataCopy(t, gx, kChunk);
    PipeBarrier<PIPE_ALL>();
    DataCopy(gy, t, kChunk);
    PipeBarrier<PIPE_ALL>();
    DataCopy(t, gy, kChunk);
    PipeBarrier<PIPE_ALL>();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(y, x);
  EXPECT_EQ(Mte2(r).l2_hit_bytes, kChunk * 4u);
}

// The slots' accesses reach the shared L2 in the order of their simulated time, not the host
// threads' (runtime_shared_l2_test.cc has more).
TEST(L2Cache, SimulatedTimeIsTheSameOnAnyNumberOfHostThreads) {
  std::vector<float> x(kChunk * 16, 1.0f);
  // 8 blocks on 4 cores: each block reads its own chunk, then chunks 0 and 1 twice.
  const std::vector<uint32_t> order = {99, 0, 1, 0, 1};
  const LaunchResult one = ReadChunks(L2Device(4 << 20), x, 8, order, 1);
  const LaunchResult four = ReadChunks(L2Device(4 << 20), x, 8, order, 4);
  ASSERT_TRUE(one.status.ok() && four.status.ok());
  EXPECT_GT(Mte2(one).l2_hit_bytes, 0u);
  EXPECT_EQ(Mte2(one).l2_hit_bytes, Mte2(four).l2_hit_bytes);
  EXPECT_DOUBLE_EQ(one.stats.device_ns, four.stats.device_ns);
  EXPECT_EQ(one.stats.core_ns, four.stats.core_ns);
  // With SyncAlls between the reads (every block resident: 4 on 4 cores), parked blocks resume
  // in whatever order the host threads reach the barrier.
  const std::vector<uint32_t> synced = {99, 0, 98, 1, 0, 98, 99};
  const LaunchResult s1 = ReadChunks(L2Device(4 << 20), x, 4, synced, 1);
  const LaunchResult s4 = ReadChunks(L2Device(4 << 20), x, 4, synced, 4);
  ASSERT_TRUE(s1.status.ok() && s4.status.ok()) << s1.status.ToString() << s4.status.ToString();
  EXPECT_GT(Mte2(s1).l2_hit_bytes, 0u);
  EXPECT_EQ(Mte2(s1).l2_hit_bytes, Mte2(s4).l2_hit_bytes);
  EXPECT_DOUBLE_EQ(s1.stats.device_ns, s4.stats.device_ns);
}

// Random reads and writes (overlapping, unaligned, some longer than the share, two regions):
// every access's hit bytes are the line LRU's.
TEST(L2Cache, PiecesHitExactlyWhatALineByLineLruHits) {
  std::mt19937_64 random(30);
  for (const uint64_t capacity : {0u, 512u, 1536u, 4096u, 16384u, 65536u}) {
    detail::L2Share pieces(capacity);
    testing::LineLru lines(capacity);
    uint64_t hits = 0;
    for (int i = 0; i < 20000; ++i) {
      const auto region = static_cast<uint32_t>(random() % 2);
      // Mostly near the last access (streams, rereads), sometimes anywhere in 128 KiB.
      const uint64_t offset = random() % 4 == 0 ? random() % (128 << 10) : random() % (24 << 10);
      const uint64_t bytes = random() % 8 == 0 ? random() % (80 << 10) : random() % 3000;
      const bool read = random() % 4 != 0;
      const uint64_t want = lines.Touch(region, offset, bytes, read);
      uint64_t got = 0;
      if (read) {
        got = pieces.Read(region, offset, bytes);
      } else {
        pieces.Write(region, offset, bytes);
      }
      ASSERT_EQ(got, want) << "capacity " << capacity << ", access " << i << ": " << bytes
                           << " B at " << offset << " of region " << region;
      hits += got;
    }
    if (capacity >= 4096) {  // the test exercises hits
      EXPECT_GT(hits, 0u) << capacity;
    }
  }
}

// An AR reduction's pattern: a tile read from the input stream, then its few result bytes written
// into the line the last tile's went to (a piece of its own, made the most recent again whole),
// now and then a reread of older lines. Every access hits what the line LRU hits, also once the
// share is full and evicts.
TEST(L2Cache, ResultLinesWrittenBetweenStreamReadsHitAsALineLru) {
  for (const uint64_t capacity : {1024u, 4096u, 16384u}) {
    detail::L2Share pieces(capacity);
    testing::LineLru lines(capacity);
    uint64_t hits = 0;
    for (uint64_t tile = 0; tile < 400; ++tile) {
      const uint64_t in = tile * 1536 + (tile % 5 == 4 ? 100 : 0);
      const uint64_t out = tile / 3 * 4;  // three tiles' results to a 4 B slot, 128 to a line
      ASSERT_EQ(pieces.Read(0, in, 1536), lines.Touch(0, in, 1536, true)) << tile;
      pieces.Write(1, out, 4);
      lines.Touch(1, out, 4, false);
      const uint64_t back = tile % 7 == 6 ? out - std::min<uint64_t>(out, 600) : out;
      const uint64_t got = pieces.Read(1, back, 8);
      ASSERT_EQ(got, lines.Touch(1, back, 8, true)) << tile;
      hits += got;
    }
    EXPECT_GT(hits, 0u) << capacity;
  }
}

// Rows a GM row apart (a piece each), the share moved into a vector that then grows and moves
// it again halfway: its map and recency list go with it (its own move, the map never destroyed
// node by node), and every read still hits what the line LRU hits.
TEST(L2Cache, AMovedShareKeepsItsPieces) {
  constexpr uint64_t kCapacity = 16384;  // 32 lines
  testing::LineLru lines(kCapacity);
  std::vector<detail::L2Share> shares;
  shares.emplace_back(kCapacity);
  uint64_t hits = 0;
  for (uint64_t i = 0; i < 600; ++i) {
    if (i % 150 == 75) shares.emplace_back(kCapacity);  // grows: the shares move
    // 24 rows 1 KiB apart read again and again, every seventh read a new row far on (evictions).
    const uint64_t at = i % 7 == 6 ? (64 << 10) + i * 1024 : (i % 24) * 1024 + (i / 24) % 16 * 8;
    const uint64_t got = shares.front().Read(0, at, 352);
    ASSERT_EQ(got, lines.Touch(0, at, 352, true)) << i;
    hits += got;
  }
  EXPECT_GT(hits, 0u);
}

// A stream of consecutive reads is one piece, evicted from its start as it goes.
TEST(L2Cache, AStreamKeepsTheLastCapacityBytes) {
  detail::L2Share share(64 << 10);
  for (uint64_t at = 0; at < (1 << 20); at += 4096) EXPECT_EQ(share.Read(0, at, 4096), 0u);
  EXPECT_EQ(share.Read(0, (1 << 20) - (64 << 10), 64 << 10), 64u << 10);
  EXPECT_EQ(share.Read(0, (1 << 20) - (64 << 10) - 512, 512), 0u);
}

}  // namespace
}  // namespace opsim::sim
