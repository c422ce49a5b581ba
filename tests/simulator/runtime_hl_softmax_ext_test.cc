// LogSoftMax, SoftmaxGrad and SoftmaxGradFront (lib/activation/logsoftmax.h, softmaxgrad.h):
// every form and type CANN documents against a double model of its formula, with padded rows
// and columns; CANN's documented LogSoftMax example; the shape, overlap and temporary-buffer
// rules (faults naming the API, the bytes given and the minimum).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_softmax_ext_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

enum class Form { kLog, kGrad, kGradIsFront, kGradFront };

struct Case {
  uint32_t m, k, ori_m, ori_k;
  bool with_tmp = true;
  uint32_t tmp_bytes = 64 * 1024;
  uint32_t split_m = 0;  // the tiling's splitM; 0: all rows
  bool same_src_dst = false;
  bool tmp_on_src = false;    // sharedTmpBuffer taken from the source's buffer
  bool shape_by_src = false;  // softmaxShapeInfo {} and the shape in src's ShapeInfo
};

double Input(uint32_t r, uint32_t j) { return 3.0 * std::sin(0.37 * j + 7.0 * r) + 0.5 * r; }
double Grad(uint32_t r, uint32_t j) { return std::cos(0.11 * j + r) - 0.25; }

// Outputs as doubles: dst (rows x k, or one value per row for the front forms), sum, max.
struct Io {
  std::vector<double> x, g, dst, sum, max;
};

template <typename T>
Io Run(Form form, const Case& c, LaunchResult* result = nullptr) {
  Io io;
  for (uint32_t r = 0; r < c.m; ++r) {
    for (uint32_t j = 0; j < c.k; ++j) {
      io.x.push_back(ToD(FromD<T>(form == Form::kLog ? Input(r, j) : 0.05 * (Input(r, j) + 3))));
      io.g.push_back(ToD(FromD<T>(Grad(r, j))));
    }
  }
  const uint32_t blk = 32 / sizeof(T);
  const bool front = form == Form::kGradIsFront || form == Form::kGradFront;
  const LaunchResult lr = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bg, bd, bsum, bmax, btmp;
    pipe.InitBuffer(bx, c.m * c.k * sizeof(T) + 4096);  // room for a buffer on top (tmp_on_src)
    pipe.InitBuffer(bg, c.m * c.k * sizeof(T));
    pipe.InitBuffer(bd, c.m * c.k * sizeof(T));
    pipe.InitBuffer(bsum, c.m * 32);
    pipe.InitBuffer(bmax, c.m * 32);
    pipe.InitBuffer(btmp, c.tmp_bytes);
    LocalTensor<T> x = bx.Get<T>(), g = bg.Get<T>(), dst = bd.Get<T>();
    LocalTensor<T> sum = bsum.Get<T>(), max = bmax.Get<T>();
    LocalTensor<uint8_t> tmp = btmp.Get<uint8_t>();
    if (c.same_src_dst) dst = x;
    if (c.tmp_on_src) tmp = bx.Get<uint8_t>();
    for (size_t i = 0; i < io.x.size(); ++i) {
      x.SetValue(i, FromD<T>(io.x[i]));
      g.SetValue(i, FromD<T>(io.g[i]));
    }
    SoftMaxTiling tiling;
    tiling.srcM = c.m;
    tiling.srcK = c.k;
    tiling.splitM = c.split_m != 0 ? c.split_m : c.m;
    SoftMaxShapeInfo shape{c.m, c.k, c.ori_m, c.ori_k};
    if (c.shape_by_src) {  // [m, k], originally [ori_m, ori_k]; the tiling says m x k too
      const uint32_t dims[2] = {c.m, c.k}, ori[2] = {c.ori_m, c.ori_k};
      x.SetShapeInfo(ShapeInfo(2, dims, 2, ori, DataFormat::ND));
      shape = {};
    }
    switch (form) {
      case Form::kLog: {
        LogSoftMaxTiling lt;
        lt.srcM = tiling.srcM;
        lt.srcK = tiling.srcK;
        lt.splitM = tiling.splitM;
        LogSoftMax<T>(dst, sum, max, x, tmp, lt, shape);
        break;
      }
      case Form::kGrad:
      case Form::kGradIsFront:
        if (c.with_tmp) {
          SoftmaxGrad<T>(dst, g, x, tmp, tiling, front, shape);
        } else {
          SoftmaxGrad<T>(dst, g, x, tiling, front, shape);
        }
        break;
      case Form::kGradFront:
        if (c.with_tmp) {
          SoftmaxGradFront<T>(dst, g, x, tmp, tiling, shape);
        } else {
          SoftmaxGradFront<T>(dst, g, x, tiling, shape);
        }
        break;
    }
    for (uint32_t r = 0; r < c.ori_m; ++r) {
      if (front) {
        io.dst.push_back(ToD(dst.GetValue(r * blk)));
        for (uint32_t e = 1; e < blk; ++e)
          EXPECT_EQ(ToD(dst.GetValue(r * blk + e)), io.dst.back()) << "dst block, row " << r;
        continue;
      }
      for (uint32_t j = 0; j < c.k; ++j) io.dst.push_back(ToD(dst.GetValue(r * c.k + j)));
      if (form == Form::kLog) {
        io.sum.push_back(ToD(sum.GetValue(r * blk)));
        io.max.push_back(ToD(max.GetValue(r * blk + blk - 1)));
      }
    }
  });
  if (result != nullptr) *result = lr;
  return io;
}

