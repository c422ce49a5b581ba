// GM initcheck (uninitialized_read, checked mode): output and workspace bytes start unwritten;
// using UB data loaded from them, a GetValue of them, or accumulating onto them is a fault naming
// the GM bytes. Loading them without use is not (kernels load whole tiles). Each broken kernel has
// a correct twin that must run clean.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::TestDevice;

// x: an input of 64 ones; ws: 64 floats of workspace; y: 64 floats of output.
struct InitRig {
  std::vector<float> x = std::vector<float>(64, 1.0f);
  std::vector<float> ws = std::vector<float>(64, 0.0f);
  std::vector<float> y = std::vector<float>(64, 0.0f);

  LaunchResult Run(uint32_t blocks, const std::function<void()>& kernel) {
    LaunchOptions o;
    o.checked = true;
    o.host_threads = 2;
    o.regions = {{x.data(), x.size() * 4, "x", 0, GmRole::kInput},
                 {ws.data(), ws.size() * 4, "workspace", 0, GmRole::kWorkspace},
                 {y.data(), y.size() * 4, "y", 0, GmRole::kOutput}};
    return Launch(TestDevice(4), blocks, o, kernel);
  }
};

// Block `reader` loads ws[0, 8) and adds x to it; block 0 first writes ws[0, 8) when `write`,
// with a SyncAll between when `sync`.
void InitUseWorkspaceKernel(InitRig& rig, bool write, bool sync, int32_t reader, bool use) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, b;
  pipe.InitBuffer(a, 32);
  pipe.InitBuffer(b, 32);
  GlobalTensor<float> x, ws;
  x.SetGlobalBuffer(rig.x.data(), 64);
  ws.SetGlobalBuffer(rig.ws.data(), 64);
  if (write && GetBlockIdx() == 0) {
    DataCopy(a.Get<float>(), x, 8);
    PipeBarrier<PIPE_ALL>();
    DataCopy(ws, a.Get<float>(), 8);
    PipeBarrier<PIPE_ALL>();  // the copy-in below overwrites the tile the copy-out reads
  }
  if (sync) SyncAll();
  if (GetBlockIdx() != reader) return;
  DataCopy(a.Get<float>(), ws, 8);
  DataCopy(b.Get<float>(), x, 8);
  PipeBarrier<PIPE_ALL>();
  if (use) Add(a.Get<float>(), a.Get<float>(), b.Get<float>(), 8);
}

