// Fixpipe's quantisation modes (scalar and per-column), its NZ output into GM and L1, DataCopy
// CO1 -> GM/L1 with SetFixpipeNz2ndFlag/SetFixpipePreQuantFlag, against a scalar model written
// from CANN's fixpipe_l0c2gm golden scripts; then each misuse as its fault.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/core/float16.h"
#include "opsim/sim/device_profile.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using testing::Region;

using namespace AscendC;

constexpr uint32_t kM = 20;  // tails in M and N
constexpr uint32_t kN = 40;
constexpr uint32_t kMp = 32;  // kM rounded to 16
constexpr uint32_t kNp = 48;

// A quantisation word: factor (bits 31..13), N bits (32..35), mode control bit (36), offset
// (37..45), sign (46): the 随路量化 page's table.
uint64_t Word(float factor, uint32_t n_bits, bool mcb, uint32_t offset, bool sign) {
  uint32_t f;
  std::memcpy(&f, &factor, 4);
  return f | (uint64_t{n_bits} << 32) | (uint64_t{mcb} << 36) | (uint64_t{offset} << 37) |
         (uint64_t{sign} << 46);
}

// The scalar model: CANN's gen_data_s322f16.py / gen_data_f322s8.py / gen_data_s322s8.py, with
// the page's readings where they differ (N's b'0000 is 1; DEQF16 has no offset; QF322B8_PRE no
// shift). Returns the value the chip writes (a half's value, or an 8-bit integer).
double Model(QuantMode_t mode, double x, uint64_t w, bool relu) {
  uint32_t bits = static_cast<uint32_t>(w) & 0xFFFFE000u;
  float m1;
  std::memcpy(&m1, &bits, 4);
  const float m2 = relu ? 0.0f : m1;
  const bool mcb = (w >> 36) & 1;
  const int shift = static_cast<int>((w >> 32) & 0xF) + 1;
  const int offset = static_cast<int>((w >> 37) & 0x1FF);
  const bool sign = (w >> 46) & 1;
  const bool is_float_in = mode == QuantMode_t::QF322B8_PRE || mode == QuantMode_t::VQF322B8_PRE;
  float v = static_cast<float>(x);
  if (!is_float_in && mcb) {
    const double shifted = std::floor(x / std::pow(2.0, shift));
    v = static_cast<float>(std::clamp(shifted, -32768.0, 32767.0));
  }
  v = v >= 0 ? v * m1 : v * m2;
  if (mode == QuantMode_t::DEQF16 || mode == QuantMode_t::VDEQF16) {
    return static_cast<float>(Half(std::clamp(v, -65504.0f, 65504.0f)));
  }
  const double r = std::nearbyint(std::clamp(static_cast<double>(v), -256.0, 255.0)) + offset;
  return sign ? std::clamp(r, -128.0, 127.0) : std::clamp(r, 0.0, 255.0);
}

template <typename T>
double ValueOf(T v) {
  return static_cast<double>(static_cast<float>(v));
}

LaunchOptions Aic(std::vector<GmRegion> regions) {
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = std::move(regions);
  return o;
}

// kM x kN results (C: float or int32_t) placed in L0C as NZ, as a Mmad leaves them.
template <typename C>
std::vector<C> Results(uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dist(-3000, 3000);
  std::vector<C> v(kM * kN);
  for (auto& x : v) x = static_cast<C>(std::is_same_v<C, float> ? dist(gen) / 8.0 : dist(gen));
  return v;
}

template <typename C>
LocalTensor<C> FillL0c(TPipe& pipe, TBuf<TPosition::CO1>& co1, const std::vector<C>& r,
                       uint32_t matrices = 1) {
  pipe.InitBuffer(co1, matrices * kMp * kNp * 4);
  LocalTensor<C> lc = co1.Get<C>();
  std::vector<C> nz(matrices * kMp * kNp, C{});
  for (uint32_t t = 0; t < matrices; ++t) {
    for (uint32_t i = 0; i < kM; ++i) {
      for (uint32_t j = 0; j < kN; ++j) {
        nz[t * kMp * kNp + (j / 16) * kMp * 16 + i * 16 + j % 16] = r[(t * kM + i) * kN + j];
      }
    }
  }
  std::memcpy(static_cast<void*>(lc.data()), nz.data(), nz.size() * sizeof(C));
  detail::HostWroteUb(lc.ref());
  return lc;
}

