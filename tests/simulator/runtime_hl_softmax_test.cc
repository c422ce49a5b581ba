// The high-level SoftMax family (lib/activation/softmax.h, softmaxflashv2.h, softmaxflash.h): every
// form and type CANN documents against a double model of its formula, with padded rows and columns;
// the shape, tiling and temporary-buffer rules (faults naming the API, the bytes and the minimum).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_softmax_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

// kFlash* are SoftmaxFlashV2's forms, kFlashV1* the deprecated SoftmaxFlash's.
enum class Form {
  kSoftMax,
  kSoftMaxNoStats,
  kSimple,
  kFlash,
  kFlashUpdate,
  kFlashV1,
  kFlashV1Update
};

struct Case {
  uint32_t m, k, ori_m, ori_k;
  bool with_tmp = true;
  uint32_t tmp_bytes = 64 * 1024;
  uint32_t split_m = 0;   // the tiling's splitM; 0: all rows
  uint32_t tiling_m = 0;  // the tiling's srcM; 0: m
  // How the call gets its shape: softmaxShapeInfo, src's ShapeInfo (softmaxShapeInfo {}), or
  // neither (a fault).
  enum class ShapeBy { kArgument, kSrcShapeInfo, kNeither } shape_by = ShapeBy::kArgument;
  uint32_t src_last_dim = 0;  // kSrcShapeInfo: a last extent other than k (0: k)
};

// Inputs and outputs as doubles, row-major [m, k]; stats one value per row.
struct Io {
  std::vector<double> src, dst, sum, max, exp_max, in_sum, in_max;
};

double Input(uint32_t r, uint32_t j) { return 3.0 * std::sin(0.37 * j + 7.0 * r) + 0.5 * r; }

