// DataCopy / DataCopyPad: alignment, bounds, strides, padding and profile availability.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

std::vector<GmRegion> Regions(std::vector<float>& in, std::vector<float>& out) {
  return {{in.data(), in.size() * sizeof(float), "x"},
          {out.data(), out.size() * sizeof(float), "y"}};
}

TEST(DataCopy, RoundTripsAlignedData) {
  std::vector<float> in(64), out(64, 0);
  std::iota(in.begin(), in.end(), 1.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> x, y;
        x.SetGlobalBuffer(in.data(), 64);
        y.SetGlobalBuffer(out.data(), 64);
        LocalTensor<float> t = b.Get<float>();
        DataCopy(t, x, 64);
        PipeBarrier<PIPE_ALL>();
        DataCopy(y, t, 64);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(out, in);
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].bytes, 256u);
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte3)].bytes, 256u);
}

// A UB-to-UB copy has no GM side (the auto-sync bookkeeping once offset a null GM pointer for it:
// the kernel_launch fuzz target under UBSan).
TEST(DataCopy, UbToUbCopiesInsideTheUnifiedBuffer) {
  std::vector<float> out(64, 0.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        LocalTensor<float> src = a.Get<float>();
        LocalTensor<float> dst = b.Get<float>();
        for (int i = 0; i < 64; ++i) src.SetValue(i, static_cast<float>(i));
        DataCopy(dst, src, 64);
        for (int i = 0; i < 64; ++i) out[static_cast<size_t>(i)] = dst.GetValue(i);
      },
      true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[static_cast<size_t>(i)], static_cast<float>(i)) << i;
}

// The DataCopyParams form within the UB: blockLen in 32 B, srcStride/dstStride the gaps (in
// 32 B) between blocks; CANN's four-field constructor.
TEST(DataCopy, UbToUbWithDataCopyParamsSkipsTheGaps) {
  std::vector<float> out(24, -1.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        LocalTensor<float> src = a.Get<float>();
        LocalTensor<float> dst = b.Get<float>();
        for (int i = 0; i < 64; ++i) src.SetValue(i, static_cast<float>(i));
        for (int i = 0; i < 24; ++i) dst.SetValue(i, -1.0f);
        DataCopy(dst, src, DataCopyParams(2, 1, 1, 1));  // blocks 0 and 2 to blocks 0 and 2
        for (int i = 0; i < 24; ++i) out[static_cast<size_t>(i)] = dst.GetValue(i);
      },
      true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 24; ++i) {
    const float want = (i / 8) % 2 == 0 ? static_cast<float>(i) : -1.0f;
    EXPECT_EQ(out[static_cast<size_t>(i)], want) << i;
  }
}

TEST(DataCopy, LengthNotMultipleOf32BytesFaults) {
  std::vector<float> in(64), out(64);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), 64);
        LocalTensor<float> t = b.Get<float>();
        DataCopy(t, x, 7);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMisalignedCopy);
  EXPECT_NE(r.fault->message.find("length 28 B is not a multiple of 32 B"), std::string::npos);
  EXPECT_NE(r.fault->message.find("silently copy only 0 B"), std::string::npos);
}

TEST(DataCopy, MisalignedUbAddressFaults) {
  std::vector<float> in(64), out(64);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), 64);
        LocalTensor<float> t = b.Get<float>()[3];
        DataCopy(t, x, 8);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMisalignedCopy);
  EXPECT_NE(r.fault->message.find("UB address 0xc is not 32 B aligned"), std::string::npos)
      << r.fault->message;
}

TEST(DataCopy, BeyondTheGlobalTensorFaultsNamingTheRegion) {
  std::vector<float> in(64), out(64);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 512);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), 64);
        DataCopy(b.Get<float>(), x[32], 64);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_NE(r.fault->message.find("GM 'x' [0x80, 0x180) of 256 B"), std::string::npos)
      << r.fault->message;
}

TEST(DataCopy, UnregisteredAddressFaultsAtTheAccessNotTheBind) {
  std::vector<float> in(64), out(64), stray(64);
  const LaunchResult bound_only = RunOne(
      [&] {
        GlobalTensor<float> x;
        x.SetGlobalBuffer(stray.data(), 64);  // pointer arithmetic: legal until used
      },
      true, Regions(in, out));
  EXPECT_TRUE(bound_only.status.ok()) << bound_only.status.ToString();
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(stray.data(), 64);
        DataCopy(b.Get<float>(), x, 64);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_EQ(r.fault->instruction, "DataCopy");
  EXPECT_NE(r.fault->message.find("not inside any registered GM region (x, y)"), std::string::npos)
      << r.fault->message;
}