FixpipeParamsV220 NdParams(QuantMode_t mode, uint64_t word, bool relu) {
  FixpipeParamsV220 f;
  f.mSize = kM;
  f.nSize = kN;
  f.srcStride = kMp;
  f.dstStride = kN;
  f.quantPre = mode;
  f.deqScalar = word;
  f.reluEn = relu;
  return f;
}

// Fixpipe L0C -> GM (ND) in `mode`, scalar (deqScalar) or per column (cbufWorkspace).
template <typename C, typename Out>
void ExpectQuant(QuantMode_t mode, bool vector, std::vector<uint64_t> words, bool relu) {
  // The word's sign bit says int8 or uint8, as CANN's sample sets it for its output type.
  for (uint64_t& w : words) {
    w = std::is_same_v<Out, int8_t> ? w | (1ull << 46)
                                    : (std::is_same_v<Out, uint8_t> ? w & ~(1ull << 46) : w);
  }
  const std::vector<C> r = Results<C>(7);
  std::vector<Out> out(kM * kN);
  const LaunchResult res = Launch(testing::TestDevice(), 1, Aic({Region(out, "out")}), [&] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    LocalTensor<C> lc = FillL0c(pipe, co1, r);
    GlobalTensor<Out> g;
    g.SetGlobalBuffer(out.data(), out.size());
    const FixpipeParamsV220 f = NdParams(mode, words[0], relu);
    if (!vector) {
      Fixpipe(g, lc, f);
      return;
    }
    TBuf<TPosition::C1> c1;
    pipe.InitBuffer(c1, kN * 8);
    LocalTensor<uint64_t> table = c1.Get<uint64_t>();
    for (uint32_t j = 0; j < kN; ++j) table.data()[j] = words[j % words.size()];
    detail::HostWroteUb(table.ref());
    Fixpipe(g, lc, table, f);
  });
  ASSERT_TRUE(res.status.ok()) << res.status.ToString();
  for (uint32_t i = 0; i < kM * kN; ++i) {
    const uint64_t w = vector ? words[(i % kN) % words.size()] : words[0];
    ASSERT_EQ(ValueOf(out[i]), Model(mode, ValueOf(r[i]), w, relu))
        << "element " << i << " of " << static_cast<int>(mode) << " relu " << relu;
  }
}

const std::vector<uint64_t> kWords = {
    Word(0.5f, 0, false, 0, true), Word(1.75f, 2, true, 3, true), Word(0.0625f, 0, false, 7, false),
    Word(-0.375f, 1, true, 0, true), Word(3.0f, 15, true, 300, false)};

// Two blocks' Fixpipe of results to the same GM (the race check reads a row's values back just
// after converting it): the same results are a warning, one differing result a race.
TEST(CubeFixpipeQuant, TwoBlocksWritingTheSameResultsWarnAndDifferentOnesRace) {
  for (const bool differ : {false, true}) {
    std::vector<float> out(kM * kN);
    const LaunchResult res = Launch(testing::TestDevice(), 2, Aic({Region(out, "out")}), [&] {
      std::vector<float> r = Results<float>(7);
      if (differ && GetBlockIdx() == 1) r[kN + 3] += 1.0f;  // row 1's fourth result
      TPipe pipe;
      TBuf<TPosition::CO1> co1;
      LocalTensor<float> lc = FillL0c(pipe, co1, r);
      GlobalTensor<float> g;
      g.SetGlobalBuffer(out.data(), out.size());
      Fixpipe(g, lc, NdParams(QuantMode_t::NoQuant, 0, false));
    });
    if (!differ) {
      ASSERT_TRUE(res.status.ok()) << res.status.ToString();
      ASSERT_EQ(res.warnings.size(), 1u);
      EXPECT_EQ(res.warnings[0].kind, "gm_same_value_overlap");
      continue;
    }
    ASSERT_TRUE(res.fault.has_value());
    EXPECT_EQ(res.fault->kind, FaultKind::kGmRace);
    EXPECT_NE(res.fault->message.find("blocks 0 and 1 both write GM 'out' [0x0, 0xc80)"),
              std::string::npos)
        << res.fault->message;
  }
}

