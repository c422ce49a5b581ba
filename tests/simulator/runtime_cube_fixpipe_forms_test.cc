// The Fixpipe buffer (C2PIPE2GM): DataCopy L1 -> FB, SetFixPipeConfig and DataCopy CO1 -> GM/L1
// with the vector quantisation modes reading their per-column words from it, against a scalar
// model of the words (the same arithmetic as runtime_cube_fixpipe_test.cc's, from CANN's
// fixpipe_l0c2gm golden scripts); Fixpipe's channel split and 8-bit NZ output (channel merge)
// against their layouts; then each misuse as its fault.
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

constexpr uint32_t kFbM = 20;  // a tail in M
constexpr uint32_t kFbMp = 32;
constexpr uint32_t kFbN = 48;  // three fractal columns; 48 words = 384 B = three FB blocks

uint64_t FbWord(float factor, uint32_t n_bits, bool mcb, uint32_t offset, bool sign) {
  uint32_t f;
  std::memcpy(&f, &factor, 4);
  return f | (uint64_t{n_bits} << 32) | (uint64_t{mcb} << 36) | (uint64_t{offset} << 37) |
         (uint64_t{sign} << 46);
}

// The word's arithmetic (the 随路量化 page's bits, the golden scripts' steps): M1 from bits
// 31..13, a shift by N + 1 into int16 under the mode control bit (int32 input), the product,
// then half, or rounding into [-256, 255] plus the offset saturated to int8/uint8.
double FbModel(QuantMode_t mode, double x, uint64_t w, bool relu) {
  uint32_t bits = static_cast<uint32_t>(w) & 0xFFFFE000u;
  float m1;
  std::memcpy(&m1, &bits, 4);
  const float m2 = relu ? 0.0f : m1;
  float v = static_cast<float>(x);
  if (mode != QuantMode_t::VQF322B8_PRE && ((w >> 36) & 1) != 0) {
    const double shifted = std::floor(x / std::pow(2.0, static_cast<int>((w >> 32) & 0xF) + 1));
    v = static_cast<float>(std::clamp(shifted, -32768.0, 32767.0));
  }
  v = v >= 0 ? v * m1 : v * m2;
  if (mode == QuantMode_t::VDEQF16) {
    return static_cast<float>(Half(std::clamp(v, -65504.0f, 65504.0f)));
  }
  const double r = std::nearbyint(std::clamp(static_cast<double>(v), -256.0, 255.0)) +
                   static_cast<double>((w >> 37) & 0x1FF);
  return ((w >> 46) & 1) != 0 ? std::clamp(r, -128.0, 127.0) : std::clamp(r, 0.0, 255.0);
}

template <typename T>
double FbValue(T v) {
  return static_cast<double>(static_cast<float>(v));
}

LaunchOptions FbAic(std::vector<GmRegion> regions) {
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = std::move(regions);
  return o;
}

// One word per column: factors, shifts, offsets and both signs vary across the columns; `sign`
// is the output type's (int8 or uint8).
std::vector<uint64_t> FbWords(bool sign) {
  std::vector<uint64_t> w(kFbN);
  for (uint32_t j = 0; j < kFbN; ++j) {
    const float factor =
        (j % 5 == 3 ? -1.0f : 1.0f) * (0.0625f + 0.125f * static_cast<float>(j % 7));
    w[j] = FbWord(factor, j % 4, j % 3 == 1, (j * 37) % 300, sign);
  }
  return w;
}

template <typename C>
std::vector<C> FbResults(uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dist(-3000, 3000);
  std::vector<C> v(kFbM * kFbN);
  for (auto& x : v) x = static_cast<C>(std::is_same_v<C, float> ? dist(gen) / 8.0 : dist(gen));
  return v;
}

// The results in L0C as NZ (fractal columns kFbMp rows apart), as a Mmad leaves them.
template <typename C>
LocalTensor<C> FbFillL0c(TPipe& pipe, TBuf<TPosition::CO1>& co1, const std::vector<C>& r) {
  pipe.InitBuffer(co1, kFbMp * kFbN * 4);
  LocalTensor<C> lc = co1.Get<C>();
  std::vector<C> nz(kFbMp * kFbN, C{});
  for (uint32_t i = 0; i < kFbM; ++i) {
    for (uint32_t j = 0; j < kFbN; ++j)
      nz[(j / 16) * kFbMp * 16 + i * 16 + j % 16] = r[i * kFbN + j];
  }
  std::memcpy(static_cast<void*>(lc.data()), nz.data(), nz.size() * sizeof(C));
  detail::HostWroteUb(lc.ref());
  return lc;
}

