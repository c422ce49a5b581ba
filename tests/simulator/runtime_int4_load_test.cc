// int4b_t on the 910B, the forms session 34 added (docs/ASCENDC.md "int4b_t"):
// LoadDataWithTranspose into L0B (64 x 64 squares) and LoadData3DV2 into L0A against scalar models
// of their pages, the transposed B feeding Mmad end to end, Cast's level-0 forms with int4b_t, and
// their faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::Region;

int Nib(const std::vector<uint8_t>& v, size_t e) {
  return static_cast<int8_t>(static_cast<uint8_t>(v[e / 2] >> (4 * (e % 2))) << 4) >> 4;
}
void PutNib(std::vector<uint8_t>* v, size_t e, int x) {
  const unsigned shift = 4 * static_cast<unsigned>(e % 2);
  (*v)[e / 2] = static_cast<uint8_t>(((*v)[e / 2] & ~(0xFu << shift)) | ((x & 0xFu) << shift));
}
std::vector<uint8_t> Bytes(size_t n, uint32_t seed) {
  std::mt19937 gen(seed);
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(gen());
  return v;
}
std::string FaultOf(const LaunchResult& r, FaultKind* kind) {
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}
LaunchResult RunOn(const std::string& arch, const std::function<void()>& kernel,
                   CoreType core = CoreType::kAiv) {
  DeviceProfile d = testing::TestDevice();
  if (!arch.empty()) d.architecture = arch;
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = core;
  return Launch(d, 1, o, kernel);
}

// --- LoadDataWithTranspose ----------------------------------------------------------------------

// The page's int4b_t model: iteration r takes the 64 x 64 square (four 16 x 64 fractals, 2 KiB)
// at (startIndex + r * srcStride) squares, transposes it and writes T's rows 16f..16f+15 at
// r * (1 + dstGap) + f * (1 + dstFracGap) fractals.
std::vector<uint8_t> TransposeModel(const std::vector<uint8_t>& l1,
                                    const LoadData2dTransposeParams& p, size_t bytes) {
  std::vector<uint8_t> out(bytes, 0xEE);
  for (size_t r = 0; r < p.repeatTimes; ++r) {
    const size_t s = (p.startIndex + r * p.srcStride) * 4096;  // in elements
    const size_t d = r * (1 + p.dstGap) * 1024;
    for (size_t row = 0; row < 64; ++row) {
      for (size_t col = 0; col < 64; ++col) {
        const size_t at = d + (col / 16) * (1 + p.dstFracGap) * 1024 + (col % 16) * 64 + row;
        PutNib(&out, at, Nib(l1, s + row * 64 + col));
      }
    }
  }
  return out;
}

void ExpectTransposeLikeModel(const LoadData2dTransposeParams& p) {
  constexpr size_t kL1 = 16 * 1024, kL0 = 16 * 1024;
  const std::vector<uint8_t> l1 = Bytes(kL1, 7 + p.startIndex);
  std::vector<uint8_t> got(kL0);
  const LaunchResult r = RunOn(
      "",
      [&] {
        TPipe pipe;
        TBuf<TPosition::B1> b1;
        TBuf<TPosition::B2> b2;
        pipe.InitBuffer(b1, kL1);
        pipe.InitBuffer(b2, kL0);
        LocalTensor<int4b_t> src = b1.Get<int4b_t>(), dst = b2.Get<int4b_t>();
        std::memcpy(static_cast<void*>(src.data()), l1.data(), kL1);
        std::memset(static_cast<void*>(dst.data()), 0xEE, kL0);
        detail::HostWroteUb(src.ref());
        LoadDataWithTranspose(dst, src, p);
        PipeBarrier<PIPE_ALL>();
        std::memcpy(got.data(), static_cast<const void*>(dst.data()), kL0);
      },
      CoreType::kAic);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const std::vector<uint8_t> want = TransposeModel(l1, p, kL0);
  for (size_t i = 0; i < kL0; ++i) {
    ASSERT_EQ(got[i], want[i]) << "byte " << i << ", repeat " << int(p.repeatTimes) << ", dstGap "
                               << p.dstGap << ", dstFracGap " << p.dstFracGap;
  }
}