// Under SetAtomicAdd (the Matmul's enAtomic) two blocks' Fixpipes into the same GM sum with
// what it held; into L1, or with an atomic type other than the output's, it is refused.
TEST(CubeFixpipeQuant, AtomicAddAccumulatesIntoGm) {
  std::vector<float> out(kM * kN, 1.5f);
  const std::vector<float> r = Results<float>(7);
  const auto run = [&](uint32_t blocks, int form) {
    return Launch(testing::TestDevice(), blocks, Aic({Region(out, "out")}), [&] {
      TPipe pipe;
      TBuf<TPosition::CO1> co1;
      LocalTensor<float> lc = FillL0c(pipe, co1, r);
      GlobalTensor<float> g;
      g.SetGlobalBuffer(out.data(), out.size());
      form == 2 ? SetAtomicAdd<half>() : SetAtomicAdd<float>();
      if (form != 1) return Fixpipe(g, lc, NdParams(QuantMode_t::NoQuant, 0, false));
      TBuf<TPosition::A1> a1;
      pipe.InitBuffer(a1, kMp * kNp * 4);
      FixpipeParamsV220 f = NdParams(QuantMode_t::NoQuant, 0, false);
      f.dstStride = kMp * 16 * 4 / 32;
      Fixpipe<float, float, CFG_NZ>(a1.Get<float>(), lc, f);
    });
  };
  const LaunchResult ok = run(2, 0);
  ASSERT_TRUE(ok.status.ok()) << ok.status.ToString();
  for (uint32_t i = 0; i < kM * kN; ++i) ASSERT_EQ(out[i], 1.5f + 2 * r[i]) << i;
  for (const int form : {1, 2}) {
    const LaunchResult bad = run(1, form);
    ASSERT_TRUE(bad.fault.has_value()) << form;
    EXPECT_EQ(bad.fault->kind, FaultKind::kUnsupported);
    EXPECT_NE(bad.fault->message.find(form == 1 ? "Fixpipe into L1 under SetAtomicAdd"
                                                : "Fixpipe of float32 results under the atomic "
                                                  "mode of float16"),
              std::string::npos)
        << bad.fault->message;
  }
}

TEST(CubeFixpipeQuant, ScalarModesAgainstTheGoldenModel) {
  for (const uint64_t w : kWords) {
    for (const bool relu : {false, true}) {
      ExpectQuant<int32_t, half>(QuantMode_t::DEQF16, false, {w}, relu);
      ExpectQuant<int32_t, int8_t>(QuantMode_t::REQ8, false, {w}, relu);
      ExpectQuant<int32_t, uint8_t>(QuantMode_t::REQ8, false, {w}, relu);
      ExpectQuant<float, int8_t>(QuantMode_t::QF322B8_PRE, false, {w}, relu);
      ExpectQuant<float, uint8_t>(QuantMode_t::QF322B8_PRE, false, {w}, relu);
    }
  }
}

TEST(CubeFixpipeQuant, VectorModesTakeAWordPerColumnFromL1) {
  for (const bool relu : {false, true}) {
    ExpectQuant<int32_t, half>(QuantMode_t::VDEQF16, true, kWords, relu);
    ExpectQuant<int32_t, int8_t>(QuantMode_t::VREQ8, true, kWords, relu);
    ExpectQuant<float, uint8_t>(QuantMode_t::VQF322B8_PRE, true, kWords, relu);
  }
}

// The NZ2NZ page's loop: row i of fractal column q at q * dstStride * 32 + i * 16 elements.
template <typename Out, typename C>
std::vector<double> NzModel(const std::vector<C>& r, uint32_t dst_stride_blocks) {
  const uint32_t per_col = dst_stride_blocks * 32 / sizeof(Out);
  std::vector<double> want((kNp / 16 - 1) * per_col + kM * 16, std::nan(""));
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      want[(j / 16) * per_col + i * 16 + j % 16] = ValueOf(static_cast<Out>(r[i * kN + j]));
    }
  }
  return want;
}

