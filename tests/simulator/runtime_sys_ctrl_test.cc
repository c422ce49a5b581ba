// The 910B's special registers and system tools (opsim/sim/ascendc/sys_ctrl.h): CTRL through
// SetCtrlSpr/GetCtrlSpr and the saturation flags, ACC_VAL after the count form of ReduceSum,
// Trap and the kernel assert, GetSystemCycle, GetSubBlockNum, TQueSync, DisableDmaAtomic,
// PrintTimeStamp and the tiling copy macros.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

std::string SysCtrlFaultText(const LaunchResult& r) {
  return r.fault ? r.fault->ToString() : "no fault";
}

TEST(SysCtrl, CtrlBit48IsTheFloatSaturationSwitch) {
  int64_t before = -1, after = -1, back = -1;
  bool sat_before = false, sat_after = true, sat_back = false;
  const LaunchResult r = RunOne([&] {
    before = GetCtrlSpr<48, 48>();
    sat_before = GetSaturationFlag<SaturationMode::FLOAT>();
    SetCtrlSpr<48, 48>(1);
    after = GetCtrlSpr<48, 48>();
    sat_after = GetSaturationFlag<SaturationMode::FLOAT>();
    SetSaturationFlag<SaturationMode::FLOAT>(true);
    back = GetCtrlSpr<48, 48>();
    sat_back = GetSaturationFlag<SaturationMode::FLOAT>();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  // CANN's A2 table: CTRL[48] defaults to 0, saturation on; 1 turns it off.
  EXPECT_EQ(before, 0);
  EXPECT_TRUE(sat_before);
  EXPECT_EQ(after, 1);
  EXPECT_FALSE(sat_after);
  EXPECT_EQ(back, 0);
  EXPECT_TRUE(sat_back);
  // The vector unit does not read the switch: the kernel is told once.
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].kind, "saturation_mode_not_modelled");
}

