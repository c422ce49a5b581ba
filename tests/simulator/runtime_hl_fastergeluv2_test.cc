// The high-level FasterGeluV2 (lib/activation/gelu.h): half and float, highPrecision and
// highPerformance, with and without sharedTmpBuffer, against the step-by-step model of CANN's
// sequence (each step rounded to the working type), the known values of its formula (saturation,
// signs, half's 0 / 0), its distance from the exact GELU, and the buffer rules as faults.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_geluv2_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kGvCount = 200;
constexpr uint32_t kGvTile = 1024;

float GvInput(uint32_t i) {
  const float special[] = {0.0f, 10.0f, -10.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f};
  return i < 8 ? special[i] : -5.0f + 10.0f * static_cast<float>(i - 8) / (kGvCount - 8);
}

// CANN's sequence, rounding each step with `r` and each constant with `k`.
float GvModel(float x, bool perf, const std::function<float(float)>& r) {
  auto k = [&](double v) { return r(static_cast<float>(v)); };
  float a = std::fabs(r(x * k(0.7071)));
  if (!std::isnan(a)) a = std::fmin(a, k(1.769));
  a = r(r(r(a + k(-1.769)) * r(a + k(-1.769))) * k(-0.1444));
  a = r(a + k(0.5));
  float b = r(x + k(1e-12));
  const float c = std::fabs(b);
  b = perf ? r(b * r(1.0f / c)) : r(b / c);
  return r(x * r(r(a * b) + k(0.5)));
}

struct GvResult {
  std::vector<float> out;  // as float
  LaunchResult launch;
};

template <typename T, bool kHp = false, bool kPerf = false>
GvResult RunGv(bool with_tmp, uint32_t tmp_bytes = kGvTile, bool tmp_is_src = false) {
  GvResult r;
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bt;
    pipe.InitBuffer(bd, kGvTile);
    pipe.InitBuffer(bs, kGvTile);
    pipe.InitBuffer(bt, tmp_bytes);
    LocalTensor<T> dst = bd.Get<T>(kGvCount), src = bs.Get<T>(kGvCount);
    for (uint32_t i = 0; i < kGvCount; ++i) src.data()[i] = static_cast<T>(GvInput(i));
    detail::HostWroteUb(src.ref());
    LocalTensor<uint8_t> tmp = tmp_is_src ? bs.Get<uint8_t>() : bt.Get<uint8_t>();
    if (with_tmp) {
      FasterGeluV2<T, kHp, kPerf>(dst, src, tmp, kGvCount);
    } else {
      FasterGeluV2<T, kHp, kPerf>(dst, src, kGvCount);
    }
    for (uint32_t i = 0; i < kGvCount; ++i) r.out.push_back(static_cast<float>(dst.data()[i]));
  });
  return r;
}

float GvHalfRound(float v) { return static_cast<float>(static_cast<half>(v)); }
float GvSame(float v) { return v; }

void ExpectGvModel(const GvResult& r, bool half_in, bool half_steps, bool perf,
                   const std::string& what) {
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  for (uint32_t i = 0; i < kGvCount; ++i) {
    const float x = half_in ? GvHalfRound(GvInput(i)) : GvInput(i);
    float want = GvModel(x, perf, half_steps ? GvHalfRound : GvSame);
    if (half_in) want = GvHalfRound(want);
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(r.out[i])) << what << " at x = " << x;
    } else {
      ASSERT_EQ(r.out[i], want) << what << " at x = " << x;
      ASSERT_EQ(std::signbit(r.out[i]), std::signbit(want)) << what << " sign at x = " << x;
    }
  }
}

TEST(HlFasterGeluV2, EveryTypeAndSwitchMatchesTheModel) {
  ExpectGvModel(RunGv<float>(true), false, false, false, "float");
  ExpectGvModel(RunGv<float, false, true>(false), false, false, true, "float, highPerformance");
  ExpectGvModel(RunGv<half>(true), true, true, false, "half");
  ExpectGvModel(RunGv<half, false, true>(true), true, true, true, "half, highPerformance");
  ExpectGvModel(RunGv<half, true>(false), true, false, false, "half, highPrecision");
  ExpectGvModel(RunGv<half, true, true>(true), true, false, true, "half, both");
}

TEST(HlFasterGeluV2, KnownValuesOfTheFormula) {
  const GvResult f = RunGv<float>(true);
  ASSERT_TRUE(f.launch.status.ok());
  EXPECT_EQ(f.out[0], 0.0f);   // x = 0: 0 * (...)
  EXPECT_EQ(f.out[1], 10.0f);  // saturated: x * 1
  EXPECT_EQ(f.out[2], 0.0f);   // saturated: x * 0
  EXPECT_TRUE(std::signbit(f.out[2]));
  EXPECT_TRUE(std::isnan(f.out[5]));
  // Within 0.02 of the exact GELU x * Phi(x) over [-5, 5].
  for (uint32_t i = 8; i < kGvCount; ++i) {
    const double x = GvInput(i), gelu = 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
    EXPECT_NEAR(f.out[i], gelu, 0.02) << "x = " << x;
  }
  // half: 1e-12 rounds to 0, so x = 0 divides 0 by 0.
  const GvResult h = RunGv<half>(true);
  ASSERT_TRUE(h.launch.status.ok());
  EXPECT_TRUE(std::isnan(h.out[0]));
  EXPECT_EQ(h.out[1], 10.0f);
}

TEST(HlFasterGeluV2, BufferRulesFault) {
  const GvResult small = RunGv<float>(true, 736);
  ASSERT_TRUE(small.launch.fault.has_value());
  EXPECT_EQ(small.launch.fault->instruction, "FasterGeluV2");
  EXPECT_NE(small.launch.fault->message.find("sharedTmpBuffer holds 736 bytes; it needs at least "
                                             "768"),
            std::string::npos)
      << small.launch.fault->message;
  const GvResult shared = RunGv<float>(true, kGvTile, true);
  ASSERT_TRUE(shared.launch.fault.has_value());
  EXPECT_NE(shared.launch.fault->message.find("sharedTmpBuffer overlaps src or dst"),
            std::string::npos)
      << shared.launch.fault->message;
}

}  // namespace opsim::sim::hl_geluv2_test
