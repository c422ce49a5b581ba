// The high-level activation APIs (lib/activation): each form and dtype against a double model
// of CANN's formula, with a tail; the temporary-buffer minimum; the host helpers' figures.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_activation_test {

using namespace AscendC;
using namespace hl_test;

double Swish(double x, double beta) { return x / (1 + std::exp(-beta * x)); }
double Gelu(double x) {
  const double pi = 3.14159265358979323846;
  return 0.5 * x * (1 + std::tanh(std::sqrt(2 / pi) * (x + 0.044715 * x * x * x)));
}

// Sigmoid and Silu of float are computed in float: within 4 ulps of the model's double value
// (docs/ASCENDC.md), Swish, FasterGelu and SwiGLU within 3, 3 and 4; half is the model's bits
// (ExpectMatches).
template <typename T>
void ExpectMatchesOrWithin(const std::vector<T>& in, const std::vector<T>& out,
                           double (*model)(double, double), const std::string& what) {
  if constexpr (!std::is_same_v<T, float>) {
    ExpectMatches<T>(in, {}, out, model, what);
  } else {
    for (uint32_t i = 0; i < kCount; ++i) {
      const double want = model(ToD(in[i]), 0.0);
      const float rounded = static_cast<float>(want);
      if (!std::isfinite(rounded) || rounded == 0) {
        EXPECT_TRUE(SameValue(out[i], rounded)) << what << " of " << in[i];
        continue;
      }
      const double ulp = std::ldexp(1.0, std::max(std::ilogb(want) - 23, -149));
      EXPECT_LT(std::fabs(out[i] - want), 4 * ulp) << what << " of " << in[i];
    }
    for (uint32_t i = kCount; i < 2 * kCount; ++i) {
      ASSERT_EQ(ToD(out[i]), ToD(FromD<T>(kSentinel))) << what << ": lane " << i;
    }
  }
}

template <typename T>
void ExpectUnaryActivations() {
  const auto in = Inputs<T>(kCount);
  double (*sig)(double, double) = [](double x, double) { return 1 / (1 + std::exp(-x)); };
  ExpectMatchesOrWithin<T>(
      in,
      RunTiles<T>(in, {}, [](const Tiles& t) { Sigmoid(As<T>(t.dst), As<T>(t.x), t.tmp, kCount); }),
      sig, "Sigmoid tmp+count");
  ExpectMatchesOrWithin<T>(
      in, RunTiles<T>(in, {}, [](const Tiles& t) { Sigmoid(As<T>(t.dst), As<T>(t.x), kCount); }),
      sig, "Sigmoid count");
  ExpectMatchesOrWithin<T>(
      in, RunTiles<T>(in, {}, [](const Tiles& t) { Sigmoid(As<T>(t.dst_n), As<T>(t.x_n), t.tmp); }),
      sig, "Sigmoid tmp");
  ExpectMatchesOrWithin<T>(
      in, RunTiles<T>(in, {}, [](const Tiles& t) { Sigmoid(As<T>(t.dst_n), As<T>(t.x_n)); }), sig,
      "Sigmoid");
  ExpectMatchesOrWithin<T>(
      in, RunTiles<T>(in, {}, [](const Tiles& t) { Silu(As<T>(t.dst), As<T>(t.x), kCount); }),
      [](double x, double) { return Swish(x, 1); }, "Silu");
  ExpectMatches<T>(
      in, {},
      RunTiles<T>(
          in, {},
          [](const Tiles& t) { Swish(As<T>(t.dst), As<T>(t.x), kCount, static_cast<T>(1.5f)); }),
      [](double x, double) { return Swish(x, 1.5); }, "Swish", 3);
  ExpectMatches<T>(
      in, {},
      RunTiles<T>(in, {},
                  [](const Tiles& t) { FasterGelu(As<T>(t.dst), As<T>(t.x), t.tmp, kCount); }),
      [](double x, double) { return Swish(x, 1.702); }, "FasterGelu", 3);
  // Gelu: the tanh form CANN documents, rewritten as x / (1 + e^-2u): equal in exact
  // arithmetic, so within a rounding of the model's.
  const auto got =
      RunTiles<T>(in, {}, [](const Tiles& t) { Gelu<T, true>(As<T>(t.dst), As<T>(t.x), kCount); });
  for (uint32_t i = 0; i < kCount; ++i) {
    const double want = Gelu(ToD(in[i]));
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(ToD(got[i]))) << i;
    } else if (!std::isinf(want)) {
      EXPECT_NEAR(ToD(got[i]), want, 2e-3 * (1 + std::fabs(want))) << "Gelu x=" << ToD(in[i]);
    }
  }
}