// CANN's AscendCUtils: SetOverflow(1) sets CTRL[48] (inf/nan), anything else clears it; the C0
// and block figures; a dtypeSize of 0 is a fault, not a division by zero.
TEST(SysCtrl, AscendCUtilsSetsTheOverflowModeAndGivesTheFigures) {
  int64_t on = -1, off = -1;
  int32_t c0_half = 0, blocks = 0, bits = 0;
  const LaunchResult r = RunOne([&] {
    AscendCUtils::SetOverflow(1);
    on = GetCtrlSpr<48, 48>();
    AscendCUtils::SetOverflow(0);
    off = GetCtrlSpr<48, 48>();
    c0_half = AscendCUtils::GetC0Count(sizeof(half));
    blocks = AscendCUtils::GetDefaultBlockNum();
    bits = AscendCUtils::GetBitSize(4);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(on, 1);
  EXPECT_EQ(off, 0);
  EXPECT_EQ(c0_half, 16);
  EXPECT_EQ(blocks, 8);
  EXPECT_EQ(bits, 32);
  const LaunchResult zero = RunOne([] { (void)AscendCUtils::GetC0Count(0); });
  ASSERT_TRUE(zero.fault.has_value());
  EXPECT_NE(zero.fault->message.find("dtypeSize can not be 0"), std::string::npos)
      << SysCtrlFaultText(zero);
}

TEST(SysCtrl, SaturationModesUseTheirOwnBitsAndSenses) {
  bool int_on = false, cast_on = true, float_on = false;
  int64_t bit48 = -1;
  const LaunchResult r = RunOne([&] {
    // INT saturates with its bit set (53); CAST saturates with its bit clear (59).
    SetSaturationFlag<SaturationMode::INT>(true);
    SetSaturationFlag<SaturationMode::CAST>(false);
    int_on = GetSaturationFlag<SaturationMode::INT>();
    cast_on = GetSaturationFlag<SaturationMode::CAST>();
    float_on = GetSaturationFlag<SaturationMode::FLOAT>();
    bit48 = GetCtrlSpr<48, 48>();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_TRUE(int_on);
  EXPECT_FALSE(cast_on);
  EXPECT_TRUE(float_on);
  EXPECT_EQ(bit48, 0);
}

TEST(SysCtrl, ValueWiderThanTheBitsIsAFault) {
  for (int64_t value : {int64_t{2}, int64_t{-1}}) {
    const LaunchResult r = RunOne([&] { SetCtrlSpr<48, 48>(value); });
    ASSERT_TRUE(r.fault.has_value()) << value;
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
    EXPECT_NE(r.fault->message.find("does not fit CTRL[48]"), std::string::npos)
        << r.fault->message;
  }
}

TEST(SysCtrl, EachLaunchStartsWithTheDefaultCtrl) {
  RunOne([] { SetCtrlSpr<48, 48>(1); });
  int64_t bit = -1;
  const LaunchResult r = RunOne([&] { bit = GetCtrlSpr<48, 48>(); });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(bit, 0);
}

// ReduceSum's count form over `n` elements, then ACC_VAL read every way CANN offers.
template <typename T>
struct AccRead {
  T dst0{};
  T spr{};
  T acc{};
  int64_t raw = -1;
  int64_t before = -1;
};

template <typename T>
AccRead<T> ReduceSumThenReadAcc(const std::vector<float>& values) {
  AccRead<T> out;
  const int32_t n = static_cast<int32_t>(values.size());
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 3 * 4096);
        LocalTensor<T> src = buf.Get<T>();
        LocalTensor<T> dst = src[4096 / sizeof(T)];
        LocalTensor<T> work = src[2 * 4096 / sizeof(T)];
        for (int32_t i = 0; i < n; ++i) src.SetValue(i, static_cast<T>(values[i]));
        out.before = GetAccVal();
        SetFlag<HardEvent::S_V>(EVENT_ID0);
        WaitFlag<HardEvent::S_V>(EVENT_ID0);
        ReduceSum(dst, src, work, n);
        // A max does not touch ACC_VAL.
        ReduceMax(work, src, work, n);
        SetFlag<HardEvent::V_S>(EVENT_ID0);
        WaitFlag<HardEvent::V_S>(EVENT_ID0);
        out.dst0 = dst.GetValue(0);
        out.spr = GetReduceRepeatSumSpr<T>();
        out.acc = GetAccVal<T>();
        out.raw = GetReduceRepeatSumSpr();
      },
      false);
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return out;
}

TEST(SysCtrl, ReduceSumLeavesItsResultInAccVal) {
  // Small integers: every order of adds gives the scalar model's exact sum.
  std::vector<float> values(300);
  double model = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    values[i] = static_cast<float>(static_cast<int>(i % 7) - 3);
    model += values[i];
  }
  const AccRead<float> f = ReduceSumThenReadAcc<float>(values);
  EXPECT_EQ(f.before, 0);
  EXPECT_EQ(f.dst0, static_cast<float>(model));
  EXPECT_EQ(f.spr, static_cast<float>(model));
  EXPECT_EQ(f.acc, static_cast<float>(model));
  float from_raw = 0;
  const uint32_t low = static_cast<uint32_t>(f.raw);
  std::memcpy(&from_raw, &low, sizeof(low));  // as CANN's kernels read GetAccVal()
  EXPECT_EQ(from_raw, static_cast<float>(model));
  EXPECT_EQ(static_cast<uint64_t>(f.raw) >> 32, 0u);

  const AccRead<half> h = ReduceSumThenReadAcc<half>(values);
  EXPECT_EQ(static_cast<float>(h.spr), static_cast<float>(model));
  EXPECT_EQ(static_cast<float>(h.acc), static_cast<float>(model));
  EXPECT_EQ(static_cast<float>(h.dst0), static_cast<float>(model));
  uint16_t bits = 0;
  std::memcpy(&bits, static_cast<const void*>(&h.spr), sizeof(bits));
  EXPECT_EQ(static_cast<uint64_t>(h.raw), bits);
}