TEST(Int4LoadTranspose, SquaresLikeTheModel) {
  // The page's first int4b_t figure says dstGap 1, which would put iteration 1's first fractal on
  // iteration 0's third (the page forbids overlapping fractals): dstGap 3, as CANN's Matmul.
  ExpectTransposeLikeModel({0, 3, 1, 3, 0});
  ExpectTransposeLikeModel({0, 3, 1, 0, 2});  // the second: fractals interleaved
  ExpectTransposeLikeModel({1, 2, 2, 7, 1});  // start, stride and both gaps
}

// B (K x N) as stored, Nd2Nz'd into L1 (16 x 64 fractals down K), turns into the ZN layout Mmad
// reads: checked against the scalar product C = A B.
TEST(Int4LoadTranspose, BAsStoredFeedsMmad) {
  constexpr uint32_t kM = 16, kK = 128, kN = 128, kKb = kK / 64, kNb = kN / 16;
  std::vector<uint8_t> a = Bytes(kM * kK / 2, 3), b = Bytes(kK * kN / 2, 4);
  std::vector<int32_t> c(kM * kN, -1);
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = {Region(a, "a"), Region(b, "b"), Region(c, "c")};
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, kM * kK / 2);
    pipe.InitBuffer(b1, kK * kN / 2);
    pipe.InitBuffer(a2, kM * kK / 2);
    pipe.InitBuffer(b2, kK * kN / 2);
    pipe.InitBuffer(co1, kM * kN * 4);
    GlobalTensor<int4b_t> ga, gb;
    GlobalTensor<int32_t> gc;
    ga.SetGlobalBuffer(reinterpret_cast<int4b_t*>(a.data()), kM * kK);
    gb.SetGlobalBuffer(reinterpret_cast<int4b_t*>(b.data()), kK * kN);
    gc.SetGlobalBuffer(c.data(), kM * kN);
    LocalTensor<int4b_t> la1 = a1.Get<int4b_t>(), lb1 = b1.Get<int4b_t>();
    LocalTensor<int4b_t> la2 = a2.Get<int4b_t>(), lb2 = b2.Get<int4b_t>();
    DataCopy(la1, ga, Nd2NzParams{1, kM, kK / 2, 0, kK / 2, kM, 1, 0});
    DataCopy(lb1, gb, Nd2NzParams{1, kK, kN / 2, 0, kN / 2, kK, 1, 0});
    SetFlag<HardEvent::MTE2_MTE1>(0);
    WaitFlag<HardEvent::MTE2_MTE1>(0);
    LoadData(la2, la1, LoadData2DParams{0, kKb, 1, 0, 0, false, 0});
    for (uint32_t q = 0; q < kKb; ++q) {  // square (q, nc) at nc * kKb + q; four fractals apart
      LoadDataWithTranspose(
          lb2[q * kNb * 1024], lb1,
          LoadData2dTransposeParams{static_cast<uint16_t>(q), kN / 64, kKb, 3, 0});
    }
    SetFlag<HardEvent::MTE1_M>(0);
    WaitFlag<HardEvent::MTE1_M>(0);
    MmadParams p;
    p.m = kM, p.n = kN, p.k = kK;
    LocalTensor<int32_t> lc = co1.Get<int32_t>();
    Mmad(lc, la2, lb2, p);
    SetFlag<HardEvent::M_FIX>(0);
    WaitFlag<HardEvent::M_FIX>(0);
    FixpipeParamsV220 fp;
    fp.mSize = kM, fp.nSize = kN, fp.srcStride = kM, fp.dstStride = kN;
    Fixpipe(gc, lc, fp);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      int64_t want = 0;
      for (uint32_t k = 0; k < kK; ++k) want += Nib(a, i * kK + k) * Nib(b, k * kN + j);
      ASSERT_EQ(c[i * kN + j], want) << i << "," << j;
    }
  }
}

TEST(Int4LoadTranspose, Faults) {
  auto run = [](const std::string& arch, TPosition to) {
    return RunOn(
        arch,
        [to] {
          TPipe pipe;
          TBuf<TPosition::B1> b1;
          TBuf<TPosition::A2> a2;
          TBuf<TPosition::B2> b2;
          pipe.InitBuffer(b1, 4096);
          pipe.InitBuffer(a2, 4096);
          pipe.InitBuffer(b2, 4096);
          LocalTensor<int4b_t> dst = to == TPosition::A2 ? a2.Get<int4b_t>() : b2.Get<int4b_t>();
          LoadDataWithTranspose(dst, b1.Get<int4b_t>(), LoadData2dTransposeParams{0, 1, 1, 0, 0});
        },
        CoreType::kAic);
  };
  FaultKind kind{};
  // The 910B's page takes int4b_t into L0B only.
  std::string msg = FaultOf(run("", TPosition::A2), &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("int4b_t into L0A"), std::string::npos) << msg;
  EXPECT_NE(msg.find("testchip"), std::string::npos) << msg;  // the chip named
  // The 910A has no transposing load.
  msg = FaultOf(run("dav-1001", TPosition::B2), &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("dav-1001"), std::string::npos) << msg;
}

