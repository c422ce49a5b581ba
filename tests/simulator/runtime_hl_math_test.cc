// The high-level math library (lib/math): every API in every documented form and dtype against
// a double-precision scalar model (rounded to float32, then to the element type), with a tail
// (a count that is no multiple of a repeat; the lanes past it keep their value), the
// temporary-buffer minimum (one block below it faults, naming the API and both sizes) and the
// V-pipe charge per API.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_math_test {

using namespace AscendC;
using namespace hl_test;
using testing::RunOne;

// Runs one unary API in both dtypes and all four forms (tmp+count, count, tmp, none); float
// within Ulps of the model's double value (0: its bits).
#define EXPECT_UNARY_ULPS(Name, ModelExpr, Ulps)                                                   \
  do {                                                                                             \
    auto model = [](double x, double) { return ModelExpr; };                                       \
    {                                                                                              \
      const auto in = Inputs<float>(kCount);                                                       \
      ExpectMatches<float>(                                                                        \
          in, {},                                                                                  \
          RunTiles<float>(                                                                         \
              in, {},                                                                              \
              [](const Tiles& t) { Name(As<float>(t.dst), As<float>(t.x), t.tmp, kCount); }),      \
          model, #Name " float tmp+count", Ulps);                                                  \
      ExpectMatches<float>(                                                                        \
          in, {},                                                                                  \
          RunTiles<float>(in, {},                                                                  \
                          [](const Tiles& t) { Name(As<float>(t.dst), As<float>(t.x), kCount); }), \
          model, #Name " float count", Ulps);                                                      \
      ExpectMatches<float>(                                                                        \
          in, {},                                                                                  \
          RunTiles<float>(in, {},                                                                  \
                          [](const Tiles& t) { Name(As<float>(t.dst_n), As<float>(t.x_n)); }),     \
          model, #Name " float size", Ulps);                                                       \
    }                                                                                              \
    {                                                                                              \
      const auto in = Inputs<half>(kCount);                                                        \
      ExpectMatches<half>(in, {},                                                                  \
                          RunTiles<half>(in, {},                                                   \
                                         [](const Tiles& t) {                                      \
                                           Name(As<half>(t.dst), As<half>(t.x), t.tmp, kCount);    \
                                         }),                                                       \
                          model, #Name " half tmp+count");                                         \
      ExpectMatches<half>(                                                                         \
          in, {},                                                                                  \
          RunTiles<half>(in, {},                                                                   \
                         [](const Tiles& t) { Name(As<half>(t.dst), As<half>(t.x), kCount); }),    \
          model, #Name " half count");                                                             \
      ExpectMatches<half>(                                                                         \
          in, {},                                                                                  \
          RunTiles<half>(in, {},                                                                   \
                         [](const Tiles& t) { Name(As<half>(t.dst_n), As<half>(t.x_n), t.tmp); }), \
          model, #Name " half tmp, size");                                                         \
    }                                                                                              \
  } while (0)
#define EXPECT_UNARY(Name, ModelExpr) EXPECT_UNARY_ULPS(Name, ModelExpr, 0)

TEST(HlMath, TrigAndHyperbolicMatchTheModel) {
  EXPECT_UNARY_ULPS(Tanh, std::tanh(x), 2);  // float: computed in float (docs/ASCENDC.md)
  EXPECT_UNARY_ULPS(Sin, std::sin(x), 1);    // float: computed in float
  EXPECT_UNARY_ULPS(Cos, std::cos(x), 1);
  EXPECT_UNARY_ULPS(Tan, std::tan(x), 1);
  EXPECT_UNARY_ULPS(Asin, std::asin(x), 1);
  EXPECT_UNARY_ULPS(Acos, std::acos(x), 1);
  EXPECT_UNARY_ULPS(Atan, std::atan(x), 2);
  EXPECT_UNARY_ULPS(Sinh, std::sinh(x), 2);
  EXPECT_UNARY_ULPS(Cosh, std::cosh(x), 2);
  EXPECT_UNARY_ULPS(Asinh, std::asinh(x), 1);
  EXPECT_UNARY_ULPS(Acosh, std::acosh(x), 1);
  EXPECT_UNARY_ULPS(Atanh, std::atanh(x), 1);
}

TEST(HlMath, ErfLogRoundingAndGammaMatchTheModel) {
  EXPECT_UNARY_ULPS(Erf, std::erf(x), 2);  // float: computed in float
  EXPECT_UNARY_ULPS(Erfc, std::erfc(x), 4);
  EXPECT_UNARY_ULPS(Log2, std::log2(x), 1);
  EXPECT_UNARY(Floor, std::floor(x));
  EXPECT_UNARY(Ceil, std::ceil(x));
  EXPECT_UNARY(Round, std::nearbyint(x));
  EXPECT_UNARY(Trunc, std::trunc(x));
  EXPECT_UNARY(Frac, x - std::trunc(x));
  EXPECT_UNARY(Sign, x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0));
  EXPECT_UNARY(Lgamma, std::lgamma(x));
}

TEST(HlMath, RoundIsTiesToEvenAndFracKeepsTheSign) {
  const std::vector<float> in = {2.5f, 3.5f, -2.5f, -0.5f, 1.5f, -258.41888f, 5592.625f};
  std::vector<float> a(kCount, 0.0f);
  std::copy(in.begin(), in.end(), a.begin());
  const auto r = RunTiles<float>(
      a, {}, [](const Tiles& t) { Round(As<float>(t.dst), As<float>(t.x), t.tmp, kCount); });
  EXPECT_EQ(r[0], 2.0f);
  EXPECT_EQ(r[1], 4.0f);
  EXPECT_EQ(r[2], -2.0f);
  EXPECT_EQ(r[4], 2.0f);
  const auto f = RunTiles<float>(
      a, {}, [](const Tiles& t) { Frac(As<float>(t.dst), As<float>(t.x), t.tmp, kCount); });
  EXPECT_NEAR(f[5], -0.41888428f, 1e-5f);  // CANN's documented examples
  EXPECT_EQ(f[6], 0.625f);
}

TEST(HlMath, LogAndLog10HaveNoTmpFormsAndMatch) {
  auto ln = [](double x, double) { return std::log(x); };
  auto lg = [](double x, double) { return std::log10(x); };
  const auto in = Inputs<float>(kCount, 0.9);
  ExpectMatches<float>(
      in, {},
      RunTiles<float>(in, {},
                      [](const Tiles& t) { Log(As<float>(t.dst), As<float>(t.x), kCount); }),
      ln, "Log float", 1);
  const auto hin = Inputs<half>(kCount, 0.9);
  ExpectMatches<half>(
      hin, {},
      RunTiles<half>(hin, {},
                     [](const Tiles& t) { Log10(As<half>(t.dst), As<half>(t.x), kCount); }),
      lg, "Log10 half");
}

TEST(HlMath, HighLevelExpTakesTaylorLevelAndHalf) {
  auto e = [](double x, double) { return std::exp(x); };
  const auto hin = Inputs<half>(kCount);
  ExpectMatches<half>(hin, {},
                      RunTiles<half>(hin, {},
                                     [](const Tiles& t) {
                                       Exp<half, 15, false>(As<half>(t.dst), As<half>(t.x), t.tmp,
                                                            kCount);
                                     }),
                      e, "Exp<half, 15>");
  // float is computed in float: within 1 ulp of the exact value (docs/ASCENDC.md).
  const auto in = Inputs<float>(kCount);
  const auto out = RunTiles<float>(in, {}, [](const Tiles& t) {
    Exp<float, 0, true>(As<float>(t.dst), As<float>(t.x), kCount);
  });
  for (uint32_t i = 0; i < kCount; ++i) {
    const double want = std::exp(static_cast<double>(in[i]));
    const float rounded = static_cast<float>(want);
    if (!std::isfinite(rounded) || rounded == 0) {
      EXPECT_TRUE(SameValue(out[i], rounded)) << "Exp<float> of " << in[i];
      continue;
    }
    EXPECT_LT(std::abs(out[i] - want), std::ldexp(1.0, std::ilogb(want) - 23))
        << "Exp<float> of " << in[i];
  }
}

TEST(HlMath, DigammaMatchesKnownValuesAndItsRecurrence) {
  std::vector<float> a(kCount);
  for (uint32_t i = 0; i < kCount; ++i) a[i] = 0.25f + 0.5f * static_cast<float>(i);
  a[0] = 1.0f;
  a[1] = 0.5f;
  a[2] = 10.0f;
  a[3] = -0.5f;
  a[4] = -2.0f;
  const auto r = RunTiles<float>(
      a, {}, [](const Tiles& t) { Digamma(As<float>(t.dst), As<float>(t.x), t.tmp, kCount); });
  EXPECT_NEAR(r[0], -0.5772156649, 1e-6);  // -Euler's gamma
  EXPECT_NEAR(r[1], -1.9635100260, 1e-6);
  EXPECT_NEAR(r[2], 2.2517525891, 1e-6);
  EXPECT_NEAR(r[3], 0.03648997397, 1e-6);
  EXPECT_TRUE(std::isnan(r[4]));  // a pole
  // psi(x + 1) = psi(x) + 1/x along the sweep (x = 0.25 + 0.5 i: lanes i and i + 2).
  for (uint32_t i = 5; i + 2 < kCount; ++i) {
    EXPECT_NEAR(r[i + 2], r[i] + 1.0 / a[i], 2e-5 * (1 + std::fabs(r[i]))) << "x=" << a[i];
  }
}

TEST(HlMath, TwoOperandAndScalarFormsMatch) {
  const auto a = Inputs<float>(kCount);
  std::vector<float> b(kCount);
  for (uint32_t i = 0; i < kCount; ++i) b[i] = 0.75f + 0.125f * static_cast<float>(i % 9);
  auto pow_tt = [](double x, double y) { return std::pow(x, y); };
  ExpectMatches<float>(a, b,
                       RunTiles<float>(a, b,
                                       [](const Tiles& t) {
                                         Power(As<float>(t.dst), As<float>(t.x), As<float>(t.y),
                                               t.tmp, kCount);
                                       }),
                       pow_tt, "Power tensor-tensor", 1);  // float: computed in float
  auto fmod = [](double x, double y) { return x - std::trunc(x / y) * y; };
  const auto ha = Inputs<half>(kCount);
  std::vector<half> hb(b.begin(), b.end());
  ExpectMatches<half>(ha, hb,
                      RunTiles<half>(ha, hb,
                                     [](const Tiles& t) {
                                       Fmod(As<half>(t.dst), As<half>(t.x), As<half>(t.y), t.tmp,
                                            kCount);
                                     }),
                      fmod, "Fmod half");
  ExpectMatches<float>(
      a, {},
      RunTiles<float>(
          a, {}, [](const Tiles& t) { Power(As<float>(t.dst), As<float>(t.x), 3.0f, kCount); }),
      [](double x, double) { return std::pow(x, 3.0); }, "Power x^3", 1);
  ExpectMatches<half>(
      ha, {},
      RunTiles<half>(
          ha, {},
          [](const Tiles& t) { Power(As<half>(t.dst), half(2.0f), As<half>(t.x), t.tmp, kCount); }),
      [](double x, double) { return std::pow(2.0, x); }, "Power 2^x");
  ExpectMatches<float>(
      a, {},
      RunTiles<float>(
          a, {},
          [](const Tiles& t) { ClampMax(As<float>(t.dst), As<float>(t.x), t.tmp, 1.5f, kCount); }),
      [](double x, double) { return std::isnan(x) ? x : std::fmin(x, 1.5); }, "ClampMax");
  ExpectMatches<half>(
      ha, {},
      RunTiles<half>(
          ha, {},
          [](const Tiles& t) { ClampMin(As<half>(t.dst), As<half>(t.x), half(-1.0f), kCount); }),
      [](double x, double) { return std::isnan(x) ? x : std::fmax(x, -1.0); }, "ClampMin");
  ExpectMatches<float>(
      a, b,
      RunTiles<float>(
          a, b,
          [](const Tiles& t) { Power(As<float>(t.dst_n), As<float>(t.x_n), As<float>(t.y)); }),
      pow_tt, "Power tensor-tensor, size", 1);
  const std::vector<float> ex_a(kCount, -3.0f), ex_b(kCount, 1.1f);  // CANN's example: -0.8
  const auto ex = RunTiles<float>(ex_a, ex_b, [](const Tiles& t) {
    Fmod(As<float>(t.dst), As<float>(t.x), As<float>(t.y), kCount);
  });
  EXPECT_NEAR(ex[0], -0.8f, 1e-6f);
}

TEST(HlMath, PowerOnInt32AndXorOnInt16AreExact) {
  std::vector<int32_t> a(kCount), b(kCount);
  for (uint32_t i = 0; i < kCount; ++i) {
    a[i] = static_cast<int32_t>(i % 11) - 5;
    b[i] = static_cast<int32_t>(i % 7) - 1;
  }
  std::vector<int32_t> out(kCount);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4 * kTile);
    LocalTensor<int32_t> all = buf.Get<int32_t>();
    LocalTensor<int32_t> x = all, y = all[kTile / 4], d = all[2 * kTile / 4];
    LocalTensor<uint8_t> tmp = all[3 * kTile / 4].ReinterpretCast<uint8_t>();
    std::memcpy(x.data(), a.data(), kCount * 4);
    std::memcpy(y.data(), b.data(), kCount * 4);
    detail::HostWroteUb(all.ref());
    Power(d, x, y, tmp, kCount);
    std::memcpy(out.data(), d.data(), kCount * 4);
    LocalTensor<int16_t> h = all.ReinterpretCast<int16_t>();
    Xor(h[4 * kTile / 2 - 2 * kCount], h, h[kTile / 2], tmp, kCount);
    for (uint32_t i = 0; i < kCount; ++i) {
      const int16_t want = static_cast<int16_t>(h.GetValue(i) ^ h.GetValue(kTile / 2 + i));
      EXPECT_EQ(h.GetValue(4 * kTile / 2 - 2 * kCount + i), want);
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kCount; ++i) {
    int64_t want = 1;
    if (b[i] < 0) {
      want = a[i] == 1 ? 1 : (a[i] == -1 ? (b[i] % 2 == 0 ? 1 : -1) : 0);
    } else {
      for (int32_t k = 0; k < b[i]; ++k) want *= a[i];
    }
    EXPECT_EQ(out[i], want) << a[i] << "^" << b[i];
  }
}

TEST(HlMath, AxpyMixedHalfIntoFloat) {
  const auto s = Inputs<half>(kCount);
  std::vector<float> d(kCount, 0.25f);
  std::vector<float> out(kCount);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, kTile);
    pipe.InitBuffer(bd, kTile);
    pipe.InitBuffer(bt, 1024);
    LocalTensor<half> src = bs.Get<half>();
    LocalTensor<float> dst = bd.Get<float>();
    std::memcpy(src.data(), s.data(), kCount * 2);
    std::memcpy(dst.data(), d.data(), kCount * 4);
    detail::HostWroteUb(src.ref());
    detail::HostWroteUb(dst.ref());
    Axpy(dst, src, half(1.5f), bt.Get<uint8_t>(), kCount);
    std::memcpy(out.data(), dst.data(), kCount * 4);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kCount; ++i) {
    const float want = static_cast<float>(0.25 + ToD(s[i]) * 1.5);
    EXPECT_TRUE(SameValue(out[i], want)) << i;
  }
}

// One 32 B block below the minimum faults, naming the API, the size and the minimum; the
// minimum itself runs.
TEST(HlMath, TmpBufferBelowTheMinimumFaults) {
  struct Case {
    const char* api;
    uint32_t min;
    void (*call)(const Tiles&);
  };
  const Case cases[] = {
      {"Tanh", 1024, [](const Tiles& t) { Tanh(As<half>(t.dst), As<half>(t.x), t.tmp, 64); }},
      {"Sin", 768, [](const Tiles& t) { Sin(As<float>(t.dst), As<float>(t.x), t.tmp, 64); }},
      {"Sin", 512,
       [](const Tiles& t) { Sin<float, true>(As<float>(t.dst), As<float>(t.x), t.tmp, 64); }},
      {"Erfc", 4096, [](const Tiles& t) { Erfc(As<half>(t.dst), As<half>(t.x), t.tmp, 64); }},
      {"Power", 1536,
       [](const Tiles& t) { Power(As<float>(t.dst), As<float>(t.x), 2.0f, t.tmp, 64); }},
      {"Power", 2048,
       [](const Tiles& t) { Power(As<half>(t.dst), As<half>(t.x), As<half>(t.y), t.tmp, 64); }},
      {"ClampMax", 128,
       [](const Tiles& t) { ClampMax(As<half>(t.dst), As<half>(t.x), t.tmp, half(1), 64); }},
  };
  const std::vector<float> zeros(kCount, 0.5f);
  for (const Case& c : cases) {
    RunTiles<float>(zeros, zeros, c.call, nullptr, c.min);  // exactly the minimum: runs
    LaunchResult r;
    const uint32_t small = c.min - 32;
    r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> bx, bd, bt;
      pipe.InitBuffer(bx, kTile);
      pipe.InitBuffer(bd, kTile);
      pipe.InitBuffer(bt, small);
      Tiles t{bx.Get<uint8_t>(), bx.Get<uint8_t>(), bd.Get<uint8_t>(), bt.Get<uint8_t>(), {}, {}};
      Duplicate(As<float>(t.x), 0.5f, kTile / 4);
      c.call(t);
    });
    ASSERT_TRUE(r.fault.has_value()) << c.api << " " << c.min;
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
    EXPECT_EQ(r.fault->instruction, c.api);
    EXPECT_NE(r.fault->message.find("holds " + std::to_string(small) + " bytes"), std::string::npos)
        << r.fault->message;
    EXPECT_NE(r.fault->message.find("at least " + std::to_string(c.min)), std::string::npos)
        << r.fault->message;
  }
}