TEST(SysCtrl, TrapStopsTheLaunch) {
  const LaunchResult r = RunOne([] { Trap(); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kAicoreException);
  EXPECT_EQ(r.fault->instruction, "Trap");
}

TEST(SysCtrl, KernelAssertFaultsWithTheKernelsMessage) {
  int reached = 0;
  const LaunchResult ok = RunOne([&] {
    assert(reached == 0);
    assert(reached == 0, "never printed %d", reached);
    reached = 1;
  });
  EXPECT_TRUE(ok.status.ok()) << ok.status.ToString();
  EXPECT_EQ(reached, 1);
  const LaunchResult r = RunOne([] {
    const int32_t target = 7;
    assert(target < 4, "target %d out of range [%d, %d)\n", target, 0, 4);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kAssertFailed);
  EXPECT_NE(r.fault->message.find("target < 4"), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find("target 7 out of range [0, 4)"), std::string::npos)
      << r.fault->message;
  const LaunchResult one = RunOne([] { assert(GetBlockIdx() == 1); });
  ASSERT_TRUE(one.fault.has_value());
  EXPECT_NE(one.fault->message.find("GetBlockIdx() == 1"), std::string::npos) << one.fault->message;
}

TEST(SysCtrl, SystemCycleCountsSimulatedTimeAt50MHz) {
  int64_t c0 = -1, c1 = -1;
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64 * 1024);
        LocalTensor<float> t = buf.Get<float>();
        Duplicate(t, 1.0f, 16 * 1024);
        PipeBarrier<PIPE_ALL>();
        c0 = GetSystemCycle();
        for (int i = 0; i < 20; ++i) Add(t, t, t, 16 * 1024);
        PipeBarrier<PIPE_ALL>();
        c1 = GetSystemCycle();
      },
      false);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double v_ns = r.stats.pipes[static_cast<int>(Pipe::kV)].busy_ns;
  EXPECT_GE(c0, 0);
  // The 20 Adds are most of the V pipe's busy time; a cycle is 20 ns.
  const double adds_ns = v_ns * 20.0 / 21.0;
  EXPECT_NEAR(static_cast<double>(c1 - c0), adds_ns / 20.0, 2.0 + adds_ns / 20.0 * 0.01);
}

