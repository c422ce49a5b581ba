// PopStackBuffer, the TPipe's SPM buffer and CheckLocalMemoryIA (opsim/sim/ascendc/stack_spm.h):
// the memory each touches as CANN's 910B code does, and what a misuse does (fault or warning).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::stack_spm_test {

using namespace AscendC;
using testing::Region;
using testing::RunOne;

bool HasWarning(const LaunchResult& r, const std::string& kind) {
  for (const Warning& w : r.warnings)
    if (w.kind == kind) return true;
  return false;
}

// The 910B keeps sizeof(KfcMsg) = 128 bytes at the UB's end; the test chip keeps none.
TEST(StackBuffer, PopsTheUbLeftAfterThePipesBuffers) {
  for (const char* arch : {"test", "dav-2201"}) {
    DeviceProfile d = testing::TestDevice();
    d.architecture = arch;
    const uint32_t reserve = std::string(arch) == "dav-2201" ? 128 : 0;
    uint64_t addr = 0, size = 0, again = 0;
    float back = 0;
    const LaunchResult r = Launch(d, 1, LaunchOptions{}, [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> b;
      pipe.InitBuffer(b, 1000);  // 1024 B carved
      LocalTensor<float> pop;
      EXPECT_TRUE((PopStackBuffer<float, TPosition::VECCALC>(pop)));
      addr = pop.GetPhyAddr();
      size = pop.GetSize();
      pop.SetValue(pop.GetSize() - 1, 2.5f);
      back = pop.GetValue(pop.GetSize() - 1);
      LocalTensor<half> pop2;
      PopStackBuffer<half, TPosition::LCM>(pop2);
      again = pop2.GetPhyAddr();
    });
    ASSERT_TRUE(r.status.ok()) << arch << ": " << r.status.message();
    EXPECT_EQ(addr, 1024u) << arch;
    EXPECT_EQ(size, (192u * 1024 - reserve - 1024) / 4) << arch;
    EXPECT_EQ(back, 2.5f);
    EXPECT_EQ(again, 1024u) << arch << ": a second pop is the same memory";
  }
}

TEST(StackBuffer, ANonUbPositionOrAFullUbFaults) {
  LaunchResult r = RunOne([] {
    TPipe pipe;
    LocalTensor<float> pop;
    PopStackBuffer<float, TPosition::A1>(pop);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.status.message().find("not in the Unified Buffer"), std::string::npos);
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 192 * 1024);
    LocalTensor<float> pop;
    PopStackBuffer<float, TPosition::VECCALC>(pop);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUbOverflow);
  EXPECT_NE(r.status.message().find("no enough memory to pop"), std::string::npos);
}

// Spills 64 floats to the GM workspace (count form) and 32 more at element offset 64 (params
// form), overwrites the UB, reads both back.
TEST(SpmBuffer, SpillsToTheWorkspaceAndBack) {
  std::vector<float> ws(256, -1.0f);
  std::vector<float> got(96, 0.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        GlobalTensor<float> gm;
        gm.SetGlobalBuffer(ws.data(), ws.size());
        pipe.InitSpmBuffer(gm, 256 * sizeof(float));
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 96 * sizeof(float));
        LocalTensor<float> t = b.Get<float>();
        for (uint32_t i = 0; i < 96; ++i) t.SetValue(i, 1.0f + i);
        pipe.WriteSpmBuffer(t, 64);
        pipe.WriteSpmBuffer(t[64], DataCopyParams{1, 4, 0, 0}, 64);
        Duplicate(t, 0.0f, 96);
        pipe.ReadSpmBuffer(t, 64);
        pipe.ReadSpmBuffer(t[64], DataCopyParams{1, 4, 0, 0}, 64);
        for (uint32_t i = 0; i < 96; ++i) got[i] = t.GetValue(i);
      },
      true, {Region(ws, "workspace")});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  for (uint32_t i = 0; i < 96; ++i) {
    EXPECT_EQ(got[i], 1.0f + i) << i;
    EXPECT_EQ(ws[i], 1.0f + i) << "the offset counts elements (CANN's code): ws[" << i << "]";
  }
  EXPECT_EQ(ws[96], -1.0f);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings[0].ToString();
}