// CANN's numpy formulas in double over the first ori_k columns of each row.
Io Model(Form form, const Case& c, const Io& in) {
  Io w;
  for (uint32_t r = 0; r < c.ori_m; ++r) {
    const double* x = &in.x[size_t{r} * c.k];
    const double* g = &in.g[size_t{r} * c.k];
    if (form == Form::kLog) {
      double mx = -std::numeric_limits<double>::infinity(), s = 0;
      for (uint32_t j = 0; j < c.ori_k; ++j) mx = std::max(mx, x[j]);
      for (uint32_t j = 0; j < c.ori_k; ++j) s += std::exp(x[j] - mx);
      for (uint32_t j = 0; j < c.k; ++j) w.dst.push_back(std::log10(std::exp(x[j] - mx) / s));
      w.sum.push_back(s);
      w.max.push_back(mx);
      continue;
    }
    double d = 0;
    for (uint32_t j = 0; j < c.ori_k; ++j) d += g[j] * x[j];
    if (form != Form::kGrad) {
      w.dst.push_back(d);
      continue;
    }
    for (uint32_t j = 0; j < c.k; ++j) w.dst.push_back((g[j] - d) * x[j]);
  }
  return w;
}

bool Near(double got, double want, double rel) {
  return std::abs(got - want) <= rel * std::max(1.0, std::abs(want));
}

template <typename T>
void Expect(Form form, const Case& c, const std::string& what) {
  const Io io = Run<T>(form, c);
  const Io w = Model(form, c, io);
  const double tol = std::is_same_v<T, float> ? 4e-7 : 1e-3;
  ASSERT_EQ(io.dst.size(), w.dst.size()) << what;
  for (size_t i = 0; i < w.dst.size(); ++i) {
    ASSERT_TRUE(Near(io.dst[i], w.dst[i], tol))
        << what << " dst[" << i << "] got " << io.dst[i] << " want " << w.dst[i];
  }
  for (size_t r = 0; r < w.sum.size(); ++r) {
    EXPECT_TRUE(Near(io.sum[r], w.sum[r], tol)) << what << " sum row " << r;
    EXPECT_TRUE(Near(io.max[r], w.max[r], tol)) << what << " max row " << r;
  }
}

template <typename T>
void ExpectEveryForm(const std::string& type) {
  // 5 rows; float rows of 24 (3 blocks), half rows of 32 (2 blocks); the padded case leaves
  // padded columns and a padded row.
  const uint32_t k = std::is_same_v<T, float> ? 24 : 32;
  for (const Case& c : {Case{5, k, 5, k}, Case{5, k, 4, k - 5}}) {
    const std::string shape = c.ori_k != c.k ? " padded" : "";
    Expect<T>(Form::kLog, c, "LogSoftMax " + type + shape);
    for (bool with_tmp : {true, false}) {
      Case cc = c;
      cc.with_tmp = with_tmp;
      const std::string what = type + (with_tmp ? " tmp" : " stack") + shape;
      Expect<T>(Form::kGrad, cc, "SoftmaxGrad " + what);
      Expect<T>(Form::kGradIsFront, cc, "SoftmaxGrad isFront " + what);
      Expect<T>(Form::kGradFront, cc, "SoftmaxGradFront " + what);
    }
  }
  Case in_place{5, k, 5, k};
  in_place.same_src_dst = true;  // SoftmaxGrad's src and dst may be one tensor
  Expect<T>(Form::kGrad, in_place, "SoftmaxGrad in place " + type);
}

TEST(HlSoftmaxExt, EveryFormAndTypeMatchesTheModel) {
  ExpectEveryForm<float>("float");
  ExpectEveryForm<half>("half");
}

// softmaxShapeInfo {}: the shape and the original extents come from src's ShapeInfo (CANN's
// logsoftmax_base_impl.h / softmax_grad_base_impl.h), in every form.
TEST(HlSoftmaxExt, DefaultShapeInfoTakesSrcsShapeInfo) {
  Case c{5, 24, 4, 19};
  c.shape_by_src = true;
  Expect<float>(Form::kLog, c, "LogSoftMax, src's ShapeInfo");
  Expect<float>(Form::kGrad, c, "SoftmaxGrad, src's ShapeInfo");
  Expect<float>(Form::kGradIsFront, c, "SoftmaxGrad isFront, src's ShapeInfo");
  Expect<float>(Form::kGradFront, c, "SoftmaxGradFront, src's ShapeInfo");
}