// --- LoadData3DV2 -------------------------------------------------------------------------------

// img2col of an int4b_t NC1HWC0 map (C0 = 64) into L0A's ZZ fractals (16 rows x 64 elements):
// element (i, j) of the part loaded at fractal (i / 16, j / 64), nibble (i % 16) * 64 + j % 64;
// padding reads the register's low four bits.
TEST(Int4Load3d, L0aLikeTheModel) {
  constexpr uint32_t kC1 = 2, kH = 4, kW = 3, kKh = 2, kKw = 2;
  const uint8_t pad[4] = {1, 0, 1, 1};  // left, right, top, bottom
  constexpr uint32_t kHout = kH + 2 - kKh + 1, kWout = kW + 1 - kKw + 1, kM = kHout * kWout;
  constexpr uint32_t kKtotal = kC1 * kKh * kKw * 64;
  constexpr uint16_t kKStart = 64, kKExt = 384;
  constexpr size_t kL0 = 16 * 1024;
  const std::vector<uint8_t> l1 = Bytes(kC1 * kH * kW * 32, 5);
  std::vector<uint8_t> got(kL0);
  for (const bool pro : {false, true}) {
    const LaunchResult r = RunOn(
        "",
        [&] {
          TPipe pipe;
          TBuf<TPosition::A1> a1;
          TBuf<TPosition::A2> a2;
          pipe.InitBuffer(a1, static_cast<uint32_t>(l1.size()));
          pipe.InitBuffer(a2, kL0);
          LocalTensor<int4b_t> src = a1.Get<int4b_t>(), dst = a2.Get<int4b_t>();
          std::memcpy(static_cast<void*>(src.data()), l1.data(), l1.size());
          std::memset(static_cast<void*>(dst.data()), 0xEE, kL0);
          detail::HostWroteUb(src.ref());
          if (pro) {
            SetFmatrix(kH, kW, pad, FmatrixMode::FMATRIX_LEFT);
            SetLoadDataPaddingValue(int4b_t(-3));
            LoadData3DParamsV2Pro p;
            p.channelSize = kC1 * 64;
            p.extConfig = (uint64_t{kM} << 16) | (uint64_t{kKStart} << 32) | kKExt;
            p.filterConfig = (1ull << 40) | (1ull << 32) | (uint64_t{kKh} << 24) |
                             (uint64_t{kKw} << 16) | (1ull << 8) | 1ull;
            LoadData(dst, src, p);
          } else {
            LoadData3DParamsV2<int4b_t> p(pad, kH, kW, kC1 * 64, kKExt, kM, kKStart, 0, 1, 1, kKw,
                                          kKh, 1, 1, false, false, int4b_t(-3));
            LoadData(dst, src, p);
          }
          PipeBarrier<PIPE_ALL>();
          std::memcpy(got.data(), static_cast<const void*>(dst.data()), kL0);
        },
        CoreType::kAic);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    std::vector<uint8_t> want(kL0, 0xEE);
    for (uint32_t i = 0; i < kM; ++i) {
      const int ho = static_cast<int>(i / kWout), wo = static_cast<int>(i % kWout);
      for (uint32_t j = 0; j < kKExt; ++j) {
        const uint32_t k = kKStart + j, blk = k / 64, tap = blk % (kKh * kKw),
                       c1 = blk / (kKh * kKw);
        const int h = ho - pad[2] + static_cast<int>(tap / kKw);
        const int w = wo - pad[0] + static_cast<int>(tap % kKw);
        const bool in = h >= 0 && h < static_cast<int>(kH) && w >= 0 && w < static_cast<int>(kW);
        const int v = in ? Nib(l1, ((c1 * kH + h) * kW + w) * 64 + k % 64) : -3;
        PutNib(&want, ((i / 16) * (kKExt / 64) + j / 64) * 1024 + (i % 16) * 64 + j % 64, v);
      }
    }
    static_assert(kKStart + kKExt <= kKtotal);
    for (size_t i = 0; i < kL0; ++i) ASSERT_EQ(got[i], want[i]) << "byte " << i << " pro " << pro;
  }
}

