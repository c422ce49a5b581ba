// The high-level LayerNorm and RmsNorm (lib/normalization): both forms and types against a
// double model of CANN's formulas, with padded columns; the tiling and temporary-buffer faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "opsim/sim/vector_unit.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_norm_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

constexpr uint32_t kRows = 5, kH = 32, kOriH = 29;

struct Out {
  std::vector<double> src, gamma, beta, dst, mean, var;
  LaunchResult launch;
};

double X(uint32_t r, uint32_t j) { return 2.0 * std::cos(0.3 * j + r) + 0.25 * r; }

LayerNormTiling LnTiling(uint32_t type_bytes) {
  LayerNormTiling t;
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
RmsNormTiling RmsTiling() {
  RmsNormTiling t;
  t.bLength = 1;
  t.sLength = kRows;
  t.hLength = kH;
  t.originalHLength = kOriH;
  t.reciprocalOfHLength = 1.0f / kOriH;
  t.mainBsLength = kRows;
  return t;
}

// Runs LayerNorm (rms = false) or RmsNorm on [1, 5, 32] with a buffer of tmp_bytes (0: the form
// without one).
template <typename T>
Out RunNorm(bool rms, uint32_t tmp_bytes, LayerNormTiling ln, RmsNormTiling rt) {
  Out o;
  for (uint32_t r = 0; r < kRows; ++r)
    for (uint32_t j = 0; j < kH; ++j) o.src.push_back(ToD(FromD<T>(X(r, j))));
  for (uint32_t j = 0; j < kH; ++j) {
    o.gamma.push_back(ToD(FromD<T>(0.5 + 0.05 * j)));
    o.beta.push_back(ToD(FromD<T>(0.1 * j - 1)));
  }
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bg, bb, bm, bv, bt;
    pipe.InitBuffer(bx, kRows * kH * sizeof(T));
    pipe.InitBuffer(bd, kRows * kH * sizeof(T));
    pipe.InitBuffer(bg, kH * sizeof(T));
    pipe.InitBuffer(bb, kH * sizeof(T));
    pipe.InitBuffer(bm, 64);
    pipe.InitBuffer(bv, 64);
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<T> x = bx.Get<T>(), d = bd.Get<T>(), g = bg.Get<T>(), b = bb.Get<T>();
    LocalTensor<T> m = bm.Get<T>(), v = bv.Get<T>();
    LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();  // used only when tmp_bytes != 0
    for (size_t i = 0; i < o.src.size(); ++i) x.SetValue(i, FromD<T>(o.src[i]));
    for (uint32_t j = 0; j < kH; ++j) {
      g.SetValue(j, FromD<T>(o.gamma[j]));
      b.SetValue(j, FromD<T>(o.beta[j]));
    }
    const T eps = FromD<T>(1e-5);
    if (rms && tmp_bytes != 0) RmsNorm<T>(d, x, g, tmp, eps, rt);
    if (rms && tmp_bytes == 0) RmsNorm<T>(d, x, g, eps, rt);
    if (!rms && tmp_bytes != 0) LayerNorm<T>(d, m, v, x, g, b, tmp, eps, ln);
    if (!rms && tmp_bytes == 0) LayerNorm<T>(d, m, v, x, g, b, eps, ln);
    for (uint32_t i = 0; i < kRows * kH; ++i) o.dst.push_back(ToD(d.GetValue(i)));
    for (uint32_t r = 0; !rms && r < kRows; ++r) {
      o.mean.push_back(ToD(m.GetValue(r)));
      o.var.push_back(ToD(v.GetValue(r)));
    }
  });
  return o;
}

