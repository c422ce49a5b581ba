// The cube instructions end to end: GM -> L1 (DataCopy with Nd2NzParams), L1 -> L0A/L0B
// (LoadData), Mmad, Fixpipe L0C -> GM, in every dtype Mmad takes, against a scalar model; then
// the checks (positions, bounds, alignment, parameters, missing syncs, L0 overflow, wrong
// fractal strides) and the cube pipes on the timeline.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/device_profile.h"
#include "simulator/cube_matmul_model.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using testing::Region;

using namespace AscendC;
using namespace cube_model;

template <typename A, typename C, typename Out>
void ExpectMatmul(const MmShape& s, QuantMode_t quant = QuantMode_t::NoQuant, bool relu = false,
                  bool raw = false) {
  const auto a = SmallInts<A>(static_cast<size_t>(s.m) * s.k, 1);
  const auto b = SmallInts<A>(static_cast<size_t>(s.k) * s.n, 2);
  std::vector<Out> c(static_cast<size_t>(s.m) * s.n);
  MatmulKernel<A, C, Out> kernel{s, a.data(), b.data(), c.data(), quant, relu};
  kernel.raw = raw;
  LaunchOptions o = CubeOptions({Region(a, "a"), Region(b, "b"), Region(c, "c")});
  o.core_type = CoreType::kAic;
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, kernel);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const auto want = MatmulReference(s, a, b);
  for (size_t i = 0; i < c.size(); ++i) {
    const double w = relu && want[i] < 0 ? 0.0 : want[i];
    ASSERT_EQ(static_cast<double>(static_cast<float>(c[i])), static_cast<double>(Out(w)))
        << "element " << i << " of " << s.m << "x" << s.k << "x" << s.n;
  }
}

TEST(CubeMatmul, HalfInFloatOut) {
  ExpectMatmul<half, float, float>({32, 48, 64, false});
  ExpectMatmul<half, float, float>({17, 20, 33, false});  // tails in m, k and n
  ExpectMatmul<half, float, float>({40, 16, 24, true});
}
TEST(CubeMatmul, HalfOutThroughF322F16WithRelu) {
  ExpectMatmul<half, float, half>({32, 32, 32, false}, QuantMode_t::F322F16, true);
}
// CANN's static tensor programming: the same kernel with its L1/L0 tensors made from raw
// addresses (LocalTensor(pos, addr, tileSize)) and no TPipe.
TEST(CubeMatmul, RawAddressTensors) {
  ExpectMatmul<half, float, float>({17, 20, 33, false}, QuantMode_t::NoQuant, false, true);
  ExpectMatmul<int8_t, int32_t, int32_t>({16, 64, 32, true}, QuantMode_t::NoQuant, true, true);
}
TEST(CubeMatmul, BFloat16) {
  ExpectMatmul<bfloat16_t, float, float>({16, 32, 48, false});
  ExpectMatmul<bfloat16_t, float, bfloat16_t>({20, 24, 16, true}, QuantMode_t::F322BF16);
}
TEST(CubeMatmul, Float) {
  ExpectMatmul<float, float, float>({16, 24, 32, true});
  ExpectMatmul<float, float, float>({33, 9, 17, true});
}
TEST(CubeMatmul, Int8) {
  ExpectMatmul<int8_t, int32_t, int32_t>({16, 64, 32, true});
  ExpectMatmul<int8_t, int32_t, int32_t>({19, 40, 18, true});
}

// Real-valued half inputs: float32 sums of exact products, within float32 rounding of the
// double model.
TEST(CubeMatmul, HalfRandomWithinFloatRounding) {
  const MmShape s{48, 96, 32, false};
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<half> a(s.m * s.k), b(s.k * s.n);
  for (auto& x : a) x = half(dist(gen));
  for (auto& x : b) x = half(dist(gen));
  std::vector<float> c(s.m * s.n);
  MatmulKernel<half, float, float> kernel{s, a.data(), b.data(), c.data()};
  LaunchOptions o = CubeOptions({Region(a, "a"), Region(b, "b"), Region(c, "c")});
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, kernel);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const auto want = MatmulReference(s, a, b);
  for (size_t i = 0; i < c.size(); ++i) EXPECT_NEAR(c[i], want[i], 1e-5 * s.k) << i;
}