// Where the type needs no buffer (Log2 and Floor of float, Axpy of float), the chip never
// touches the one passed: an empty tensor there is no fault.
TEST(HlMath, AnUnusedTmpBufferMayBeEmpty) {
  const auto in = Inputs<float>(kCount, 0.9);
  const auto out = RunTiles<float>(in, {}, [](const Tiles& t) {
    Log2(As<float>(t.dst), As<float>(t.x), LocalTensor<uint8_t>(), kCount);
    Floor(As<float>(t.dst), As<float>(t.dst), LocalTensor<uint8_t>(), kCount);
  });
  ExpectMatches<float>(
      in, {}, out, [](double x, double) { return std::floor(std::log2(x)); }, "Floor(Log2)");
}

TEST(HlMath, OperandsAreBoundsCheckedAndChargedPerPass) {
  const auto in = Inputs<float>(kCount);
  LaunchResult floor_run, lgamma_run;
  RunTiles<float>(
      in, {}, [](const Tiles& t) { Floor(As<float>(t.dst), As<float>(t.x), 64); }, &floor_run);
  RunTiles<float>(
      in, {}, [](const Tiles& t) { Lgamma(As<float>(t.dst), As<float>(t.x), 64); }, &lgamma_run);
  const auto v = static_cast<size_t>(Pipe::kV);
  // Floor is one pass over one repeat, Lgamma's estimate 60 (docs/ASCENDC.md).
  EXPECT_GT(lgamma_run.stats.pipes[v].busy_ns, 30 * floor_run.stats.pipes[v].busy_ns);
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    LocalTensor<float> t = b.Get<float>();
    Duplicate(t, 1.0f, 64);
    Tanh(t, t, 65);  // one element past the buffer
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_EQ(r.fault->instruction, "Tanh");
}

}  // namespace opsim::sim::hl_math_test
