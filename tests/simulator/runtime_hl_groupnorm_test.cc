// The high-level GroupNorm and DeepNorm (lib/normalization/groupnorm.h, deepnorm.h): both forms and
// types against a double model of CANN's formulas (padded channels, padded H); the tiling and
// temporary-buffer faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_groupnorm_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

double Tolerance(bool is_float) { return is_float ? 1e-6 : 2e-3; }

void ExpectFault(const LaunchResult& r, const char* api, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, api);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

// ---- GroupNorm: [N 2, C 4, H*W 5] in 2 groups of 2 channels ----

constexpr uint32_t kN = 2, kC = 4, kHw = 5, kG = 2, kD = kC / kG;

template <typename T>
constexpr uint32_t HwAlign() {
  return 32 / sizeof(T);  // 5 elements padded to one block
}

template <typename T>
GroupNormTiling GnTiling() {
  GroupNormTiling t;
  t.n = kN;
  t.c = kC;
  t.hw = kHw;
  t.g = kG;
  t.d = kD;
  t.hwAlignSize = HwAlign<T>();
  t.dhwAlignSize = kD * HwAlign<T>();
  t.inputXSize = kN * kC * HwAlign<T>();
  t.meanVarSize = kN * kG;
  t.numberOfTmpBuf = 3;
  t.oneTmpSize = t.inputXSize;
  t.firstTmpStartPos = sizeof(T) == 2 ? 16 : 0;
  t.factor = 1.0f / (kD * kHw);
  return t;
}
template <typename T>
uint32_t GnWorkBytes() {
  return (GnTiling<T>().firstTmpStartPos + 3 * GnTiling<T>().oneTmpSize) * 4;
}

struct GnOut {
  std::vector<double> src, gamma, beta, dst, mean, var;
  LaunchResult launch;
};

// GroupNorm with a buffer of tmp_bytes (0: the form without one); the padding columns are 0, as
// CANN asks.
template <typename T>
GnOut RunGroupNorm(uint32_t tmp_bytes, GroupNormTiling tiling) {
  constexpr uint32_t a = HwAlign<T>(), size = kN * kC * a;
  GnOut o;
  for (uint32_t i = 0; i < size; ++i) {
    const uint32_t j = i % a;
    o.src.push_back(j < kHw ? ToD(FromD<T>(1.5 * std::sin(0.7 * i) + 0.1 * (i / a))) : 0.0);
  }
  for (uint32_t ch = 0; ch < kC; ++ch) {
    o.gamma.push_back(ToD(FromD<T>(0.75 + 0.25 * ch)));
    o.beta.push_back(ToD(FromD<T>(0.5 * ch - 0.6)));
  }
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bg, bb, bm, bv, bt;
    pipe.InitBuffer(bx, size * sizeof(T));
    pipe.InitBuffer(bd, size * sizeof(T));
    pipe.InitBuffer(bg, 32);
    pipe.InitBuffer(bb, 32);
    pipe.InitBuffer(bm, 32);
    pipe.InitBuffer(bv, 32);
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<T> x = bx.Get<T>(), d = bd.Get<T>(), g = bg.Get<T>(), b = bb.Get<T>();
    LocalTensor<T> m = bm.Get<T>(), v = bv.Get<T>();
    for (uint32_t i = 0; i < size; ++i) x.SetValue(i, FromD<T>(o.src[i]));
    for (uint32_t ch = 0; ch < kC; ++ch) {
      g.SetValue(ch, FromD<T>(o.gamma[ch]));
      b.SetValue(ch, FromD<T>(o.beta[ch]));
    }
    const T eps = FromD<T>(1e-5);
    if (tmp_bytes != 0) {
      GroupNorm<T>(d, m, v, x, g, b, bt.Get<uint8_t>(), eps, tiling);
    } else {
      GroupNorm<T>(d, m, v, x, g, b, eps, tiling);
    }
    for (uint32_t i = 0; i < size; ++i) o.dst.push_back(ToD(d.GetValue(i)));
    for (uint32_t k = 0; k < kN * kG; ++k) {
      o.mean.push_back(ToD(m.GetValue(k)));
      o.var.push_back(ToD(v.GetValue(k)));
    }
  });
  return o;
}