TEST(HlSoftmaxExt, LogSoftMaxGivesCannsDocumentedExample) {
  // The second row of CANN's LogSoftMax example (float, [8, 8]): log10 of the softmax.
  const float row[8] = {-9, -8, -7, -6, -5, -4, -3, -2};
  const float want[8] = {-3.2391157f, -2.8048213f, -2.3705268f, -1.9362322f,
                         -1.5019379f, -1.0676433f, -0.6333489f, -0.19905435f};
  std::vector<float> got(8), sum(1), max(1);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bs, bm, bt;
    pipe.InitBuffer(bx, 32);
    pipe.InitBuffer(bd, 32);
    pipe.InitBuffer(bs, 32);
    pipe.InitBuffer(bm, 32);
    pipe.InitBuffer(bt, 1024);
    LocalTensor<float> x = bx.Get<float>(), d = bd.Get<float>();
    LocalTensor<float> s = bs.Get<float>(), m = bm.Get<float>();
    for (uint32_t j = 0; j < 8; ++j) x.SetValue(j, row[j]);
    LogSoftMaxTiling t;
    t.srcM = 1;
    t.srcK = 8;
    t.splitM = 1;
    LogSoftMax<float>(d, s, m, x, bt.Get<uint8_t>(), t, {1, 8, 1, 8});
    for (uint32_t j = 0; j < 8; ++j) got[j] = d.GetValue(j);
    sum[0] = s.GetValue(0);
    max[0] = m.GetValue(0);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  for (uint32_t j = 0; j < 8; ++j) EXPECT_NEAR(got[j], want[j], 2e-6) << j;
  EXPECT_NEAR(sum[0], 1.5814459f, 1e-6);
  EXPECT_EQ(max[0], -2.0f);
}

LaunchResult RunExpectingFault(Form form, const Case& c) {
  LaunchResult r;
  Run<float>(form, c, &r);
  return r;
}

void ExpectTmpFault(Form form, uint32_t row_bytes, const char* api) {
  // A tiling of 4 rows of 24 floats needs 4 rows of the API's work buffer.
  Case c{8, 24, 8, 24};
  c.split_m = 4;
  c.tmp_bytes = 4 * row_bytes;
  EXPECT_TRUE(RunExpectingFault(form, c).status.ok()) << api;
  c.tmp_bytes = 4 * row_bytes - 32;
  const LaunchResult r = RunExpectingFault(form, c);
  ASSERT_TRUE(r.fault.has_value()) << api;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, api);
  const std::string given = "holds " + std::to_string(4 * row_bytes - 32) + " bytes";
  const std::string need = "at least " + std::to_string(4 * row_bytes);
  EXPECT_NE(r.fault->message.find(given), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find(need), std::string::npos) << r.fault->message;
}

TEST(HlSoftmaxExt, TmpBufferBelowWhatTheTilingUsesFaults) {
  // Float rows of 24, per row: LogSoftMax 8 + 24 + 64 floats; SoftmaxGrad 16 + 24 + 64;
  // isFront (and SoftmaxGradFront) 8 + 24 + 64.
  ExpectTmpFault(Form::kLog, 96 * 4, "LogSoftMax");
  ExpectTmpFault(Form::kGrad, 104 * 4, "SoftmaxGrad");
  ExpectTmpFault(Form::kGradIsFront, 96 * 4, "SoftmaxGrad");
  ExpectTmpFault(Form::kGradFront, 96 * 4, "SoftmaxGradFront");
}

TEST(HlSoftmaxExt, BrokenCallsFault) {
  struct Bad {
    Form form;
    Case c;
    const char* text;
  };
  Case overlap{4, 24, 4, 24};
  overlap.same_src_dst = true;
  Case shared{4, 24, 4, 24};
  shared.tmp_on_src = true;
  const Bad bad[] = {
      {Form::kGrad, shared, "sharedTmpBuffer overlaps src"},
      {Form::kLog, Case{4, 20, 4, 20}, "srcK 20 is 80 bytes"},
      {Form::kGradFront, Case{4, 24, 5, 24}, "exceeds srcM x srcK 4 x 24"},
      {Form::kLog, overlap, "dst and src overlap"},
  };
  for (const Bad& b : bad) {
    const LaunchResult r = RunExpectingFault(b.form, b.c);
    ASSERT_TRUE(r.fault.has_value()) << b.text;
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
    EXPECT_NE(r.fault->message.find(b.text), std::string::npos) << r.fault->message;
  }
}

}  // namespace opsim::sim::hl_softmax_ext_test
