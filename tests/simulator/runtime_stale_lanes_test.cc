// Elementwise instructions over lanes nothing wrote (docs/CHECKS.md, "What counts as written"):
// the chip computes on whatever the UB holds, so computing a whole tile of which only a part
// was loaded is legal when only that part is copied out (public kernels: LessEqual's last
// tile, Spence's Not over a whole byte mask); the lanes computed from unwritten bytes stay
// unwritten, so copying them out or reducing over them is still `uninitialized_read`.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

constexpr uint32_t kTile = 256;  // floats per tile; the kernels load kLoaded of them
constexpr uint32_t kLoaded = 200;

// Loads kLoaded floats of x into a kTile-float tile, computes Abs, Muls, Cast to half and back
// over the whole tile, and copies `out_count` floats of the result to y.
LaunchResult RunTile(std::vector<float>& x, std::vector<float>& y, uint32_t out_count,
                     bool reduce_whole_tile = false) {
  return testing::RunOne(
      [&, out_count, reduce_whole_tile] {
        TPipe pipe;
        TQue<QuePosition::VECIN, 1> in;
        TQue<QuePosition::VECOUT, 1> out;
        TBuf<TPosition::VECCALC> tmp, half_buf;
        pipe.InitBuffer(in, 1, kTile * sizeof(float));
        pipe.InitBuffer(out, 1, kTile * sizeof(float));
        pipe.InitBuffer(tmp, kTile * sizeof(float));
        pipe.InitBuffer(half_buf, kTile * sizeof(half));
        GlobalTensor<float> xg, yg;
        xg.SetGlobalBuffer(x.data(), kLoaded);
        yg.SetGlobalBuffer(y.data(), kTile);
        LocalTensor<float> a = in.AllocTensor<float>();
        DataCopy(a, xg, kLoaded);
        in.EnQue(a);
        a = in.DeQue<float>();
        LocalTensor<float> t = tmp.Get<float>();
        LocalTensor<half> h = half_buf.Get<half>();
        LocalTensor<float> b = out.AllocTensor<float>();
        Abs(t, a, kTile);
        Muls(t, t, 2.0f, kTile);
        Cast(h, t, RoundMode::CAST_NONE, kTile);
        Cast(b, h, RoundMode::CAST_NONE, kTile);
        if (reduce_whole_tile) ReduceSum(b, b, t, kTile);
        out.EnQue(b);
        b = out.DeQue<float>();
        DataCopy(yg, b, out_count);
        out.FreeTensor(b);
        in.FreeTensor(a);
      },
      true, {{x.data(), x.size() * sizeof(float), "x"}, {y.data(), y.size() * sizeof(float), "y"}});
}

TEST(StaleLanes, ComputingOnATileTailThatIsNeverCopiedOutIsClean) {
  std::vector<float> x(kTile, -1.5f), y(kTile, 0.0f);
  const LaunchResult r = RunTile(x, y, kLoaded);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_TRUE(r.warnings.empty());
  for (uint32_t i = 0; i < kLoaded; ++i) ASSERT_EQ(y[i], 3.0f) << i;
}

TEST(StaleLanes, CopyingOutLanesComputedFromUnwrittenBytesFaults) {
  std::vector<float> x(kTile, -1.5f), y(kTile, 0.0f);
  const LaunchResult r = RunTile(x, y, kTile);
  ASSERT_TRUE(r.fault.has_value()) << "copying out the garbage lanes ran clean";
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "DataCopy") << r.fault->ToString();
  // Lanes [200, 256) of the output tile: bytes [800, 1024), the first of them Cast's.
  EXPECT_NE(r.fault->message.find("bytes [800, 1024)"), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find("Cast computed from such bytes"), std::string::npos)
      << r.fault->message;
}

