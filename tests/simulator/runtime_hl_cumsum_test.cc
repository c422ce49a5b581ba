// The high-level CumSum (lib/math/cumsum.h): both axes, both types, with and without a buffer
// and the last row, against a double model; the shape and temporary-buffer faults.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_cumsum_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

constexpr CumSumConfig kLastAxis = {true, false, true};
constexpr CumSumConfig kFirstAxis = {false, false, true};
constexpr CumSumConfig kLastAxisNoRow = {true, false, false};

struct Result {
  std::vector<double> src, dst, last_row;
  LaunchResult launch;
};

// CumSum<T, config> of [outter, inner] with a buffer of tmp_bytes (0: the form without one).
template <typename T, const CumSumConfig& config>
Result RunCumSum(uint32_t outter, uint32_t inner, uint32_t tmp_bytes) {
  Result res;
  for (uint32_t i = 0; i < outter * inner; ++i) {
    res.src.push_back(ToD(FromD<T>(std::sin(0.7 * i) * 2 + 0.25)));
  }
  res.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bl, bt;
    pipe.InitBuffer(bs, 4096);
    pipe.InitBuffer(bd, 4096);
    pipe.InitBuffer(bl, 256);
    pipe.InitBuffer(bt, tmp_bytes == 0 ? 32 : tmp_bytes);
    LocalTensor<T> src = bs.Get<T>(), dst = bd.Get<T>(), last = bl.Get<T>();
    LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
    for (size_t i = 0; i < res.src.size(); ++i) src.SetValue(i, FromD<T>(res.src[i]));
    const CumSumInfo info{outter, inner};
    if (tmp_bytes != 0) {
      CumSum<T, config>(dst, last, src, tmp, info);
    } else {
      CumSum<T, config>(dst, last, src, info);
    }
    for (uint32_t i = 0; i < outter * inner; ++i) res.dst.push_back(ToD(dst.GetValue(i)));
    for (uint32_t j = 0; config.outputLastRow && j < inner; ++j) {
      res.last_row.push_back(ToD(last.GetValue(j)));
    }
  });
  return res;
}

template <typename T, const CumSumConfig& config>
void ExpectMatchesModel(uint32_t outter, uint32_t inner, uint32_t tmp_bytes,
                        const std::string& what) {
  const Result r = RunCumSum<T, config>(outter, inner, tmp_bytes);
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  std::vector<double> want = r.src;
  for (uint32_t i = 0; i < outter; ++i) {
    for (uint32_t j = 0; j < inner; ++j) {
      if (config.isLastAxis && j > 0) want[i * inner + j] += want[i * inner + j - 1];
      if (!config.isLastAxis && i > 0) want[i * inner + j] += want[(i - 1) * inner + j];
    }
  }
  // Float sums of up to 16 terms of magnitude <= 2.25: a few float ulps; half rounds once.
  const double tol = std::is_same_v<T, float> ? 1e-5 : 3e-3;
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_NEAR(r.dst[i], want[i], tol * std::max(1.0, std::abs(want[i]))) << what << " at " << i;
  }
  ASSERT_EQ(r.last_row.size(), config.outputLastRow ? inner : 0u) << what;
  for (uint32_t j = 0; j < r.last_row.size(); ++j) {
    EXPECT_EQ(r.last_row[j], r.dst[(outter - 1) * inner + j]) << what << " last row " << j;
  }
}

TEST(HlCumSum, BothAxesAndTypesMatchTheModel) {
  // 5 rows (a partial block of 16), one or two 32 B blocks per row.
  ExpectMatchesModel<float, kLastAxis>(5, 16, 2048, "float last axis tmp");
  ExpectMatchesModel<float, kLastAxis>(20, 8, 0, "float last axis");
  ExpectMatchesModel<float, kLastAxisNoRow>(5, 16, 0, "float last axis, no last row");
  ExpectMatchesModel<float, kFirstAxis>(5, 16, 32, "float first axis tmp");
  ExpectMatchesModel<float, kFirstAxis>(7, 8, 0, "float first axis");
  ExpectMatchesModel<half, kLastAxis>(5, 32, 3072, "half last axis tmp");
  ExpectMatchesModel<half, kLastAxis>(3, 16, 0, "half last axis");
  ExpectMatchesModel<half, kFirstAxis>(5, 32, 640, "half first axis tmp");
  ExpectMatchesModel<half, kFirstAxis>(6, 16, 0, "half first axis");
}

void ExpectFault(const Result& r, const std::string& text) {
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.launch.fault->instruction, "CumSum");
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

TEST(HlCumSum, TmpBelowTheMinimumFaults) {
  // Last axis, float [5, 16]: two transposes of 16 rows of 64 B.
  ExpectFault(RunCumSum<float, kLastAxis>(5, 16, 2016),
              "holds 2016 bytes; this call needs at least 2048");
  // First axis, half [5, 32]: the float sums of the whole tensor.
  ExpectFault(RunCumSum<half, kFirstAxis>(5, 32, 608),
              "holds 608 bytes; this call needs at least 640");
}

TEST(HlCumSum, BrokenShapesFault) {
  ExpectFault(RunCumSum<float, kLastAxis>(4, 12, 0), "inner 12 is 48 bytes");
  ExpectFault(RunCumSum<float, kFirstAxis>(0, 8, 0), "outter and inner must both be above 0");
}

}  // namespace opsim::sim::hl_cumsum_test
