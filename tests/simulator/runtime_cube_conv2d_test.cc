// A Conv2D kernel of our own in the style of the public cube convolutions: the NC1HWC0 feature
// map GM -> L1, SetFmatrix + SetLoadDataPaddingValue, LoadData3DV2 (img2col) into L0A, the
// weights (Cout x C1HWC0, ND) GM -> L1 by Nd2Nz and LoadData into L0B, Mmad, Fixpipe to GM;
// checked against direct convolution loops over padding, stride and dilation, in half, bfloat16,
// float and int8, and seeded bugs (the MTE2 -> MTE1 or MTE1 -> M hand-off left out) reported as
// faults.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

struct ConvShape {
  uint32_t cin, h, w, cout, kh, kw, sh, sw, dh, dw;
  uint8_t pad[4];  // left, right, top, bottom
  uint32_t Hout() const { return (h + pad[2] + pad[3] - ((kh - 1) * dh + 1)) / sh + 1; }
  uint32_t Wout() const { return (w + pad[0] + pad[1] - ((kw - 1) * dw + 1)) / sw + 1; }
};

// Direct convolution of x (Cin x H x W) with wt (Cout x Cin x kh x kw), zero padding: out is
// (Hout x Wout) x Cout, as the kernel writes it (NHWC).
template <typename Acc>
std::vector<Acc> ConvReference(const ConvShape& s, const std::vector<int>& x,
                               const std::vector<int>& wt) {
  const uint32_t ho_n = s.Hout(), wo_n = s.Wout();
  std::vector<Acc> out(size_t{ho_n} * wo_n * s.cout, Acc(0));
  for (uint32_t ho = 0; ho < ho_n; ++ho) {
    for (uint32_t wo = 0; wo < wo_n; ++wo) {
      for (uint32_t co = 0; co < s.cout; ++co) {
        int64_t sum = 0;
        for (uint32_t ci = 0; ci < s.cin; ++ci) {
          for (uint32_t i = 0; i < s.kh; ++i) {
            for (uint32_t j = 0; j < s.kw; ++j) {
              const int64_t y = int64_t{ho} * s.sh + i * s.dh - s.pad[2];
              const int64_t z = int64_t{wo} * s.sw + j * s.dw - s.pad[0];
              if (y < 0 || y >= s.h || z < 0 || z >= s.w) continue;
              sum += int64_t{x[(ci * s.h + y) * s.w + z]} *
                     wt[((co * s.cin + ci) * s.kh + i) * s.kw + j];
            }
          }
        }
        out[(size_t{ho} * wo_n + wo) * s.cout + co] = static_cast<Acc>(sum);
      }
    }
  }
  return out;
}

uint32_t ConvAlign(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }

// The hand-off a seeded bug leaves out.
enum class ConvDrop { kNone, kMte1ToM, kMte2ToMte1 };