// GM words -> L1 (MTE2), MTE2_FIX, L1 -> FB (FIX), SetFixPipeConfig: the sample's order.
LocalTensor<uint64_t> LoadWordsToFb(TPipe& pipe, TBuf<TPosition::C1>& c1,
                                    TBuf<TPosition::C2PIPE2GM>& fb,
                                    const GlobalTensor<uint64_t>& words) {
  pipe.InitBuffer(c1, kFbN * 8);
  pipe.InitBuffer(fb, kFbN * 8);
  LocalTensor<uint64_t> l1 = c1.Get<uint64_t>();
  DataCopy(l1, words, kFbN);
  SetFlag<HardEvent::MTE2_FIX>(0);
  WaitFlag<HardEvent::MTE2_FIX>(0);
  LocalTensor<uint64_t> f = fb.Get<uint64_t>();
  DataCopy(f, l1, DataCopyParams(1, kFbN * 8 / 128, 0, 0));
  return f;
}

// DataCopy CO1 -> GM (ND through SetFixpipeNz2ndFlag) in a vector mode.
template <typename C, typename Out>
void ExpectFbQuant(QuantMode_t mode, bool relu) {
  std::vector<uint64_t> words = FbWords(std::is_same_v<Out, int8_t>);
  const std::vector<C> r = FbResults<C>(11);
  std::vector<Out> out(kFbM * kFbN);
  const LaunchResult res =
      Launch(testing::TestDevice(), 1, FbAic({Region(out, "out"), Region(words, "words")}), [&] {
        TPipe pipe;
        TBuf<TPosition::CO1> co1;
        TBuf<TPosition::C1> c1;
        TBuf<TPosition::C2PIPE2GM> fb;
        LocalTensor<C> lc = FbFillL0c(pipe, co1, r);
        GlobalTensor<uint64_t> gw;
        gw.SetGlobalBuffer(words.data(), words.size());
        SetFixPipeConfig(LoadWordsToFb(pipe, c1, fb, gw));
        GlobalTensor<Out> g;
        g.SetGlobalBuffer(out.data(), out.size());
        SetFixpipeNz2ndFlag(1, 0, 0);
        DataCopy(g, lc, DataCopyCO12DstParams(kFbN, kFbM, kFbN, kFbMp, mode, relu, false, true));
      });
  ASSERT_TRUE(res.status.ok()) << res.status.ToString();
  for (uint32_t i = 0; i < kFbM * kFbN; ++i) {
    ASSERT_EQ(FbValue(out[i]), FbModel(mode, FbValue(r[i]), words[i % kFbN], relu))
        << "element " << i << " of mode " << static_cast<int>(mode) << " relu " << relu;
  }
}

TEST(CubeFixpipeBuffer, DataCopyVectorModesReadTheWordsSetFixPipeConfigSet) {
  for (const bool relu : {false, true}) {
    ExpectFbQuant<int32_t, half>(QuantMode_t::VDEQF16, relu);
    ExpectFbQuant<int32_t, int8_t>(QuantMode_t::VREQ8, relu);
    ExpectFbQuant<int32_t, uint8_t>(QuantMode_t::VREQ8, relu);
    ExpectFbQuant<float, int8_t>(QuantMode_t::VQF322B8_PRE, relu);
    ExpectFbQuant<float, uint8_t>(QuantMode_t::VQF322B8_PRE, relu);
  }
}