template <typename T>
void ExpectGroupNormMatchesModel(uint32_t tmp_bytes, const std::string& what) {
  constexpr uint32_t a = HwAlign<T>();
  const GnOut o = RunGroupNorm<T>(tmp_bytes, GnTiling<T>());
  ASSERT_TRUE(o.launch.status.ok()) << what << ": " << o.launch.status.ToString();
  const double tol = Tolerance(std::is_same_v<T, float>), eps = ToD(FromD<T>(1e-5));
  for (uint32_t k = 0; k < kN * kG; ++k) {
    const double* x = &o.src[k * kD * a];
    double mean = 0, var = 0;
    for (uint32_t ch = 0; ch < kD; ++ch)
      for (uint32_t j = 0; j < kHw; ++j) mean += x[ch * a + j];
    mean /= kD * kHw;
    for (uint32_t ch = 0; ch < kD; ++ch)
      for (uint32_t j = 0; j < kHw; ++j) var += (x[ch * a + j] - mean) * (x[ch * a + j] - mean);
    var /= kD * kHw;
    EXPECT_NEAR(o.mean[k], mean, tol * std::max(1.0, std::abs(mean))) << what << " mean " << k;
    EXPECT_NEAR(o.var[k], var, tol * std::max(1.0, var)) << what << " variance " << k;
    for (uint32_t ch = 0; ch < kD; ++ch) {
      const uint32_t channel = k % kG * kD + ch;
      for (uint32_t j = 0; j < a; ++j) {
        const double want =
            j < kHw
                ? (x[ch * a + j] - mean) / std::sqrt(var + eps) * o.gamma[channel] + o.beta[channel]
                : 0.0;  // the padding stays 0
        ASSERT_NEAR(o.dst[k * kD * a + ch * a + j], want, tol * std::max(1.0, std::abs(want)))
            << what << " group " << k << " channel " << ch << " col " << j;
      }
    }
  }
}

TEST(HlGroupNorm, EveryFormAndTypeMatchesTheModel) {
  ExpectGroupNormMatchesModel<float>(GnWorkBytes<float>(), "float tmp");
  ExpectGroupNormMatchesModel<float>(0, "float");
  ExpectGroupNormMatchesModel<half>(GnWorkBytes<half>(), "half tmp");
  ExpectGroupNormMatchesModel<half>(0, "half");
}

TEST(HlGroupNorm, TmpBelowTheTilingsPiecesFaults) {
  ExpectFault(RunGroupNorm<float>(GnWorkBytes<float>() - 32, GnTiling<float>()).launch, "GroupNorm",
              "holds 736 bytes; the tiling's pieces need at least 768");
}

TEST(HlGroupNorm, BrokenTilingsFault) {
  ExpectFault(RunGroupNorm<float>(0, GroupNormTiling{}).launch, "GroupNorm", "holds no work");
  GroupNormTiling uneven = GnTiling<float>();
  uneven.g = 3;
  ExpectFault(RunGroupNorm<float>(0, uneven).launch, "GroupNorm",
              "C must be a multiple of groupNum");
  GroupNormTiling ragged = GnTiling<half>();
  ragged.hwAlignSize = 8;  // 16 bytes of half
  ragged.dhwAlignSize = 16;
  ExpectFault(RunGroupNorm<half>(0, ragged).launch, "GroupNorm", "hwAlignSize 8 must be");
}

TEST(HlGroupNorm, ReuseSourceIsForFloatOnly) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    LocalTensor<half> t = b.Get<half>();
    Duplicate(t, half(1.0f), 512);
    GroupNormTiling tiling = GnTiling<half>();
    GroupNorm<half, true>(t, t[256], t[272], t[128], t[288], t[304], half(1e-5f), tiling);
  });
  ExpectFault(r, "GroupNorm", "isReuseSource is supported for float only");
}

// ---- DeepNorm: [1, 5, 32], original H 29 ----

constexpr uint32_t kRows = 5, kH = 32, kOriH = 29;

DeepNormTiling DnTiling(uint32_t type_bytes) {
  DeepNormTiling t;
  t.bLength = 1;
  t.sLength = kRows;
  t.hLength = kH;
  t.originalHLength = kOriH;
  t.numberOfTmpBuf = 3;
  t.oneTmpSize = kRows * kH;
  t.firstTmpStartPos = type_bytes == 2 ? 16 : 0;
  t.lastDimValueBack = 1.0f / kOriH;
  return t;
}

