// The cube's mode registers and fill (cube_config.h): SetHF32Mode/SetHF32TransMode against the
// matmul model with its inputs rounded to HF32 by a scalar model written here, the doubled
// float32 rate, SetMMRowMajor/SetMMColumnMajor/SetMMLayoutTransform (CTRL[51], results
// unchanged), Fill/InitConstValue into L1, L0A and L0B in every type, and each documented rule
// as its fault.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/ascendc/cube_config.h"
#include "simulator/cube_matmul_model.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using namespace cube_model;

// HF32 on Atlas A2/A3: 1 + 11 significant bits kept (docs/CUBE.md). Written with frexp/ldexp,
// not bits, so that it checks the simulator's bit arithmetic; normal values only.
float Hf32ModelRound(float x, bool ties_toward_zero) {
  int e = 0;
  const double m = std::frexp(static_cast<double>(x), &e);  // |m| in [0.5, 1)
  const double scaled = std::ldexp(m, 12);                  // 12 significant bits
  const double lower = std::trunc(scaled);
  const double frac = std::fabs(scaled - lower);
  double r = lower;
  if (frac > 0.5) {
    r = lower + (scaled > 0 ? 1 : -1);
  } else if (frac == 0.5 && !ties_toward_zero && std::fmod(std::fabs(lower), 2.0) == 1.0) {
    r = lower + (scaled > 0 ? 1 : -1);
  }
  return static_cast<float>(std::ldexp(r, e - 12));
}

// Float inputs whose low 12 mantissa bits are set in every pattern, ties included.
std::vector<float> Hf32Inputs(size_t count, uint32_t seed) {
  std::vector<float> v(count);
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < count; ++i) {
    x = x * 1664525u + 1013904223u;
    const uint32_t sign = (x >> 31) << 31;
    const uint32_t exponent = 120u + (x >> 8) % 10u;
    const uint32_t mantissa = i % 7 == 0 ? ((x & 0x7FF000u) | 0x800u) : (x & 0x7FFFFFu);
    const uint32_t bits = sign | (exponent << 23) | mantissa;
    std::memcpy(&v[i], &bits, 4);
  }
  return v;
}

void RunHf32Matmul(void (*set_modes)(), bool ties_toward_zero) {
  const MmShape s{32, 24, 40, true};
  const auto a = Hf32Inputs(s.m * s.k, 1);
  const auto b = Hf32Inputs(s.k * s.n, 2);
  std::vector<float> c(s.m * s.n);
  MatmulKernel<float, float, float> kernel{s, a.data(), b.data(), c.data()};
  kernel.before_mmad = set_modes;
  LaunchOptions o =
      CubeOptions({testing::Region(a, "a"), testing::Region(b, "b"), testing::Region(c, "c")});
  o.core_type = CoreType::kAic;
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, kernel);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<float> ra(a), rb(b);
  for (auto& x : ra) x = Hf32ModelRound(x, ties_toward_zero);
  for (auto& x : rb) x = Hf32ModelRound(x, ties_toward_zero);
  std::vector<float> abs_a(ra), abs_b(rb);
  for (auto& x : abs_a) x = std::fabs(x);
  for (auto& x : abs_b) x = std::fabs(x);
  const auto want = MatmulReference(s, ra, rb);         // exact sums of the rounded inputs
  const auto plain = MatmulReference(s, a, b);          // and of the inputs as they are
  const auto scale = MatmulReference(s, abs_a, abs_b);  // sums of |products|
  size_t differs = 0;
  for (size_t i = 0; i < c.size(); ++i) {
    // float32 sums of k products: within k float32 roundings of the sum of |products|.
    const double tol = s.k * std::ldexp(scale[i], -23);
    ASSERT_NEAR(c[i], want[i], tol) << i;
    differs += std::fabs(want[i] - plain[i]) > 2 * tol ? 1 : 0;
  }
  EXPECT_GT(differs, c.size() / 2) << "the HF32 rounding changed too few results to be seen";
}