// Into L1 (always NZ on Atlas A2) in VDEQF16, the two-tensor form with an empty reluPre, and the
// count form of the L1 -> FB copy; the words sit at FB offset 128 (the FPC's address counts 128 B).
TEST(CubeFixpipeBuffer, IntoL1AsNzWithTheTwoTensorForm) {
  const std::vector<uint64_t> words = FbWords(true);
  const std::vector<int32_t> r = FbResults<int32_t>(12);
  std::vector<half> got(kFbN * kFbMp);
  std::vector<uint8_t> unused(32);
  const LaunchResult res = Launch(testing::TestDevice(), 1, FbAic({Region(unused, "unused")}), [&] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    TBuf<TPosition::C1> c1;
    TBuf<TPosition::C2PIPE2GM> fb;
    TBuf<TPosition::A1> a1;
    LocalTensor<int32_t> lc = FbFillL0c(pipe, co1, r);
    pipe.InitBuffer(c1, kFbN * 8);
    pipe.InitBuffer(fb, 128 + kFbN * 8);
    pipe.InitBuffer(a1, kFbN * kFbMp * 2);
    LocalTensor<uint64_t> l1 = c1.Get<uint64_t>();
    std::memcpy(l1.data(), words.data(), kFbN * 8);
    detail::HostWroteUb(l1.ref());
    const LocalTensor<uint64_t> f = fb.Get<uint64_t>()[16];
    DataCopy(f, l1, kFbN);
    SetFixPipeConfig(LocalTensor<uint64_t>(), f);
    LocalTensor<half> oh = a1.Get<half>();
    DataCopy(oh, lc,
             DataCopyCO12DstParams(kFbN, kFbM, kFbMp * 16 * 2 / 32, kFbMp, QuantMode_t::VDEQF16, 0,
                                   false, false));
    std::memcpy(static_cast<void*>(got.data()), oh.data(), got.size() * 2);
  });
  ASSERT_TRUE(res.status.ok()) << res.status.ToString();
  for (uint32_t i = 0; i < kFbM; ++i) {
    for (uint32_t j = 0; j < kFbN; ++j) {
      ASSERT_EQ(FbValue(got[(j / 16) * kFbMp * 16 + i * 16 + j % 16]),
                FbModel(QuantMode_t::VDEQF16, r[i * kFbN + j], words[j], false))
          << "row " << i << " column " << j;
    }
  }
}

// The channel split: float NZ into GM as 16 x 8 fractals, fractal column q at q x dstStride x
// 32 B (the fixpipe_l0c2gm sample's scenario 7 golden: reshape (M/16, 16, N/8, 8), transpose
// (2, 0, 1, 3)); through Fixpipe and DataCopy CO1 -> GM alike.
TEST(CubeFixpipeNzForms, ChannelSplitWritesSixteenByEightFractals) {
  constexpr uint32_t kN = 40;  // five 8-channel fractals, the last one in a half L0C fractal
  constexpr uint32_t kStride = kFbMp * 8 * 4 / 32;
  const std::vector<float> r = FbResults<float>(21);
  for (const bool data_copy : {false, true}) {
    std::vector<float> out(5 * kStride * 8, -1.0f);
    const LaunchResult res = Launch(testing::TestDevice(), 1, FbAic({Region(out, "out")}), [&] {
      TPipe pipe;
      TBuf<TPosition::CO1> co1;
      LocalTensor<float> lc = FbFillL0c(pipe, co1, r);
      GlobalTensor<float> g;
      g.SetGlobalBuffer(out.data(), out.size());
      if (data_copy) {
        DataCopy(
            g, lc,
            DataCopyCO12DstParams(kN, kFbM, kStride, kFbMp, QuantMode_t::NoQuant, 0, true, false));
        return;
      }
      FixpipeParamsV220 f;
      f.nSize = kN;
      f.mSize = kFbM;
      f.srcStride = kFbMp;
      f.dstStride = kStride;
      f.isChannelSplit = true;
      Fixpipe<float, float, CFG_NZ>(g, lc, f);
    });
    ASSERT_TRUE(res.status.ok()) << res.status.ToString();
    for (uint32_t i = 0; i < kFbM; ++i) {
      for (uint32_t j = 0; j < kN; ++j) {
        ASSERT_EQ(out[(j / 8) * kStride * 8 + i * 8 + j % 8], r[i * kFbN + j])
            << "row " << i << " column " << j << " data_copy " << data_copy;
      }
    }
    EXPECT_EQ(out[kFbM * 8], -1.0f) << "rows past mSize stay untouched";
  }
}