struct DnOut {
  std::vector<double> src, gx, gamma, beta, dst, mean, var;
  double alpha = 0;
  LaunchResult launch;
};

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
DnOut RunDeepNorm(uint32_t tmp_bytes, DeepNormTiling tiling) {
  DnOut o;
  o.alpha = ToD(FromD<T>(0.7));
  for (uint32_t i = 0; i < kRows * kH; ++i) {
    o.src.push_back(ToD(FromD<T>(2.0 * std::cos(0.3 * i) + 0.25 * (i / kH))));
    o.gx.push_back(ToD(FromD<T>(0.5 * std::sin(0.11 * i))));
  }
  for (uint32_t j = 0; j < kH; ++j) {
    o.gamma.push_back(ToD(FromD<T>(0.5 + 0.05 * j)));
    o.beta.push_back(ToD(FromD<T>(0.1 * j - 1)));
  }
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bgx, bd, bg, bb, bm, bv, bt;
    pipe.InitBuffer(bx, kRows * kH * sizeof(T));
    pipe.InitBuffer(bgx, kRows * kH * sizeof(T));
    pipe.InitBuffer(bd, kRows * kH * sizeof(T));
    pipe.InitBuffer(bg, kH * sizeof(T));
    pipe.InitBuffer(bb, kH * sizeof(T));
    pipe.InitBuffer(bm, 32);
    pipe.InitBuffer(bv, 32);
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<T> x = bx.Get<T>(), gx = bgx.Get<T>(), d = bd.Get<T>(), g = bg.Get<T>();
    LocalTensor<T> b = bb.Get<T>(), m = bm.Get<T>(), v = bv.Get<T>();
    for (uint32_t i = 0; i < kRows * kH; ++i) {
      x.SetValue(i, FromD<T>(o.src[i]));
      gx.SetValue(i, FromD<T>(o.gx[i]));
    }
    for (uint32_t j = 0; j < kH; ++j) {
      g.SetValue(j, FromD<T>(o.gamma[j]));
      b.SetValue(j, FromD<T>(o.beta[j]));
    }
    const T eps = FromD<T>(1e-5), alpha = FromD<T>(o.alpha);
    if (tmp_bytes != 0) {
      DeepNorm<T, isReuseSrc, isBasicBlock>(d, m, v, x, gx, b, g, bt.Get<uint8_t>(), alpha, eps,
                                            tiling);
    } else {
      DeepNorm<T, isReuseSrc, isBasicBlock>(d, m, v, x, gx, b, g, alpha, eps, tiling);
    }
    for (uint32_t i = 0; i < kRows * kH; ++i) o.dst.push_back(ToD(d.GetValue(i)));
    for (uint32_t r = 0; r < kRows; ++r) {
      o.mean.push_back(ToD(m.GetValue(r)));
      o.var.push_back(ToD(v.GetValue(r)));
    }
  });
  return o;
}

template <typename T>
void ExpectDeepNormMatchesModel(uint32_t tmp_bytes, const std::string& what) {
  const DnOut o = RunDeepNorm<T>(tmp_bytes, DnTiling(sizeof(T)));
  ASSERT_TRUE(o.launch.status.ok()) << what << ": " << o.launch.status.ToString();
  const double tol = Tolerance(std::is_same_v<T, float>), eps = ToD(FromD<T>(1e-5));
  const double inv = 1.0f / kOriH;
  for (uint32_t r = 0; r < kRows; ++r) {
    std::vector<double> x(kH);
    for (uint32_t j = 0; j < kH; ++j) x[j] = o.alpha * o.src[r * kH + j] + o.gx[r * kH + j];
    double mean = 0, var = 0;
    for (uint32_t j = 0; j < kOriH; ++j) mean += x[j];
    mean *= inv;
    for (uint32_t j = 0; j < kOriH; ++j) var += (x[j] - mean) * (x[j] - mean);
    var *= inv;
    EXPECT_NEAR(o.mean[r], mean, tol * std::max(1.0, std::abs(mean))) << what << " mean " << r;
    EXPECT_NEAR(o.var[r], var, tol * std::max(1.0, var)) << what << " variance " << r;
    for (uint32_t j = 0; j < kH; ++j) {
      const double want = (x[j] - mean) / std::sqrt(var + eps) * o.gamma[j] + o.beta[j];
      ASSERT_NEAR(o.dst[r * kH + j], want, tol * std::max(1.0, std::abs(want)))
          << what << " row " << r << " col " << j;
    }
  }
}

TEST(HlDeepNorm, EveryFormAndTypeMatchesTheModel) {
  ExpectDeepNormMatchesModel<float>(480 * 4, "float tmp");
  ExpectDeepNormMatchesModel<float>(0, "float");
  ExpectDeepNormMatchesModel<half>((16 + 480) * 4, "half tmp");
  ExpectDeepNormMatchesModel<half>(0, "half");
}

TEST(HlDeepNorm, FaultsAsTheChipsChecksDo) {
  ExpectFault(RunDeepNorm<float>(480 * 4 - 32, DnTiling(4)).launch, "DeepNorm",
              "holds 1888 bytes; the tiling's pieces need at least 1920");
  ExpectFault(RunDeepNorm<float>(0, DeepNormTiling{}).launch, "DeepNorm", "GetDeepNormTilingInfo");
  ExpectFault(RunDeepNorm<half, true>(0, DnTiling(2)).launch, "DeepNorm",
              "isReuseSource is supported for float only");
  // The basic block needs H a multiple of 64 and B * S a multiple of 8.
  ExpectFault(RunDeepNorm<float, false, true>(0, DnTiling(4)).launch, "DeepNorm",
              "isBasicBlock needs hLength a multiple of 64 (it is 32)");
}

}  // namespace opsim::sim::hl_groupnorm_test