// The M pipe is charged per fractal product at the profile's MACs per cycle; MTE1 and FIX show
// in the statistics and the Chrome trace.
TEST(CubeMatmul, CubePipesOnTheTimeline) {
  const MmShape s{64, 64, 64, false};
  const auto a = SmallInts<half>(s.m * s.k, 3);
  const auto b = SmallInts<half>(s.k * s.n, 4);
  std::vector<float> c(s.m * s.n);
  MatmulKernel<half, float, float> kernel{s, a.data(), b.data(), c.data()};
  LaunchOptions o = CubeOptions({Region(a, "a"), Region(b, "b"), Region(c, "c")}, false);
  o.trace = true;
  const DeviceProfile d = testing::TestDevice();
  const LaunchResult r = Launch(d, 1, o, kernel);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const PipeStats& m = r.stats.pipes[static_cast<int>(Pipe::kM)];
  EXPECT_EQ(m.instructions, 1u);
  const double cycles = d.instr_issue_cycles + 64.0 * 64 * 64 / d.cube_f16_macs_per_cycle;
  EXPECT_DOUBLE_EQ(m.busy_ns, cycles / d.clock_ghz);
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte1)].instructions, 4u + 4u);
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kFix)].bytes, 64u * 64 * 4);
  const std::string json = ChromeTraceJson(r.stats);
  EXPECT_NE(json.find("\"name\":\"MTE1\""), std::string::npos);
  EXPECT_NE(json.find("\"name\":\"Mmad\""), std::string::npos);
  EXPECT_NE(FormatStats(r.stats).find("FIX"), std::string::npos);
}