template <typename T, typename U>
Io Run(Form form, const Case& c, LaunchResult* result = nullptr) {
  Io io;
  io.src.resize(size_t{c.m} * c.k);
  for (uint32_t r = 0; r < c.m; ++r)
    for (uint32_t j = 0; j < c.k; ++j) io.src[size_t{r} * c.k + j] = ToD(FromD<T>(Input(r, j)));
  for (uint32_t r = 0; r < c.m; ++r) {
    io.in_max.push_back(ToD(FromD<U>(r % 2 == 0 ? 4.0 + r : -1.0)));
    io.in_sum.push_back(ToD(FromD<U>(1.5 + r)));
  }
  const uint32_t stat_n = 32 / sizeof(U);
  const LaunchResult lr = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bsum, bmax, bexp, btmp;
    pipe.InitBuffer(bs, c.m * c.k * sizeof(T));
    pipe.InitBuffer(bd, c.m * c.k * sizeof(T));
    pipe.InitBuffer(bsum, c.m * 32);
    pipe.InitBuffer(bmax, c.m * 32);
    pipe.InitBuffer(bexp, c.m * 32);
    pipe.InitBuffer(btmp, c.tmp_bytes);
    LocalTensor<T> src = bs.Get<T>(), dst = bd.Get<T>(), exp_max = bexp.Get<T>();
    LocalTensor<U> sum = bsum.Get<U>(), max = bmax.Get<U>();
    LocalTensor<uint8_t> tmp = btmp.Get<uint8_t>();
    for (size_t i = 0; i < io.src.size(); ++i) src.SetValue(i, FromD<T>(io.src[i]));
    for (uint32_t r = 0; r < c.m; ++r) {
      for (uint32_t e = 0; e < stat_n; ++e) {
        sum.SetValue(r * stat_n + e, FromD<U>(io.in_sum[r]));
        max.SetValue(r * stat_n + e, FromD<U>(io.in_max[r]));
      }
    }
    SoftMaxTiling tiling;
    tiling.srcM = c.tiling_m != 0 ? c.tiling_m : c.m;
    tiling.srcK = c.k;
    tiling.splitM = c.split_m != 0 ? c.split_m : c.m;
    SoftMaxShapeInfo shape{c.m, c.k, c.ori_m, c.ori_k};
    if (c.shape_by != Case::ShapeBy::kArgument) shape = {};
    if (c.shape_by ==
        Case::ShapeBy::kSrcShapeInfo) {  // [2, m / 2, k], originally [1, ori_m, ori_k]
      const uint32_t dims[3] = {2, c.m / 2, c.src_last_dim != 0 ? c.src_last_dim : c.k};
      const uint32_t ori[3] = {1, c.ori_m, c.ori_k};
      src.SetShapeInfo(ShapeInfo(3, dims, 3, ori, DataFormat::ND));
    }
    switch (form) {
      case Form::kSoftMax:
        if (c.with_tmp) {
          SoftMax<T>(dst, sum, max, src, tmp, tiling, shape);
        } else {
          SoftMax<T>(dst, sum, max, src, tiling, shape);
        }
        break;
      case Form::kSoftMaxNoStats:
        if (c.with_tmp) {
          SoftMax<T>(dst, src, tmp, tiling, shape);
        } else {
          SoftMax<T>(dst, src, tiling, shape);
        }
        break;
      case Form::kSimple:
        if (c.with_tmp) {
          SimpleSoftMax<T>(dst, sum, max, src, tmp, tiling, shape);
        } else {
          SimpleSoftMax<T>(dst, sum, max, src, tiling, shape);
        }
        break;
      case Form::kFlash:
      case Form::kFlashUpdate: {
        // The update reads its inputs from the outputs' tensors, as flash attention calls it.
        constexpr bool kNo = false, kYes = true;
        if (form == Form::kFlash && c.with_tmp) {
          SoftmaxFlashV2<T, kNo>(dst, sum, max, src, exp_max, sum, max, tmp, tiling, shape);
        } else if (form == Form::kFlash) {
          SoftmaxFlashV2<T, kNo>(dst, sum, max, src, exp_max, sum, max, tiling, shape);
        } else if (c.with_tmp) {
          SoftmaxFlashV2<T, kYes>(dst, sum, max, src, exp_max, sum, max, tmp, tiling, shape);
        } else {
          SoftmaxFlashV2<T, kYes>(dst, sum, max, src, exp_max, sum, max, tiling, shape);
        }
        break;
      }
      case Form::kFlashV1:
      case Form::kFlashV1Update: {
        const bool update = form == Form::kFlashV1Update;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        if (c.with_tmp) {
          SoftmaxFlash<T>(dst, sum, max, src, exp_max, sum, max, tmp, tiling, update, shape);
        } else {
          SoftmaxFlash<T>(dst, sum, max, src, exp_max, sum, max, tiling, update, shape);
        }
#pragma GCC diagnostic pop
        break;
      }
    }
    // Only what the call wrote is read back (checked mode faults on unwritten bytes).
    const uint32_t rows = c.ori_m != 0 ? c.ori_m : c.m;
    for (size_t i = 0; i < size_t{rows} * c.k; ++i) io.dst.push_back(ToD(dst.GetValue(i)));
    for (uint32_t r = 0; r < rows; ++r) {
      io.sum.push_back(ToD(sum.GetValue(r * stat_n)));
      io.max.push_back(ToD(max.GetValue(r * stat_n)));
      if (form == Form::kFlashUpdate || form == Form::kFlashV1Update)
        io.exp_max.push_back(ToD(exp_max.GetValue(r * (32 / sizeof(T)))));
      for (uint32_t e = 1; e < stat_n; ++e) {
        EXPECT_EQ(ToD(sum.GetValue(r * stat_n + e)), io.sum.back()) << "sum block, row " << r;
      }
    }
  });
  if (result != nullptr) *result = lr;
  return io;
}