TEST(SpmBuffer, MisusesWarnOrFault) {
  std::vector<float> ws(128, -1.0f);
  // A count that is not whole blocks copies the whole ones: 60 floats -> 56.
  LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        GlobalTensor<float> gm;
        gm.SetGlobalBuffer(ws.data(), ws.size());
        pipe.InitSpmBuffer(gm, 128 * sizeof(float));
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 64 * sizeof(float));
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 7.0f, 64);
        pipe.WriteSpmBuffer(t, 60);
      },
      true, {Region(ws, "workspace")});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_TRUE(HasWarning(r, "spm_partial_block"));
  EXPECT_EQ(ws[55], 7.0f);
  EXPECT_EQ(ws[56], -1.0f);
  // Before InitSpmBuffer nothing moves.
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    LocalTensor<float> t = b.Get<float>();
    Duplicate(t, 1.0f, 64);
    pipe.WriteSpmBuffer(t, 64);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_TRUE(HasWarning(r, "spm_not_initialised"));
  // The L1 form is not the 910B's.
  r = RunOne([] {
    TPipe pipe;
    pipe.InitSpmBuffer(1024);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  // Past the workspace's region: the DMA's GM check.
  r = RunOne(
      [&] {
        TPipe pipe;
        GlobalTensor<float> gm;
        gm.SetGlobalBuffer(ws.data(), ws.size());
        pipe.InitSpmBuffer(gm, 128 * sizeof(float));
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 1.0f, 64);
        pipe.WriteSpmBuffer(t, 64, 96);
      },
      true, {Region(ws, "workspace")});
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
}

// Register 0 over dst's blocks (dst / 32, (dst + 1024) / 32]: a vector write there stops the
// chip; reads, other kinds and a disabled register pass.
TEST(CheckLocalMemoryIA, AnAccessInTheRangeIsAnException) {
  auto run = [](bool enable, bool vector_write, bool scalar_read) {
    return RunOne([=] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> bs, bd;
      pipe.InitBuffer(bs, 1024);
      pipe.InitBuffer(bd, 1024);
      LocalTensor<half> src = bs.Get<half>(), dst = bd.Get<half>();
      Duplicate(src, static_cast<half>(1.0f), 512);
      const auto start = static_cast<uint32_t>(dst.GetPhyAddr() / 32);
      const auto end = static_cast<uint32_t>((dst.GetPhyAddr() + 1024) / 32);
      CheckLocalMemoryIA(
          {0, start, end, scalar_read, false, false, vector_write, false, false, enable});
      Add(dst, src, src, 512);
      (void)dst.GetValue(100);
      CheckLocalMemoryIA({0, start, end, false, false, false, false, false, false, false});
    });
  };
  LaunchResult r = run(true, true, false);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kAicoreException);
  EXPECT_NE(r.status.message().find("V write"), std::string::npos) << r.status.message();
  r = run(true, false, true);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.status.message().find("S read"), std::string::npos) << r.status.message();
  EXPECT_TRUE(run(false, true, true).status.ok());
  r = RunOne([] { CheckLocalMemoryIA({4, 0, 1, true, true, true, true, true, true, true}); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
}

// The range starts after startAddr's block: an access to that block alone is not taken.
TEST(CheckLocalMemoryIA, TheStartBlockIsOutside) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    LocalTensor<float> t = b.Get<float>();
    const auto start = static_cast<uint32_t>(t.GetPhyAddr() / 32);
    CheckLocalMemoryIA({2, start, start + 4, false, false, false, true, false, false, true});
    Duplicate(t, 1.0f, 8);  // block `start` only
    CheckLocalMemoryIA({2, start, start + 4, false, false, false, true, false, false, false});
  });
  EXPECT_TRUE(r.status.ok()) << r.status.message();
}

// GetArchVersion's page: 220 (hex) on the A2/A3, 200 on the 310P's AI Core; not on the 910A.
TEST(ArchVersion, ThePagesValues) {
  for (const auto& [arch, want] : {std::pair<const char*, uint32_t>{"dav-2201", 0x220},
                                   std::pair<const char*, uint32_t>{"dav-2002", 0x200}}) {
    DeviceProfile d = testing::TestDevice();
    d.architecture = arch;
    uint32_t got = 0;
    const LaunchResult r = Launch(d, 1, LaunchOptions{}, [&] { GetArchVersion(got); });
    ASSERT_TRUE(r.status.ok()) << arch << ": " << r.status.message();
    EXPECT_EQ(got, want) << arch;
  }
  DeviceProfile d = testing::TestDevice();
  d.architecture = "dav-1001";
  const LaunchResult r = Launch(d, 1, LaunchOptions{}, [] {
    uint32_t v = 0;
    GetArchVersion(v);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
}

}  // namespace opsim::sim::stack_spm_test
