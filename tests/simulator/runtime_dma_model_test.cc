// The DMA's cost (docs/CUBE.md, "DMA set-up"): a copy holds its pipe for dma_issue_ns + its
// transfer; its data is there dma_setup_ns + its transfer after its start. TestDevice: issue 10
// ns, set-up 100 ns, 32 B/ns, so 4096 B transfer in 128 ns and 32 B in 1 ns; flags cost 0.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

std::vector<GmRegion> ModelRegions(std::vector<float>& in, std::vector<float>& out) {
  return {{in.data(), in.size() * sizeof(float), "x"},
          {out.data(), out.size() * sizeof(float), "y"}};
}

double ModelClock(Pipe pipe) { return detail::Cur().clock[static_cast<int>(pipe)]; }

TEST(DmaModel, IssueHoldsThePipeTheSetUpIsLatency) {
  std::vector<float> in(1024, 1.0f), out(1024, 0.0f);
  std::vector<double> mte2, landed;  // MTE2's clock, and its data's landing, after each copy in
  double v_end = 0, mte3_done = 0;
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> copies, work;
        pipe.InitBuffer(copies, 4096);
        pipe.InitBuffer(work, 65536);
        GlobalTensor<float> x, y;
        x.SetGlobalBuffer(in.data(), in.size());
        y.SetGlobalBuffer(out.data(), out.size());
        LocalTensor<float> t = copies.Get<float>();
        auto copy_in = [&](uint32_t floats) {
          DataCopy(t, x, floats);
          mte2.push_back(ModelClock(Pipe::kMte2));
          landed.push_back(detail::Cur().DoneAt(Pipe::kMte2));
        };
        copy_in(1024);  // 0: holds MTE2 10 + 128 ns; lands at 100 + 128
        LocalTensor<float> w = work.Get<float>();
        Duplicate(w, 0.0f, 16384);  // V, from 0, past 0's landing
        v_end = ModelClock(Pipe::kV);
        SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
        copy_in(1024);  // 1: waited for V, so starts at v_end; holds MTE2 no longer for it
        copy_in(1024);  // 2: starts when 1 frees the pipe (138 ns on), not when 1 lands
        copy_in(8);     // 3: + 10 + 1
        copy_in(8);     // 4: + 10 + 1; lands 101 ns after its start
        PipeBarrier<PIPE_MTE2>();
        copy_in(1024);         // 5: the barrier waited for 4's data
        DataCopy(y, t, 1024);  // MTE3 (its order after MTE2 is the kernel's): from 0
        mte3_done = detail::Cur().DoneAt(Pipe::kMte3);
      },
      false, ModelRegions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(mte2.size(), 6u);
  EXPECT_DOUBLE_EQ(v_end, 264.0);  // two instructions (255 repeats at most): 2 x 4 + 256
  const std::vector<double> want_clock = {138,         v_end + 138, v_end + 276,
                                          v_end + 287, v_end + 298, v_end + 388 + 138};
  const std::vector<double> want_landed = {228,         v_end + 228, v_end + 366,
                                           v_end + 377, v_end + 388, v_end + 388 + 228};
  for (size_t i = 0; i < mte2.size(); ++i) {
    EXPECT_DOUBLE_EQ(mte2[i], want_clock[i]) << "copy " << i;
    EXPECT_DOUBLE_EQ(landed[i], want_landed[i]) << "copy " << i;
  }
  EXPECT_DOUBLE_EQ(mte3_done, 228.0);
  // Busy is occupancy: six issues and the transfers, no set-up.
  const PipeStats& s = r.stats.pipes[static_cast<int>(Pipe::kMte2)];
  EXPECT_DOUBLE_EQ(s.busy_ns, 6 * 10.0 + 4 * 128.0 + 2 * 1.0);
  // The block ends when copy 5's data is there.
  EXPECT_DOUBLE_EQ(r.stats.slowest_core_ns, want_landed[5]);
}

TEST(DmaModel, AStreamOfShortCopiesPaysTheSetUpOnce) {
  constexpr int kCopies = 64;
  std::vector<float> in(8 * kCopies, 1.0f), out(8, 0.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), in.size());
        LocalTensor<float> t = buf.Get<float>();
        for (int i = 0; i < kCopies; ++i) DataCopy(t, x[8 * i], 8);
      },
      false, ModelRegions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  // N x (issue + transfer) on the pipe, and the last copy's latency once: 63 x 11 + 100 + 1.
  // (Set-up as occupancy, one descriptor of look-ahead, charged 100 + 1 + 63 x 100 = 6401.)
  EXPECT_DOUBLE_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].busy_ns, kCopies * 11.0);
  EXPECT_DOUBLE_EQ(r.stats.slowest_core_ns, (kCopies - 1) * 11.0 + 101.0);
}

TEST(DmaModel, EveryHandOverWaitsForTheData) {
  std::vector<float> in(1024, 1.0f), out(1024, 0.0f);
  double after_flag = 0, after_deque = 0, after_auto_sync = 0, after_barrier = 0;
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(q, 1, 4096);
        pipe.InitBuffer(a, 4096);
        pipe.InitBuffer(b, 4096);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), in.size());
        // A flag: the V pipe resumes when the copy's data is there (228), not when MTE2 is free
        // again (138).
        LocalTensor<float> ta = a.Get<float>();
        DataCopy(ta, x, 1024);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        after_flag = ModelClock(Pipe::kV);
        // A queue: EnQue at 138 + 100 + 128 = 366 hands over at the landing.
        LocalTensor<float> tq = q.AllocTensor<float>();
        DataCopy(tq, x, 1024);
        q.EnQue(tq);
        tq = q.DeQue<float>();
        after_deque = ModelClock(Pipe::kV);
        // Auto-sync (on by default): a scalar read of a copy's destination waits for its data;
        // the copy starts at 276 and lands at 504 (a scalar access costs 1 ns).
        LocalTensor<float> tb = b.Get<float>();
        DataCopy(tb, x, 1024);
        (void)tb.GetValue(0);
        after_auto_sync = ModelClock(Pipe::kS) - 1.0;
        q.FreeTensor(tq);
        // A barrier on every pipe: the latest landing (a copy from 414 lands at 642).
        DataCopy(ta, x, 1024);
        PipeBarrier<PIPE_ALL>();
        after_barrier = ModelClock(Pipe::kS);
      },
      false, ModelRegions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_DOUBLE_EQ(after_flag, 228.0);
  EXPECT_DOUBLE_EQ(after_deque, 366.0);
  EXPECT_DOUBLE_EQ(after_auto_sync, 504.0);
  EXPECT_DOUBLE_EQ(after_barrier, 642.0);
}

}  // namespace
}  // namespace opsim::sim
