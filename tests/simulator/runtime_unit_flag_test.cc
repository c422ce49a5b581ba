// unitFlag between Mmad and Fixpipe (docs/CUBE.md, "unitFlag"): the hand-off over L0C's 1 KiB
// units against a timeline worked by hand, the same kernel ordered by flags instead, and the
// misuses the chip would hang on or refuse, each a fault.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/device_profile.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

// A 32 x 64 float32 tile in L0C: 2 x 4 fractals, 8 units of 1 KiB.
constexpr uint16_t kFlagM = 32, kFlagN = 64;

struct Clocks {
  double m = 0, fix = 0;
};

// Mmad (K = 512, unitFlag 2) and Mmad (K = 512, accumulating, unitFlag 3) into the tile, its
// Fixpipe to GM, and a short Mmad (K = 16) into the tile again. With `unit_flag` the marks order
// them; without, M_FIX and FIX_M flags do. `first`, `last`, `fix`, `next`: each one's unitFlag.
struct TileKernel {
  std::vector<float>* out;
  uint8_t first = 2, last = 3, fix = 3, next = 2;
  bool flags = false;  // SetFlag/WaitFlag M_FIX before the Fixpipe and FIX_M after it
  Clocks* clocks = nullptr;
  // The Fixpipe issued before the last Mmad (the FIX pipe waits for its marks), then optionally a
  // PipeBarrier<PIPE_ALL>, which would wait for that Fixpipe for ever.
  bool fix_before_last = false;
  bool barrier_after_fix = false;

  void operator()() const {
    TPipe pipe;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a2, kFlagM * 512 * 2);
    pipe.InitBuffer(b2, 512 * kFlagN * 2);
    pipe.InitBuffer(co1, kFlagM * kFlagN * 4);
    LocalTensor<half> la = a2.Get<half>(), lb = b2.Get<half>();
    for (uint32_t i = 0; i < kFlagM * 512u; ++i) la.data()[i] = half(1.0f);
    for (uint32_t i = 0; i < 512u * kFlagN; ++i) lb.data()[i] = half(1.0f);
    detail::HostWroteUb(la.ref());
    detail::HostWroteUb(lb.ref());
    LocalTensor<float> lc = co1.Get<float>();
    MmadParams p;
    p.m = kFlagM;
    p.n = kFlagN;
    p.k = 512;
    p.unitFlag = first;
    Mmad(lc, la, lb, p);
    GlobalTensor<float> g;
    g.SetGlobalBuffer(out->data(), out->size());
    const auto fixpipe = [&] {
      if (flags) {
        SetFlag<HardEvent::M_FIX>(0);
        WaitFlag<HardEvent::M_FIX>(0);
      }
      FixpipeParamsV220 f;
      f.mSize = kFlagM;
      f.nSize = kFlagN;
      f.srcStride = kFlagM;
      f.dstStride = kFlagN;
      f.unitFlag = fix;
      Fixpipe(g, lc, f);
      if (barrier_after_fix) PipeBarrier<PIPE_ALL>();
      if (flags) {
        SetFlag<HardEvent::FIX_M>(0);
        WaitFlag<HardEvent::FIX_M>(0);
      }
    };
    if (fix_before_last) fixpipe();
    p.cmatrixInitVal = false;
    p.unitFlag = last;
    Mmad(lc, la, lb, p);
    if (!fix_before_last) fixpipe();
    p.k = 16;
    p.cmatrixInitVal = true;
    p.unitFlag = next;
    Mmad(lc, la, lb, p);
    if (clocks != nullptr) {
      clocks->m = detail::Cur().clock[static_cast<int>(Pipe::kM)];
      clocks->fix = detail::Cur().DoneAt(Pipe::kFix);  // the read-out in GM
    }
  }
};

LaunchResult RunTile(const TileKernel& kernel, const DeviceProfile& d = testing::TestDevice()) {
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = {GmRegion{kernel.out->data(), kernel.out->size() * 4, "out"}};
  return Launch(d, 1, o, kernel);
}

// TestDevice: 1 GHz, 4 issue cycles, 4096 half MACs per cycle, 32 B/ns DMA with 100 ns set-up
// (latency) and 10 ns issue (FIX's occupancy besides the transfer), Fixpipe 256 B per cycle,
// flags free. Each K = 512 Mmad: 4 + 32 x 64 x 512 / 4096 = 260 ns,
// 32.5 ns per unit; the K = 16 one 12 ns, 1.5 per unit. The Fixpipe: 100 ns set-up, then 8 KiB
// at max(32 B/ns, 256 B/cycle) = 256 ns, 32 ns per unit.
//  - Mmad 1: 0 - 260. Mmad 2: 260 - 520, unit i marked at 260 + 32.5 (i + 1).
//  - Fixpipe: set up from 0; unit i read in [b + 32 i, b + 32 (i + 1)) no earlier than its mark:
//    b = max(100, max_i(292.5 + 32.5 i - 32 i)) = 296 (unit 7 marked at 520 = 296 + 224), so
//    the transfer runs 296 - 552, unit i free at 328 + 32 i.
//  - Mmad 3 writes unit i at s + 1.5 (i + 1), after its read-out: s = max(520, max_i(328 + 32 i -
//    1.5 i)) = 552 - 10.5 = 541.5, ending at 553.5.
//  - FIX is busy 10 + 256 ns of it (the set-up is latency, runtime/dma_setup.h).
// With flags instead: the Fixpipe's data is there at 876 (520 + 100 + 256), Mmad 3 876 - 888.
TEST(UnitFlag, MmadAndFixpipeHandOverL0cUnitByUnit) {
  std::vector<float> out(kFlagM * kFlagN), out_flags(kFlagM * kFlagN);
  Clocks uf, fl;
  const LaunchResult r = RunTile(TileKernel{&out, 2, 3, 3, 2, false, &uf});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_DOUBLE_EQ(uf.fix, 552.0);
  EXPECT_DOUBLE_EQ(uf.m, 553.5);
  EXPECT_DOUBLE_EQ(r.stats.pipes[static_cast<int>(Pipe::kM)].busy_ns, 532.0);
  EXPECT_DOUBLE_EQ(r.stats.pipes[static_cast<int>(Pipe::kFix)].busy_ns, 266.0);
  const LaunchResult f = RunTile(TileKernel{&out_flags, 0, 0, 0, 0, true, &fl});
  ASSERT_TRUE(f.status.ok()) << f.status.ToString();
  EXPECT_DOUBLE_EQ(fl.fix, 876.0);
  EXPECT_DOUBLE_EQ(fl.m, 888.0);
  // The same results: 2 x 512 ones.
  for (size_t i = 0; i < out.size(); ++i) {
    ASSERT_EQ(out[i], 1024.0f) << i;
    ASSERT_EQ(out_flags[i], 1024.0f) << i;
  }
}