TEST(StaleLanes, AReductionOverLanesComputedFromUnwrittenBytesFaults) {
  std::vector<float> x(kTile, -1.5f), y(kTile, 0.0f);
  const LaunchResult r = RunTile(x, y, 8, /*reduce_whole_tile=*/true);
  ASSERT_TRUE(r.fault.has_value()) << "reducing over the garbage lanes ran clean";
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "ReduceSum") << r.fault->ToString();
}

TEST(StaleLanes, OneSourceLaneUnwrittenTaintsOnlyItsOwnLane) {
  // Binary instruction: a's lanes all written, b's lane 3 not; only dst lane 3 stays unwritten.
  std::vector<float> y(64, 0.0f);
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        pipe.InitBuffer(c, 256);
        Duplicate(a.Get<float>(), 1.0f, 64);
        Duplicate(b.Get<float>(), 2.0f, 3);
        Duplicate(b.Get<float>()[8], 2.0f, 56);  // lanes 3..7 of b: nothing wrote them
        Add(c.Get<float>(), a.Get<float>(), b.Get<float>(), 64);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(y.data(), 64);
        DataCopy(g[8], c.Get<float>()[8], 56);  // blocks 1..7: every lane written
        DataCopy(g, c.Get<float>(), 8);         // block 0: lanes 3..7 are garbage, 0..2 not
      },
      true, {{y.data(), y.size() * sizeof(float), "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].kind, "partial_block_copy_out");
  EXPECT_EQ(y[8], 3.0f);
}

// acos/asinh/is_close (ops-math): CompareScalar and Select over whole repeats of a tile of which
// only `loaded` lanes were copied in, then `out_count` lanes copied out. The selected values
// (ones/zeros) are all written, so only the mask can carry the garbage.
LaunchResult RunCompareSelect(std::vector<float>& x, std::vector<float>& y, uint32_t loaded,
                              uint32_t out_count) {
  return testing::RunOne(
      [&, loaded, out_count] {
        TPipe pipe;
        TQue<QuePosition::VECIN, 1> in;
        TQue<QuePosition::VECOUT, 1> out;
        TBuf<TPosition::VECCALC> mask_buf, ones_buf, zeros_buf;
        pipe.InitBuffer(in, 1, kTile * sizeof(float));
        pipe.InitBuffer(out, 1, kTile * sizeof(float));
        pipe.InitBuffer(mask_buf, kTile / 8);
        pipe.InitBuffer(ones_buf, kTile * sizeof(float));
        pipe.InitBuffer(zeros_buf, kTile * sizeof(float));
        GlobalTensor<float> xg, yg;
        xg.SetGlobalBuffer(x.data(), loaded);
        yg.SetGlobalBuffer(y.data(), kTile);
        LocalTensor<float> a = in.AllocTensor<float>();
        DataCopy(a, xg, loaded);
        in.EnQue(a);
        a = in.DeQue<float>();
        LocalTensor<uint8_t> mask = mask_buf.Get<uint8_t>();
        LocalTensor<float> ones = ones_buf.Get<float>(), zeros = zeros_buf.Get<float>();
        Duplicate(ones, 1.0f, kTile);
        Duplicate(zeros, 0.0f, kTile);
        CompareScalar(mask, a, 0.0f, CMPMODE::LT, kTile);
        LocalTensor<float> b = out.AllocTensor<float>();
        Select(b, mask, ones, zeros, SELMODE::VSEL_TENSOR_TENSOR_MODE, kTile);
        out.EnQue(b);
        b = out.DeQue<float>();
        DataCopy(yg, b, out_count);
        out.FreeTensor(b);
        in.FreeTensor(a);
      },
      true, {{x.data(), x.size() * sizeof(float), "x"}, {y.data(), y.size() * sizeof(float), "y"}});
}

TEST(StaleLanes, ACompareOverAWholeRepeatWhoseTailIsNeverCopiedOutIsClean) {
  for (const uint32_t loaded : {192u, 200u}) {  // 200: the data ends inside a repeat
    std::vector<float> x(kTile, -2.0f), y(kTile, 5.0f);
    const LaunchResult r = RunCompareSelect(x, y, loaded, loaded);
    ASSERT_TRUE(r.status.ok()) << loaded << ": " << r.status.ToString();
    for (uint32_t i = 0; i < loaded; ++i) ASSERT_EQ(y[i], 1.0f) << i;
  }
}

TEST(StaleLanes, SelectingByMaskBitsComputedFromUnwrittenLanesFaultsWhereTheyReachGm) {
  std::vector<float> x(kTile, -2.0f), y(kTile, 5.0f);
  const LaunchResult r = RunCompareSelect(x, y, 192, kTile);
  ASSERT_TRUE(r.fault.has_value()) << "copying out lanes selected by garbage bits ran clean";
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "DataCopy") << r.fault->ToString();
  // Lanes [192, 256): bytes [768, 1024) of the output tile, made by Select from mask bytes 24..31.
  EXPECT_NE(r.fault->message.find("bytes [768, 1024)"), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find("Select computed from such bytes"), std::string::npos)
      << r.fault->message;
}