// Runs the kernel on x and wt (small integers, exact in every type) and returns its result.
template <typename T, typename Acc>
LaunchResult RunConv(const ConvShape& s, const std::vector<int>& x, const std::vector<int>& wt,
                     std::vector<Acc>* out, ConvDrop drop = ConvDrop::kNone) {
  const uint32_t c0 = 32 / sizeof(T), c1 = (s.cin + c0 - 1) / c0;
  const uint32_t k = c1 * s.kh * s.kw * c0, n = ConvAlign(s.cout, 16);
  const uint32_t m = s.Hout() * s.Wout(), m16 = ConvAlign(m, 16);
  // Host: NCHW -> NC1HWC0 (channels past Cin zero) and OIHW -> Cout x (C1, kh, kw, C0).
  std::vector<T> fmap(size_t{c1} * s.h * s.w * c0, static_cast<T>(0.0f));
  for (uint32_t ci = 0; ci < s.cin; ++ci) {
    for (uint32_t y = 0; y < s.h * s.w; ++y) {
      fmap[((ci / c0) * s.h * s.w + y) * c0 + ci % c0] =
          static_cast<T>(static_cast<float>(x[ci * s.h * s.w + y]));
    }
  }
  std::vector<T> weights(size_t{n} * k, static_cast<T>(0.0f));
  for (uint32_t co = 0; co < s.cout; ++co) {
    for (uint32_t ci = 0; ci < s.cin; ++ci) {
      for (uint32_t t = 0; t < s.kh * s.kw; ++t) {
        weights[size_t{co} * k + ((ci / c0) * s.kh * s.kw + t) * c0 + ci % c0] =
            static_cast<T>(static_cast<float>(wt[(co * s.cin + ci) * s.kh * s.kw + t]));
      }
    }
  }
  out->assign(size_t{m} * n, Acc(0));
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.regions = {testing::Region(fmap, "fmap"), testing::Region(weights, "weights"),
               testing::Region(*out, "y")};
  return Launch(testing::TestDevice(), 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, static_cast<uint32_t>(fmap.size() * sizeof(T)));
    pipe.InitBuffer(b1, n * k * static_cast<uint32_t>(sizeof(T)));
    pipe.InitBuffer(a2, m16 * k * static_cast<uint32_t>(sizeof(T)));
    pipe.InitBuffer(b2, n * k * static_cast<uint32_t>(sizeof(T)));
    pipe.InitBuffer(co1, m16 * n * 4);
    GlobalTensor<T> gx, gw;
    GlobalTensor<Acc> gy;
    gx.SetGlobalBuffer(fmap.data(), fmap.size());
    gw.SetGlobalBuffer(weights.data(), weights.size());
    gy.SetGlobalBuffer(out->data(), out->size());
    LocalTensor<T> fm1 = a1.Get<T>(), wt1 = b1.Get<T>(), fm2 = a2.Get<T>(), wt2 = b2.Get<T>();
    // The feature map as it is (C1 x H x W rows of one C0 block); the weights ND -> NZ.
    const auto rows = static_cast<uint16_t>(c1 * s.h * s.w);
    DataCopy(
        fm1, gx,
        Nd2NzParams{1, rows, static_cast<uint16_t>(c0), 0, static_cast<uint16_t>(c0), 1, 1, 0});
    DataCopy(wt1, gw,
             Nd2NzParams{1, static_cast<uint16_t>(n), static_cast<uint16_t>(k), 0,
                         static_cast<uint16_t>(k), static_cast<uint16_t>(n), 1, 0});
    if (drop != ConvDrop::kMte2ToMte1) {
      SetFlag<HardEvent::MTE2_MTE1>(0);
      WaitFlag<HardEvent::MTE2_MTE1>(0);
    }
    static constexpr IsResetLoad3dConfig kRegistersSetByKernel = {false, false};
    SetFmatrix(static_cast<uint16_t>(s.h), static_cast<uint16_t>(s.w), s.pad,
               FmatrixMode::FMATRIX_LEFT);
    SetLoadDataPaddingValue(static_cast<T>(0.0f));
    LoadData3DParamsV2<T> p;
    p.channelSize = static_cast<uint16_t>(c1 * c0);
    p.kExtension = static_cast<uint16_t>(k);
    p.mExtension = static_cast<uint16_t>(m16);  // reaches the last row: covers the tail
    p.strideW = static_cast<uint8_t>(s.sw), p.strideH = static_cast<uint8_t>(s.sh);
    p.filterW = static_cast<uint8_t>(s.kw), p.filterH = static_cast<uint8_t>(s.kh);
    p.dilationFilterW = static_cast<uint8_t>(s.dw), p.dilationFilterH = static_cast<uint8_t>(s.dh);
    LoadData<T, kRegistersSetByKernel>(fm2, fm1, p);
    // L1 NZ column blocks of n rows are already the ZN order of L0B: one run of fractals.
    LoadData(wt2, wt1,
             LoadData2DParams{0, static_cast<uint8_t>(k / c0 * n / 16), 1, 0, 0, false, 0});
    if (drop != ConvDrop::kMte1ToM) {
      SetFlag<HardEvent::MTE1_M>(0);
      WaitFlag<HardEvent::MTE1_M>(0);
    }
    MmadParams mm;
    mm.m = static_cast<uint16_t>(m);
    mm.n = static_cast<uint16_t>(n);
    mm.k = static_cast<uint16_t>(k);
    Mmad(co1.Get<Acc>(), fm2, wt2, mm);
    SetFlag<HardEvent::M_FIX>(0);
    WaitFlag<HardEvent::M_FIX>(0);
    FixpipeParamsV220 fp;
    fp.mSize = static_cast<uint16_t>(m);
    fp.nSize = static_cast<uint16_t>(n);
    fp.srcStride = static_cast<uint16_t>(m16);
    fp.dstStride = n;
    Fixpipe(gy, co1.Get<Acc>(), fp);
  });
}