TEST(Int4Load3d, Faults) {
  struct Case {
    const char* what;
    TPosition to;
    uint16_t channels, k_start;
    bool transpose;
    FaultKind kind;
    const char* says;
  };
  const Case cases[] = {
      {"L0B", TPosition::B2, 64, 0, false, FaultKind::kInvalidArgument, "4-bit elements cannot go"},
      {"enTranspose", TPosition::A2, 64, 0, true, FaultKind::kInvalidArgument, "enTranspose"},
      {"small channels", TPosition::A2, 16, 0, false, FaultKind::kUnsupported, "small-channel"},
      {"channels", TPosition::A2, 40, 0, false, FaultKind::kInvalidArgument,
       "or leave 8, 16 or 32"},
      {"kStartPt", TPosition::A2, 128, 32, false, FaultKind::kInvalidArgument, "C0 = 64"},
  };
  for (const Case& c : cases) {
    FaultKind kind{};
    const std::string msg =
        FaultOf(RunOn(
                    "",
                    [&] {
                      TPipe pipe;
                      TBuf<TPosition::A1> a1;
                      TBuf<TPosition::A2> a2;
                      TBuf<TPosition::B2> b2;
                      pipe.InitBuffer(a1, 4096);
                      pipe.InitBuffer(a2, 4096);
                      pipe.InitBuffer(b2, 4096);
                      const uint8_t pad[4] = {0, 0, 0, 0};
                      LoadData3DParamsV2<int4b_t> p(pad, 2, 2, c.channels, 64, 4, c.k_start, 0, 1,
                                                    1, 1, 1, 1, 1, c.transpose, false, int4b_t(0));
                      LocalTensor<int4b_t> dst =
                          c.to == TPosition::A2 ? a2.Get<int4b_t>() : b2.Get<int4b_t>();
                      LoadData(dst, a1.Get<int4b_t>(), p);
                    },
                    CoreType::kAic),
                &kind);
    EXPECT_EQ(kind, c.kind) << c.what << ": " << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << c.what << ": " << msg;
  }
}

// --- Cast, level 0 -------------------------------------------------------------------------------

// 128 lanes a repeat (the half side); an int4b_t block holds 64 elements, so lane i of repeat r
// is nibble i % 64 of block r * repStride + (i / 64) * blkStride.
size_t Int4Lane(uint32_t r, uint32_t i, uint32_t blk, uint32_t rep) {
  return (size_t{r} * rep + i / 64 * blk) * 64 + i % 64;
}
size_t HalfLane(uint32_t r, uint32_t i, uint32_t blk, uint32_t rep) {
  return (size_t{r} * rep + i / 16 * blk) * 16 + i % 16;
}