template <typename T>
void ExpectMatchesModel(bool rms, uint32_t tmp_bytes, const std::string& what) {
  const Out o = RunNorm<T>(rms, tmp_bytes, LnTiling(sizeof(T)), RmsTiling());
  ASSERT_TRUE(o.launch.status.ok()) << what << ": " << o.launch.status.ToString();
  const double tol = std::is_same_v<T, float> ? 1e-6 : 2e-3;
  const double inv = 1.0f / kOriH, eps = ToD(FromD<T>(1e-5));
  for (uint32_t r = 0; r < kRows; ++r) {
    const double* x = &o.src[r * kH];
    double mean = 0, var = 0, sq = 0;
    for (uint32_t j = 0; j < kOriH; ++j) {
      mean += x[j];
      sq += x[j] * x[j];
    }
    mean *= inv;
    for (uint32_t j = 0; j < kOriH; ++j) var += (x[j] - mean) * (x[j] - mean);
    var *= inv;
    const double scale = rms ? 1 / std::sqrt(sq * inv + eps) : 1 / std::sqrt(var + eps);
    for (uint32_t j = 0; j < kH; ++j) {
      const double want =
          rms ? x[j] * scale * o.gamma[j] : (x[j] - mean) * scale * o.gamma[j] + o.beta[j];
      ASSERT_NEAR(o.dst[r * kH + j], want, tol * std::max(1.0, std::abs(want)))
          << what << " row " << r << " col " << j;
    }
    if (!rms) {
      EXPECT_NEAR(o.mean[r], mean, tol * std::max(1.0, std::abs(mean))) << what << " mean";
      EXPECT_NEAR(o.var[r], var, tol * std::max(1.0, var)) << what << " variance";
    }
  }
}

TEST(HlNorm, EveryFormAndTypeMatchesTheModel) {
  // Work buffers: RmsNorm 5 rows x 32 (x2 for half) + 8 floats; LayerNorm 3 pieces of 160 floats
  // (+ 16 for half's float mean and variance).
  ExpectMatchesModel<float>(true, (160 + 8) * 4, "RmsNorm float tmp");
  ExpectMatchesModel<float>(true, 0, "RmsNorm float");
  ExpectMatchesModel<half>(true, (320 + 8) * 4, "RmsNorm half tmp");
  ExpectMatchesModel<half>(true, 0, "RmsNorm half");
  ExpectMatchesModel<float>(false, 480 * 4, "LayerNorm float tmp");
  ExpectMatchesModel<float>(false, 0, "LayerNorm float");
  ExpectMatchesModel<half>(false, (16 + 480) * 4, "LayerNorm half tmp");
  ExpectMatchesModel<half>(false, 0, "LayerNorm half");
}

// The float passes give the same bits on every Highway target: whole calls of both APIs and
// types (the statistics too), and the row pass on rows with a tail (40 columns).
TEST(HlNorm, TheSameBitsOnEveryTarget) {
  std::vector<Out> first(4);
  bool have_first = false;
  for (const std::string& target : vec::SupportedTargets()) {
    vec::ForceTargetForTest(target);
    const Out got[] = {RunNorm<float>(true, 0, LnTiling(4), RmsTiling()),
                       RunNorm<half>(true, 0, LnTiling(2), RmsTiling()),
                       RunNorm<float>(false, 0, LnTiling(4), RmsTiling()),
                       RunNorm<half>(false, 0, LnTiling(2), RmsTiling())};
    for (size_t k = 0; k < 4; ++k) {
      if (!have_first) {
        first[k] = got[k];
        continue;
      }
      EXPECT_EQ(got[k].dst, first[k].dst) << target << " call " << k;
      EXPECT_EQ(got[k].mean, first[k].mean) << target << " call " << k;
      EXPECT_EQ(got[k].var, first[k].var) << target << " call " << k;
    }
    have_first = true;
  }
  vec::ForceTargetForTest("");
}

// Each step of the row pass rounded to float32 in the chip's order, one at a time.
float RowAffineModel(float x, float sub, float scale, bool divide, float gamma, float beta) {
  volatile float v = x - sub;  // volatile: no contraction into a fused multiply-add
  v = divide ? v / scale : v * scale;
  v = v * gamma;
  return v + beta;
}