std::vector<int> ConvValues(size_t count, int span, uint32_t seed) {
  std::vector<int> v(count);
  for (size_t i = 0; i < count; ++i) {
    v[i] = static_cast<int>((i * 2654435761u + seed) % static_cast<uint32_t>(2 * span + 1)) - span;
  }
  return v;
}

template <typename T, typename Acc>
void ExpectConv(const ConvShape& s) {
  const std::vector<int> x = ConvValues(size_t{s.cin} * s.h * s.w, 3, 7);
  const std::vector<int> wt = ConvValues(size_t{s.cout} * s.cin * s.kh * s.kw, 2, 11);
  std::vector<Acc> y;
  const LaunchResult r = RunConv<T, Acc>(s, x, wt, &y);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const std::vector<Acc> want = ConvReference<Acc>(s, x, wt);
  const uint32_t n = ConvAlign(s.cout, 16);
  for (size_t pos = 0; pos < size_t{s.Hout()} * s.Wout(); ++pos) {
    for (uint32_t co = 0; co < s.cout; ++co) {
      ASSERT_EQ(y[pos * n + co], want[pos * s.cout + co])
          << "output position " << pos << ", channel " << co << ", " << sizeof(T) * 8 << "-bit";
    }
  }
}

// cin, h, w, cout, kh, kw, sh, sw, dh, dw, {left, right, top, bottom}
constexpr ConvShape kSame3x3{16, 6, 5, 16, 3, 3, 1, 1, 1, 1, {1, 1, 1, 1}};
constexpr ConvShape kStride2{20, 9, 7, 24, 3, 2, 2, 2, 1, 1, {1, 0, 1, 1}};
constexpr ConvShape kDilated{16, 10, 10, 32, 3, 3, 1, 1, 2, 2, {2, 2, 2, 2}};

TEST(CubeConv2d, HalfLikeDirectLoops) {
  ExpectConv<half, float>(kSame3x3);
  ExpectConv<half, float>(kStride2);  // two channel groups (20 = 16 + 4 zeros), Cout tail
  ExpectConv<half, float>(kDilated);  // 100 output rows: the load's last fractal row half used
}

TEST(CubeConv2d, OtherTypesLikeDirectLoops) {
  ExpectConv<bfloat16_t, float>(kStride2);
  ExpectConv<float, float>({8, 5, 5, 16, 3, 3, 1, 1, 1, 1, {1, 1, 1, 1}});
  ExpectConv<float, float>({12, 7, 6, 8, 2, 3, 2, 1, 2, 1, {0, 1, 1, 0}});
  ExpectConv<int8_t, int32_t>({40, 6, 6, 16, 3, 3, 2, 2, 1, 1, {1, 1, 1, 1}});
}

TEST(CubeConv2d, SeededMissingHandOffsAreFaults) {
  const std::vector<int> x = ConvValues(size_t{16} * 6 * 5, 3, 7);
  const std::vector<int> wt = ConvValues(size_t{16} * 16 * 9, 2, 11);
  std::vector<float> y;
  // Mmad reads L0A before the img2col load into it is known to be done.
  LaunchResult r = RunConv<half, float>(kSame3x3, x, wt, &y, ConvDrop::kMte1ToM);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMissingSync) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "Mmad") << r.fault->ToString();
  // The img2col load reads the feature map before its copy into L1 is known to be done.
  r = RunConv<half, float>(kSame3x3, x, wt, &y, ConvDrop::kMte2ToMte1);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMissingSync) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "LoadData(LoadData3DParamsV2)") << r.fault->ToString();
}

