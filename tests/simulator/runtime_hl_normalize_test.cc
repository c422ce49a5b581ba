// The high-level Normalize (lib/normalization/normalize.h): every type combination, configuration
// and form against a double model of CANN's formulas over [A, R] with padded rows; the faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_normalize_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

constexpr uint32_t kA = 3, kR = 29, kRPad = 32;
constexpr NormalizeConfig kFixedA = {ReducePattern::AR, 5, false, false, false};

struct Out {
  std::vector<double> src, gamma, beta, dst, rstd;
  std::vector<float> mean, var;
  LaunchResult launch;
};

template <typename U, typename T, const NormalizeConfig& config = NLCFG_NORM>
Out RunNormalize(uint32_t tmp_bytes, NormalizePara para = {kA, kR, kRPad}) {
  Out o;
  for (uint32_t i = 0; i < kA * kRPad; ++i) {
    o.src.push_back(ToD(FromD<T>(1.7 * std::cos(0.23 * i) + 0.2 * (i / kRPad))));
  }
  for (uint32_t j = 0; j < kRPad; ++j) {
    o.gamma.push_back(ToD(FromD<U>(0.6 + 0.03 * j)));
    o.beta.push_back(ToD(FromD<U>(0.05 * j - 0.4)));
  }
  for (uint32_t a = 0; a < kA; ++a) {
    o.mean.push_back(0.1f * a + 0.2f);
    o.var.push_back(0.5f + 0.75f * a);
  }
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bg, bb, bm, bv, br, bt;
    pipe.InitBuffer(bx, kA * kRPad * sizeof(T));
    pipe.InitBuffer(bd, kA * kRPad * sizeof(T));
    pipe.InitBuffer(bg, kRPad * sizeof(U));
    pipe.InitBuffer(bb, kRPad * sizeof(U));
    for (auto* b : {&bm, &bv, &br}) pipe.InitBuffer(*b, 32);
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<T> x = bx.Get<T>(), d = bd.Get<T>();
    LocalTensor<U> g = bg.Get<U>(), b = bb.Get<U>();
    LocalTensor<float> m = bm.Get<float>(), v = bv.Get<float>(), r = br.Get<float>();
    for (uint32_t i = 0; i < kA * kRPad; ++i) x.SetValue(i, FromD<T>(o.src[i]));
    for (uint32_t j = 0; j < kRPad; ++j) {
      g.SetValue(j, FromD<U>(o.gamma[j]));
      b.SetValue(j, FromD<U>(o.beta[j]));
    }
    for (uint32_t a = 0; a < kA; ++a) {
      m.SetValue(a, o.mean[a]);
      v.SetValue(a, o.var[a]);
    }
    if (tmp_bytes != 0) {
      Normalize<U, T, false, config>(d, r, m, v, x, g, b, bt.Get<uint8_t>(), 1e-5f, para);
    } else {
      Normalize<U, T, false, config>(d, r, m, v, x, g, b, 1e-5f, para);
    }
    for (uint32_t i = 0; i < kA * kRPad; ++i) o.dst.push_back(ToD(d.GetValue(i)));
    for (uint32_t a = 0; a < kA; ++a) o.rstd.push_back(r.GetValue(a));
  });
  return o;
}

template <typename U, typename T, const NormalizeConfig& config>
void ExpectMatchesModel(uint32_t tmp_bytes, const std::string& what) {
  const Out o = RunNormalize<U, T, config>(tmp_bytes);
  ASSERT_TRUE(o.launch.status.ok()) << what << ": " << o.launch.status.ToString();
  const double tol = std::is_same_v<T, float> ? 1e-6 : 2e-3;
  for (uint32_t a = 0; a < kA; ++a) {
    const float rstd = static_cast<float>(1 / std::sqrt(double{o.var[a]} + 1e-5f));
    EXPECT_EQ(o.rstd[a], rstd) << what << " rstd " << a;
    for (uint32_t j = 0; j < kRPad; ++j) {  // every column, the padding too
      double want = (o.src[a * kRPad + j] - o.mean[a]) * rstd;
      if (!config.isNoGamma) want *= o.gamma[j];
      if (!config.isNoBeta) want += o.beta[j];
      ASSERT_NEAR(o.dst[a * kRPad + j], want, tol * std::max(1.0, std::abs(want)))
          << what << " row " << a << " column " << j;
    }
  }
}

TEST(HlNormalize, EveryTypeConfigAndFormMatchesTheModel) {
  ExpectMatchesModel<float, float, NLCFG_NORM>(256, "float tmp");
  ExpectMatchesModel<float, float, NLCFG_NORM>(0, "float");
  ExpectMatchesModel<half, half, NLCFG_NORM>(512, "half tmp");
  ExpectMatchesModel<half, half, NLCFG_NORM>(0, "half");
  ExpectMatchesModel<float, half, NLCFG_NORM>(256, "half with float gamma tmp");
  ExpectMatchesModel<float, half, NLCFG_NORM>(0, "half with float gamma");
  ExpectMatchesModel<float, float, NLCFG_NOBETA>(256, "no beta");
  ExpectMatchesModel<half, half, NLCFG_NOGAMMA>(512, "no gamma");
  ExpectMatchesModel<float, half, NLCFG_NOOPT>(0, "neither");
}

void ExpectFault(const LaunchResult& r, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, "Normalize");
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(HlNormalize, FaultsAsTheChipsChecksDo) {
  ExpectFault(RunNormalize<half, half>(480).launch,
              "holds 480 bytes; it needs at least 512 (A floats and 4 float rows");
  ExpectFault(RunNormalize<float, float>(224).launch, "it needs at least 256");
  ExpectFault(RunNormalize<float, float, kFixedA>(0).launch,
              "config.aLength 5 must equal para.aLength 3");
  ExpectFault(RunNormalize<float, float>(0, {kA, 33, kRPad}).launch,
              "rLength at most rLengthWithPadding");
  ExpectFault(RunNormalize<half, half>(0, {kA, 20, 24}).launch,
              "rLengthWithPadding 24 is 48 bytes");
}

}  // namespace opsim::sim::hl_normalize_test