// Two Mmads over the halves of K, the second accumulating (cmatrixInitVal = false), give the
// whole product; the bias form adds the bias row to every row.
TEST(CubeMmad, AccumulatesAndAddsBias) {
  constexpr uint32_t kM = 16, kN = 16, kK = 32;
  std::vector<float> out(kM * kN), bias(kN);
  for (uint32_t j = 0; j < kN; ++j) bias[j] = 100.0f * static_cast<float>(j);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1, co1b;
    TBuf<TPosition::C2> c2;
    TBuf<TPosition::C1> c1;
    pipe.InitBuffer(c1, kN * 4);
    pipe.InitBuffer(a2, kM * kK * 2);
    pipe.InitBuffer(b2, kK * kN * 2);
    pipe.InitBuffer(co1, kM * kN * 4);
    pipe.InitBuffer(co1b, kM * kN * 4);
    pipe.InitBuffer(c2, kN * 4);
    LocalTensor<half> la = a2.Get<half>(), lb = b2.Get<half>();
    // A = all ones (ZZ), B = all twos (ZN): every product sum over k is 2 k.
    for (uint32_t i = 0; i < kM * kK; ++i) la.data()[i] = half(1.0f);
    for (uint32_t i = 0; i < kK * kN; ++i) lb.data()[i] = half(2.0f);
    LocalTensor<float> lbias = c2.Get<float>();
    std::memcpy(lbias.data(), bias.data(), kN * 4);
    detail::HostWroteUb(la.ref());
    detail::HostWroteUb(lb.ref());
    detail::HostWroteUb(lbias.ref());
    LocalTensor<float> lc = co1.Get<float>(), lc2 = co1b.Get<float>();
    MmadParams p;
    p.m = kM;
    p.n = kN;
    p.k = 16;
    Mmad(lc, la, lb, p);  // first half of K: fractal column 0 of A, row 0 of B
    p.cmatrixInitVal = false;
    Mmad(lc, la[256], lb[256], p);  // second half accumulates
    p.k = kK;
    Mmad(lc2, la, lb, lbias, p);
    for (uint32_t i = 0; i < kM * kN; ++i) {
      EXPECT_EQ(lc.GetValue(i), 64.0f) << i;
      EXPECT_EQ(lc2.GetValue(i), 64.0f + 100.0f * static_cast<float>(i % 16)) << i;
    }
    // Without the operand, cmatrixSource = true starts from the bias table's start (c2 is there).
    p.cmatrixSource = true;
    Mmad(lc, la, lb, p);
    for (uint32_t i = 0; i < kM * kN; ++i) EXPECT_EQ(lc.GetValue(i), lc2.GetValue(i)) << i;
    // DataCopy C1 -> C2 (MTE1; blockLen in 64 B) refills the table from L1.
    LocalTensor<float> l1 = c1.Get<float>();
    for (uint32_t j = 0; j < kN; ++j) l1.data()[j] = 2 * bias[j];
    detail::HostWroteUb(l1.ref());
    PipeBarrier<PIPE_ALL>();
    DataCopy(lbias, l1, DataCopyParams(1, kN * 4 / 64, 0, 0));
    PipeBarrier<PIPE_ALL>();
    Mmad(lc, la, lb, p);
    for (uint32_t i = 0; i < kM * kN; ++i) {
      EXPECT_EQ(lc.GetValue(i), 64.0f + 200.0f * static_cast<float>(i % 16)) << i;
    }
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

// --- Checks -----------------------------------------------------------------------------------

std::string RunCube(const std::function<void()>& kernel, FaultKind* kind,
                    const DeviceProfile& d = testing::TestDevice(), CoreType type = CoreType::kAiv,
                    std::vector<GmRegion> regions = {}) {
  LaunchOptions o = CubeOptions(std::move(regions));
  o.core_type = type;
  const LaunchResult r = Launch(d, 1, o, kernel);
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

TEST(CubeChecks, MissingSyncBetweenCubePipesIsAFault) {
  const MmShape s{32, 32, 32, false};
  const auto a = SmallInts<half>(s.m * s.k, 5);
  const auto b = SmallInts<half>(s.k * s.n, 6);
  std::vector<float> c(s.m * s.n);
  MatmulKernel<half, float, float> kernel{s, a.data(), b.data(), c.data()};
  kernel.sync = false;
  FaultKind kind{};
  const std::string msg = RunCube(kernel, &kind, testing::TestDevice(), CoreType::kAiv,
                                  {Region(a, "a"), Region(b, "b"), Region(c, "c")});
  EXPECT_EQ(kind, FaultKind::kMissingSync) << msg;
  EXPECT_NE(msg.find("MTE1 reads"), std::string::npos) << msg;  // MTE2 -> MTE1 first
}

// Each hand-off alone: a kernel with the other pairs in place faults on the missing one.
TEST(CubeChecks, MissingMte1ToMAndMToFix) {
  for (const char* missing : {"MTE1_M", "M_FIX"}) {
    FaultKind kind{};
    std::vector<float> out(256);
    const std::string msg = RunCube(
        [&] {
          TPipe pipe;
          TBuf<TPosition::A1> a1;
          TBuf<TPosition::A2> a2;
          TBuf<TPosition::B2> b2;
          TBuf<TPosition::CO1> co1;
          pipe.InitBuffer(a1, 512);
          pipe.InitBuffer(a2, 512);
          pipe.InitBuffer(b2, 512);
          pipe.InitBuffer(co1, 1024);
          LocalTensor<half> l1 = a1.Get<half>(), la = a2.Get<half>(), lb = b2.Get<half>();
          detail::HostWroteUb(l1.ref());
          detail::HostWroteUb(lb.ref());
          LoadData(la, l1, LoadData2DParams{0, 1, 1, 0, 0, false, 0});
          if (std::string(missing) != "MTE1_M") {
            SetFlag<HardEvent::MTE1_M>(0);
            WaitFlag<HardEvent::MTE1_M>(0);
          }
          MmadParams p;
          p.m = p.n = p.k = 16;
          LocalTensor<float> lc = co1.Get<float>();
          Mmad(lc, la, lb, p);
          if (std::string(missing) != "M_FIX") {
            SetFlag<HardEvent::M_FIX>(0);
            WaitFlag<HardEvent::M_FIX>(0);
          }
          GlobalTensor<float> g;
          g.SetGlobalBuffer(out.data(), 256);
          FixpipeParamsV220 f;
          f.mSize = f.nSize = 16;
          f.srcStride = 16;
          f.dstStride = 16;
          Fixpipe(g, lc, f);
        },
        &kind, testing::TestDevice(), CoreType::kAiv, {Region(out, "out")});
    EXPECT_EQ(kind, FaultKind::kMissingSync) << missing << ": " << msg;
    const std::string reader = std::string(missing) == "MTE1_M" ? "M reads" : "FIX reads";
    EXPECT_NE(msg.find(reader), std::string::npos) << msg;
  }
}

TEST(CubeChecks, L0OverflowNamesTheMemory) {
  FaultKind kind{};
  const std::string msg = RunCube(
      [] {
        TPipe pipe;
        TQue<TPosition::A2, 1> q;
        pipe.InitBuffer(q, 2, 32 * 1024 + 512);
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kUbOverflow) << msg;
  EXPECT_NE(msg.find("of L0A but only 65536 B"), std::string::npos) << msg;
}

// A wrong fractal stride reads L0C that Mmad never wrote (checked mode) or runs off the buffer.
TEST(CubeChecks, WrongFractalStrideIsAFault) {
  for (uint16_t stride : {uint16_t{32}, uint16_t{64}}) {
    FaultKind kind{};
    std::vector<float> out(32 * 32);
    const std::string msg = RunCube(
        [&] {
          TPipe pipe;
          TBuf<TPosition::A2> a2;
          TBuf<TPosition::B2> b2;
          TBuf<TPosition::CO1> co1;
          pipe.InitBuffer(a2, 16 * 16 * 2);
          pipe.InitBuffer(b2, 16 * 32 * 2);
          pipe.InitBuffer(co1, 16 * 32 * 4 * 2);
          LocalTensor<half> la = a2.Get<half>(), lb = b2.Get<half>();
          detail::HostWroteUb(la.ref());
          detail::HostWroteUb(lb.ref());
          LocalTensor<float> lc = co1.Get<float>();
          MmadParams p;
          p.m = 16;
          p.n = 32;
          p.k = 16;
          Mmad(lc, la, lb, p);
          SetFlag<HardEvent::M_FIX>(0);
          WaitFlag<HardEvent::M_FIX>(0);
          GlobalTensor<float> g;
          g.SetGlobalBuffer(out.data(), 16 * 32);
          FixpipeParamsV220 f;
          f.mSize = 16;
          f.nSize = 32;
          f.srcStride = stride;  // the right one is 16 (m rounded up to 16)
          f.dstStride = 32;
          Fixpipe(g, lc, f);
        },
        &kind, testing::TestDevice(), CoreType::kAiv, {Region(out, "out")});
    EXPECT_TRUE(kind == FaultKind::kUninitializedRead || kind == FaultKind::kOutOfBoundsUb)
        << stride << ": " << msg;
  }
}

TEST(CubeChecks, OperandsInTheWrongMemoryOrMisaligned) {
  struct Case {
    const char* name;
    FaultKind kind;
    const char* phrase;
    std::function<void(LocalTensor<half>, LocalTensor<half>, LocalTensor<float>)> body;
  };
  MmadParams p;
  p.m = p.n = p.k = 16;
  const Case cases[] = {
      {"fm in L0B", FaultKind::kInvalidArgument, "fm is in L0B but must be in A2 (L0A)",
       [&](LocalTensor<half>, LocalTensor<half> lb, LocalTensor<float> lc) {
         Mmad(lc, lb, lb, p);
       }},
      {"fm misaligned", FaultKind::kMisalignedCopy, "not 512 B aligned",
       [&](LocalTensor<half> la, LocalTensor<half> lb, LocalTensor<float> lc) {
         Mmad(lc, la[16], lb, p);
       }},
      {"m too large", FaultKind::kInvalidArgument, "m = 5000",
       [&](LocalTensor<half> la, LocalTensor<half> lb, LocalTensor<float> lc) {
         MmadParams big = p;
         big.m = 5000;
         Mmad(lc, la, lb, big);
       }},
      {"A past its buffer", FaultKind::kOutOfBoundsUb, "fm accesses L0A [0x0, 0x800)",
       [&](LocalTensor<half> la, LocalTensor<half> lb, LocalTensor<float> lc) {
         MmadParams wide = p;
         wide.k = 64;  // four fractals of A, the buffer holds two
         Mmad(lc, la, lb, wide);
       }},
      {"LoadData from L0A", FaultKind::kInvalidArgument, "src is in L0A but must be in L1 (A1, B1)",
       [&](LocalTensor<half> la, LocalTensor<half>, LocalTensor<float>) {
         LoadData(la, la, LoadData2DParams{0, 1, 1, 0, 0, false, 0});
       }},
  };
  for (const Case& c : cases) {
    FaultKind kind{};
    const std::string msg = RunCube(
        [&] {
          TPipe pipe;
          TBuf<TPosition::A2> a2;
          TBuf<TPosition::B2> b2;
          TBuf<TPosition::CO1> co1;
          pipe.InitBuffer(a2, 1024);
          pipe.InitBuffer(b2, 2048);
          pipe.InitBuffer(co1, 1024);
          LocalTensor<half> la = a2.Get<half>(), lb = b2.Get<half>();
          detail::HostWroteUb(la.ref());
          detail::HostWroteUb(lb.ref());
          c.body(la, lb, co1.Get<float>());
        },
        &kind);
    EXPECT_EQ(kind, c.kind) << c.name << ": " << msg;
    EXPECT_NE(msg.find(c.phrase), std::string::npos) << c.name << ": " << msg;
  }
}

TEST(CubeChecks, LoadDataParameters) {
  for (const LoadData2DParams& p :
       {LoadData2DParams{0, 0, 1, 0, 0, false, 0}, LoadData2DParams{0, 2, 1, 0, 0, false, 0}}) {
    FaultKind kind{};
    const std::string msg = RunCube(
        [&] {
          TPipe pipe;
          TBuf<TPosition::A1> a1;
          TBuf<TPosition::A2> a2;
          pipe.InitBuffer(a1, 512);
          pipe.InitBuffer(a2, 1024);
          LocalTensor<int8_t> l1 = a1.Get<int8_t>();
          detail::HostWroteUb(l1.ref());
          LoadData(a2.Get<int8_t>(), l1, p);  // two fractals from a one-fractal L1 buffer
        },
        &kind);
    if (p.repeatTimes == 0) {
      EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
      EXPECT_NE(msg.find("repeatTimes = 0"), std::string::npos) << msg;
    } else {
      EXPECT_EQ(kind, FaultKind::kOutOfBoundsUb) << msg;
      EXPECT_NE(msg.find("src accesses"), std::string::npos) << msg;
    }
  }
  FaultKind kind{};
  const std::string msg = RunCube(
      [&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 512);
        pipe.InitBuffer(a2, 512);
        LoadData(a2.Get<float>(), a1.Get<float>(), LoadData2DParams{0, 1, 1, 0, 0, true, 0});
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("32-bit fractals are not modelled"), std::string::npos) << msg;
}

TEST(CubeChecks, FixpipeQuantModeMustMatchTheOutput) {
  FaultKind kind{};
  std::vector<half> out(256);
  const std::string msg = RunCube(
      [&] {
        TPipe pipe;
        TBuf<TPosition::CO1> co1;
        pipe.InitBuffer(co1, 1024);
        LocalTensor<float> lc = co1.Get<float>();
        GlobalTensor<half> g;
        g.SetGlobalBuffer(out.data(), 256);
        FixpipeParamsV220 f;
        f.mSize = f.nSize = 16;
        f.srcStride = 16;
        f.dstStride = 16;  // NoQuant keeps float: half output needs F322F16
        Fixpipe(g, lc, f);
      },
      &kind, testing::TestDevice(), CoreType::kAiv, {Region(out, "out")});
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("but dst holds float16"), std::string::npos) << msg;
}

// On a chip whose AIC and AIV are separate cores, each has only its own memories.
TEST(CubeChecks, SeparateCoresHaveSeparateMemories) {
  DeviceProfile d = testing::TestDevice(48);
  d.cube_cores = 24;
  FaultKind kind{};
  std::string msg = RunCube(
      [] {
        TPipe pipe;
        TQue<TPosition::A1, 1> q;
        pipe.InitBuffer(q, 1, 1024);
      },
      &kind, d, CoreType::kAiv);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("AIV (vector) core of testchip has no L1"), std::string::npos) << msg;
  msg = RunCube(
      [] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 1024);
      },
      &kind, d, CoreType::kAic);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("has no Unified Buffer"), std::string::npos) << msg;
  // CO2 is Global Memory on a chip with a bias table.
  msg = RunCube(
      [] {
        TPipe pipe;
        TQue<TPosition::CO2, 1> q;
        pipe.InitBuffer(q, 1, 1024);
      },
      &kind, d, CoreType::kAic);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("CO2 is Global Memory"), std::string::npos) << msg;
}