TEST(GmInit, UsingWorkspaceNothingWroteIsAFaultNamingTheGmBytes) {
  InitRig rig;
  const LaunchResult r = rig.Run(2, [&] { InitUseWorkspaceKernel(rig, false, false, 1, true); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(r.fault->block, 1);
  EXPECT_EQ(r.fault->instruction, "Add");
  EXPECT_NE(r.fault->message.find("were loaded by DataCopy from GM 'workspace' [0x0, 0x20) of "
                                  "256 B, which nothing wrote in this launch"),
            std::string::npos)
      << r.fault->message;
}

TEST(GmInit, WorkspaceWrittenBeforeSyncAllIsClean) {
  InitRig rig;
  const LaunchResult r = rig.Run(2, [&] { InitUseWorkspaceKernel(rig, true, true, 1, true); });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(GmInit, LoadingUnwrittenWorkspaceWithoutUsingItIsClean) {
  InitRig rig;
  const LaunchResult r = rig.Run(2, [&] { InitUseWorkspaceKernel(rig, false, false, 1, false); });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

// Without the SyncAll, block 1 reads what block 0 may not have written yet: the cause is the
// race, and it is what is reported, whichever block the host ran first.
TEST(GmInit, AMissingSyncAllIsReportedAsTheRaceNotAsUnwrittenData) {
  InitRig rig;
  const LaunchResult r = rig.Run(2, [&] { InitUseWorkspaceKernel(rig, true, false, 1, true); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace) << r.fault->ToString();
}

// A block reads back what it wrote itself in the same epoch: written.
TEST(GmInit, ABlocksOwnWritesCountAsWritten) {
  InitRig rig;
  const LaunchResult r = rig.Run(1, [&] { InitUseWorkspaceKernel(rig, true, false, 0, true); });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

// 12 B of workspace written by DataCopyPad, read back as one 32 B block and used over 8 lanes:
// the block holds written bytes, so it counts as written (kernels load aligned tiles).
TEST(GmInit, AnAlignedBlockWithSomeWrittenBytesCountsAsWritten) {
  InitRig rig;
  const LaunchResult r = rig.Run(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 32);
    GlobalTensor<float> ws;
    ws.SetGlobalBuffer(rig.ws.data(), 64);
    Duplicate(a.Get<float>(), 2.0f, 8);
    PipeBarrier<PIPE_ALL>();
    DataCopyPad(ws, a.Get<float>(), DataCopyExtParams{1, 12, 0, 0, 0});
    PipeBarrier<PIPE_ALL>();
    DataCopy(a.Get<float>(), ws, 8);
    PipeBarrier<PIPE_ALL>();
    Adds(a.Get<float>(), a.Get<float>(), 1.0f, 8);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(GmInit, GetValueOfAnOutputNothingWroteIsAFault) {
  InitRig rig;
  auto kernel = [&](bool write_first) {
    return [&, write_first] {
      GlobalTensor<float> y;
      y.SetGlobalBuffer(rig.y.data(), 64);
      if (write_first) y.SetValue(2, 1.0f);
      (void)y.GetValue(2);
    };
  };
  const LaunchResult r = rig.Run(1, kernel(false));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(r.fault->instruction, "GlobalTensor::GetValue");
  EXPECT_NE(r.fault->message.find("reads GM 'y' [0x8, 0xc) of 256 B, which nothing wrote"),
            std::string::npos)
      << r.fault->message;
  const LaunchResult clean = rig.Run(1, kernel(true));
  EXPECT_TRUE(clean.status.ok()) << clean.status.ToString();
  // An input's bytes count as written.
  const LaunchResult input = rig.Run(1, [&] {
    GlobalTensor<float> x;
    x.SetGlobalBuffer(rig.x.data(), 64);
    (void)x.GetValue(2);
  });
  EXPECT_TRUE(input.status.ok()) << input.status.ToString();
}

// SetAtomicAdd onto output bytes nothing wrote adds to garbage; InitGlobalMemory, SyncAll first
// is the correct form.
TEST(GmInit, AccumulatingOntoAnUnwrittenOutputIsAFault) {
  InitRig rig;
  auto kernel = [&](bool zero_first) {
    return [&, zero_first] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> b;
      pipe.InitBuffer(b, 32);
      GlobalTensor<float> y;
      y.SetGlobalBuffer(rig.y.data(), 8);
      if (zero_first && GetBlockIdx() == 0) InitGlobalMemory(y, 8, 0.0f);
      if (zero_first) SyncAll();
      Duplicate(b.Get<float>(), 1.0f, 8);
      PipeBarrier<PIPE_ALL>();
      SetAtomicAdd<float>();
      DataCopy(y, b.Get<float>(), 8);
      SetAtomicNone();
    };
  };
  const LaunchResult r = rig.Run(2, kernel(false));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(r.fault->block, 0);
  EXPECT_EQ(r.fault->instruction, "DataCopy");
  EXPECT_NE(r.fault->message.find("atomic accumulation onto GM 'y' [0x0, 0x20)"), std::string::npos)
      << r.fault->message;
  const LaunchResult clean = rig.Run(2, kernel(true));
  EXPECT_TRUE(clean.status.ok()) << clean.status.ToString();
  EXPECT_EQ(rig.y[0], 2.0f);
}

// ReduceCustom's shape: one float computed, its 32 B block copied out. Legal (the chip copies
// whole blocks) and a warning; the 28 B of garbage stay unwritten, so an output that should
// have held them is still reported. A block with no written byte at all stays a fault.
LaunchResult InitCopyOneFloatOut(std::vector<float>& y, uint64_t output_bytes, bool write) {
  LaunchOptions o;
  o.checked = true;
  o.regions = {{y.data(), y.size() * 4, "y", output_bytes, GmRole::kOutput}};
  return Launch(TestDevice(4), 1, o, [&, write] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 32);
    GlobalTensor<float> gy;
    gy.SetGlobalBuffer(y.data(), 8);
    if (write) b.Get<float>().SetValue(0, 3.0f);
    DataCopy(gy, b.Get<float>(), 8);
  });
}

TEST(GmInit, CopyingOutAPartlyWrittenBlockIsAWarningAndItsGarbageStaysUnwritten) {
  std::vector<float> y(8, 0.0f);
  const LaunchResult r = InitCopyOneFloatOut(y, 4, true);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].kind, "partial_block_copy_out");
  EXPECT_EQ(r.warnings[0].instruction, "DataCopy");
  EXPECT_NE(r.warnings[0].message.find("to GM 'y' [0x0, 0x20) of 32 B holds bytes [0x4, 0x20)"),
            std::string::npos)
      << r.warnings[0].message;
  EXPECT_EQ(y[0], 3.0f);
  const LaunchResult whole = InitCopyOneFloatOut(y, 32, true);
  ASSERT_TRUE(whole.fault.has_value());
  EXPECT_EQ(whole.fault->kind, FaultKind::kUnwrittenOutput);
  EXPECT_NE(whole.fault->message.find("output 'y' bytes [4, 32) of 32 B"), std::string::npos)
      << whole.fault->message;
  const LaunchResult none = InitCopyOneFloatOut(y, 4, false);
  ASSERT_TRUE(none.fault.has_value());
  EXPECT_EQ(none.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(none.fault->instruction, "DataCopy");
}

// A checked block starts with 0xFF in every byte it did not write, whatever an earlier launch
// on the same storage wrote there, checked or not (the storage refills only what changed).
TEST(GmInit, ACheckedBlockSeesAllOnesWhereEarlierLaunchesWrote) {
  auto fill_ub = [](bool checked) {
    std::vector<float> sink(64, 0.0f);
    LaunchOptions o;
    o.checked = checked;
    o.regions = {{sink.data(), sink.size() * 4, "sink", sink.size() * 4, GmRole::kOutput}};
    return Launch(TestDevice(4), 1, o, [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> a;
      TBuf<TPosition::VECCALC> b;
      pipe.InitBuffer(a, 64 * 4);
      pipe.InitBuffer(b, 64 * 4);
      Duplicate(a.Get<float>(), 1.0f, 64);
      Duplicate(b.Get<float>(), 2.0f, 64);
      PipeBarrier<PIPE_ALL>();
      GlobalTensor<float> g;
      g.SetGlobalBuffer(sink.data(), 64);
      DataCopy(g, b.Get<float>(), 64);
    });
  };
  for (const bool earlier_checked : {true, false}) {
    SCOPED_TRACE(earlier_checked ? "after a checked launch" : "after an unchecked launch");
    const LaunchResult earlier = fill_ub(earlier_checked);
    ASSERT_TRUE(earlier.status.ok()) << earlier.status.ToString();
    std::vector<float> y(8, 0.0f);
    const LaunchResult r = InitCopyOneFloatOut(y, 4, true);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    EXPECT_EQ(y[0], 3.0f);
    uint32_t bits[8];
    std::memcpy(bits, y.data(), sizeof(bits));
    for (int i = 1; i < 8; ++i) EXPECT_EQ(bits[i], 0xFFFFFFFFu) << "float " << i;
  }
}

// A launch that does not say what its regions hold (a CPU-debug launch) checks nothing here.
TEST(GmInit, RegionsOfUnknownRoleCountAsWritten) {
  std::vector<float> z(8, 0.0f);
  const LaunchResult r = testing::RunOne(
      [&] {
        GlobalTensor<float> g;
        g.SetGlobalBuffer(z.data(), 8);
        (void)g.GetValue(0);
      },
      true, {{z.data(), z.size() * 4, "z"}});
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

}  // namespace
}  // namespace opsim::sim