TEST(CubeHf32, Fp32InputsRoundToHf32TiesToEven) {
  RunHf32Matmul([] { SetHF32Mode(HF32Mode::ENABLE); }, false);
  RunHf32Matmul(
      [] {
        SetHF32Mode(true);
        SetHF32TransMode(HF32TransMode::NEAREST_EVEN);
      },
      false);
}
TEST(CubeHf32, NearestZeroTiesTowardZero) {
  RunHf32Matmul(
      [] {
        SetHF32Mode(HF32Mode::ENABLE);
        SetHF32TransMode(HF32TransMode::NEAREST_ZERO);
      },
      true);
  RunHf32Matmul(
      [] {
        SetHF32Mode(1);
        SetHF32TransMode(1);
      },
      true);  // ops-nn's call forms
}

// The scalar model's ties: exactly half an HF32 ulp goes to even, or toward zero.
TEST(CubeHf32, ModelRoundsTiesAsDocumented) {
  const float one_and_tie = 1.0f + std::ldexp(1.0f, -12);      // 1 + half an ulp (2^-11)
  const float odd_and_tie = 1.0f + 3 * std::ldexp(1.0f, -12);  // 1 + 1.5 ulp
  EXPECT_EQ(Hf32ModelRound(one_and_tie, false), 1.0f);
  EXPECT_EQ(Hf32ModelRound(odd_and_tie, false), 1.0f + std::ldexp(1.0f, -10));
  EXPECT_EQ(Hf32ModelRound(odd_and_tie, true), 1.0f + std::ldexp(1.0f, -11));
  EXPECT_EQ(Hf32ModelRound(-odd_and_tie, true), -(1.0f + std::ldexp(1.0f, -11)));
}

// Off again (and half inputs never rounded): the plain float32 product, bit for bit the model's
// small-integer sums; HF32 halves the M pipe's time of a float32 Mmad.
TEST(CubeHf32, DisableRestoresFloat32AndTheRateDoubles) {
  const MmShape s{16, 16, 16, true};
  const auto a = SmallInts<float>(s.m * s.k, 3);
  const auto b = SmallInts<float>(s.k * s.n, 4);
  double busy[2] = {0, 0};
  for (int on = 0; on < 2; ++on) {
    std::vector<float> c(s.m * s.n);
    MatmulKernel<float, float, float> kernel{s, a.data(), b.data(), c.data()};
    kernel.before_mmad = on != 0 ? +[] { SetHF32Mode(HF32Mode::ENABLE); } : +[] {
      SetHF32Mode(HF32Mode::ENABLE);
      SetHF32Mode(false);
    };
    LaunchOptions o =
        CubeOptions({testing::Region(a, "a"), testing::Region(b, "b"), testing::Region(c, "c")});
    const DeviceProfile d = testing::TestDevice();
    const LaunchResult r = Launch(d, 1, o, kernel);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    const auto want = MatmulReference(s, a, b);  // small integers are HF32 values too
    for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(c[i], static_cast<float>(want[i])) << i;
    busy[on] = r.stats.pipes[static_cast<int>(Pipe::kM)].busy_ns;
    const double macs = 16.0 * 16 * 16 / (d.cube_f32_macs_per_cycle * (on != 0 ? 2 : 1));
    EXPECT_DOUBLE_EQ(busy[on], (d.instr_issue_cycles + macs) / d.clock_ghz);
  }
  EXPECT_LT(busy[1], busy[0]);
}