// The Fixpipe issued before the Mmad that marks its units (legal: the FIX pipe waits for the
// marks while the core issues the Mmad to M): the same results and the same timeline as above.
TEST(UnitFlag, FixpipeIssuedBeforeItsMmadWaitsForTheMarks) {
  std::vector<float> out(kFlagM * kFlagN);
  Clocks uf;
  TileKernel k{&out, 2, 3, 3, 2, false, &uf};
  k.fix_before_last = true;
  const LaunchResult r = RunTile(k);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_DOUBLE_EQ(uf.fix, 552.0);
  EXPECT_DOUBLE_EQ(uf.m, 553.5);
  for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], 1024.0f) << i;
}

std::string Fault(const LaunchResult& r, FaultKind* kind) {
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

// The last Mmad into the tile left at unitFlag 2: no unit is marked, the Fixpipe would wait.
TEST(UnitFlag, FixpipeOnUnitsNoMmadMarkedIsADeadlock) {
  std::vector<float> out(kFlagM * kFlagN);
  FaultKind kind{};
  const std::string msg = Fault(RunTile(TileKernel{&out, 2, 2, 3, 2}), &kind);
  EXPECT_EQ(kind, FaultKind::kDeadlock) << msg;
  EXPECT_NE(msg.find("Fixpipe with unitFlag reads L0C unit 0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("no Mmad with unitFlag 3 has marked"), std::string::npos) << msg;
}

// A barrier on every pipe while the early Fixpipe waits: the Mmad that would mark its units is
// behind the barrier, which waits for the Fixpipe.
TEST(UnitFlag, BarrierBehindAWaitingFixpipeIsADeadlock) {
  std::vector<float> out(kFlagM * kFlagN);
  FaultKind kind{};
  TileKernel k{&out, 2, 3, 3, 2};
  k.fix_before_last = true;
  k.barrier_after_fix = true;
  const std::string msg = Fault(RunTile(k), &kind);
  EXPECT_EQ(kind, FaultKind::kDeadlock) << msg;
  EXPECT_NE(msg.find("PipeBarrier on PIPE_FIX or PIPE_ALL came first"), std::string::npos) << msg;
}

// The Fixpipe without unitFlag (ordered by M_FIX) leaves the marks: the next Mmad would wait.
TEST(UnitFlag, MmadOnUnitsStillMarkedIsADeadlock) {
  std::vector<float> out(kFlagM * kFlagN);
  FaultKind kind{};
  TileKernel k{&out, 2, 3, 0, 2, false};
  // M_FIX orders the Fixpipe, FIX_M the next Mmad; only the marks are left.
  k.flags = true;
  const std::string msg = Fault(RunTile(k), &kind);
  EXPECT_EQ(kind, FaultKind::kDeadlock) << msg;
  EXPECT_NE(msg.find("Mmad with unitFlag writes L0C unit 0"), std::string::npos) << msg;
}

// A Fixpipe without unitFlag and without a flag reads the tile while the Mmad writes it.
TEST(UnitFlag, FixpipeWithoutUnitFlagStillNeedsItsFlag) {
  std::vector<float> out(kFlagM * kFlagN);
  FaultKind kind{};
  const std::string msg = Fault(RunTile(TileKernel{&out, 2, 3, 0, 0}), &kind);
  EXPECT_EQ(kind, FaultKind::kMissingSync) << msg;
  EXPECT_NE(msg.find("FIX reads"), std::string::npos) << msg;
}

TEST(UnitFlag, ValuesAndChips) {
  std::vector<float> out(kFlagM * kFlagN);
  FaultKind kind{};
  std::string msg = Fault(RunTile(TileKernel{&out, 1, 3, 3, 2}), &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("unitFlag = 1"), std::string::npos) << msg;
  msg = Fault(RunTile(TileKernel{&out, 2, 3, 4, 2}), &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("Fixpipe"), std::string::npos) << msg;
  DeviceProfile old = testing::TestDevice();
  old.architecture = "dav-1001";
  old.bias_table_bytes = 0;
  msg = Fault(RunTile(TileKernel{&out, 2, 3, 3, 2}, old), &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("has no unitFlag"), std::string::npos) << msg;
}

}  // namespace
}  // namespace opsim::sim