// The model: CANN's numpy formula in double over the first ori_k columns of each row.
struct Want {
  std::vector<double> dst, sum, max, exp_max;
};
Want Model(Form form, const Case& c, const Io& io) {
  Want w;
  const uint32_t ori_m = c.ori_m != 0 ? c.ori_m : c.m, ori_k = c.ori_k != 0 ? c.ori_k : c.k;
  for (uint32_t r = 0; r < ori_m; ++r) {
    const double* x = &io.src[size_t{r} * c.k];
    double mx = -std::numeric_limits<double>::infinity(), s = 0, em = 0;
    if (form == Form::kSimple) {
      mx = io.in_max[r];
      s = io.in_sum[r];
    } else {
      for (uint32_t j = 0; j < ori_k; ++j) mx = std::max(mx, x[j]);
      if (form == Form::kFlashUpdate || form == Form::kFlashV1Update) {
        mx = std::max(mx, io.in_max[r]);
        em = std::exp(io.in_max[r] - mx);
        s = em * io.in_sum[r];
      }
      for (uint32_t j = 0; j < ori_k; ++j) s += std::exp(x[j] - mx);
    }
    const bool divides = form != Form::kFlash && form != Form::kFlashUpdate;
    for (uint32_t j = 0; j < c.k; ++j) {
      w.dst.push_back(divides ? std::exp(x[j] - mx) / s : std::exp(x[j] - mx));
    }
    w.sum.push_back(s);
    w.max.push_back(mx);
    // SoftmaxFlash's expMax: the share of the new sum the earlier blocks keep.
    w.exp_max.push_back(form == Form::kFlashV1Update ? em * io.in_sum[r] / s : em);
  }
  return w;
}

template <typename T, typename U>
void Expect(Form form, const Case& c, const std::string& what) {
  const Io io = Run<T, U>(form, c);
  const Want w = Model(form, c, io);
  const double tol = std::is_same_v<T, float> ? 4e-7 : 1e-3;
  const double stat_tol = std::is_same_v<U, float> ? 4e-7 : 1e-3;
  auto near = [](double got, double want, double rel) {
    return std::abs(got - want) <= rel * std::max(1.0, std::abs(want));
  };
  for (size_t i = 0; i < w.dst.size(); ++i) {
    ASSERT_TRUE(near(io.dst[i], w.dst[i], tol))
        << what << " dst[" << i << "] got " << io.dst[i] << " want " << w.dst[i];
  }
  ASSERT_EQ(io.dst.size(), w.dst.size()) << what;
  if (form == Form::kSimple || form == Form::kSoftMaxNoStats) return;
  for (size_t r = 0; r < w.sum.size(); ++r) {
    EXPECT_TRUE(near(io.sum[r], w.sum[r], stat_tol)) << what << " sum row " << r;
    EXPECT_TRUE(near(io.max[r], w.max[r], stat_tol)) << what << " max row " << r;
    if (form == Form::kFlashUpdate || form == Form::kFlashV1Update) {
      EXPECT_TRUE(near(io.exp_max[r], w.exp_max[r], tol)) << what << " expMax row " << r;
    }
  }
}

template <typename T, typename U>
void ExpectEveryForm(const std::string& type) {
  // 5 rows (not whole 8-row groups); float rows of 24 (3 blocks), half rows of 32 (2 blocks);
  // the original extents leave padded columns and a padded row.
  const uint32_t k = std::is_same_v<T, float> ? 24 : 32;
  const Case full{5, k, 5, k};
  const Case padded{5, k, 4, k - 5};
  for (const Case& c : {full, padded}) {
    for (bool with_tmp : {true, false}) {
      Case cc = c;
      cc.with_tmp = with_tmp;
      const std::string what =
          type + (with_tmp ? " tmp" : " stack") + (c.ori_k != c.k ? " padded" : "");
      Expect<T, U>(Form::kSoftMax, cc, "SoftMax " + what);
      Expect<T, U>(Form::kSimple, cc, "SimpleSoftMax " + what);
      Expect<T, U>(Form::kFlash, cc, "SoftmaxFlashV2 " + what);
      Expect<T, U>(Form::kFlashUpdate, cc, "SoftmaxFlashV2 update " + what);
      Expect<T, U>(Form::kFlashV1, cc, "SoftmaxFlash " + what);
      Expect<T, U>(Form::kFlashV1Update, cc, "SoftmaxFlash update " + what);
      if constexpr (std::is_same_v<T, U>)
        Expect<T, U>(Form::kSoftMaxNoStats, cc, "SoftMax " + what);
    }
  }
}

