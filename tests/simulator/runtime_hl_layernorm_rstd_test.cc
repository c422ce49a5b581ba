// The [A, R] LayerNorm that outputs rstd (lib/normalization/layernorm.h, LayerNormSeparateTiling):
// every type combination, configuration and form against a double model over padded rows (the
// padding of inputX zeroed, as the chip does); the faults of a wrong tiling or a small buffer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_layernorm_rstd_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

constexpr uint32_t kA = 3, kR = 29, kRPad = 32;
constexpr float kEps = 1e-5f;
constexpr LayerNormConfig kNoBeta = {true, false, false, true};
constexpr LayerNormConfig kNoGamma = {false, true, false, true};

// GetLayerNormNDTilingInfo's plan for [3, 29] with one row per round: the variance (8 floats),
// then two pieces of one padded row.
AscendC::tiling::LayerNormSeparateTiling OneRowTiling() {
  AscendC::tiling::LayerNormSeparateTiling t;
  t.aLength = kA;
  t.rLength = kR;
  t.inputXSize = kA * kRPad;
  t.meanVarSize = kA;
  t.numberOfTmpBuf = 2;
  t.varianceTmpTensorSize = 8;
  t.oneTmpSize = kRPad;
  t.firstTmpStartPos = 8;
  t.secondTmpStartPos = 8 + kRPad;
  t.loopRound = kA;
  t.inputRoundSize = t.arCurLength = kRPad;
  t.inputTailPos = kA * kRPad;
  t.meanVarRoundSize = t.aCurLength = 1;
  t.meanVarTailPos = kA;
  t.rValueBack = 1.0f / kR;
  return t;
}

struct Out {
  std::vector<double> src, gamma, beta, dst, x_after;
  std::vector<float> mean, rstd;
  LaunchResult launch;
};

template <typename U, typename T, const LayerNormConfig& config = LNCFG_NORM>
Out RunLn(uint32_t tmp_bytes, AscendC::tiling::LayerNormSeparateTiling t = OneRowTiling()) {
  Out o;
  for (uint32_t i = 0; i < kA * kRPad; ++i) {
    o.src.push_back(ToD(FromD<T>(1.3 * std::sin(0.31 * i) + 0.4 * (i / kRPad))));
  }
  for (uint32_t j = 0; j < kRPad; ++j) {
    o.gamma.push_back(ToD(FromD<U>(0.7 + 0.02 * j)));
    o.beta.push_back(ToD(FromD<U>(0.04 * j - 0.3)));
  }
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bg, bb, bm, br, bt;
    pipe.InitBuffer(bx, kA * kRPad * sizeof(T));
    pipe.InitBuffer(bd, kA * kRPad * sizeof(T));
    pipe.InitBuffer(bg, kRPad * sizeof(U));
    pipe.InitBuffer(bb, kRPad * sizeof(U));
    for (auto* b : {&bm, &br}) pipe.InitBuffer(*b, 32);
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<T> x = bx.Get<T>(), d = bd.Get<T>();
    LocalTensor<U> g = bg.Get<U>(), b = bb.Get<U>();
    LocalTensor<float> m = bm.Get<float>(), r = br.Get<float>();
    for (uint32_t i = 0; i < kA * kRPad; ++i) x.SetValue(i, FromD<T>(o.src[i]));
    for (uint32_t j = 0; j < kRPad; ++j) {
      g.SetValue(j, FromD<U>(o.gamma[j]));
      b.SetValue(j, FromD<U>(o.beta[j]));
    }
    const LayerNormPara para{kA, kR, kRPad};
    if (tmp_bytes != 0) {
      LayerNorm<U, T, false, config>(d, m, r, x, g, b, kEps, bt.Get<uint8_t>(), para, t);
    } else {
      LayerNorm<U, T, false, config>(d, m, r, x, g, b, kEps, para, t);
    }
    for (uint32_t i = 0; i < kA * kRPad; ++i) {
      o.dst.push_back(ToD(d.GetValue(i)));
      o.x_after.push_back(ToD(x.GetValue(i)));
    }
    for (uint32_t a = 0; a < kA; ++a) {
      o.mean.push_back(m.GetValue(a));
      o.rstd.push_back(r.GetValue(a));
    }
  });
  return o;
}

template <typename U, typename T, const LayerNormConfig& config>
void ExpectMatchesModel(uint32_t tmp_bytes, const std::string& what) {
  const Out o = RunLn<U, T, config>(tmp_bytes);
  ASSERT_TRUE(o.launch.status.ok()) << what << ": " << o.launch.status.ToString();
  const double tol = std::is_same_v<T, float> ? 2e-6 : 2e-3;
  for (uint32_t a = 0; a < kA; ++a) {
    double mean = 0, var = 0;
    for (uint32_t j = 0; j < kR; ++j) mean += o.src[a * kRPad + j] / kR;
    for (uint32_t j = 0; j < kR; ++j) var += std::pow(o.src[a * kRPad + j] - mean, 2) / kR;
    const double rstd = 1 / std::sqrt(var + kEps);
    EXPECT_NEAR(o.mean[a], mean, 1e-6) << what << " mean " << a;
    EXPECT_NEAR(o.rstd[a], rstd, 1e-5 * rstd) << what << " rstd " << a;
    for (uint32_t j = 0; j < kRPad; ++j) {  // every column: the padding reads as zero
      const double x = j < kR ? o.src[a * kRPad + j] : 0.0;
      EXPECT_EQ(o.x_after[a * kRPad + j], x) << what << " inputX " << a << ", " << j;
      double want = (x - mean) * rstd;
      if (!config.isNoGamma) want *= o.gamma[j];
      if (!config.isNoBeta) want += o.beta[j];
      ASSERT_NEAR(o.dst[a * kRPad + j], want, tol * std::max(1.0, std::abs(want)))
          << what << " row " << a << " column " << j;
    }
  }
}

TEST(HlLayerNormRstd, EveryTypeConfigAndFormMatchesTheModel) {
  ExpectMatchesModel<float, float, LNCFG_NORM>(288, "float tmp");
  ExpectMatchesModel<float, float, LNCFG_NORM>(0, "float");
  ExpectMatchesModel<half, half, LNCFG_NORM>(544, "half tmp");
  ExpectMatchesModel<half, half, LNCFG_NORM>(0, "half");
  ExpectMatchesModel<float, half, LNCFG_NORM>(288, "half with float gamma tmp");
  ExpectMatchesModel<float, float, kNoBeta>(288, "no beta");
  ExpectMatchesModel<half, half, kNoGamma>(0, "no gamma");
}

void ExpectFault(const LaunchResult& r, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, "LayerNorm");
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(HlLayerNormRstd, FaultsOnAWrongTilingOrASmallBuffer) {
  ExpectFault(RunLn<float, float>(256).launch, "holds 256 bytes; the tiling needs at least 288");
  ExpectFault(RunLn<half, half>(512).launch, "the tiling needs at least 544");
  ExpectFault(RunLn<float, float>(64).launch, "holds 64 bytes; the tiling needs at least 288");
  AscendC::tiling::LayerNormSeparateTiling empty;
  ExpectFault(RunLn<float, float>(0, empty).launch, "GetLayerNormNDTilingInfo failed");
  AscendC::tiling::LayerNormSeparateTiling other = OneRowTiling();
  other.rLength = 30;
  ExpectFault(RunLn<float, float>(0, other).launch, "the tiling is for [3, 30], para for [3, 29]");
}

}  // namespace opsim::sim::hl_layernorm_rstd_test