template <typename C, typename Out, bool kToL1>
void ExpectNz(QuantMode_t mode) {
  const std::vector<C> r = Results<C>(3);
  const uint32_t stride = kMp * 16 * sizeof(Out) / 32;  // fractal columns kMp rows apart
  const std::vector<double> want = NzModel<Out>(r, stride);
  std::vector<Out> out(want.size(), Out{});
  std::vector<Out> gm(want.size(), Out{});
  const LaunchResult res = Launch(testing::TestDevice(), 1, Aic({Region(gm, "gm")}), [&] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    LocalTensor<C> lc = FillL0c(pipe, co1, r);
    FixpipeParamsV220 f = NdParams(mode, 0, false);
    f.dstStride = stride;
    if (kToL1) {
      TBuf<TPosition::A1> a1;
      pipe.InitBuffer(a1, static_cast<uint32_t>(want.size() * sizeof(Out)));
      LocalTensor<Out> l1 = a1.Get<Out>();
      Fixpipe<Out, C, CFG_NZ>(l1, lc, f);
      std::memcpy(static_cast<void*>(out.data()), l1.data(), want.size() * sizeof(Out));
    } else {
      GlobalTensor<Out> g;
      g.SetGlobalBuffer(gm.data(), gm.size());
      Fixpipe<Out, C, CFG_NZ>(g, lc, f);
    }
  });
  ASSERT_TRUE(res.status.ok()) << res.status.ToString();
  const std::vector<Out>& got = kToL1 ? out : gm;
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) continue;  // padding the block carries from L0C
    ASSERT_EQ(ValueOf(got[i]), want[i]) << "element " << i;
  }
}

TEST(CubeFixpipeNz, IntoL1AndGmAsTheNz2NzLoop) {
  ExpectNz<float, float, true>(QuantMode_t::NoQuant);
  ExpectNz<float, half, true>(QuantMode_t::F322F16);
  ExpectNz<float, bfloat16_t, true>(QuantMode_t::F322BF16);
  ExpectNz<int32_t, int32_t, true>(QuantMode_t::NoQuant);
  ExpectNz<float, half, false>(QuantMode_t::F322F16);
  ExpectNz<int32_t, int32_t, false>(QuantMode_t::NoQuant);
}

// DataCopy CO1 -> GM: two matrices out through SetFixpipeNz2ndFlag, REQ8 through
// SetFixpipePreQuantFlag, and the same as NZ into L1 with F322F16.
TEST(CubeDataCopyCo1, RegistersDriveNz2NdAndTheScalarQuant) {
  std::vector<int32_t> r = Results<int32_t>(5);
  const std::vector<int32_t> r2 = Results<int32_t>(6);
  r.insert(r.end(), r2.begin(), r2.end());
  const uint64_t w = Word(0.25f, 0, false, 2, true);
  std::vector<int8_t> out(2 * kM * kN + 8, 0);
  const LaunchResult res = Launch(testing::TestDevice(), 1, Aic({Region(out, "out")}), [&] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    LocalTensor<int32_t> lc = FillL0c(pipe, co1, r, 2);
    GlobalTensor<int8_t> g;
    g.SetGlobalBuffer(out.data(), out.size());
    SetFixpipeNz2ndFlag(2, kMp * kNp / 256, kM * kN + 8);  // matrices 8 elements apart in GM
    SetFixpipePreQuantFlag(w);
    DataCopyCO12DstParams p(kN, kM, kN, kMp, QuantMode_t::REQ8, 1, false, true);
    DataCopy(g, lc, p);
  });
  ASSERT_TRUE(res.status.ok()) << res.status.ToString();
  for (uint32_t t = 0; t < 2; ++t) {
    for (uint32_t e = 0; e < kM * kN; ++e) {
      ASSERT_EQ(ValueOf(out[t * (kM * kN + 8) + e]),
                Model(QuantMode_t::REQ8, r[t * kM * kN + e], w, true))
          << "matrix " << t << " element " << e;
    }
  }
  for (uint32_t e = kM * kN; e < kM * kN + 8; ++e) EXPECT_EQ(out[e], 0) << "gap " << e;
}