// 8-bit NZ output (the Int8 Channel Merge page): two 16-channel fractals merge into one 16 x 32,
// the last 16 channels of an odd count stay 16 x 16. 48 channels: one merged column and a 16-wide
// one; 32: one merged column. Into L1 with REQ8 (Fixpipe) and into GM with VREQ8 (DataCopy and
// the Fixpipe buffer's words).
template <typename Out>
void ExpectMerged(uint32_t n, bool to_l1) {
  const uint32_t stride = kFbMp;  // 32 B blocks: a merged column of kFbMp rows x 32 B
  const uint32_t np = (n + 15) / 16 * 16;
  std::vector<uint64_t> words = FbWords(std::is_same_v<Out, int8_t>);
  const std::vector<int32_t> r = FbResults<int32_t>(23);
  std::vector<Out> out(((np - 1) / 32 + 1) * stride * 32, Out{0x5A});
  std::vector<Out> gm(out.size(), Out{0x5A});
  const LaunchResult res =
      Launch(testing::TestDevice(), 1, FbAic({Region(gm, "gm"), Region(words, "words")}), [&] {
        TPipe pipe;
        TBuf<TPosition::CO1> co1;
        LocalTensor<int32_t> lc = FbFillL0c(pipe, co1, r);
        if (to_l1) {
          TBuf<TPosition::A1> a1;
          pipe.InitBuffer(a1, static_cast<uint32_t>(out.size()));
          LocalTensor<Out> l1 = a1.Get<Out>();
          std::memcpy(l1.data(), out.data(), out.size());
          FixpipeParamsV220 f;
          f.nSize = n;
          f.mSize = kFbM;
          f.srcStride = kFbMp;
          f.dstStride = stride;
          f.quantPre = QuantMode_t::REQ8;
          f.deqScalar = words[3];
          Fixpipe<Out, int32_t, CFG_NZ>(l1, lc, f);
          std::memcpy(out.data(), l1.data(), out.size());
          return;
        }
        TBuf<TPosition::C1> c1;
        TBuf<TPosition::C2PIPE2GM> fb;
        GlobalTensor<uint64_t> gw;
        gw.SetGlobalBuffer(words.data(), words.size());
        SetFixPipeConfig(LoadWordsToFb(pipe, c1, fb, gw));
        GlobalTensor<Out> g;
        g.SetGlobalBuffer(gm.data(), gm.size());
        DataCopy(
            g, lc,
            DataCopyCO12DstParams(n, kFbM, stride, kFbMp, QuantMode_t::VREQ8, 0, false, false));
      });
  ASSERT_TRUE(res.status.ok()) << res.status.ToString();
  const std::vector<Out>& got = to_l1 ? out : gm;
  for (uint32_t i = 0; i < kFbM; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      const uint32_t q = j / 32;
      const uint32_t w = (q + 1) * 32 <= np ? 32 : 16;
      const uint64_t word = to_l1 ? words[3] : words[j];
      ASSERT_EQ(FbValue(got[q * stride * 32 + i * w + j % 32]),
                FbModel(QuantMode_t::VREQ8, r[i * kFbN + j], word, false))
          << "row " << i << " column " << j << " of " << n << (to_l1 ? " into L1" : " into GM");
    }
  }
  EXPECT_EQ(got[kFbM * 32], Out{0x5A}) << "rows past mSize stay untouched";
}

TEST(CubeFixpipeNzForms, EightBitNzMergesChannelPairs) {
  ExpectMerged<int8_t>(48, true);
  ExpectMerged<uint8_t>(32, true);
  ExpectMerged<int8_t>(48, false);
  ExpectMerged<uint8_t>(32, false);
}

// --- Misuse -----------------------------------------------------------------------------------

struct FbRun {
  DeviceProfile device = testing::TestDevice();
  std::vector<half> out = std::vector<half>(kFbMp * kFbN);
  GlobalTensor<half> g;

  // Runs `body` with int32 results in L0C; expects fault `want` whose text holds `text`.
  void Expect(const std::function<void(TPipe&, LocalTensor<int32_t>&)>& body, FaultKind want,
              const char* text) {
    const std::vector<int32_t> r = FbResults<int32_t>(1);
    const LaunchResult res = Launch(device, 1, FbAic({Region(out, "out")}), [&] {
      TPipe pipe;
      TBuf<TPosition::CO1> co1;
      LocalTensor<int32_t> lc = FbFillL0c(pipe, co1, r);
      g.SetGlobalBuffer(out.data(), out.size());
      body(pipe, lc);
    });
    const std::string msg =
        res.fault ? res.fault->instruction + ": " + res.fault->message : "no fault";
    EXPECT_TRUE(res.fault.has_value() && res.fault->kind == want) << text << " -> " << msg;
    EXPECT_NE(msg.find(text), std::string::npos) << msg;
  }
};

// DataCopy CO1 -> GM in VDEQF16, ND.
void VectorCopyOut(const GlobalTensor<half>& g, const LocalTensor<int32_t>& lc) {
  SetFixpipeNz2ndFlag(1, 0, 0);
  DataCopy(g, lc,
           DataCopyCO12DstParams(kFbN, kFbM, kFbN, kFbMp, QuantMode_t::VDEQF16, 0, false, true));
}