TEST(HlActivation, UnaryActivationsMatchTheModel) {
  ExpectUnaryActivations<float>();
  ExpectUnaryActivations<half>();
}

template <typename T>
void ExpectGlus() {
  const auto a = Inputs<T>(kCount);
  std::vector<T> b = Inputs<T>(kCount, 0.5);
  std::reverse(b.begin(), b.end());
  ExpectMatches<T>(
      a, b,
      RunTiles<T>(a, b,
                  [](const Tiles& t) {
                    SwiGLU<T>(As<T>(t.dst), As<T>(t.x), As<T>(t.y), 0.75f, t.tmp, kCount);
                  }),
      [](double x, double y) { return x * Swish(y, 0.75); }, "SwiGLU", 4);
  ExpectMatches<T>(
      a, b,
      RunTiles<T>(
          a, b, [](const Tiles& t) { SwiGLU<T>(As<T>(t.dst_n), As<T>(t.x_n), As<T>(t.y), 0.75f); }),
      [](double x, double y) { return x * Swish(y, 0.75); }, "SwiGLU, size", 4);
  ExpectMatches<T>(
      a, b,
      RunTiles<T>(
          a, b, [](const Tiles& t) { ReGlu(As<T>(t.dst), As<T>(t.x), As<T>(t.y), t.tmp, kCount); }),
      [](double x, double y) { return x * (std::isnan(y) ? y : std::fmax(y, 0.0)); }, "ReGlu");
  const auto got = RunTiles<T>(
      a, b, [](const Tiles& t) { GeGLU(As<T>(t.dst), As<T>(t.x), As<T>(t.y), t.tmp, kCount); });
  for (uint32_t i = 0; i < kCount; ++i) {
    const double want = ToD(FromD<T>(ToD(a[i]) * Gelu(ToD(b[i]))));  // overflows in half too
    if (std::isinf(want)) {
      EXPECT_EQ(ToD(got[i]), want) << "GeGLU lane " << i;
    } else if (!std::isnan(want)) {
      EXPECT_NEAR(ToD(got[i]), want, 2e-3 * (1 + std::fabs(want))) << "GeGLU lane " << i;
    }
  }
}

TEST(HlActivation, GlusGateSrc0BySrc1) {
  ExpectGlus<float>();
  ExpectGlus<half>();
}

TEST(HlActivation, TmpBufferBelowTheMinimumFaults) {
  const std::vector<float> ones(kCount, 1.0f);
  LaunchResult r;
  RunTiles<float>(
      ones, ones, [](const Tiles& t) { Gelu(As<float>(t.dst), As<float>(t.x), t.tmp, 64); }, &r,
      768);
  EXPECT_FALSE(r.fault.has_value());
  const LaunchResult bad = testing::RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bt;
    pipe.InitBuffer(bx, 4096);
    pipe.InitBuffer(bt, 1024);
    LocalTensor<half> x = bx.Get<half>();
    Duplicate(x, half(1.0f), 2048);
    SwiGLU<half>(x, x, x, 1.0f, bt.Get<uint8_t>(), 64);  // half needs 6 x 256 B
  });
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_EQ(bad.fault->instruction, "SwiGLU");
  EXPECT_NE(bad.fault->message.find("holds 1024 bytes; this call needs at least 1536"),
            std::string::npos)
      << bad.fault->message;
}

}  // namespace opsim::sim::hl_activation_test