// B6: the chip checks accesses against the allocation (its MMU), never a GlobalTensor's declared
// size, so a GlobalTensor declared longer than its region faults only when an access leaves it.
TEST(DataCopy, AccessPastTheRegionFaultsNotTheLongerBind) {
  std::vector<float> in(64), out(64);
  auto kernel = [&](uint32_t count) {
    return [&, count] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> b;
      pipe.InitBuffer(b, 256);
      GlobalTensor<float> x;
      x.SetGlobalBuffer(in.data() + 56, 16);  // 8 floats past the region's end
      DataCopy(b.Get<float>(), x, count);
    };
  };
  const LaunchResult inside = RunOne(kernel(8), true, Regions(in, out));
  EXPECT_TRUE(inside.status.ok()) << inside.status.ToString();
  EXPECT_TRUE(inside.warnings.empty());
  const LaunchResult r = RunOne(kernel(16), true, Regions(in, out));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_NE(r.fault->message.find("GM 'x' [0xe0, 0x120) of 256 B, past the end of its allocation"),
            std::string::npos)
      << r.fault->message;
}

TEST(DataCopy, PastTheDeclaredSizeInsideTheRegionIsOneWarning) {
  std::vector<float> in(64), out(64);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), 8);  // declared 8 floats; the region holds 64
        for (int i = 0; i < 100; ++i) DataCopy(b.Get<float>(), x, 16);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.warnings.size(), 1u);
  const Warning& w = r.warnings[0];
  EXPECT_EQ(w.kind, "global_tensor_overrun");
  EXPECT_EQ(w.instruction, "DataCopy");
  EXPECT_EQ(w.block, 0);
  EXPECT_EQ(w.count, 100u);
  EXPECT_NE(w.message.find("GM 'x' [0x0, 0x40) of 256 B, past the 32 B the GlobalTensor declares"),
            std::string::npos)
      << w.message;
  EXPECT_NE(w.ToString().find("[global_tensor_overrun] (x100)"), std::string::npos) << w.ToString();
}

// CANN reports a copy with blockCount or blockLen 0 as a NOP (ReportNopWarning): nothing moves,
// one empty_copy warning per instruction, no fault.
TEST(DataCopy, ZeroLengthCopiesAreNopsWithAWarning) {
  std::vector<float> in(64, 1.0f), out(64, 5.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> x, y;
        x.SetGlobalBuffer(in.data(), 64);
        y.SetGlobalBuffer(out.data(), 64);
        LocalTensor<float> t = b.Get<float>();
        DataCopy(t, x, 0);
        DataCopyPad(t, x, DataCopyExtParams{1, 0, 0, 0, 0}, DataCopyPadExtParams<float>{});
        DataCopyPad(t, x, DataCopyExtParams{0, 64, 0, 0, 0}, DataCopyPadExtParams<float>{});
        DataCopyPad(y, t, DataCopyExtParams{1, 0, 0, 0, 0});
        DataCopy(y, t, 0);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_FALSE(r.fault.has_value()) << r.fault->message;
  EXPECT_EQ(out, std::vector<float>(64, 5.0f));
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte2)].bytes, 0u);
  ASSERT_EQ(r.warnings.size(), 2u);  // one per instruction name, the counts summed
  uint64_t count = 0;
  for (const Warning& w : r.warnings) {
    EXPECT_EQ(w.kind, "empty_copy");
    count += w.count;
  }
  EXPECT_EQ(count, 5u);
  EXPECT_NE(r.warnings[0].message.find("copies nothing (CANN: equivalent to a NOP)"),
            std::string::npos)
      << r.warnings[0].message;
}

// A GM-to-UB length that is not whole elements is still refused.
TEST(DataCopyPad, LengthNotWholeElementsStillFaults) {
  std::vector<float> in(64), out(64);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), 64);
        DataCopyPad(b.Get<float>(), x, DataCopyExtParams{1, 6, 0, 0, 0},
                    DataCopyPadExtParams<float>{});
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("blockLen 6 B"), std::string::npos) << r.fault->message;
}

