// LayerNormGrad and LayerNormGradBeta (hl_layernorm_grad.h) against a double model of the page's
// formulas (and the LayerNormGrad page's own example) in half and float, with tilings laid out as
// CANN's GetLayerNormGrad(Beta)NDTilingInfo lays them (whose figures
// tests/op_api/opbase_hl6_tiling_test.cc checks); the faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_norm_grad_test {

using namespace AscendC;

uint32_t NgFloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// CANN's LayerNormGrad tiling for rows x h (original ori) in `work` bytes: whole rows of the
// float pieces (9 for half, 6 for float), rounded up to a block of T, pieces oneCalSize apart.
AscendC::tiling::LayerNormGradTiling GradTilingFor(uint32_t rows, uint32_t h, uint32_t ori,
                                                   uint32_t work, uint32_t type_size) {
  const uint32_t pieces = type_size == 2 ? 9 : 6, per_block = 32 / type_size;
  const uint32_t noh = (work / 4 / pieces / h + per_block - 1) / per_block * per_block;
  const uint32_t one = noh * h, bsh = rows * h;
  AscendC::tiling::LayerNormGradTiling t;
  t.stackBufferSize = work;
  t.bLength = 1;
  t.sLength = rows;
  t.hLength = h;
  t.originalHLength = ori;
  t.oneCalSize = one;
  t.nohCalSize = noh;
  t.loopNum = bsh / one;
  t.tailSize = bsh % one;
  t.nohTailSize = bsh % one / h;
  t.pdVarTensorPos = one;
  t.pdMeanTensorPos = 2 * one;
  t.x1TensorPos = 3 * one;
  t.x2TensorPos = 4 * one;
  t.x3TensorPos = 5 * one;
  if (type_size == 2) {
    t.tmpTensorPos = 6 * one;
    t.tmpTensor1Pos = 7 * one;
    t.tmpTensor2Pos = 8 * one;
  }
  t.lastDimValueBack = NgFloatBits(1.0f / static_cast<float>(ori));
  t.lastDimValueBackMulTwo = NgFloatBits(2.0f / static_cast<float>(ori));
  return t;
}

// CANN's LayerNormGradBeta tiling for rows x h in `work` bytes (stackBufferSize in floats).
AscendC::tiling::LayerNormGradBetaTiling BetaTilingFor(uint32_t rows, uint32_t h, uint32_t work,
                                                       uint32_t type_size) {
  const uint32_t floats = work / 4, bsh = rows * h;
  uint32_t one = type_size == 2 ? (floats - 2 * h) / 2 : floats;
  one = std::min(one / h * h, bsh);
  AscendC::tiling::LayerNormGradBetaTiling t;
  t.stackBufferSize = floats;
  t.bLength = 1;
  t.sLength = rows;
  t.hLength = h;
  t.originalHLength = h;
  t.bshLength = bsh;
  t.bsLength = rows;
  t.oneCalSize = one;
  t.numberOfTmpBuf = type_size == 2 ? 2 : 1;
  t.loopRound = bsh / one;
  t.inputTailSize = bsh % one;
  t.inputTailPos = bsh - bsh % one;
  t.bsTailSize = bsh % one / h;
  t.bshCurLength = one;
  t.bsCurLength = one / h;
  if (type_size == 2) {
    t.betaTempTensorPos = h;
    t.inputDyTmpTensorPos = 2 * h;
    t.resForGammaTmpTensorPos = 2 * h + one;
  }
  return t;
}

// [rows, h] inputs of a layer's backward pass; h columns, of which ori are data (the rest 0).
struct GradCase {
  uint32_t rows, h, ori;
  std::vector<double> dy, x, mean, var, gamma;
};
GradCase MakeGradCase(uint32_t rows, uint32_t h, uint32_t ori) {
  GradCase c{rows, h, ori, {}, {}, {}, {}, {}};
  c.dy.assign(size_t{rows} * h, 0);
  c.x.assign(size_t{rows} * h, 0);
  c.gamma.assign(h, 0);
  for (uint32_t j = 0; j < ori; ++j) c.gamma[j] = 0.5 + 0.25 * std::sin(j);
  for (uint32_t r = 0; r < rows; ++r) {
    double s = 0, q = 0;
    for (uint32_t j = 0; j < ori; ++j) {
      c.x[size_t{r} * h + j] = std::sin(0.7 * r + 0.3 * j) * 2;
      c.dy[size_t{r} * h + j] = std::cos(0.2 * r + 1.1 * j);
      s += c.x[size_t{r} * h + j];
    }
    const double m = s / ori;
    for (uint32_t j = 0; j < ori; ++j)
      q += (c.x[size_t{r} * h + j] - m) * (c.x[size_t{r} * h + j] - m);
    c.mean.push_back(m);
    c.var.push_back(q / ori);
  }
  return c;
}
template <typename T>
std::vector<double> GradRounded(const std::vector<double>& v) {
  std::vector<double> out;
  for (double d : v) out.push_back(static_cast<float>(static_cast<T>(static_cast<float>(d))));
  return out;
}