std::string RunCubeConfig(const std::function<void()>& kernel, FaultKind* kind,
                          const DeviceProfile& d = testing::TestDevice()) {
  LaunchOptions o = CubeOptions({});
  const LaunchResult r = Launch(d, 1, o, kernel);
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

TEST(CubeHf32, ModeRegistersDoNotExistBeforeAtlasA2) {
  for (const char* arch : {"dav-1001", "dav-2002"}) {
    DeviceProfile d = testing::TestDevice();
    d.architecture = arch;
    for (const std::function<void()>& call : std::vector<std::function<void()>>{
             [] { SetHF32Mode(HF32Mode::ENABLE); }, [] { SetHF32TransMode(true); },
             [] { SetMMRowMajor(); }, [] { SetMMLayoutTransform(false); }}) {
      FaultKind kind{};
      const std::string msg = RunCubeConfig(call, &kind, d);
      EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
      EXPECT_NE(msg.find(arch), std::string::npos) << msg;
    }
  }
}

// CTRL[51] holds the order (1: N first, SetMMRowMajor); the results do not depend on it.
TEST(CubeMmLayout, RowAndColumnMajorSetCtrl51AndKeepTheResults) {
  const MmShape s{32, 32, 48, false};
  const auto a = SmallInts<half>(s.m * s.k, 5);
  const auto b = SmallInts<half>(s.k * s.n, 6);
  void (*orders[])() = {[] { SetMMRowMajor(); }, [] { SetMMColumnMajor(); },
                        [] { SetMMLayoutTransform(true); }};
  const int64_t want_bit[] = {1, 0, 1};
  for (int i = 0; i < 3; ++i) {
    std::vector<float> c(s.m * s.n);
    MatmulKernel<half, float, float> kernel{s, a.data(), b.data(), c.data()};
    kernel.before_mmad = orders[i];
    int64_t bit = -1;
    const LaunchResult r = Launch(
        testing::TestDevice(), 1,
        CubeOptions({testing::Region(a, "a"), testing::Region(b, "b"), testing::Region(c, "c")}),
        [&] {
          kernel();
          bit = detail::GetCtrlBits(detail::kCtrlMmLayoutModeBit, detail::kCtrlMmLayoutModeBit);
        });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    EXPECT_EQ(bit, want_bit[i]);
    const auto want = MatmulReference(s, a, b);
    for (size_t j = 0; j < c.size(); ++j) ASSERT_EQ(c[j], static_cast<float>(want[j])) << j;
  }
}

// --- Fill / InitConstValue ------------------------------------------------------------------

// The scalar model of Fill: `reps` runs of `blocks` blocks, `gap` blocks apart, over a buffer
// of `sentinel`.
template <typename T>
std::vector<T> FillModel(size_t elems, T sentinel, T value, uint32_t reps, uint32_t blocks,
                         uint32_t gap, uint32_t block_bytes) {
  std::vector<T> v(elems, sentinel);
  const size_t per_block = block_bytes / sizeof(T);
  for (uint32_t r = 0; r < reps; ++r) {
    const size_t at = static_cast<size_t>(r) * (blocks + gap) * per_block;
    for (size_t i = 0; i < blocks * per_block; ++i) v[at + i] = value;
  }
  return v;
}

// One type into L1 (32 B blocks) and L0A/L0B (512 B blocks), gaps kept, read back by bytes.
template <typename T, TPosition kPos>
void ExpectFill(T sentinel, T value, uint16_t reps, uint16_t blocks, uint16_t gap) {
  const uint32_t block = kPos == TPosition::A1 || kPos == TPosition::B1 ? 32 : 512;
  const size_t elems = static_cast<size_t>(reps) * (blocks + gap) * block / sizeof(T);
  std::vector<T> got(elems);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<kPos> buf;
    pipe.InitBuffer(buf, static_cast<uint32_t>(elems * sizeof(T)));
    LocalTensor<T> t = buf.template Get<T>();
    Fill(t,
         InitConstValueParams<T>{1, static_cast<uint16_t>(elems * sizeof(T) / block), 0, sentinel});
    InitConstValue(t, {reps, blocks, gap, value});
    std::memcpy(got.data(), t.ref().ptr, elems * sizeof(T));
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const auto want = FillModel(elems, sentinel, value, reps, blocks, gap, block);
  ASSERT_EQ(std::memcmp(got.data(), want.data(), elems * sizeof(T)), 0)
      << sizeof(T) * 8 << "-bit, position " << static_cast<int>(kPos);
}

TEST(CubeFill, EveryTypeIntoL1AndL0WithGaps) {
  ExpectFill<int16_t, TPosition::A1>(-1, 7, 5, 3, 5);  // the page's L1 figure
  ExpectFill<uint16_t, TPosition::B1>(1, 65535, 2, 1, 1);
  ExpectFill<half, TPosition::A2>(half(-2.0f), half(1.5f), 5, 2, 3);  // the L0A figure
  ExpectFill<bfloat16_t, TPosition::B2>(bfloat16_t(3.0f), bfloat16_t(-0.25f), 2, 1, 2);
  ExpectFill<int32_t, TPosition::A1>(0, -123456, 3, 2, 1);
  ExpectFill<uint32_t, TPosition::A2>(0, 0xDEADBEEFu, 2, 2, 0);
  ExpectFill<float, TPosition::B2>(9.0f, -0.0f, 3, 1, 1);
}

// Filled L0A and L0B multiplied: every result is k x a x b (the fills as Mmad's inputs), in
// the call forms real kernels use (ops-transformer's InitConstValueParams<float>(1, 32, 0, v)).
TEST(CubeFill, FilledL0IsWhatMmadMultiplies) {
  constexpr uint32_t kM = 16, kN = 32, kK = 16;
  std::vector<float> out(kM * kN);
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::A2> a2;
        TBuf<TPosition::B2> b2;
        TBuf<TPosition::CO1> co1;
        pipe.InitBuffer(a2, kM * kK * 4);
        pipe.InitBuffer(b2, kK * kN * 4);
        pipe.InitBuffer(co1, kM * kN * 4);
        LocalTensor<float> la = a2.Get<float>(), lb = b2.Get<float>();
        InitConstValueParams<float> pa(1, 2, 0, 1.5f);
        InitConstValue(la, pa);
        Fill(lb, InitConstValueParams<float>(1, 4, 0, 0.25f));
        SetFlag<HardEvent::MTE1_M>(0);
        WaitFlag<HardEvent::MTE1_M>(0);
        MmadParams mp;
        mp.m = kM, mp.n = kN, mp.k = kK;
        LocalTensor<float> lc = co1.Get<float>();
        Mmad(lc, la, lb, mp);
        SetFlag<HardEvent::M_FIX>(0);
        WaitFlag<HardEvent::M_FIX>(0);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(out.data(), out.size());
        FixpipeParamsV220 fp;
        fp.mSize = kM, fp.nSize = kN, fp.srcStride = kM, fp.dstStride = kN;
        Fixpipe(g, lc, fp);
      },
      true, {testing::Region(out, "out")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], kK * 1.5f * 0.25f) << i;
}