// The load_data_l12l0 sample's float case: A stored transposed (K x M in GM) goes ND -> NZ into
// L1 and through LoadData3DV2 with enTranspose (a 1 x K16 "map" of M channels) into L0A as ZZ
// with K aligned to 16, which Mmad reads with kDirectionAlign; K = 24 is not a multiple of 16.
TEST(CubeLoad3dMatmul, FloatTransposedAThroughImg2colWithKDirectionAlign) {
  constexpr uint32_t kM = 20, kK = 24, kN = 16, kK16 = 32, kM8 = 24;
  std::vector<float> at(kK * kM), bt(kN * kK), c(kM * kN, 0.0f);  // A^T (K x M), B^T (N x K)
  for (uint32_t i = 0; i < at.size(); ++i) at[i] = static_cast<float>(int(i % 7) - 3);
  for (uint32_t i = 0; i < bt.size(); ++i) bt[i] = static_cast<float>(int(i % 5) - 2);
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.regions = {testing::Region(at, "at"), testing::Region(bt, "bt"), testing::Region(c, "c")};
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, kM8 * kK16 * 4);
    pipe.InitBuffer(b1, kN * kK * 4);
    pipe.InitBuffer(a2, 32 * kK16 * 4);  // M to 16 (fractal rows) x K to 16
    pipe.InitBuffer(b2, kN * kK * 4);
    pipe.InitBuffer(co1, 32 * kN * 4);
    GlobalTensor<float> ga, gb, gc;
    ga.SetGlobalBuffer(at.data(), at.size());
    gb.SetGlobalBuffer(bt.data(), bt.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    LocalTensor<float> la1 = a1.Get<float>(), lb1 = b1.Get<float>();
    LocalTensor<float> la2 = a2.Get<float>(), lb2 = b2.Get<float>();
    // A^T: K rows of M, in column blocks of 8 spaced K16 rows apart (rows K..K16 are never
    // written: the load carries them as unwritten and Mmad's k = K never reads them).
    DataCopy(la1, ga, Nd2NzParams{1, kK, kM, 0, kM, kK16, 1, 0});
    DataCopy(lb1, gb, Nd2NzParams{1, kN, kK, 0, kK, kN, 1, 0});
    SetFlag<HardEvent::MTE2_MTE1>(0);
    WaitFlag<HardEvent::MTE2_MTE1>(0);
    LoadData3DParamsV2<float> p;
    p.l1H = 1, p.l1W = kK16, p.channelSize = kM8, p.kExtension = kM8, p.mExtension = kK16;
    p.enTranspose = true;
    LoadData(la2, la1, p);
    LoadData(lb2, lb1, LoadData2DParams{0, kK / 8 * kN / 16, 1, 0, 0, false, 0});
    SetFlag<HardEvent::MTE1_M>(0);
    WaitFlag<HardEvent::MTE1_M>(0);
    MmadParams mm;
    mm.m = kM, mm.n = kN, mm.k = kK;
    mm.kDirectionAlign = true;
    Mmad(co1.Get<float>(), la2, lb2, mm);
    SetFlag<HardEvent::M_FIX>(0);
    WaitFlag<HardEvent::M_FIX>(0);
    FixpipeParamsV220 fp;
    fp.mSize = kM, fp.nSize = kN, fp.srcStride = 32, fp.dstStride = kN;
    Fixpipe(gc, co1.Get<float>(), fp);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      float want = 0;
      for (uint32_t k = 0; k < kK; ++k) want += at[k * kM + i] * bt[j * kK + k];
      ASSERT_EQ(c[i * kN + j], want) << i << "," << j;
    }
  }
}

}  // namespace
}  // namespace opsim::sim
