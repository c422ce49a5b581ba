// Multi-core launch: SyncAll and workspace, deadlock and overlap detection, determinism across
// host thread counts, the cost model's basic truths and the Chrome trace.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::TestDevice;

// Two-phase sum: each block sums its slice into a 32 B workspace slot; after SyncAll block 0
// sums the partials. n must be a multiple of 8 * blocks.
struct TwoPhaseSum {
  std::vector<float> x;
  std::vector<float> ws;
  float y[8] = {};

  LaunchResult Run(uint32_t blocks, int threads, bool skip_sync_on_block1 = false) {
    ws.assign(blocks * 8, 0.0f);
    std::fill(std::begin(y), std::end(y), 0.0f);
    LaunchOptions o;
    o.checked = true;
    o.host_threads = threads;
    o.regions = {{x.data(), x.size() * 4, "x"},
                 {ws.data(), ws.size() * 4, "workspace"},
                 {y, sizeof(y), "y"}};
    return Launch(TestDevice(8), blocks, o, [&, skip_sync_on_block1] {
      const uint32_t per = static_cast<uint32_t>(x.size() / GetBlockNum());
      TPipe pipe;
      TBuf<TPosition::VECCALC> in, work, out;
      pipe.InitBuffer(in, per * 4);
      pipe.InitBuffer(work, 1024);
      pipe.InitBuffer(out, 32);
      GlobalTensor<float> gx, gws, gy;
      gx.SetGlobalBuffer(x.data() + per * GetBlockIdx(), per);
      gws.SetGlobalBuffer(ws.data(), ws.size());
      gy.SetGlobalBuffer(y, 8);
      LocalTensor<float> t = in.Get<float>();
      LocalTensor<float> o8 = out.Get<float>();
      DataCopy(t, gx, per);
      PipeBarrier<PIPE_ALL>();
      Duplicate(o8, 0.0f, 8);
      ReduceSum(o8, t, work.Get<float>(), static_cast<int32_t>(per));
      PipeBarrier<PIPE_ALL>();
      DataCopy(gws[GetBlockIdx() * 8], o8, 8);
      if (skip_sync_on_block1 && GetBlockIdx() == 1) return;
      SyncAll();
      if (GetBlockIdx() != 0) return;
      const uint32_t n = static_cast<uint32_t>(GetBlockNum() * 8);
      DataCopy(t, gws, n);
      PipeBarrier<PIPE_ALL>();
      Duplicate(o8, 0.0f, 8);
      // Partials sit at every 8th element: gather them with a strided WholeReduce-free loop.
      for (uint32_t b = 1; b < static_cast<uint32_t>(GetBlockNum()); ++b) {
        t.SetValue(b, t.GetValue(b * 8));
      }
      ReduceSum(o8, t, work.Get<float>(), static_cast<int32_t>(GetBlockNum()));
      PipeBarrier<PIPE_ALL>();
      DataCopy(gy, o8, 8);
    });
  }
};

TEST(Launch, TwoPhaseKernelWithSyncAllAndWorkspace) {
  TwoPhaseSum k;
  k.x.resize(8 * 8 * 32);
  std::iota(k.x.begin(), k.x.end(), 0.0f);
  const LaunchResult r = k.Run(8, 2);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double n = static_cast<double>(k.x.size());
  EXPECT_EQ(k.y[0], static_cast<float>(n * (n - 1) / 2));
  EXPECT_EQ(r.stats.core_ns.size(), 8u);
}

TEST(Launch, SyncAllWithOneHostThreadDoesNotHang) {
  TwoPhaseSum k;
  k.x.assign(4 * 64, 1.0f);
  const LaunchResult r = k.Run(4, 1);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(k.y[0], 256.0f);
}

TEST(Launch, BlockSkippingSyncAllIsADeadlockFaultNotAHang) {
  TwoPhaseSum k;
  k.x.assign(4 * 64, 1.0f);
  for (int threads : {1, 2, 4}) {
    const LaunchResult r = k.Run(4, threads, /*skip_sync_on_block1=*/true);
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kBarrierDeadlock) << r.fault->ToString();
  }
}