TEST(HlSoftmax, EveryFormAndTypeMatchesTheModel) {
  ExpectEveryForm<float, float>("float");
  ExpectEveryForm<half, half>("half");
  ExpectEveryForm<half, float>("half/float");
}

// softmaxShapeInfo {} (its default): the shape is src.GetShapeInfo()'s last axis and the product
// of the others, the original extents from its originalShape (CANN's GetLastAxisShapeND /
// GetLastAxisOriginShapeND), whatever the tiling was made for.
TEST(HlSoftmax, DefaultShapeInfoTakesSrcsShapeInfo) {
  Case c{6, 16, 6, 16};
  c.shape_by = Case::ShapeBy::kSrcShapeInfo;
  c.tiling_m = 2;  // a tiling for another shape: re-tiled, as CANN does
  Expect<float, float>(Form::kSoftMax, c, "SoftMax, src's ShapeInfo");
  Expect<float, float>(Form::kSimple, c, "SimpleSoftMax, src's ShapeInfo");
  Expect<float, float>(Form::kFlash, c, "SoftmaxFlashV2, src's ShapeInfo");
  Case padded{6, 24, 5, 19};
  padded.shape_by = Case::ShapeBy::kSrcShapeInfo;
  Expect<float, float>(Form::kSoftMax, padded, "SoftMax, src's padded ShapeInfo");
  Expect<half, float>(Form::kFlashV1Update,
                      Case{4, 32, 3, 30, true, 64 * 1024, 0, 0, Case::ShapeBy::kSrcShapeInfo},
                      "SoftmaxFlash half, src's ShapeInfo");
}

LaunchResult RunExpectingFault(Form form, const Case& c) {
  LaunchResult r;
  Run<float, float>(form, c, &r);
  return r;
}

// Neither softmaxShapeInfo nor src's ShapeInfo: CANN's GetLastAxisShapeND asserts (the chip
// would read shape[-1]); likewise a zero last extent.
TEST(HlSoftmax, NoShapeOrAZeroLastAxisFaults) {
  Case c{3, 16, 3, 16};
  c.shape_by = Case::ShapeBy::kNeither;
  for (const Form form : {Form::kSoftMax, Form::kSimple, Form::kFlashUpdate}) {
    const LaunchResult r = RunExpectingFault(form, c);
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
    EXPECT_NE(r.fault->message.find("shape has 0 dimensions"), std::string::npos)
        << r.fault->message;
  }
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, t;
    pipe.InitBuffer(b, 2048);
    pipe.InitBuffer(t, 64 * 1024);
    LocalTensor<float> x = b.Get<float>();
    const uint32_t dims[2] = {4, 0};
    x.SetShapeInfo(ShapeInfo(2, dims));
    SoftMaxTiling tiling;
    tiling.srcM = 4, tiling.srcK = 16, tiling.splitM = 4;
    SoftMax<float>(x, x, t.Get<uint8_t>(), tiling);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "SoftMax");
  EXPECT_NE(r.fault->message.find("shape[1] (the last axis, srcK) is 0"), std::string::npos)
      << r.fault->message;
}