// An AIC launch runs on the profile's cube cores: 30 blocks on 24 AIC cores of a 48-AIV chip.
TEST(CubeLaunch, AicLaunchesUseTheCubeCores) {
  DeviceProfile d = testing::TestDevice(48);
  d.cube_cores = 24;
  LaunchOptions o;
  o.core_type = CoreType::kAic;
  const LaunchResult r = Launch(d, 30, o, [] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(co1, 1024);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.stats.core_ns.size(), 24u);
  const LaunchResult v = Launch(d, 30, LaunchOptions{}, [] {});
  EXPECT_EQ(v.stats.core_ns.size(), 30u);  // AIV: up to 48 cores
}

// Queues at cube positions order their pipes like the vector queues: A1's EnQue/DeQue hands
// MTE2's copy to MTE1, with no flags in the kernel.
TEST(CubeQueues, HandOffOrdersMte2BeforeMte1) {
  std::vector<half> a(16 * 16, half(1.0f));
  FaultKind kind{};
  const std::string msg = RunCube(
      [&] {
        TPipe pipe;
        TQue<TPosition::A1, 1> in;
        TQue<TPosition::A2, 1> l0;
        pipe.InitBuffer(in, 1, 512);
        pipe.InitBuffer(l0, 1, 512);
        GlobalTensor<half> g;
        g.SetGlobalBuffer(a.data(), 256);
        LocalTensor<half> t = in.AllocTensor<half>();
        DataCopy(t, g, Nd2NzParams{1, 16, 16, 0, 16, 16, 1, 0});
        in.EnQue(t);
        LocalTensor<half> src = in.DeQue<half>();
        LocalTensor<half> dst = l0.AllocTensor<half>();
        LoadData(dst, src, LoadData2DParams{0, 1, 1, 0, 0, false, 0});
        EXPECT_EQ(dst.GetPhyAddr(), 0u);  // the first L0A buffer, at L0A's start
        l0.EnQue(dst);
        in.FreeTensor(src);
        LocalTensor<half> ready = l0.DeQue<half>();
        l0.FreeTensor(ready);
      },
      &kind, testing::TestDevice(), CoreType::kAiv, {Region(a, "a")});
  EXPECT_EQ(msg, "no fault");
}

}  // namespace
}  // namespace opsim::sim
