// The high-level BatchNorm (lib/normalization/batchnorm.h): both forms and types against a double
// model of CANN's formulas (statistics over the first axis, gamm and beta per row), in place, and
// the tiling and temporary-buffer faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_batchnorm_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

constexpr uint32_t kB = 4, kSh = 32, kSize = kB * kSh;

BatchNormTiling BnTiling(uint32_t type_bytes) {
  BatchNormTiling t;
  t.originalBLength = kB;
  t.meanVarSize = kSh;
  t.oneTmpSize = kSize;
  t.firstTmpStartPos = type_bytes == 2 ? 2 * kSh : 0;
  t.firstDimValueBack = 1.0f / kB;
  return t;
}
uint32_t WorkBytes(uint32_t type_bytes) {
  return (BnTiling(type_bytes).firstTmpStartPos + 3 * kSize) * 4;
}

struct Out {
  std::vector<double> src, gamma, beta, dst, mean, var;
  LaunchResult launch;
};

template <typename T, bool isBasicBlock = false>
Out RunBatchNorm(uint32_t tmp_bytes, BatchNormTiling tiling, bool in_place = false) {
  Out o;
  for (uint32_t i = 0; i < kSize; ++i) {
    o.src.push_back(ToD(FromD<T>(2.5 * std::sin(0.41 * i) + 0.3 * (i / kSh))));
  }
  for (uint32_t r = 0; r < kB; ++r) {
    o.gamma.push_back(ToD(FromD<T>(0.8 + 0.15 * r)));
    o.beta.push_back(ToD(FromD<T>(0.2 * r - 0.3)));
  }
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bp, bm, bv, bt;
    pipe.InitBuffer(bx, kSize * sizeof(T));
    pipe.InitBuffer(bd, kSize * sizeof(T));
    pipe.InitBuffer(bp, 128);
    pipe.InitBuffer(bm, kSh * sizeof(T));
    pipe.InitBuffer(bv, kSh * sizeof(T));
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<T> x = bx.Get<T>(), p = bp.Get<T>(), m = bm.Get<T>(), v = bv.Get<T>();
    LocalTensor<T> d = in_place ? x : bd.Get<T>();
    for (uint32_t i = 0; i < kSize; ++i) x.SetValue(i, FromD<T>(o.src[i]));
    for (uint32_t r = 0; r < kB; ++r) {
      p.SetValue(r, FromD<T>(o.gamma[r]));
      p.SetValue(16 + r, FromD<T>(o.beta[r]));
    }
    const T eps = FromD<T>(1e-5);
    if (tmp_bytes != 0) {
      BatchNorm<T, false, isBasicBlock>(d, m, v, x, p, p[16], bt.Get<uint8_t>(), eps, tiling);
    } else {
      BatchNorm<T, false, isBasicBlock>(d, m, v, x, p, p[16], eps, tiling);
    }
    for (uint32_t i = 0; i < kSize; ++i) o.dst.push_back(ToD(d.GetValue(i)));
    for (uint32_t i = 0; i < kSh; ++i) {
      o.mean.push_back(ToD(m.GetValue(i)));
      o.var.push_back(ToD(v.GetValue(i)));
    }
  });
  return o;
}

template <typename T>
void ExpectMatchesModel(uint32_t tmp_bytes, bool in_place, const std::string& what) {
  const Out o = RunBatchNorm<T>(tmp_bytes, BnTiling(sizeof(T)), in_place);
  ASSERT_TRUE(o.launch.status.ok()) << what << ": " << o.launch.status.ToString();
  const double tol = std::is_same_v<T, float> ? 1e-6 : 2e-3, eps = ToD(FromD<T>(1e-5));
  for (uint32_t i = 0; i < kSh; ++i) {
    double mean = 0, var = 0;
    for (uint32_t r = 0; r < kB; ++r) mean += o.src[r * kSh + i];
    mean /= kB;
    for (uint32_t r = 0; r < kB; ++r) var += std::pow(o.src[r * kSh + i] - mean, 2);
    var /= kB;
    EXPECT_NEAR(o.mean[i], mean, tol * std::max(1.0, std::abs(mean))) << what << " mean " << i;
    EXPECT_NEAR(o.var[i], var, tol * std::max(1.0, var)) << what << " variance " << i;
    for (uint32_t r = 0; r < kB; ++r) {
      const double want =
          (o.src[r * kSh + i] - mean) / std::sqrt(var + eps) * o.gamma[r] + o.beta[r];
      ASSERT_NEAR(o.dst[r * kSh + i], want, tol * std::max(1.0, std::abs(want)))
          << what << " row " << r << " column " << i;
    }
  }
}

TEST(HlBatchNorm, EveryFormAndTypeMatchesTheModel) {
  ExpectMatchesModel<float>(WorkBytes(4), false, "float tmp");
  ExpectMatchesModel<float>(0, false, "float");
  ExpectMatchesModel<half>(WorkBytes(2), false, "half tmp");
  ExpectMatchesModel<half>(0, false, "half");
  ExpectMatchesModel<float>(WorkBytes(4), true, "float in place");  // CANN allows x == output
  ExpectMatchesModel<half>(0, true, "half in place");
}

void ExpectFault(const LaunchResult& r, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, "BatchNorm");
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(HlBatchNorm, FaultsAsTheChipsChecksDo) {
  ExpectFault(RunBatchNorm<half>(WorkBytes(2) - 32, BnTiling(2)).launch,
              "holds 1760 bytes; the tiling's pieces need at least 1792");
  ExpectFault(RunBatchNorm<float>(0, BatchNormTiling{}).launch, "holds no work");
  BatchNormTiling odd = BnTiling(2);
  odd.meanVarSize = 24;  // 48 bytes of half
  ExpectFault(RunBatchNorm<half>(0, odd).launch, "meanVarSize 24) is 48 bytes");
  ExpectFault(RunBatchNorm<float, true>(0, BnTiling(4)).launch,
              "isBasicBlock needs S * H a multiple of 64 (it is 32)");
}

}  // namespace opsim::sim::hl_batchnorm_test