TEST(HlSoftmax, TmpBufferBelowWhatTheTilingUsesFaults) {
  // Float rows of 24: 8 + 24 + 64 = 96 floats (384 B) per row; a tiling of 4 rows needs 1536.
  Case c{8, 24, 8, 24};
  c.split_m = 4;
  c.tmp_bytes = 1536;
  EXPECT_TRUE(RunExpectingFault(Form::kSoftMax, c).status.ok());
  c.tmp_bytes = 1536 - 32;
  LaunchResult r = RunExpectingFault(Form::kSoftMax, c);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, "SoftMax");
  EXPECT_NE(r.fault->message.find("holds 1504 bytes"), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find("at least 1536"), std::string::npos) << r.fault->message;
  // FlashV2 of float keeps no row copy: 8 + 64 = 72 floats per row.
  c.tmp_bytes = 4 * 288 - 32;
  r = RunExpectingFault(Form::kFlash, c);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "SoftmaxFlashV2");
  EXPECT_NE(r.fault->message.find("at least 1152"), std::string::npos) << r.fault->message;
  // SoftmaxFlash with update: four blocks and two float rows, 32 + 48 = 80 floats per row.
  c.tmp_bytes = 4 * 320;
  EXPECT_TRUE(RunExpectingFault(Form::kFlashV1Update, c).status.ok());
  c.tmp_bytes = 4 * 320 - 32;
  r = RunExpectingFault(Form::kFlashV1Update, c);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "SoftmaxFlash");
  EXPECT_NE(r.fault->message.find("at least 1280"), std::string::npos) << r.fault->message;
}

TEST(HlSoftmax, ATilingForAnotherShapeNeedsOneRow) {
  // A tiling made for 16 rows: the API recomputes it from the buffer it has, one row at least.
  Case c{8, 24, 8, 24};
  c.tiling_m = 16;
  c.split_m = 16;
  c.tmp_bytes = 384;
  EXPECT_TRUE(RunExpectingFault(Form::kSimple, c).status.ok());
  c.tmp_bytes = 352;
  const LaunchResult r = RunExpectingFault(Form::kSimple, c);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "SimpleSoftMax");
  EXPECT_NE(r.fault->message.find("at least 384 (one row"), std::string::npos) << r.fault->message;
}

TEST(HlSoftmax, BrokenShapesFault) {
  struct Bad {
    Case c;
    const char* text;
  };
  const Bad bad[] = {
      {Case{4, 20, 4, 20}, "srcK 20 is 80 bytes"},
      {Case{4, 24, 5, 24}, "exceeds srcM x srcK 4 x 24"},
      {Case{4, 24, 4, 32}, "exceeds srcM x srcK 4 x 24"},
  };
  for (const Bad& b : bad) {
    const LaunchResult r = RunExpectingFault(Form::kSoftMax, b.c);
    ASSERT_TRUE(r.fault.has_value()) << b.text;
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
    EXPECT_NE(r.fault->message.find(b.text), std::string::npos) << r.fault->message;
  }
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    LocalTensor<float> t = b.Get<float>();
    SoftMaxTiling tiling;  // all zero, and no shape info
    SoftMax<float>(t, t, tiling);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("shape has 0 dimensions"), std::string::npos) << r.fault->message;
}

TEST(HlSoftmax, OperandsPastTheirBufferFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bstat;
    pipe.InitBuffer(bs, 8 * 64 * 4);
    pipe.InitBuffer(bstat, 4 * 32);  // sum and max need 8 rows of 32 B
    LocalTensor<float> src = bs.Get<float>(), stat = bstat.Get<float>();
    for (uint32_t i = 0; i < 8 * 64; ++i) src.SetValue(i, 1.0f);
    SoftMaxTiling tiling;
    tiling.srcM = 8;
    tiling.srcK = 64;
    tiling.splitM = 8;
    SoftMax<float>(src, stat, stat, src, tiling, {8, 64, 8, 64});
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_EQ(r.fault->instruction, "SoftMax");
}

}  // namespace opsim::sim::hl_softmax_test
