// The one-operand high-level APIs of half look their results up in a table built from the
// per-element computation (hl_math.cc): every one of the 2^16 half patterns, through the kernel
// API, against a double model of the API rounded to float32 and then to half, as the documented
// numerics say; and a call with a parameter (Swish's beta) does not take the table.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_half_table_test {
namespace {

using namespace AscendC;
using hl_test::FromD;
using hl_test::SameValue;
using hl_test::ToD;
using testing::RunOne;

constexpr uint32_t kChunk = 16384;  // halves per launch: 32 KiB tiles

// Runs `api` over all 2^16 patterns in chunks; returns the results by pattern.
template <typename Api>
std::vector<half> EveryPattern(Api api) {
  std::vector<half> out(uint32_t{1} << 16);
  for (uint32_t first = 0; first < out.size(); first += kChunk) {
    const LaunchResult r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> bx, bd;
      pipe.InitBuffer(bx, kChunk * 2);
      pipe.InitBuffer(bd, kChunk * 2);
      LocalTensor<half> x = bx.Get<half>(), d = bd.Get<half>();
      for (uint32_t i = 0; i < kChunk; ++i) {
        const uint16_t bits = static_cast<uint16_t>(first + i);
        std::memcpy(reinterpret_cast<uint8_t*>(x.data()) + 2 * i, &bits, 2);
      }
      detail::HostWroteUb(x.ref());
      api(d, x);
      std::memcpy(&out[first], d.data(), kChunk * 2);
    });
    EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  }
  return out;
}

template <typename Api>
void ExpectEveryPattern(const char* what, Api api, double (*model)(double)) {
  const std::vector<half> got = EveryPattern(api);
  int bad = 0;
  for (uint32_t bits = 0; bits < got.size() && bad < 5; ++bits) {
    const half x = half::FromBits(static_cast<uint16_t>(bits));
    const half want = FromD<half>(model(ToD(x)));
    if (SameValue(got[bits], want)) continue;
    ++bad;
    ADD_FAILURE() << what << " of 0x" << std::hex << bits << " (" << ToD(x) << ") is "
                  << ToD(got[bits]) << ", want " << ToD(want);
  }
}

TEST(HlHalfTable, EveryPatternMatchesTheModel) {
  ExpectEveryPattern(
      "Tanh", [](const LocalTensor<half>& d, const LocalTensor<half>& x) { Tanh(d, x, kChunk); },
      [](double x) { return std::tanh(x); });
  ExpectEveryPattern(
      "Sigmoid",
      [](const LocalTensor<half>& d, const LocalTensor<half>& x) { Sigmoid(d, x, kChunk); },
      [](double x) { return 1 / (1 + std::exp(-x)); });
  ExpectEveryPattern(
      "Lgamma",
      [](const LocalTensor<half>& d, const LocalTensor<half>& x) { Lgamma(d, x, kChunk); },
      [](double x) { return std::lgamma(x); });
}

// Swish's beta is a parameter: two betas give two results from one input (no table by API).
TEST(HlHalfTable, AParameterIsNotTabled) {
  const auto swish = [](float beta) {
    return EveryPattern([beta](const LocalTensor<half>& d, const LocalTensor<half>& x) {
      Swish(d, x, kChunk, static_cast<half>(beta));
    });
  };
  const std::vector<half> a = swish(1.0f), b = swish(2.0f);
  const half x = static_cast<half>(1.5f);
  const double want_a = 1.5 / (1 + std::exp(-1.5)), want_b = 1.5 / (1 + std::exp(-3.0));
  EXPECT_TRUE(SameValue(a[x.bits()], FromD<half>(want_a))) << ToD(a[x.bits()]);
  EXPECT_TRUE(SameValue(b[x.bits()], FromD<half>(want_b))) << ToD(b[x.bits()]);
}

}  // namespace
}  // namespace opsim::sim::hl_half_table_test