// Loads kLoaded floats of x into a kTile-float tile a, runs `compute(b, a)` on the V pipe and
// copies `out_count` floats of b to y.
template <typename Compute>
LaunchResult RunLoadedTile(std::vector<float>& x, std::vector<float>& y, uint32_t out_count,
                           Compute compute) {
  return testing::RunOne(
      [&, out_count] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a_buf, b_buf;
        pipe.InitBuffer(a_buf, kTile * sizeof(float));
        pipe.InitBuffer(b_buf, kTile * sizeof(float));
        GlobalTensor<float> xg, yg;
        xg.SetGlobalBuffer(x.data(), kLoaded);
        yg.SetGlobalBuffer(y.data(), kTile);
        LocalTensor<float> a = a_buf.Get<float>(), b = b_buf.Get<float>();
        DataCopy(a, xg, kLoaded);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        compute(b, a);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(yg, b, out_count);
      },
      true, {{x.data(), x.size() * sizeof(float), "x"}, {y.data(), y.size() * sizeof(float), "y"}});
}

// acos (ops-math, half): a copy within the UB of a whole tile of which only a part was loaded
// (DataCopy(xPow, x, tileLength), V pipe) carries the unwritten bytes as Abs would.
LaunchResult RunUbCopy(std::vector<float>& x, std::vector<float>& y, uint32_t out_count) {
  return RunLoadedTile(x, y, out_count, [](auto& b, auto& a) { DataCopy(b, a, kTile); });
}

TEST(StaleLanes, ACopyWithinTheUbCarriesUnwrittenBytesToWhereTheyAreUsed) {
  std::vector<float> x(kTile, 4.0f), y(kTile, 0.0f);
  const LaunchResult clean = RunUbCopy(x, y, kLoaded);
  ASSERT_TRUE(clean.status.ok()) << clean.status.ToString();
  EXPECT_EQ(y[kLoaded - 1], 4.0f);
  const LaunchResult r = RunUbCopy(x, y, kTile);
  ASSERT_TRUE(r.fault.has_value()) << "copying out the carried garbage ran clean";
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("bytes [800, 1024)"), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find("DataCopy computed from such bytes"), std::string::npos)
      << r.fault->message;
}

// Level-0 (mask and repeat) forms: the same rule, lane by lane, for the lanes the mask enables.
LaunchResult RunCounterModeAdd(std::vector<float>& x, std::vector<float>& y, uint32_t out_count) {
  return RunLoadedTile(x, y, out_count, [](auto& b, auto& a) {
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(0, kTile);
    BinaryRepeatParams p;
    Add<float, false>(b, a, a, MASK_PLACEHOLDER, 1, p);
    SetMaskNorm();
    ResetMask();
  });
}