// Words in L1 (host-written) copied into a fresh FB buffer of `fb_bytes`.
LocalTensor<uint64_t> FbWithWords(TPipe& pipe, uint32_t fb_bytes, uint32_t copy_words) {
  TBuf<TPosition::C1> c1;
  TBuf<TPosition::C2PIPE2GM> fb;
  pipe.InitBuffer(c1, kFbN * 8);
  pipe.InitBuffer(fb, fb_bytes);
  LocalTensor<uint64_t> l1 = c1.Get<uint64_t>();
  for (uint32_t j = 0; j < kFbN; ++j) l1.data()[j] = FbWord(1.0f, 0, false, 0, true);
  detail::HostWroteUb(l1.ref());
  LocalTensor<uint64_t> f = fb.Get<uint64_t>();
  DataCopy(f, l1, copy_words);
  return f;
}

TEST(CubeFixpipeBufferChecks, MisuseIsAFault) {
  FbRun t;
  t.Expect([&](TPipe&, LocalTensor<int32_t>& lc) { VectorCopyOut(t.g, lc); },
           FaultKind::kInvalidArgument, "no SetFixPipeConfig");
  // Fewer words than columns in the buffer SetFixPipeConfig named.
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>& lc) {
        SetFixPipeConfig(FbWithWords(pipe, 128, 16));
        VectorCopyOut(t.g, lc);
      },
      FaultKind::kOutOfBoundsUb, "Fixpipe buffer");
  // Words the L1 -> FB copy did not bring (a 128 B copy into a 384 B buffer).
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>& lc) {
        SetFixPipeConfig(FbWithWords(pipe, kFbN * 8, 16));
        VectorCopyOut(t.g, lc);
      },
      FaultKind::kUninitializedRead, "Fixpipe buffer");
  // The FPC holds the quant address in 128 B units.
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>&) {
        SetFixPipeConfig(FbWithWords(pipe, kFbN * 8 + 128, kFbN)[8]);
      },
      FaultKind::kMisalignedCopy, "128 B aligned");
  // The L1 -> FB copy's count form moves whole 128 B blocks.
  t.Expect([&](TPipe& pipe, LocalTensor<int32_t>&) { FbWithWords(pipe, kFbN * 8, 40); },
           FaultKind::kMisalignedCopy, "multiple of 128 B");
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>&) {
        TBuf<TPosition::C1> c1;
        TBuf<TPosition::C2PIPE2GM> fb;
        pipe.InitBuffer(c1, 128);
        pipe.InitBuffer(fb, 128);
        DataCopy(fb.Get<uint64_t>(), c1.Get<uint64_t>(), DataCopyParams(4096, 1, 0, 0));
      },
      FaultKind::kInvalidArgument, "blockCount = 4096");
  // The words past the buffer the copy writes.
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>&) {
        TBuf<TPosition::C1> c1;
        TBuf<TPosition::C2PIPE2GM> fb;
        pipe.InitBuffer(c1, 256);
        pipe.InitBuffer(fb, 128);
        DataCopy(fb.Get<uint64_t>(), c1.Get<uint64_t>(), DataCopyParams(1, 2, 0, 0));
      },
      FaultKind::kOutOfBoundsUb, "dst");
  // quantPre must be in the Fixpipe buffer; setRelu is false only.
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>&) {
        TBuf<TPosition::C1> c1;
        pipe.InitBuffer(c1, 128);
        SetFixPipeConfig(LocalTensor<uint64_t>(), c1.Get<uint64_t>());
      },
      FaultKind::kInvalidArgument, "C2PIPE2GM");
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>&) {
        SetFixPipeConfig<uint64_t, true>(FbWithWords(pipe, kFbN * 8, kFbN));
      },
      FaultKind::kUnsupported, "setRelu");
  // A CO1 tensor only clears the unit flags: the words are unset after it.
  t.Expect(
      [&](TPipe& pipe, LocalTensor<int32_t>& lc) {
        SetFixPipeConfig(FbWithWords(pipe, kFbN * 8, kFbN));
        SetFixPipeConfig(lc, true);
        VectorCopyOut(t.g, lc);
      },
      FaultKind::kInvalidArgument, "no SetFixPipeConfig");
  // The channel split is float -> float NZ into GM only.
  t.Expect(
      [&](TPipe&, LocalTensor<int32_t>& lc) {
        FixpipeParamsV220 f;
        f.nSize = 16;
        f.mSize = kFbM;
        f.srcStride = kFbMp;
        f.dstStride = kFbMp;
        f.quantPre = QuantMode_t::DEQF16;
        f.deqScalar = FbWord(1.0f, 0, false, 0, true);
        f.isChannelSplit = true;
        Fixpipe<half, int32_t, CFG_NZ>(t.g, lc, f);
      },
      FaultKind::kInvalidArgument, "isChannelSplit");
}