TEST(CubeDataCopyCo1, IntoL1AsNz) {
  const std::vector<float> r = Results<float>(9);
  const uint32_t stride = kMp * 16 * 2 / 32;
  const std::vector<double> want = NzModel<half>(r, stride);
  std::vector<half> got(want.size());
  std::vector<uint8_t> unused(32);
  const LaunchResult res = Launch(testing::TestDevice(), 1, Aic({Region(unused, "unused")}), [&] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    LocalTensor<float> lc = FillL0c(pipe, co1, r);
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, static_cast<uint32_t>(want.size() * 2));
    LocalTensor<half> l1 = a1.Get<half>();
    DataCopyCO12DstParams p(kNp, kM, stride, kMp, QuantMode_t::F322F16, 0, false, false);
    DataCopy(l1, lc, p);
    std::memcpy(static_cast<void*>(got.data()), l1.data(), want.size() * 2);
  });
  ASSERT_TRUE(res.status.ok()) << res.status.ToString();
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) continue;
    ASSERT_EQ(ValueOf(got[i]), want[i]) << "element " << i;
  }
}

// --- Misuse -----------------------------------------------------------------------------------

TEST(CubeFixpipeChecks, MisuseIsAFault) {
  std::vector<half> out(4 * kMp * kNp);
  GlobalTensor<half> g;
  const auto run = [&](const std::function<void(TPipe&, LocalTensor<int32_t>&)>& body,
                       FaultKind want, const char* text) {
    FaultKind kind{};
    std::string msg;
    {
      LaunchOptions o = Aic({Region(out, "out")});
      const std::vector<int32_t> r = Results<int32_t>(1);
      const LaunchResult res = Launch(testing::TestDevice(), 1, o, [&] {
        TPipe pipe;
        TBuf<TPosition::CO1> co1;
        LocalTensor<int32_t> lc = FillL0c(pipe, co1, r);
        g.SetGlobalBuffer(out.data(), out.size());
        body(pipe, lc);
      });
      msg = res.fault ? res.fault->instruction + ": " + res.fault->message : "no fault";
      if (res.fault) kind = res.fault->kind;
    }
    EXPECT_EQ(kind, want) << msg;
    EXPECT_NE(msg.find(text), std::string::npos) << msg;
  };
  // DataCopy with nz2ndEn before any SetFixpipeNz2ndFlag.
  run(
      [&](TPipe&, LocalTensor<int32_t>& lc) {
        DataCopy(g, lc,
                 DataCopyCO12DstParams(kN, kM, kN, kMp, QuantMode_t::DEQF16, 0, false, true));
      },
      FaultKind::kInvalidArgument, "no SetFixpipeNz2ndFlag");
  // A scalar mode before any SetFixpipePreQuantFlag.
  run(
      [&](TPipe&, LocalTensor<int32_t>& lc) {
        SetFixpipeNz2ndFlag(1, 0, 0);
        DataCopy(g, lc,
                 DataCopyCO12DstParams(kN, kM, kN, kMp, QuantMode_t::DEQF16, 0, false, true));
      },
      FaultKind::kInvalidArgument, "no SetFixpipePreQuantFlag");
  // DataCopy's vector modes read the Fixpipe buffer SetFixPipeConfig names.
  run(
      [&](TPipe&, LocalTensor<int32_t>& lc) {
        DataCopy(g, lc,
                 DataCopyCO12DstParams(kNp, kM, 64, kMp, QuantMode_t::VDEQF16, 0, false, false));
      },
      FaultKind::kInvalidArgument, "no SetFixPipeConfig");
  // A vector mode without its words.
  run([&](TPipe&,
          LocalTensor<int32_t>& lc) { Fixpipe(g, lc, NdParams(QuantMode_t::VDEQF16, 0, false)); },
      FaultKind::kInvalidArgument, "cbufWorkspace");
  // An inf factor.
  run(
      [&](TPipe&, LocalTensor<int32_t>& lc) {
        Fixpipe(g, lc, NdParams(QuantMode_t::DEQF16, Word(INFINITY, 0, false, 0, true), false));
      },
      FaultKind::kInvalidArgument, "inf");
  // ND into L1 is Ascend 950's.
  run(
      [&](TPipe& pipe, LocalTensor<int32_t>& lc) {
        TBuf<TPosition::A1> a1;
        pipe.InitBuffer(a1, kMp * kNp * 2);
        Fixpipe(a1.Get<half>(), lc,
                NdParams(QuantMode_t::DEQF16, Word(1, 0, false, 0, true), false));
      },
      FaultKind::kUnsupported, "writes NZ");
  // NZ fractal columns that overlap.
  run(
      [&](TPipe& pipe, LocalTensor<int32_t>& lc) {
        TBuf<TPosition::A1> a1;
        pipe.InitBuffer(a1, kMp * kNp * 4);
        FixpipeParamsV220 f = NdParams(QuantMode_t::NoQuant, 0, false);
        f.dstStride = 4;
        Fixpipe<int32_t, int32_t, CFG_NZ>(a1.Get<int32_t>(), lc, f);
      },
      FaultKind::kInvalidArgument, "must not overlap");
  // The quantisation words outside L1.
  run(
      [&](TPipe& pipe, LocalTensor<int32_t>& lc) {
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a2, 512);
        Fixpipe(g, lc, a2.Get<uint64_t>(), NdParams(QuantMode_t::VDEQF16, 0, false));
      },
      FaultKind::kInvalidArgument, "cbufWorkspace");
  // DN -> NZ exists on the 950 only.
  run(
      [&](TPipe& pipe, LocalTensor<int32_t>&) {
        TBuf<TPosition::A1> a1;
        pipe.InitBuffer(a1, 512);
        GlobalTensor<half> src = g;
        DataCopy(a1.Get<half>(), src, Dn2NzParams{});
      },
      FaultKind::kUnsupported, "Ascend 950");
}