TEST(HlNorm, RowPassIsTheChipsStepsOnEveryTarget) {
  constexpr size_t kR = 3, kCols = 40;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-3, 3);
  // Per-row and per-column values of every operand: LayerNorm's layout (sub and scale per row,
  // gamma and beta per column) and BatchNorm's (the other way round).
  std::vector<float> x(kR * kCols), by_row(4 * kR), by_column(4 * kCols);
  for (auto* v : {&x, &by_row, &by_column})
    for (float& f : *v) f = u(rng);
  for (const bool batch_layout : {false, true}) {
    for (const bool divide : {false, true}) {
      const auto operand = [&](size_t k, bool per_column) {
        return vec::HlRowOperand{per_column ? &by_column[k * kCols] : &by_row[k * kR], per_column};
      };
      const auto value = [&](const vec::HlRowOperand& o, size_t r, size_t j) {
        return o.per_column ? o.p[j] : o.p[r];
      };
      const vec::HlRowOperand sub = operand(0, batch_layout), scale = operand(1, batch_layout),
                              gamma = operand(2, !batch_layout), beta = operand(3, !batch_layout);
      for (const std::string& target : vec::SupportedTargets()) {
        vec::ForceTargetForTest(target);
        std::vector<float> y(x.size());
        vec::HlRowAffine({y.data(), x.data(), kR, kCols, sub, scale, gamma, beta, divide});
        for (size_t r = 0; r < kR; ++r) {
          for (size_t j = 0; j < kCols; ++j) {
            const float want =
                RowAffineModel(x[r * kCols + j], value(sub, r, j), value(scale, r, j), divide,
                               value(gamma, r, j), value(beta, r, j));
            ASSERT_EQ(std::memcmp(&y[r * kCols + j], &want, 4), 0)
                << target << " row " << r << " col " << j << (divide ? " divide" : "")
                << (batch_layout ? " columns" : " rows");
          }
        }
      }
    }
  }
  vec::ForceTargetForTest("");
}

void ExpectFault(const Out& o, const char* api, const std::string& text) {
  ASSERT_TRUE(o.launch.fault.has_value()) << text;
  EXPECT_EQ(o.launch.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(o.launch.fault->instruction, api);
  EXPECT_NE(o.launch.fault->message.find(text), std::string::npos) << o.launch.fault->message;
}

TEST(HlNorm, TmpBelowTheTilingsPiecesFaults) {
  ExpectFault(RunNorm<float>(true, (160 + 8) * 4 - 32, LnTiling(4), RmsTiling()), "RmsNorm",
              "holds 640 bytes; the tiling's pieces need at least 672");
  ExpectFault(RunNorm<half>(false, (16 + 480) * 4 - 32, LnTiling(2), RmsTiling()), "LayerNorm",
              "holds 1952 bytes; the tiling's pieces need at least 1984");
}

TEST(HlNorm, BrokenTilingsFault) {
  ExpectFault(RunNorm<float>(true, 0, LnTiling(4), RmsNormTiling{}), "RmsNorm", "holds no work");
  ExpectFault(RunNorm<float>(false, 0, LayerNormTiling{}, RmsTiling()), "LayerNorm",
              "holds no work");
  RmsNormTiling odd = RmsTiling();
  odd.hLength = 20;
  odd.originalHLength = 20;
  ExpectFault(RunNorm<float>(true, 0, LnTiling(4), odd), "RmsNorm", "hLength 20 is 80 bytes");
  LayerNormTiling wide = LnTiling(4);
  wide.originalHLength = 40;
  ExpectFault(RunNorm<float>(false, 0, wide, RmsTiling()), "LayerNorm", "originalHLength 40");
}

TEST(HlNorm, RmsNormRefusesDstOverGamma) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, kRows * kH * 4);
    LocalTensor<float> t = b.Get<float>();
    for (uint32_t i = 0; i < kRows * kH; ++i) t.SetValue(i, 1.0f);
    RmsNorm<float>(t, t, t, 1e-5f, RmsTiling());
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("dst and gamma overlap"), std::string::npos);
}

}  // namespace opsim::sim::hl_norm_test
