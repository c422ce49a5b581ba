// The missing-sync check compares the bytes two pipes touch, not only the buffer they share: a
// kernel that copies two inputs into two halves of one queue buffer (ops-math logical_and:
// x2Local = x1Local[n]) may load the second half while V still reads the first, as on the chip.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/detail/core.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

constexpr uint32_t kN = 256;  // floats per half

enum class SecondLoad { kOtherHalf, kOverlapsTheFirstHalf };

// Loads x1 into the first half of one buffer and, while V computes on it, x2 into the second
// half (or, seeded, over the end of the first); then sums the halves and copies the sum out.
LaunchResult RunHalves(std::vector<float>& x, std::vector<float>& y, SecondLoad second) {
  return testing::RunOne(
      [&, second] {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
        TBuf<TPosition::VECCALC> tmp_buf;
        pipe.InitBuffer(q, 1, 2 * kN * sizeof(float));
        pipe.InitBuffer(tmp_buf, kN * sizeof(float));
        GlobalTensor<float> xg, yg;
        xg.SetGlobalBuffer(x.data(), 2 * kN);
        yg.SetGlobalBuffer(y.data(), kN);
        LocalTensor<float> x1 = q.AllocTensor<float>();
        LocalTensor<float> x2 = x1[second == SecondLoad::kOtherHalf ? kN : kN - 64];
        LocalTensor<float> tmp = tmp_buf.Get<float>();
        DataCopy(x1, xg, kN);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        Muls(tmp, x1, 1.0f, kN);   // V reads the first half ...
        DataCopy(x2, xg[kN], kN);  // ... while MTE2 loads the second
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        Add(x1, tmp, x2, kN);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(yg, x1, kN);
        q.FreeTensor(x1);
      },
      true, {{x.data(), x.size() * sizeof(float), "x"}, {y.data(), y.size() * sizeof(float), "y"}});
}

TEST(PipeRanges, LoadingOneHalfOfABufferWhileVReadsTheOtherIsClean) {
  std::vector<float> x(2 * kN), y(kN);
  for (uint32_t i = 0; i < 2 * kN; ++i) x[i] = static_cast<float>(i);
  const LaunchResult r = RunHalves(x, y, SecondLoad::kOtherHalf);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(y[i], x[i] + x[kN + i]) << i;
}

TEST(PipeRanges, LoadingOverBytesVStillReadsIsAMissingSyncNamingBoth) {
  std::vector<float> x(2 * kN, 1.0f), y(kN);
  const LaunchResult r = RunHalves(x, y, SecondLoad::kOverlapsTheFirstHalf);
  ASSERT_TRUE(r.fault.has_value()) << "MTE2 overwrote bytes V was reading and nothing said so";
  EXPECT_EQ(r.fault->kind, FaultKind::kMissingSync) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "DataCopy") << r.fault->ToString();
  // x2 starts at float 192 (byte 768); Muls reads bytes [0, 1024) of the buffer.
  EXPECT_NE(r.fault->message.find("MTE2 overwrites queue #0 buffer #0"), std::string::npos)
      << r.fault->message;
  EXPECT_NE(r.fault->message.find("bytes [768, 1792) at"), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find("V read of bytes [0, 1024)"), std::string::npos)
      << r.fault->message;
}

TEST(PipeRanges, AnEarlierReadOfTheSamePipeIsStillComparedWith) {
  // V reads the first half, then the second; MTE2 then overwrites the first half unsynchronised.
  std::vector<float> x(2 * kN, 1.0f);
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf, tmp_buf;
        pipe.InitBuffer(buf, 2 * kN * sizeof(float));
        pipe.InitBuffer(tmp_buf, kN * sizeof(float));
        GlobalTensor<float> xg;
        xg.SetGlobalBuffer(x.data(), 2 * kN);
        LocalTensor<float> all = buf.Get<float>(), tmp = tmp_buf.Get<float>();
        Duplicate(all, 2.0f, 2 * kN);
        PipeBarrier<PIPE_V>();
        Muls(tmp, all, 1.0f, kN);
        Muls(tmp, all[kN], 1.0f, kN);
        DataCopy(all, xg, kN);
      },
      true, {{x.data(), x.size() * sizeof(float), "x"}});
  ASSERT_TRUE(r.fault.has_value()) << "the race with the first read was lost";
  EXPECT_EQ(r.fault->kind, FaultKind::kMissingSync) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("V read of bytes [0, 1024)"), std::string::npos)
      << r.fault->message;
}

// The kept accesses' ring: sorted by end (ties in arrival order), the earliest-ending forgotten
// first when a 17th arrives, and a filter that keeps the order.
TEST(PipeRanges, TheRingOfKeptAccessesForgetsTheOneThatEndedFirst) {
  detail::PipeAccessRing ring;
  auto ends = [&ring] {
    std::vector<double> e;
    for (uint32_t i = 0; i < ring.size(); ++i) e.push_back(ring[i].end);
    return e;
  };
  auto add = [&ring](double end) {
    detail::PipeAccess a;
    a.end = end;
    ring.Insert(a);
  };
  for (int i = 0; i < 16; ++i) add(i % 2 == 0 ? 100.0 + i : 50.0 + i);  // two interleaved runs
  ASSERT_EQ(ring.size(), 16u);
  std::vector<double> sorted = ends();
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
  EXPECT_EQ(sorted.front(), 51.0);
  add(51.0);  // full: 51 (the first to end) goes; the new 51 stays
  EXPECT_EQ(ring.size(), 16u);
  EXPECT_EQ(ring[0].end, 51.0);
  EXPECT_EQ(ring[0].order, 16u);
  EXPECT_EQ(ring[1].end, 53.0);
  add(53.0);  // the new 51 goes, then the old 53: equal ends keep their arrival order
  add(53.0);
  EXPECT_EQ(ring[0].end, 53.0);
  EXPECT_EQ(ring[0].order, 17u);
  EXPECT_EQ(ring[1].order, 18u);
  ring.Filter([](const detail::PipeAccess& a) { return a.end > 100.0; });
  EXPECT_EQ(ends(), (std::vector<double>{102, 104, 106, 108, 110, 112, 114}));
  add(1.0);
  EXPECT_EQ(ring[0].end, 1.0);
  EXPECT_EQ(ring.size(), 8u);
}

}  // namespace
}  // namespace opsim::sim