// The FIX pipe writes L1 and MTE1 reads it: FIX_MTE1 orders them (CANN's HardEvent has it).
TEST(CubeFixpipeChecks, FixIntoL1ThenLoadDataNeedsFixMte1) {
  for (const bool sync : {false, true}) {
    std::vector<uint8_t> unused(32);
    const LaunchResult res = Launch(testing::TestDevice(), 1, Aic({Region(unused, "unused")}), [&] {
      TPipe pipe;
      TBuf<TPosition::CO1> co1;
      TBuf<TPosition::A1> a1;
      TBuf<TPosition::A2> a2;
      pipe.InitBuffer(co1, 1024);
      pipe.InitBuffer(a1, 512);
      pipe.InitBuffer(a2, 512);
      LocalTensor<float> lc = co1.Get<float>();
      for (int i = 0; i < 256; ++i) lc.data()[i] = static_cast<float>(i);
      detail::HostWroteUb(lc.ref());
      FixpipeParamsV220 f;
      f.mSize = f.nSize = 16;
      f.srcStride = 16;
      f.dstStride = 16;  // 16 rows x 32 B
      f.quantPre = QuantMode_t::F322F16;
      Fixpipe<half, float, CFG_NZ>(a1.Get<half>(), lc, f);
      if (sync) {
        SetFlag<HardEvent::FIX_MTE1>(0);
        WaitFlag<HardEvent::FIX_MTE1>(0);
      }
      LoadData(a2.Get<half>(), a1.Get<half>(), LoadData2DParams{0, 1, 1, 0, 0, false, 0});
    });
    if (sync) {
      EXPECT_TRUE(res.status.ok()) << res.status.ToString();
    } else {
      ASSERT_TRUE(res.fault.has_value());
      EXPECT_EQ(res.fault->kind, FaultKind::kMissingSync) << res.fault->message;
    }
  }
}

// The 910A and 310P have none of these (CANN lists them for Atlas A2/A3).
TEST(CubeFixpipeChecks, OlderChipsHaveNoCo1DataCopy) {
  DeviceProfile d = testing::TestDevice();
  d.architecture = "dav-1001";
  const LaunchResult res = Launch(d, 1, Aic({}), [&] { SetFixpipePreQuantFlag(0); });
  ASSERT_TRUE(res.fault.has_value());
  EXPECT_EQ(res.fault->kind, FaultKind::kUnsupported) << res.fault->message;
  EXPECT_NE(res.fault->message.find("Atlas A2/A3 only"), std::string::npos) << res.fault->message;
}

}  // namespace
}  // namespace opsim::sim