TEST(Int4Cast, Level0FormsLikeTheModel) {
  constexpr uint32_t kRepeats = 2;
  const uint64_t bits[2] = {0xF0F0F0F0F0F0F0F3ull, 0x3Cull};  // lanes in pairs
  const UnaryRepeatParams to4{2, 1, 5, 8}, from4{1, 2, 16, 3};
  std::vector<float> in(512);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 23) * 0.75f - 8.3f;
  std::vector<uint8_t> q(512);
  std::vector<float> back(512);
  const LaunchResult r = RunOn("", [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bh, b4, bb;
    pipe.InitBuffer(bh, 1024);
    pipe.InitBuffer(b4, 512);
    pipe.InitBuffer(bb, 1024);
    LocalTensor<half> h = bh.Get<half>(), hb = bb.Get<half>();
    LocalTensor<int4b_t> t = b4.Get<int4b_t>();
    for (uint32_t i = 0; i < 512; ++i) h.SetValue(i, half(in[i]));
    Duplicate(t.ReinterpretCast<uint16_t>(), static_cast<uint16_t>(0x5A5A), 256);
    Duplicate(hb, half(99.0f), 512);
    PipeBarrier<PIPE_V>();
    Cast(t, h, RoundMode::CAST_FLOOR, bits, kRepeats, to4);
    PipeBarrier<PIPE_V>();
    Cast(hb, t, RoundMode::CAST_NONE, uint64_t{96}, kRepeats, from4);
    PipeBarrier<PIPE_V>();
    for (uint32_t i = 0; i < 512; ++i) {
      q[i] = t.ReinterpretCast<uint8_t>().GetValue(i);
      back[i] = static_cast<float>(hb.GetValue(i));
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<uint8_t> want_q(512, 0x5A);
  std::vector<float> want_back(512, 99.0f);
  for (uint32_t rep = 0; rep < kRepeats; ++rep) {
    for (uint32_t i = 0; i < 128; ++i) {
      if (((bits[i / 64] >> (i % 64)) & 1u) == 0) continue;
      const float x = static_cast<float>(half(in[HalfLane(rep, i, to4.srcBlkStride, 8)]));
      const int v = std::max(-8, std::min(7, static_cast<int>(std::floor(x))));
      PutNib(&want_q, Int4Lane(rep, i, to4.dstBlkStride, to4.dstRepStride), v);
    }
  }
  for (uint32_t rep = 0; rep < kRepeats; ++rep) {
    for (uint32_t i = 0; i < 96; ++i) {
      want_back[HalfLane(rep, i, from4.dstBlkStride, from4.dstRepStride)] =
          static_cast<float>(Nib(want_q, Int4Lane(rep, i, from4.srcBlkStride, from4.srcRepStride)));
    }
  }
  EXPECT_EQ(q, want_q);
  EXPECT_EQ(back, want_back);
}

TEST(Int4Cast, Level0AndChipFaults) {
  struct Case {
    const char* what;
    std::string arch;
    std::function<void(LocalTensor<half>, LocalTensor<int4b_t>)> call;
    FaultKind kind;
    const char* says;
  };
  const uint64_t lonely[2] = {0x6, 0};  // lanes 1 and 2: each without its byte's other lane
  const Case cases[] = {
      {"odd mask", "",
       [](auto h, auto t) {
         Cast(t, h, RoundMode::CAST_RINT, uint64_t{127}, 1, {1, 1, 2, 8});
       },
       FaultKind::kInvalidArgument, "shares its int4b_t byte"},
      {"bit mask", "",
       [&](auto h, auto t) {
         Cast(h, t, RoundMode::CAST_NONE, lonely, 1, {1, 1, 8, 2});
       },
       FaultKind::kInvalidArgument, "bits 2i and 2i + 1"},
      {"odd count", "", [](auto h, auto t) { Cast(t, h, RoundMode::CAST_RINT, 17); },
       FaultKind::kInvalidArgument, "must be even"},
      {"CAST_ODD", "",
       [](auto h, auto t) {
         Cast(t, h, RoundMode::CAST_ODD, uint64_t{128}, 1, {1, 1, 2, 8});
       },
       FaultKind::kInvalidArgument, "CAST_ODD"},
      {"910A", "dav-1001", [](auto h, auto t) { Cast(t, h, RoundMode::CAST_NONE, 128); },
       FaultKind::kUnsupported, "dav-1001"},
      {"310P int4 -> half", "dav-2002",
       [](auto h, auto t) { Cast(h, t, RoundMode::CAST_NONE, 128); }, FaultKind::kUnsupported,
       "dav-2002"},
      {"310P RINT", "dav-2002",
       [](auto h, auto t) {
         Cast(t, h, RoundMode::CAST_RINT, uint64_t{128}, 1, {1, 1, 2, 8});
       },
       FaultKind::kUnsupported, "CAST_NONE"},
  };
  for (const Case& c : cases) {
    FaultKind kind{};
    const std::string msg = FaultOf(RunOn(c.arch,
                                          [&] {
                                            TPipe pipe;
                                            TBuf<TPosition::VECCALC> bh, b4;
                                            pipe.InitBuffer(bh, 256);
                                            pipe.InitBuffer(b4, 64);
                                            c.call(bh.Get<half>(), b4.Get<int4b_t>());
                                          }),
                                    &kind);
    EXPECT_EQ(kind, c.kind) << c.what << ": " << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << c.what << ": " << msg;
  }
  // The 310P takes half -> int4b_t in CAST_NONE.
  const LaunchResult ok = RunOn("dav-2002", [] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bh, b4;
    pipe.InitBuffer(bh, 256);
    pipe.InitBuffer(b4, 64);
    Duplicate(bh.Get<half>(), half(2.0f), 128);
    PipeBarrier<PIPE_V>();
    Cast(b4.Get<int4b_t>(), bh.Get<half>(), RoundMode::CAST_NONE, uint64_t{128}, 1, {1, 1, 2, 8});
  });
  EXPECT_TRUE(ok.status.ok()) << ok.status.ToString();
}

}  // namespace
}  // namespace opsim::sim