TEST(Launch, SyncAllWithMoreBlocksThanCoresFaults) {
  LaunchOptions o;
  const LaunchResult r = Launch(TestDevice(2), 3, o, [] { SyncAll(); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(r.fault->message.find("blockDim 3 exceeds the 2 cores"), std::string::npos);
}

TEST(Launch, BlockDimOutOfRangeIsAnError) {
  LaunchOptions o;
  EXPECT_EQ(Launch(TestDevice(), 0, o, [] {}).status.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(Launch(TestDevice(), 65536, o, [] {}).status.code(), ErrorCode::kInvalidParam);
}

TEST(Launch, MoreBlocksThanCoresRunInRounds) {
  std::vector<int32_t> seen(100, -1);
  LaunchOptions o;
  o.host_threads = 3;
  const LaunchResult r = Launch(TestDevice(4), 100, o, [&] {
    seen[static_cast<size_t>(GetBlockIdx())] = static_cast<int32_t>(GetBlockNum());
  });
  ASSERT_TRUE(r.status.ok());
  for (int32_t v : seen) EXPECT_EQ(v, 100);
  EXPECT_EQ(r.stats.core_ns.size(), 4u);
}

TEST(Launch, TwoBlocksWritingTheSameBytesIsAFault) {
  std::vector<float> y(8);
  LaunchOptions o;
  o.checked = true;
  o.regions = {{y.data(), 32, "y"}};
  const LaunchResult r = Launch(TestDevice(), 2, o, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 32);
    GlobalTensor<float> gy;
    gy.SetGlobalBuffer(y.data(), 8);
    Duplicate(b.Get<float>(), 1.0f + GetBlockIdx(), 8);  // the same values would only warn
    PipeBarrier<PIPE_ALL>();
    DataCopy(gy, b.Get<float>(), 8);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("blocks 0 and 1 both write GM 'y' [0x0, 0x20)"),
            std::string::npos)
      << r.fault->message;
}

TEST(Launch, KernelExceptionBecomesAFault) {
  LaunchOptions o;
  const LaunchResult r = Launch(TestDevice(), 1, o, [] { throw std::runtime_error("boom"); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("boom"), std::string::npos);
}

// Every block faults at once: whichever host thread gets there first, block 0's fault is the one
// reported (a block above a recorded fault is skipped, one below it still runs).
TEST(Launch, TheLowestFaultingBlockIsReportedWhateverTheHostThreads) {
  for (int round = 0; round < 50; ++round) {
    for (const uint32_t threads : {2u, 7u}) {
      LaunchOptions o;
      o.host_threads = threads;
      const LaunchResult r = Launch(TestDevice(8), 8, o, [] {
        throw std::runtime_error("boom in block " + std::to_string(GetBlockIdx()));
      });
      ASSERT_TRUE(r.fault.has_value());
      ASSERT_EQ(r.fault->block, 0) << r.fault->ToString();
    }
  }
}

TEST(Launch, ResultsAndSimulatedTimeDoNotDependOnHostThreads) {
  TwoPhaseSum k;
  k.x.resize(8 * 8 * 64);
  for (size_t i = 0; i < k.x.size(); ++i) k.x[i] = 1.0f / static_cast<float>(i + 1);
  float first = 0;
  double first_ns = 0;
  for (int threads : {1, 2, 3, 8}) {
    const LaunchResult r = k.Run(8, threads);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    if (threads == 1) {
      first = k.y[0];
      first_ns = r.stats.device_ns;
    }
    EXPECT_EQ(std::memcmp(&first, &k.y[0], 4), 0) << "threads " << threads;
    EXPECT_EQ(first_ns, r.stats.device_ns) << "threads " << threads;
  }
}

TEST(Launch, ALaunchSeesNoneOfAnEarlierLaunchsRecords) {
  // A host thread keeps a Core's list storage between launches (core_storage.h). A DMA write
  // to x leaves a GM access record behind that a later scalar read of x would wait for (auto-sync
  // orders MTE3 before S); a later launch must start from no records, so its time is the time
  // it has after a launch that touched nothing.
  std::vector<float> x(64, 1.0f);
  LaunchOptions o;
  o.host_threads = 1;
  o.regions = {{x.data(), x.size() * 4, "x"}};
  const auto write_x = [&] {
    GlobalTensor<float> gx;
    gx.SetGlobalBuffer(x.data(), 64);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 256);
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 2.0f, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(gx, t, 64);
  };
  float seen = 0;
  const auto read_x = [&] {
    GlobalTensor<float> gx;
    gx.SetGlobalBuffer(x.data(), 64);
    seen = gx.GetValue(0);
  };
  ASSERT_TRUE(Launch(TestDevice(1), 1, o, [] {}).status.ok());
  const LaunchResult alone = Launch(TestDevice(1), 1, o, read_x);
  ASSERT_TRUE(alone.status.ok()) << alone.status.ToString();
  ASSERT_TRUE(Launch(TestDevice(1), 1, o, write_x).status.ok());
  const LaunchResult after_write = Launch(TestDevice(1), 1, o, read_x);
  ASSERT_TRUE(after_write.status.ok()) << after_write.status.ToString();
  EXPECT_EQ(seen, 2.0f);
  EXPECT_EQ(after_write.stats.device_ns, alone.stats.device_ns);
  EXPECT_EQ(after_write.stats.core_ns, alone.stats.core_ns);
}

// Streams x through VECIN -> `vector_ops` x Muls -> VECOUT with `buffers` per queue.
LaunchResult Stream(uint32_t blocks, uint8_t buffers, std::vector<float>& x, std::vector<float>& y,
                    bool trace = false, int vector_ops = 1) {
  LaunchOptions o;
  o.trace = trace;
  o.regions = {{x.data(), x.size() * 4, "x"}, {y.data(), y.size() * 4, "y"}};
  return Launch(TestDevice(8), blocks, o, [&, buffers, vector_ops] {
    constexpr uint32_t kTile = 2048;
    const uint32_t per = static_cast<uint32_t>(x.size() / GetBlockNum());
    GlobalTensor<float> gx, gy;
    gx.SetGlobalBuffer(x.data() + per * GetBlockIdx(), per);
    gy.SetGlobalBuffer(y.data() + per * GetBlockIdx(), per);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> qin;
    TQue<QuePosition::VECOUT, 1> qout;
    pipe.InitBuffer(qin, buffers, kTile * 4);
    pipe.InitBuffer(qout, buffers, kTile * 4);
    for (uint32_t i = 0; i < per / kTile; ++i) {
      LocalTensor<float> a = qin.AllocTensor<float>();
      DataCopy(a, gx[i * kTile], kTile);
      qin.EnQue(a);
      LocalTensor<float> b = qin.DeQue<float>();
      LocalTensor<float> c = qout.AllocTensor<float>();
      Muls(c, b, 2.0f, kTile);
      for (int k = 1; k < vector_ops; ++k) Muls(c, c, 1.0f, kTile);
      qout.EnQue(c);
      qin.FreeTensor(b);
      LocalTensor<float> d = qout.DeQue<float>();
      DataCopy(gy[i * kTile], d, kTile);
      qout.FreeTensor(d);
    }
  });
}

TEST(Launch, RepeatedLaunchesGiveTheSameTimeAndStatistics) {
  // The first launch on a thread builds its lists from nothing, later ones reuse their storage
  // (core_storage.h): nothing the launch reports may differ.
  std::vector<float> x(8 * 4096), y(8 * 4096);
  std::iota(x.begin(), x.end(), 0.0f);
  const LaunchResult first = Stream(8, 2, x, y);
  ASSERT_TRUE(first.status.ok()) << first.status.ToString();
  const std::vector<float> y_first = y;
  for (int i = 0; i < 3; ++i) {
    std::fill(y.begin(), y.end(), -1.0f);
    const LaunchResult again = Stream(8, 2, x, y);
    ASSERT_TRUE(again.status.ok()) << again.status.ToString();
    EXPECT_EQ(again.stats.device_ns, first.stats.device_ns);
    EXPECT_EQ(again.stats.core_ns, first.stats.core_ns);
    for (int p = 0; p < kPipeCount; ++p) {
      EXPECT_EQ(again.stats.pipes[p].busy_ns, first.stats.pipes[p].busy_ns) << p;
      EXPECT_EQ(again.stats.pipes[p].bytes, first.stats.pipes[p].bytes) << p;
      EXPECT_EQ(again.stats.pipes[p].instructions, first.stats.pipes[p].instructions) << p;
    }
    EXPECT_EQ(y, y_first);
  }
}

TEST(CostModel, DoubleBufferingOverlapsCopyAndCompute) {
  std::vector<float> x(64 * 2048, 1.0f), y(x.size());
  // Enough vector work per tile that compute takes about as long as a copy.
  const LaunchResult single = Stream(1, 1, x, y, false, 10);
  const LaunchResult dbl = Stream(1, 2, x, y, false, 10);
  ASSERT_TRUE(single.status.ok() && dbl.status.ok());
  EXPECT_EQ(y[5], 2.0f);
  EXPECT_LT(dbl.stats.slowest_core_ns, 0.8 * single.stats.slowest_core_ns)
      << "single " << single.stats.slowest_core_ns << " ns, double " << dbl.stats.slowest_core_ns
      << " ns";
}

TEST(CostModel, MoreCoresShortenAParallelKernel) {
  std::vector<float> x(64 * 2048, 1.0f), y(x.size());
  const LaunchResult one = Stream(1, 2, x, y);
  const LaunchResult eight = Stream(8, 2, x, y);
  ASSERT_TRUE(one.status.ok() && eight.status.ok());
  EXPECT_LT(eight.stats.device_ns, 0.3 * one.stats.device_ns);
  // Charging is per instruction: 64 tiles, 2 DMAs and 1 vector op each.
  EXPECT_EQ(one.stats.pipes[static_cast<int>(Pipe::kV)].instructions, 64u);
  EXPECT_EQ(one.stats.pipes[static_cast<int>(Pipe::kMte2)].instructions, 64u);
  EXPECT_EQ(one.stats.pipes[static_cast<int>(Pipe::kMte2)].bytes, x.size() * 4);
}

TEST(CostModel, DeviceTimeIsLaunchPlusMaxOfSlowestCoreAndHbm) {
  std::vector<float> x(8 * 2048, 1.0f), y(x.size());
  const LaunchResult r = Stream(2, 2, x, y);
  ASSERT_TRUE(r.status.ok());
  const double bytes = 2.0 * static_cast<double>(x.size()) * 4;
  EXPECT_DOUBLE_EQ(r.stats.hbm_bound_ns, bytes / 1000.0);
  EXPECT_DOUBLE_EQ(r.stats.device_ns,
                   2000.0 + std::max(r.stats.slowest_core_ns, r.stats.hbm_bound_ns));
  EXPECT_NE(FormatStats(r.stats).find("MTE2"), std::string::npos);
}

TEST(Trace, ChromeTraceParsesWithTheDocumentedFields) {
  std::vector<float> x(4 * 2048, 1.0f), y(x.size());
  const LaunchResult r = Stream(2, 2, x, y, /*trace=*/true);
  ASSERT_TRUE(r.status.ok());
  ASSERT_FALSE(r.stats.trace.empty());
  const nlohmann::json j = nlohmann::json::parse(ChromeTraceJson(r.stats));
  size_t complete = 0, names = 0;
  for (const auto& e : j.at("traceEvents")) {
    if (e.at("ph") == "X") {
      ++complete;
      EXPECT_TRUE(e.at("name").is_string());
      EXPECT_TRUE(e.at("pid").is_number_integer());
      EXPECT_TRUE(e.at("tid").is_number_integer());
      EXPECT_GE(e.at("ts").get<double>(), 0.0);
      EXPECT_GT(e.at("dur").get<double>(), 0.0);
      EXPECT_TRUE(e.at("args").contains("bytes"));
    } else if (e.at("ph") == "M") {
      ++names;
    }
  }
  EXPECT_EQ(complete, r.stats.trace.size());
  EXPECT_EQ(names, 2u * 5u);  // per core: process name + 4 pipe lanes
  const std::string path = ::testing::TempDir() + "/opsim_trace.json";
  ASSERT_TRUE(WriteChromeTrace(r.stats, path).ok());
  EXPECT_FALSE(WriteChromeTrace(r.stats, "/nonexistent-dir/x.json").ok());
}

TEST(Trace, OffByDefault) {
  std::vector<float> x(4 * 2048, 1.0f), y(x.size());
  EXPECT_TRUE(Stream(2, 2, x, y).stats.trace.empty());
}

}  // namespace
}  // namespace opsim::sim