// An integer value for a half or bfloat16_t fill, as ops-nn's quant_batch_matmul_v3 writes it
// (InitConstValue(tmpBuf, {1, blockNum, 0, 0U})).
TEST(CubeFill, IntegerValueForSixteenBitFloats) {
  std::vector<half> h(32);
  std::vector<bfloat16_t> b(32);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1, b1;
    pipe.InitBuffer(a1, 64);
    pipe.InitBuffer(b1, 64);
    const uint16_t blockNum = 2;
    const uint32_t value = 3;
    LocalTensor<half> th = a1.Get<half>();
    LocalTensor<bfloat16_t> tb = b1.Get<bfloat16_t>();
    InitConstValue(th, {1, blockNum, 0, 3U});
    Fill(tb, {1, blockNum, 0, value});
    std::memcpy(h.data(), th.ref().ptr, 64);
    std::memcpy(b.data(), tb.ref().ptr, 64);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < 32; ++i) {
    ASSERT_EQ(static_cast<float>(h[i]), 3.0f) << i;
    ASSERT_EQ(static_cast<float>(b[i]), 3.0f) << i;
  }
}

// repeatTimes 0 or blockNum 0 is a NOP; the L0 fill runs on MTE1 and the L1 fill on MTE2, so
// the hand-off to LoadData needs its flag (checked mode).
TEST(CubeFill, NopAndPipes) {
  std::vector<half> got(256);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::A2> a2;
    pipe.InitBuffer(a2, 512);
    LocalTensor<half> t = a2.Get<half>();
    Fill(t, InitConstValueParams<half>{1, 1, 0, half(2.0f)});
    Fill(t, InitConstValueParams<half>{0, 1, 0, half(5.0f)});
    Fill(t, InitConstValueParams<half>{3, 0, 0, half(5.0f)});
    Fill(t, InitConstValueParams<half>{3, half(5.0f)});  // blockNum 0 too
    std::memcpy(got.data(), t.ref().ptr, 512);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (const half& h : got) ASSERT_EQ(static_cast<float>(h), 2.0f);
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte1)].instructions, 4u);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].kind, "empty_fill");
  EXPECT_EQ(r.warnings[0].count, 3u);
  EXPECT_NE(r.warnings[0].message.find("repeatTimes = 0 and blockNum = 1 writes nothing"),
            std::string::npos)
      << r.warnings[0].message;
  FaultKind kind{};
  const std::string msg = RunCubeConfig(
      [] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 512);
        pipe.InitBuffer(a2, 512);
        LocalTensor<half> l1 = a1.Get<half>(), l0 = a2.Get<half>();
        Fill(l1, InitConstValueParams<half>{1, 16, 0, half(1.0f)});
        LoadData(l0, l1, LoadData2DParams{0, 1, 0, 0, 0, false, 0});
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kMissingSync) << msg;
}