// The L1 words come from GM on MTE2 and the L1 -> FB copy runs on FIX: MTE2_FIX orders them,
// as CANN's data_copy_l0c2gm sample does.
TEST(CubeFixpipeBufferChecks, TheL1ToFbCopyWaitsForMte2) {
  for (const bool sync : {false, true}) {
    std::vector<uint64_t> words = FbWords(true);
    const LaunchResult res = Launch(testing::TestDevice(), 1, FbAic({Region(words, "words")}), [&] {
      TPipe pipe;
      TBuf<TPosition::C1> c1;
      TBuf<TPosition::C2PIPE2GM> fb;
      pipe.InitBuffer(c1, kFbN * 8);
      pipe.InitBuffer(fb, kFbN * 8);
      GlobalTensor<uint64_t> gw;
      gw.SetGlobalBuffer(words.data(), words.size());
      DataCopy(c1.Get<uint64_t>(), gw, kFbN);
      if (sync) {
        SetFlag<HardEvent::MTE2_FIX>(0);
        WaitFlag<HardEvent::MTE2_FIX>(0);
      }
      DataCopy(fb.Get<uint64_t>(), c1.Get<uint64_t>(), DataCopyParams(1, 3, 0, 0));
    });
    if (sync) {
      EXPECT_TRUE(res.status.ok()) << res.status.ToString();
    } else {
      ASSERT_TRUE(res.fault.has_value());
      EXPECT_EQ(res.fault->kind, FaultKind::kMissingSync) << res.fault->message;
    }
  }
}

// isUnitFlag: every L0C unit flag back to 0. A Mmad with unitFlag 3 marks its units; a Mmad with
// unitFlag 2 into them waits for a Fixpipe that clears them (a deadlock when none comes), unless
// SetFixPipeConfig(co1, true) cleared them first.
TEST(CubeFixpipeBufferChecks, IsUnitFlagClearsTheL0cUnitFlags) {
  for (const bool clear : {false, true}) {
    const LaunchResult res = Launch(testing::TestDevice(), 1, FbAic({}), [&] {
      TPipe pipe;
      TBuf<TPosition::A2> a2;
      TBuf<TPosition::B2> b2;
      TBuf<TPosition::CO1> co1;
      pipe.InitBuffer(a2, 512);
      pipe.InitBuffer(b2, 512);
      pipe.InitBuffer(co1, 1024);
      LocalTensor<half> la = a2.Get<half>(), lb = b2.Get<half>();
      for (uint32_t i = 0; i < 256; ++i) la.data()[i] = lb.data()[i] = half(1.0f);
      detail::HostWroteUb(la.ref());
      detail::HostWroteUb(lb.ref());
      LocalTensor<float> lc = co1.Get<float>();
      MmadParams p;
      p.m = p.n = p.k = 16;
      p.unitFlag = 3;
      Mmad(lc, la, lb, p);
      if (clear) SetFixPipeConfig(lc, true);
      p.unitFlag = 2;
      Mmad(lc, la, lb, p);
    });
    if (clear) {
      EXPECT_TRUE(res.status.ok()) << res.status.ToString();
    } else {
      ASSERT_TRUE(res.fault.has_value());
      EXPECT_EQ(res.fault->kind, FaultKind::kDeadlock) << res.fault->message;
    }
  }
}

// The 910A and 310P have no Fixpipe buffer in Ascend C (SetFixPipeConfig's page: not supported).
TEST(CubeFixpipeBufferChecks, OlderChipsHaveNoFixpipeBuffer) {
  DeviceProfile d = testing::TestDevice();
  d.architecture = "dav-1001";
  d.fixpipe_buffer_bytes = 0;
  d.bias_table_bytes = 0;
  const LaunchResult res = Launch(d, 1, FbAic({}), [&] {
    TPipe pipe;
    TBuf<TPosition::C2PIPE2GM> fb;
    pipe.InitBuffer(fb, 128);
  });
  ASSERT_TRUE(res.fault.has_value());
  EXPECT_EQ(res.fault->kind, FaultKind::kUnsupported) << res.fault->message;
  EXPECT_NE(res.fault->message.find("Fixpipe buffer"), std::string::npos) << res.fault->message;
}

}  // namespace
}  // namespace opsim::sim