// The page's formulas in double over all h columns with 1/ori (as the chip sums them).
void GradModel(const GradCase& c, double eps, std::vector<double>& pd_x, std::vector<double>& res) {
  pd_x.assign(c.dy.size(), 0);
  res.assign(c.dy.size(), 0);
  for (uint32_t r = 0; r < c.rows; ++r) {
    const double inv = 1 / std::sqrt(c.var[r] + eps);
    double pd_var = 0, sum_x2 = 0, pd_mean = 0;
    for (uint32_t j = 0; j < c.h; ++j) {
      const size_t k = size_t{r} * c.h + j;
      const double xl = c.dy[k] * c.gamma[j], x2 = c.x[k] - c.mean[r];
      pd_var += -0.5 * xl * x2 * inv * inv * inv;
      pd_mean += -xl * inv;
      sum_x2 += -2 * x2;
    }
    pd_mean += pd_var / c.ori * sum_x2;
    for (uint32_t j = 0; j < c.h; ++j) {
      const size_t k = size_t{r} * c.h + j;
      const double x2 = c.x[k] - c.mean[r];
      pd_x[k] = c.dy[k] * c.gamma[j] * inv + pd_var * 2 / c.ori * x2 + pd_mean / c.ori;
      res[k] = x2 * inv;
    }
  }
}

template <typename T>
void WriteGrad(const LocalTensor<T>& t, const std::vector<double>& v) {
  for (size_t i = 0; i < v.size(); ++i) t.SetValue(i, static_cast<T>(static_cast<float>(v[i])));
}

// Runs LayerNormGrad<T> on c with the host's tiling for `work` bytes and a buffer of `tmp`.
template <typename T>
opsim::sim::LaunchResult RunGrad(const GradCase& c, float eps, uint32_t work, uint32_t tmp,
                                 std::vector<double>* pd_x, std::vector<double>* res) {
  const AscendC::tiling::LayerNormGradTiling t = GradTilingFor(c.rows, c.h, c.ori, work, sizeof(T));
  const uint32_t n = c.rows * c.h;
  return opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bdy, bx, bo, br, bs, bg, bt;
    for (auto* b : {&bdy, &bx, &bo, &br}) pipe.InitBuffer(*b, n * sizeof(T));
    pipe.InitBuffer(bs, 2 * ((c.rows * sizeof(T) + 31) / 32 * 32));
    pipe.InitBuffer(bg, c.h * sizeof(T));
    pipe.InitBuffer(bt, tmp);
    LocalTensor<T> dy = bdy.Get<T>(), x = bx.Get<T>(), o = bo.Get<T>(), rg = br.Get<T>();
    LocalTensor<T> var = bs.Get<T>(), mean = var[(c.rows * sizeof(T) + 31) / 32 * 32 / sizeof(T)];
    LocalTensor<T> gamma = bg.Get<T>();
    WriteGrad(dy, c.dy);
    WriteGrad(x, c.x);
    WriteGrad(var, c.var);
    WriteGrad(mean, c.mean);
    WriteGrad(gamma, c.gamma);
    LocalTensor<uint8_t> work_buf = bt.Get<uint8_t>();
    AscendC::tiling::LayerNormGradTiling tiling = t;
    LayerNormGrad<T>(o, rg, dy, x, var, mean, gamma, work_buf, static_cast<T>(eps), tiling);
    if (pd_x != nullptr) {
      for (uint32_t i = 0; i < n; ++i) {
        pd_x->push_back(static_cast<float>(o.GetValue(i)));
        res->push_back(static_cast<float>(rg.GetValue(i)));
      }
    }
  });
}