std::string FillFault(const std::function<void(TPipe&)>& body, FaultKind* kind,
                      const DeviceProfile& d = testing::TestDevice()) {
  return RunCubeConfig(
      [&] {
        TPipe pipe;
        body(pipe);
      },
      kind, d);
}

TEST(CubeFill, EachRuleIsAFault) {
  struct Case {
    const char* what;
    std::function<void(TPipe&)> body;
    FaultKind kind;
    const char* says;
  };
  const std::vector<Case> cases = {
      {"UB dst",
       [](TPipe& p) {
         TBuf<TPosition::VECCALC> ub;
         p.InitBuffer(ub, 512);
         Fill(ub.Get<half>(), InitConstValueParams<half>{1, 1, 0, half(0.0f)});
       },
       FaultKind::kInvalidArgument, "must be in L1 (A1, B1), L0A (A2) or L0B (B2)"},
      {"L0A not 512 B aligned",
       [](TPipe& p) {
         TBuf<TPosition::A2> a2;
         p.InitBuffer(a2, 1024);
         Fill(a2.Get<half>()[128], InitConstValueParams<half>{1, 1, 0, half(0.0f)});
       },
       FaultKind::kMisalignedCopy, "not 512 B aligned"},
      {"repeatTimes past 32767",
       [](TPipe& p) {
         TBuf<TPosition::A1> a1;
         p.InitBuffer(a1, 64);
         Fill(a1.Get<float>(), InitConstValueParams<float>{40000, 1, 0, 0.0f});
       },
       FaultKind::kInvalidArgument, "repeatTimes = 40000 (must be in [0, 32767])"},
      {"dstGap past 32767",
       [](TPipe& p) {
         TBuf<TPosition::A1> a1;
         p.InitBuffer(a1, 64);
         InitConstValue(a1.Get<int32_t>(), InitConstValueParams<int32_t>{1, 1, 32768, 0});
       },
       FaultKind::kInvalidArgument, "dstGap = 32768"},
      {"past the buffer",
       [](TPipe& p) {
         TBuf<TPosition::A1> a1;
         p.InitBuffer(a1, 64);
         Fill(a1.Get<float>(), InitConstValueParams<float>{2, 1, 1, 0.0f});  // 96 B
       },
       FaultKind::kOutOfBoundsUb, "dst"},
      {"int8_t",
       [](TPipe& p) {
         TBuf<TPosition::A1> a1;
         p.InitBuffer(a1, 64);
         Fill(a1.Get<int8_t>(), InitConstValueParams<int8_t>{1, 1, 0, 0});
       },
       FaultKind::kUnsupported, "dst takes int16_t, uint16_t, half, bfloat16_t"},
  };
  for (const Case& c : cases) {
    FaultKind kind{};
    const std::string msg = FillFault(c.body, &kind);
    EXPECT_EQ(kind, c.kind) << c.what << ": " << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << c.what << ": " << msg;
  }
}

// The 310P (dav-2002) takes repeatTimes and the value only: 512 B a repeat, no gap, and
// int16_t/uint16_t/half; float is a fault there.
TEST(CubeFill, AtlasInferenceTakesOnlyRepeatTimes) {
  DeviceProfile d = testing::TestDevice();
  d.architecture = "dav-2002";
  std::vector<half> got(512);
  LaunchOptions o = CubeOptions({});
  const LaunchResult r = Launch(d, 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, 1024);
    LocalTensor<half> t = a1.Get<half>();
    Fill(t, InitConstValueParams<half>{2, half(0.0f)});
    Fill(t, InitConstValueParams<half>{1, 3, 7, half(1.0f)});  // blockNum, dstGap ignored
    std::memcpy(got.data(), t.ref().ptr, 1024);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(static_cast<float>(got[i]), i < 256 ? 1.0f : 0.0f) << i;
  }
  FaultKind kind{};
  const std::string msg = FillFault(
      [](TPipe& p) {
        TBuf<TPosition::A1> a1;
        p.InitBuffer(a1, 512);
        Fill(a1.Get<float>(), InitConstValueParams<float>{1, 0.0f});
      },
      &kind, d);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("dst takes int16_t, uint16_t, half"), std::string::npos) << msg;
}

}  // namespace
}  // namespace opsim::sim