TEST(SysCtrl, SubBlockNumAndProgramCounter) {
  int64_t n = -1, pc = 0;
  const LaunchResult r = RunOne([&] {
    n = GetSubBlockNum();
    pc = GetProgramCounter();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(n, 1);  // an AIV-only launch (CANN's table: KERNEL_TYPE_AIV_ONLY gives 1)
  EXPECT_GT(pc, 0);
  EXPECT_LT(static_cast<uint64_t>(pc), uint64_t{1} << 48);
}

TEST(SysCtrl, SubBlockNumIsTwoOnTheAivOfAMix12Block) {
  DeviceProfile d = testing::TestDevice(8);
  d.cube_cores = 4;
  std::vector<int64_t> seen(3, -1);
  LaunchOptions o;
  const LaunchResult r = LaunchMix(
      d, 1, o,
      [&] {
        const size_t at = ASCEND_IS_AIC ? 2 : static_cast<size_t>(GetSubBlockIdx());
        seen[at] = GetSubBlockNum();
      },
      MixShape{2, true});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(seen[0], 2);
  EXPECT_EQ(seen[1], 2);
  EXPECT_EQ(seen[2], 1);
}

TEST(SysCtrl, TQueSyncIsTheFlagBetweenItsPipes) {
  std::vector<float> x(64, 2.0f), y(64, 0.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 256);
        GlobalTensor<float> gx, gy;
        gx.SetGlobalBuffer(x.data(), 64);
        gy.SetGlobalBuffer(y.data(), 64);
        LocalTensor<float> t = buf.Get<float>();
        DataCopy(t, gx, 64);
        TQueSync<PIPE_MTE2, PIPE_V> in;
        in.SetFlag(0);
        in.WaitFlag(0);
        Add(t, t, t, 64);
        TQueSync<PIPE_V, PIPE_MTE3> out;
        out.SetFlag(EVENT_ID1);
        out.WaitFlag(EVENT_ID1);
        DataCopy(gy, t, 64);
      },
      true, {{x.data(), 256, "x"}, {y.data(), 256, "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (float v : y) EXPECT_EQ(v, 4.0f);
  // Without the first flag the checked launch reports the missing sync.
  const LaunchResult bad = RunOne([] { TQueSync<PIPE_V, PIPE_V>().SetFlag(0); });
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_NE(bad.fault->message.find("PIPE_V to PIPE_V"), std::string::npos)
      << SysCtrlFaultText(bad);
}

TEST(SysCtrl, DisableDmaAtomicEndsTheAtomicMode) {
  std::vector<float> y(8, 10.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<float> gy;
        gy.SetGlobalBuffer(y.data(), 8);
        LocalTensor<float> t = buf.Get<float>();
        Duplicate(t, 1.0f, 8);
        PipeBarrier<PIPE_ALL>();
        SetAtomicAdd<float>();
        DataCopy(gy, t, 8);  // 11
        PipeBarrier<PIPE_ALL>();
        DisableDmaAtomic();
        DataCopy(gy[0], t, 8);  // overwritten: 1
        SetNextTaskStart();     // the A2 compiles them and does nothing
        WaitPreTaskEnd();
      },
      false, {{y.data(), 32, "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (float v : y) EXPECT_EQ(v, 1.0f);
}

TEST(SysCtrl, PrintTimeStampLine) {
  ::testing::internal::CaptureStdout();
  const LaunchResult r = RunOne([] { opsim::sim::detail::PrintTimeStampImpl(70000); });
  const std::string text = ::testing::internal::GetCapturedStdout();
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(text.rfind("descId is 70000, rsv is 0, timeStamp is ", 0), 0u) << text;
  EXPECT_NE(text.find(", entry is 0."), std::string::npos) << text;
}

struct SysCtrlInnerTiling {
  uint32_t total;
  uint32_t tiles;
};
struct SysCtrlOuterTiling {
  uint64_t key;
  SysCtrlInnerTiling inner;
  int32_t offsets[4];
};

TEST(SysCtrl, CopyTilingMacrosCopyToTheStack) {
  SysCtrlOuterTiling src{7, {1024, 8}, {1, 2, 3, 4}};
  GET_TILING_DATA_PTR_WITH_STRUCT(SysCtrlOuterTiling, tp, reinterpret_cast<uint8_t*>(&src));
  COPY_TILING_WITH_STRUCT(SysCtrlInnerTiling, &tp->inner, inner);
  COPY_TILING_WITH_ARRAY(int32_t, 4, tp->offsets, offs);
  src.inner.total = 0;  // the copies do not follow the source
  src.offsets[2] = 0;
  EXPECT_EQ(inner->total, 1024u);
  EXPECT_EQ(inner->tiles, 8u);
  EXPECT_EQ((*offs)[0], 1);
  EXPECT_EQ((*offs)[2], 3);
  EXPECT_EQ((*offs)[3], 4);
}

}  // namespace
}  // namespace opsim::sim

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

TEST(SysCtrl, GmByPassDCacheReadsAndWritesTheElement) {
  std::vector<int64_t> gm{5, 6, 7, 8};
  int64_t read = 0;
  uint16_t narrow = 0;
  std::vector<uint16_t> gm16{0x1234, 0xBEEF};
  const LaunchResult r = RunOne(
      [&] {
        read = ReadGmByPassDCache(gm.data() + 2);
        WriteGmByPassDCache(gm.data() + 3, int64_t{-9});
        narrow = ReadGmByPassDCache(gm16.data() + 1);
      },
      true, {testing::Region(gm, "gm"), testing::Region(gm16, "gm16")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(read, 7);
  EXPECT_EQ(gm[3], -9);
  EXPECT_EQ(narrow, 0xBEEF);
  // An address in no registered region is the GlobalTensor fault.
  int32_t stray = 0;
  const LaunchResult bad = RunOne([&] { ReadGmByPassDCache(&stray); });
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_EQ(bad.fault->kind, FaultKind::kOutOfBoundsGm) << bad.fault->ToString();
}

int g_sys_ctrl_async_runs = 0;
void SysCtrlAsyncBody(int add) { g_sys_ctrl_async_runs += add; }

TEST(SysCtrl, AsyncRunsOnTheNamedEngineOnly) {
  g_sys_ctrl_async_runs = 0;
  const LaunchResult r = RunOne([] {
    Async<EngineType::AIV, SysCtrlAsyncBody>(3);
    Async<EngineType::AIC, SysCtrlAsyncBody>(100);  // an AIV launch: not run
    Nop<10>();                                      // nothing on the 910B
    MetricsProfStart();
    MetricsProfStop();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(g_sys_ctrl_async_runs, 3);
}

TEST(SysCtrl, DumpAccChkPointDumpsFromTheOffset) {
  std::vector<float> gm{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  ::testing::internal::CaptureStdout();
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        LocalTensor<float> t = buf.Get<float>();
        for (uint32_t i = 0; i < 16; ++i) t.SetValue(i, static_cast<float>(100 + i));
        DumpAccChkPoint(t, 42, 8, 3);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 12);
        DumpAccChkPoint(g, 43, 5, 2);
      },
      false, {testing::Region(gm, "gm")});
  const std::string text = ::testing::internal::GetCapturedStdout();
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_NE(text.find("desc=42, 3 of 8 elements: 108 109 110"), std::string::npos) << text;
  EXPECT_NE(text.find("desc=43, 2 of 7 elements: 5 6"), std::string::npos) << text;
  const LaunchResult bad = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64);
    DumpAccChkPoint(buf.Get<float>(), 1, 3, 1);
  });
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_NE(bad.fault->message.find("not a multiple of 32 B"), std::string::npos)
      << bad.fault->message;
}

// GlobalTensor::SetL2CacheHint: the data is the same under any policy; the hint is recorded
// (cacheMode_) and the kernel told once that the cost model's L2 does not follow it.
TEST(SysCtrl, L2CacheHintKeepsTheDataAndWarnsOnce) {
  std::vector<float> gm(64);
  for (size_t i = 0; i < gm.size(); ++i) gm[i] = 0.5f * static_cast<float>(i);
  std::vector<float> got(64);
  CacheMode recorded = CacheMode::CACHE_MODE_NORMAL;
  const LaunchResult r = RunOne(
      [&] {
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 64);
        g.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        g.SetL2CacheHint<CacheRwMode::READ>(CacheMode::CACHE_MODE_PERSISTENT);
        recorded = g.cacheMode_;
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 256);
        LocalTensor<float> t = buf.Get<float>();
        DataCopy(t, g, 64);
        PipeBarrier<PIPE_ALL>();
        for (uint32_t i = 0; i < 64; ++i) got[i] = t.GetValue(i);
      },
      false, {testing::Region(gm, "gm")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(got, gm);
  EXPECT_EQ(recorded, CacheMode::CACHE_MODE_PERSISTENT);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].kind, "l2_cache_hint_not_modelled");
  EXPECT_EQ(r.warnings[0].count, 2u);
  const LaunchResult bad = RunOne([&] {
    GlobalTensor<float> g;
    g.SetL2CacheHint(static_cast<CacheMode>(3));
  });
  EXPECT_NE(SysCtrlFaultText(bad).find("mode 3 is not a CacheMode"), std::string::npos)
      << SysCtrlFaultText(bad);
}

}  // namespace
}  // namespace opsim::sim