template <typename T>
void ExpectGradMatchesModel(uint32_t rows, uint32_t h, uint32_t ori, uint32_t work_rows) {
  GradCase c = MakeGradCase(rows, h, ori);
  // The model reads what the kernel reads: the inputs rounded to T.
  c.dy = GradRounded<T>(c.dy);
  c.x = GradRounded<T>(c.x);
  c.var = GradRounded<T>(c.var);
  c.mean = GradRounded<T>(c.mean);
  c.gamma = GradRounded<T>(c.gamma);
  const float eps = 1e-4f;
  const uint32_t pieces = sizeof(T) == 2 ? 9 : 6;
  const uint32_t work = pieces * work_rows * h * 4;
  std::vector<double> got_x, got_r, want_x, want_r;
  const auto r = RunGrad<T>(c, eps, work, work, &got_x, &got_r);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  GradModel(c, static_cast<float>(static_cast<T>(eps)), want_x, want_r);
  double scale = 1;
  for (double v : want_x) scale = std::max(scale, std::fabs(v));
  const double tol = sizeof(T) == 2 ? 2e-3 : 1e-5;
  const std::string what = std::string(sizeof(T) == 2 ? "half" : "float") + " H " +
                           std::to_string(h) + " rows " + std::to_string(rows);
  for (size_t i = 0; i < want_x.size(); ++i) {
    ASSERT_NEAR(got_x[i], want_x[i], tol * scale) << what << " pd_x at " << i;
    ASSERT_NEAR(got_r[i], want_r[i], tol * std::max(1.0, std::fabs(want_r[i]))) << what << i;
  }
}

TEST(HlNormGrad, LayerNormGradMatchesTheFormulas) {
  ExpectGradMatchesModel<float>(12, 32, 32, 8);   // a round of 8 rows and a tail of 4
  ExpectGradMatchesModel<float>(8, 128, 120, 8);  // two WholeReduceSum levels, padded H
  ExpectGradMatchesModel<half>(16, 32, 32, 16);
  ExpectGradMatchesModel<half>(32, 16, 13, 16);
}

// The page's example: float [1, 8, 8], dy = x = 0..63, the rows' mean and variance 5.25, gamma
// 0..7, epsilon 1e-4 (the value its resForGamma shows); its printed outputs.
TEST(HlNormGrad, LayerNormGradReproducesThePageExample) {
  GradCase c{8, 8, 8, {}, {}, {}, {}, {}};
  for (uint32_t i = 0; i < 64; ++i) {
    c.dy.push_back(i);
    c.x.push_back(i);
  }
  for (uint32_t r = 0; r < 8; ++r) {
    c.mean.push_back(8 * r + 3.5);
    c.var.push_back(5.25);
    c.gamma.push_back(r);
  }
  std::vector<double> pd_x, res;
  const auto run = RunGrad<float>(c, 1e-4f, 6 * 64 * 4, 6 * 64 * 4, &pd_x, &res);
  ASSERT_TRUE(run.status.ok()) << run.status.ToString();
  const double page_row0[8] = {3.0548172,  0.4362857, -1.3093826, -2.182187,
                               -2.1821284, -1.309207, 0.4365778,  3.0552254};
  const double page_row7[8] = {3.0531921,  0.43511963, -1.3100777, -2.1824188,
                               -2.1818848, -1.3085022, 0.43774414, 3.0568542};
  const double page_res[8] = {-1.5275106, -1.091079, -0.6546474, -0.21821581,
                              0.21821581, 0.6546474, 1.091079,   1.5275106};
  // Within one float ulp of the rows' largest intermediate (x3, up to 192 in row 7: 1.5e-5), and
  // 2 ulps of resForGamma: the chip's Sqrt and Div are not the correctly rounded ones opsim uses
  // (resForGamma's -3.5 / sqrt(5.2501) is printed 1.5275106; correctly rounded it is 1.5275108).
  for (uint32_t j = 0; j < 8; ++j) {
    EXPECT_NEAR(pd_x[j], page_row0[j], 2e-6) << j;
    EXPECT_NEAR(pd_x[56 + j], page_row7[j], 2e-5) << j;
    EXPECT_NEAR(res[8 * 3 + j], page_res[j], 3e-7) << j;
  }
}