TEST(DataCopy, StridedBlocksGatherRows) {
  // 4 rows of 16 floats; copy the first 8 of each row (1 block of 32 B, skip 1 block).
  std::vector<float> in(64), out(32, 0);
  std::iota(in.begin(), in.end(), 0.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 128);
        GlobalTensor<float> x, y;
        x.SetGlobalBuffer(in.data(), 64);
        y.SetGlobalBuffer(out.data(), 32);
        DataCopyParams p;
        p.blockCount = 4;
        p.blockLen = 1;
        p.srcStride = 1;
        p.dstStride = 0;
        LocalTensor<float> t = b.Get<float>();
        DataCopy(t, x, p);
        PipeBarrier<PIPE_ALL>();
        DataCopy(y, t, 32);
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int row = 0; row < 4; ++row) {
    for (int c = 0; c < 8; ++c) EXPECT_EQ(out[row * 8 + c], in[row * 16 + c]);
  }
}

TEST(DataCopyPad, PadsTailWithTheGivenValueAndWritesByteExact) {
  std::vector<float> in(10), out(12, -7.0f);
  std::iota(in.begin(), in.end(), 1.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 64);
        GlobalTensor<float> x, y;
        x.SetGlobalBuffer(in.data(), 10);
        y.SetGlobalBuffer(out.data(), 12);
        LocalTensor<float> t = b.Get<float>();
        DataCopyPad(t, x, DataCopyExtParams{1, 10 * 4, 0, 0, 0},
                    DataCopyPadExtParams<float>{true, 0, 0, 100.0f});
        PipeBarrier<PIPE_ALL>();
        for (int i = 10; i < 16; ++i) EXPECT_EQ(t.GetValue(i), 100.0f);
        DataCopyPad(y, t, DataCopyExtParams{1, 10 * 4, 0, 0, 0});
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 10; ++i) EXPECT_EQ(out[i], in[i]);
  EXPECT_EQ(out[10], -7.0f);  // nothing past the 40 bytes was written
}

TEST(DataCopyPad, MultipleBlocksLandOn32ByteBoundaries) {
  std::vector<float> in(9), out(9, 0);  // 3 rows of 3 floats
  std::iota(in.begin(), in.end(), 1.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 96);
        GlobalTensor<float> x, y;
        x.SetGlobalBuffer(in.data(), 9);
        y.SetGlobalBuffer(out.data(), 9);
        LocalTensor<float> t = b.Get<float>();
        DataCopyPad(t, x, DataCopyExtParams{3, 12, 0, 0, 0},
                    DataCopyPadExtParams<float>{true, 0, 0, 0.0f});
        PipeBarrier<PIPE_ALL>();
        EXPECT_EQ(t.GetValue(8), 4.0f);   // row 1 starts at element 8 (32 B)
        EXPECT_EQ(t.GetValue(16), 7.0f);  // row 2 at element 16
        EXPECT_EQ(t.GetValue(3), 0.0f);   // padding
        DataCopyPad(y, t, DataCopyExtParams{3, 12, 0, 0, 0});
      },
      true, Regions(in, out));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(out, in);
}

TEST(DataCopyPad, IsAFaultOnProfilesWithoutIt) {
  std::vector<float> in(10), out(10);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 64);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), 10);
        DataCopyPad(b.Get<float>(), x, DataCopyExtParams{1, 40, 0, 0, 0},
                    DataCopyPadExtParams<float>{});
      },
      true, Regions(in, out), /*has_pad=*/false);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(r.fault->message.find("DataCopyPad does not exist on testchip-nopad"),
            std::string::npos);
}

TEST(DataCopy, MissingSyncBetweenPipesIsCaughtInCheckedMode) {
  std::vector<float> in(64), out(64);
  auto kernel = [&](bool sync) {
    return [&, sync] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> b;
      pipe.InitBuffer(b, 256);
      GlobalTensor<float> x;
      x.SetGlobalBuffer(in.data(), 64);
      LocalTensor<float> t = b.Get<float>();
      DataCopy(t, x, 64);
      if (sync) {
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
      }
      Adds(t, t, 1.0f, 64);
    };
  };
  const LaunchResult bad = RunOne(kernel(false), true, Regions(in, out));
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_EQ(bad.fault->kind, FaultKind::kMissingSync);
  EXPECT_NE(bad.fault->message.find("V reads"), std::string::npos) << bad.fault->message;
  const LaunchResult good = RunOne(kernel(true), true, Regions(in, out));
  EXPECT_TRUE(good.status.ok()) << good.status.ToString();
}

TEST(Flags, WaitWithoutSetFaults) {
  const LaunchResult r = RunOne([] { WaitFlag<HardEvent::V_MTE3>(EVENT_ID1); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
  EXPECT_NE(r.fault->message.find("no SetFlag<V_MTE3>(1) is pending"), std::string::npos)
      << r.fault->message;
}

}  // namespace
}  // namespace opsim::sim