TEST(StaleLanes, ALevel0FormOverATileTailThatIsNeverCopiedOutIsClean) {
  std::vector<float> x(kTile, 1.5f), y(kTile, 0.0f);
  const LaunchResult clean = RunCounterModeAdd(x, y, kLoaded);
  ASSERT_TRUE(clean.status.ok()) << clean.status.ToString();
  EXPECT_EQ(y[kLoaded - 1], 3.0f);
  const LaunchResult r = RunCounterModeAdd(x, y, kTile);
  ASSERT_TRUE(r.fault.has_value()) << "copying out lanes Add computed from garbage ran clean";
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("Add computed from such bytes"), std::string::npos)
      << r.fault->message;
}

TEST(StaleLanes, ACounterModeWholeReduceWritesOnlyItsResults) {
  // 100 elements: two repeats, two sums at dst[0] and dst[1]; the rest of the 64 B copied out
  // holds nothing the reduction wrote (one block of it nothing at all).
  std::vector<float> y(16, 0.0f);
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a_buf, b_buf;
        pipe.InitBuffer(a_buf, kTile * sizeof(float));
        pipe.InitBuffer(b_buf, kTile * sizeof(float));
        LocalTensor<float> a = a_buf.Get<float>(), b = b_buf.Get<float>();
        Duplicate(a, 1.0f, kTile);
        PipeBarrier<PIPE_V>();
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, 100);
        WholeReduceSum<float, false>(b, a, MASK_PLACEHOLDER, 1, 1, 1, 8);
        SetMaskNorm();
        ResetMask();
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(y.data(), 16);
        DataCopy(yg, b, 16);
      },
      true, {{y.data(), y.size() * sizeof(float), "y"}});
  ASSERT_TRUE(r.fault.has_value()) << "the reduction marked more than its two results written";
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "DataCopy") << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("bytes [8, 64)"), std::string::npos) << r.fault->message;
}

// Rows of 16 floats 128 B apart reduced one row per repeat (mask 16, srcRepStride 4 blocks): the
// chip reads only the lanes, so the unwritten gaps between rows are no fault; an unwritten lane is.
LaunchResult ReduceSpacedRows(std::vector<float>& y, int32_t lanes_of_row_two) {
  return testing::RunOne(
      [&y, lanes_of_row_two] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a_buf, b_buf;
        pipe.InitBuffer(a_buf, 128 * sizeof(float));
        pipe.InitBuffer(b_buf, 8 * sizeof(float));
        LocalTensor<float> a = a_buf.Get<float>(), b = b_buf.Get<float>();
        for (uint32_t row = 0; row < 4; ++row) {
          Duplicate(a[row * 32], 1.0f, row == 2 ? lanes_of_row_two : 16);
        }
        Duplicate(b, 0.0f, 8);
        PipeBarrier<PIPE_V>();
        WholeReduceSum<float>(b, a, 16, 4, 1, 1, 4);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        GlobalTensor<float> yg;
        yg.SetGlobalBuffer(y.data(), 8);
        DataCopy(yg, b, 8);
      },
      true, {{y.data(), y.size() * sizeof(float), "y"}});
}

TEST(StaleLanes, AWholeReduceOfSpacedRowsReadsOnlyItsLanes) {
  std::vector<float> y(8, -1.0f);
  const LaunchResult r = ReduceSpacedRows(y, 16);
  ASSERT_FALSE(r.fault.has_value()) << r.fault->ToString();
  EXPECT_EQ(y, (std::vector<float>{16, 16, 16, 16, 0, 0, 0, 0}));
}

TEST(StaleLanes, AWholeReduceOfSpacedRowsFaultsOnAnUnwrittenLane) {
  std::vector<float> y(8, -1.0f);
  const LaunchResult r = ReduceSpacedRows(y, 15);
  ASSERT_TRUE(r.fault.has_value()) << "row 2's last lane was never written";
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "WholeReduceSum") << r.fault->ToString();
}

}  // namespace
}  // namespace opsim::sim