TEST(HlNormGrad, LayerNormGradFaults) {
  const GradCase c = MakeGradCase(12, 32, 32);
  // Below the tiling's stackBufferSize (CANN's assert).
  auto r = RunGrad<float>(c, 1e-4f, 6 * 8 * 32 * 4, 6 * 8 * 32 * 4 - 32, nullptr, nullptr);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "LayerNormGrad");
  EXPECT_NE(r.fault->message.find("below the tiling's stackBufferSize 6144"), std::string::npos)
      << r.fault->message;
  // CANN's half minimum with its own tiling: 16 rows of pieces rounded up from 8 reach past it.
  const GradCase small = MakeGradCase(8, 16, 16);
  const uint32_t mn = 9 * 128 * 2;  // CANN's: 9 pieces of min(B * S * H, H * H) halves
  r = RunGrad<half>(small, 1e-4f, mn, mn, nullptr, nullptr);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("pieces reach byte " + std::to_string((8 * 256 + 128) * 4)),
            std::string::npos)
      << r.fault->message;
  // No tiling at all.
  r = opsim::sim::testing::RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    LocalTensor<float> f = b.Get<float>();
    AscendC::tiling::LayerNormGradTiling none;
    LayerNormGrad<float>(f, f, f, f, f, f, f, 1e-4f, none);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("the tiling holds no work"), std::string::npos);
}

// LayerNormGradBeta of [rows, h] (original h ori) with the host's tiling for `work` bytes.
template <typename T>
void ExpectBetaMatchesModel(uint32_t rows, uint32_t h, uint32_t work) {
  std::vector<double> dy, rg;
  for (uint32_t i = 0; i < rows * h; ++i) {
    dy.push_back(static_cast<float>(static_cast<T>(std::sin(0.37 * i) * 3)));
    rg.push_back(static_cast<float>(static_cast<T>(std::cos(0.11 * i))));
  }
  const AscendC::tiling::LayerNormGradBetaTiling t = BetaTilingFor(rows, h, work, sizeof(T));
  ASSERT_GT(t.loopRound, 1u);  // more than one round
  std::vector<double> gamma, beta;
  const auto r = opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, br, bo, bt;
    pipe.InitBuffer(bd, rows * h * sizeof(T));
    pipe.InitBuffer(br, rows * h * sizeof(T));
    pipe.InitBuffer(bo, 2 * h * sizeof(T));
    pipe.InitBuffer(bt, work);
    LocalTensor<T> d = bd.Get<T>(), g = br.Get<T>(), o = bo.Get<T>();
    WriteGrad(d, dy);
    WriteGrad(g, rg);
    LayerNormGradBeta<T>(o, o[h], g, d, bt.Get<uint8_t>(), t);
    for (uint32_t j = 0; j < 2 * h; ++j) {
      (j < h ? gamma : beta).push_back(static_cast<float>(o.GetValue(j)));
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t j = 0; j < h; ++j) {
    double sg = 0, sb = 0;
    for (uint32_t i = 0; i < rows; ++i) {
      sg += dy[size_t{i} * h + j] * rg[size_t{i} * h + j];
      sb += dy[size_t{i} * h + j];
    }
    // float: 20 float adds of partial sums below 60 (half ulp 2^-19 each); half: one rounding.
    const double tol_g = sizeof(T) == 2 ? 2e-3 * std::max(1.0, std::fabs(sg)) : 1e-4;
    const double tol_b = sizeof(T) == 2 ? 2e-3 * std::max(1.0, std::fabs(sb)) : 1e-4;
    EXPECT_NEAR(gamma[j], sg, tol_g) << j;
    EXPECT_NEAR(beta[j], sb, tol_b) << j;
  }
}

TEST(HlNormGrad, LayerNormGradBetaMatchesTheSums) {
  ExpectBetaMatchesModel<float>(20, 16, 6 * 16 * 4);  // rounds of 6 rows and a tail of 2
  ExpectBetaMatchesModel<half>(20, 32, (2 * 32 + 2 * 4 * 32) * 4);
}

TEST(HlNormGrad, LayerNormGradBetaFaults) {
  const AscendC::tiling::LayerNormGradBetaTiling t = BetaTilingFor(8, 16, 512, 4);
  const auto r = opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, bt;
    pipe.InitBuffer(b, 4096);
    pipe.InitBuffer(bt, 256);
    LocalTensor<float> f = b.Get<float>();
    Duplicate(f, 1.0f, 1024);
    LayerNormGradBeta<float>(f[512], f[512 + 16], f, f[128], bt.Get<uint8_t>(), t);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "LayerNormGradBeta");
  EXPECT_NE(r.fault->message.find("holds 64 floats, below the tiling's stackBufferSize 128"),
            std::string::npos)
      << r.fault->message;
}

}  // namespace opsim::sim::hl_norm_grad_test
