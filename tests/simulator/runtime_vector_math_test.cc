// Math, activation, logic and shift instructions (count and level-0 forms) against scalar
// models, in the dtypes Ascend C documents for each; Cast through the AscendC API in every
// RoundMode.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

// Runs `body(x, y)` on two 8 KiB UB tensors, x preloaded with `in`; returns y's first n.
template <typename T, typename U = T, typename F>
std::vector<U> RunOnTile(const std::vector<T>& in, size_t n, F&& body) {
  std::vector<U> out(n);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 8192);
    pipe.InitBuffer(b, 8192);
    LocalTensor<T> x = a.Get<T>();
    LocalTensor<U> y = b.Get<U>();
    std::memcpy(static_cast<void*>(x.data()), in.data(), in.size() * sizeof(T));
    detail::HostWroteUb(x.ref());  // filled from the host
    std::memset(static_cast<void*>(y.data()), 0, 8192);
    detail::HostWroteUb(y.ref());  // filled from the host
    body(x, y);
    std::memcpy(static_cast<void*>(out.data()), y.data(), n * sizeof(U));
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return out;
}

double ToDouble(float v) { return v; }
double ToDouble(half v) { return static_cast<float>(v); }

// Distance in units in the last place of T (ordered bit patterns); NaN == NaN.
template <typename T>
int64_t UlpDistance(T a, T b) {
  const double da = ToDouble(a), db = ToDouble(b);
  if (std::isnan(da) && std::isnan(db)) return 0;
  if (std::isnan(da) || std::isnan(db)) return std::numeric_limits<int64_t>::max();
  auto ordered = [](T v) {
    int64_t bits = 0;
    if constexpr (sizeof(T) == 4) {
      int32_t i;
      std::memcpy(&i, &v, 4);
      bits = i < 0 ? -static_cast<int64_t>(i & 0x7FFFFFFF) : i;
    } else {
      int16_t i;
      std::memcpy(&i, &v, 2);
      bits = i < 0 ? -static_cast<int64_t>(i & 0x7FFF) : i;
    }
    return bits;
  };
  const int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

template <typename T>
T FromDouble(long double v) {
  // The model: the exact value rounded to float32 (the chip's datapath), then to T.
  return static_cast<T>(static_cast<float>(v));
}

// Inputs spanning the op's domain: negatives, zero, tiny, large, inf and NaN.
template <typename T>
std::vector<T> MathInputs(size_t n) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    const double t = (static_cast<double>(i) - n / 2.0) / (n / 16.0);  // [-8, 8)
    v[i] = static_cast<T>(static_cast<float>(t * std::fabs(t)));       // [-64, 64)
  }
  v[0] = static_cast<T>(0.0f);
  v[1] = static_cast<T>(std::numeric_limits<float>::infinity());
  v[2] = static_cast<T>(-std::numeric_limits<float>::infinity());
  v[3] = static_cast<T>(std::nanf(""));
  v[4] = static_cast<T>(1e-3f);
  v[5] = static_cast<T>(-0.0f);
  return v;
}

template <typename T>
void CheckMathOp(const char* name,
                 void (*op)(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&),
                 long double (*model)(long double)) {
  constexpr size_t kN = 1000;
  const std::vector<T> in = MathInputs<T>(kN);
  const std::vector<T> out = RunOnTile<T>(
      in, kN, [&](LocalTensor<T>& x, LocalTensor<T>& y) { op(y, x, static_cast<int32_t>(kN)); });
  for (size_t i = 0; i < kN; ++i) {
    const T want = FromDouble<T>(model(static_cast<long double>(ToDouble(in[i]))));
    EXPECT_LE(UlpDistance(out[i], want), 1)
        << name << "(" << ToDouble(in[i]) << ") = " << ToDouble(out[i]) << ", want "
        << ToDouble(want);
  }
}

long double ModelExp(long double x) { return std::exp(x); }
long double ModelLn(long double x) { return std::log(x); }
long double ModelSqrt(long double x) { return std::sqrt(x); }
long double ModelRsqrt(long double x) { return 1.0L / std::sqrt(x); }
long double ModelReciprocal(long double x) { return 1.0L / x; }

template <typename T>
void CheckAllMath() {
  CheckMathOp<T>("Exp", &Exp<T>, ModelExp);
  CheckMathOp<T>("Ln", &Ln<T>, ModelLn);
  CheckMathOp<T>("Sqrt", &Sqrt<T>, ModelSqrt);
  CheckMathOp<T>("Rsqrt", &Rsqrt<T>, ModelRsqrt);
  CheckMathOp<T>("Reciprocal", &Reciprocal<T>, ModelReciprocal);
}

TEST(VectorMath, ExpLnSqrtRsqrtReciprocalWithinOneUlpFloat) { CheckAllMath<float>(); }
TEST(VectorMath, ExpLnSqrtRsqrtReciprocalWithinOneUlpHalf) { CheckAllMath<half>(); }

TEST(VectorMath, ExpSpecialValuesAreExact) {
  const std::vector<float> in = {0.0f, 1.0f, -INFINITY, INFINITY, 100.0f, -200.0f};
  const auto out = RunOnTile<float>(in, 6, [](auto& x, auto& y) { Exp(y, x, 6); });
  EXPECT_EQ(out[0], 1.0f);
  EXPECT_EQ(out[1], static_cast<float>(std::exp(1.0)));
  EXPECT_EQ(out[2], 0.0f);
  EXPECT_EQ(out[3], INFINITY);
  EXPECT_EQ(out[4], INFINITY);  // overflow
  EXPECT_EQ(out[5], 0.0f);      // underflow
}

template <typename T>
void CheckRelu() {
  const std::vector<T> in = MathInputs<T>(256);
  const auto relu = RunOnTile<T>(in, 256, [](auto& x, auto& y) { Relu(y, x, 256); });
  const auto leaky = RunOnTile<T>(in, 256, [](auto& x, auto& y) { LeakyRelu(y, x, 0.125f, 256); });
  for (size_t i = 0; i < 256; ++i) {
    const double x = ToDouble(in[i]);
    const double want_relu = std::isnan(x) ? x : (x > 0 ? x : 0.0);
    if (std::isnan(x)) {
      EXPECT_TRUE(std::isnan(ToDouble(relu[i])));
      EXPECT_TRUE(std::isnan(ToDouble(leaky[i])));
      continue;
    }
    EXPECT_EQ(ToDouble(relu[i]), want_relu) << x;
    const T want_leaky = x < 0 ? static_cast<T>(static_cast<float>(x) * 0.125f) : in[i];
    EXPECT_EQ(ToDouble(leaky[i]), ToDouble(want_leaky)) << x;
  }
}

TEST(VectorMath, ReluAndLeakyReluFloatAndHalf) {
  CheckRelu<float>();
  CheckRelu<half>();
}

TEST(VectorMath, ReluInt32) {
  std::vector<int32_t> in = {
      -5, 0, 7, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), -1, 1, 3};
  const auto out = RunOnTile<int32_t>(in, 8, [](auto& x, auto& y) { Relu(y, x, 8); });
  for (size_t i = 0; i < in.size(); ++i) EXPECT_EQ(out[i], in[i] > 0 ? in[i] : 0);
}

template <typename T, bool kWithNot = true>
void CheckLogic() {
  std::vector<T> in(128);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<T>(i * 2654435761u);
  std::vector<T> not_out(64);
  if constexpr (kWithNot) {
    not_out = RunOnTile<T>(in, 64, [](auto& x, auto& y) { Not(y, x, 64); });
  }
  const auto and_out = RunOnTile<T>(in, 64, [](auto& x, auto& y) { And(y, x, x[64], 64); });
  const auto or_out = RunOnTile<T>(in, 64, [](auto& x, auto& y) { Or(y, x, x[64], 64); });
  for (size_t i = 0; i < 64; ++i) {
    if (kWithNot) {
      EXPECT_EQ(not_out[i], static_cast<T>(~in[i]));
    }
    EXPECT_EQ(and_out[i], static_cast<T>(in[i] & in[i + 64]));
    EXPECT_EQ(or_out[i], static_cast<T>(in[i] | in[i + 64]));
  }
}

// The 910B's count-form And/Or also take 32-bit integers (as 16-bit lanes); its Not does not.
TEST(VectorMath, NotAndOrInt16Uint16AndOrInt32) {
  CheckLogic<int16_t>();
  CheckLogic<uint16_t>();
  CheckLogic<int32_t, false>();
}

template <typename T>
void CheckShift() {
  using U = std::make_unsigned_t<T>;
  std::vector<T> in(64);
  for (size_t i = 0; i < in.size(); ++i) {
    in[i] = static_cast<T>(static_cast<U>(i * 0x9E3779B9u));
  }
  constexpr int kBits = sizeof(T) * 8;
  for (const int s : {0, 1, 3, kBits - 1, kBits, kBits + 5}) {
    const auto l =
        RunOnTile<T>(in, 64, [&](auto& x, auto& y) { ShiftLeft(y, x, static_cast<T>(s), 64); });
    const auto r =
        RunOnTile<T>(in, 64, [&](auto& x, auto& y) { ShiftRight(y, x, static_cast<T>(s), 64); });
    for (size_t i = 0; i < 64; ++i) {
      const U bits = static_cast<U>(in[i]);
      const T want_l = s >= kBits ? T(0) : static_cast<T>(static_cast<U>(bits << s));
      T want_r;
      if (std::is_signed_v<T>) {
        // Arithmetic: floor division by 2^s.
        const long double q =
            std::floor(static_cast<long double>(in[i]) / std::ldexp(1.0L, std::min(s, kBits)));
        want_r = s >= kBits ? T(in[i] < 0 ? -1 : 0) : static_cast<T>(q);
      } else {
        want_r = s >= kBits ? T(0) : static_cast<T>(bits >> s);
      }
      EXPECT_EQ(l[i], want_l) << "shift " << s << " of " << +in[i];
      EXPECT_EQ(r[i], want_r) << "shift " << s << " of " << +in[i];
    }
  }
}

TEST(VectorMath, ShiftLeftRightInt16Uint16Int32Uint32) {
  CheckShift<int16_t>();
  CheckShift<uint16_t>();
  CheckShift<int32_t>();
  CheckShift<uint32_t>();
}

TEST(VectorMath, NegativeCountIsAFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 256);
    LocalTensor<float> x = a.Get<float>();
    Exp(x, x, -1);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "Exp");
  EXPECT_NE(r.fault->message.find("count must be >= 0"), std::string::npos);
}

TEST(VectorMath, OutOfBoundsCountIsAFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 256);
    LocalTensor<half> x = a.Get<half>();
    Sqrt(x, x, 129);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

TEST(VectorMath, MathChargesTheVPipeLikeAdd) {
  LaunchOptions options;
  double add_ns = 0, exp_ns = 0;
  for (int which = 0; which < 2; ++which) {
    const LaunchResult r = Launch(testing::TestDevice(), 1, options, [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> a;
      pipe.InitBuffer(a, 4096);
      LocalTensor<float> x = a.Get<float>();
      if (which == 0)
        Add(x, x, x, 1024);
      else
        Exp(x, x, 1024);
    });
    ASSERT_TRUE(r.status.ok());
    (which == 0 ? add_ns : exp_ns) = r.stats.pipes[static_cast<int>(Pipe::kV)].busy_ns;
  }
  EXPECT_GT(exp_ns, 0);
  EXPECT_EQ(exp_ns, add_ns);
}

// ---- Cast through the AscendC API, every RoundMode ----

double ModelRoundToInt(double x, RoundMode m) {
  switch (m) {
    case RoundMode::CAST_FLOOR: return std::floor(x);
    case RoundMode::CAST_CEIL: return std::ceil(x);
    case RoundMode::CAST_TRUNC: return std::trunc(x);
    case RoundMode::CAST_ROUND: return std::round(x);
    case RoundMode::CAST_ODD: {
      const double t = std::trunc(x);
      if (t == x || std::fmod(t, 2.0) != 0) return t;
      return x > 0 ? t + 1 : t - 1;
    }
    default: return std::nearbyint(x);
  }
}

TEST(VectorMath, CastFloatToInt32AndHalfInEveryRoundMode) {
  const std::vector<float> in = {2.5f, -2.5f, 3.5f, -0.4f, 0.6f, 1.0f, -7.75f, 1e6f + 0.5f};
  const RoundMode modes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR,
                             RoundMode::CAST_CEIL, RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC,
                             RoundMode::CAST_ODD};
  for (const RoundMode m : modes) {
    const auto out = RunOnTile<float, int32_t>(
        in, in.size(), [&](auto& x, auto& y) { Cast(y, x, m, static_cast<uint32_t>(in.size())); });
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(out[i], static_cast<int32_t>(ModelRoundToInt(in[i], m)))
          << "mode " << static_cast<int>(m) << " x " << in[i];
    }
  }
  // float -> half: 1 + 2^-11 + 2^-13 lies between 1 and 1 + 2^-10 (above the tie).
  const float x = 1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -13);
  const uint16_t lo = 0x3C00, hi = 0x3C01;
  const std::pair<RoundMode, uint16_t> want[] = {
      {RoundMode::CAST_NONE, hi}, {RoundMode::CAST_RINT, hi},  {RoundMode::CAST_FLOOR, lo},
      {RoundMode::CAST_CEIL, hi}, {RoundMode::CAST_ROUND, hi}, {RoundMode::CAST_TRUNC, lo},
      {RoundMode::CAST_ODD, hi}};
  for (const auto& [m, bits] : want) {
    const auto out =
        RunOnTile<float, half>({x, -x}, 2, [&](auto& s, auto& d) { Cast(d, s, m, 2); });
    EXPECT_EQ(out[0].bits(), bits) << "mode " << static_cast<int>(m);
    // Negative: floor and ceil swap.
    const uint16_t neg = m == RoundMode::CAST_FLOOR ? hi : m == RoundMode::CAST_CEIL ? lo : bits;
    EXPECT_EQ(out[1].bits(), static_cast<uint16_t>(neg | 0x8000)) << "mode " << static_cast<int>(m);
  }
}

// float -> float rounds to an integral float (the Cast page's table: 0.5 gives 0 under RINT,
// FLOOR and TRUNC, 1 under CEIL and ROUND); CAST_NONE loses nothing and copies. ops-math's cos
// reduces its argument this way. 40 values: Highway's vectors and the scalar tail both run.
TEST(VectorMath, CastFloatToFloatRoundsToAnIntegralValue) {
  std::vector<float> in;
  for (int i = 0; i < 40; ++i) in.push_back(static_cast<float>(i - 20) * 0.75f + 0.5f);
  in[0] = 0.5f;
  in[1] = -2.5f;
  in[2] = 8388609.0f;  // 2^23 + 1: already integral
  const RoundMode modes[] = {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                             RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC};
  for (const RoundMode m : modes) {
    const auto out = RunOnTile<float, float>(
        in, in.size(), [&](auto& x, auto& y) { Cast(y, x, m, static_cast<uint32_t>(in.size())); });
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(out[i], static_cast<float>(ModelRoundToInt(in[i], m)))
          << "mode " << static_cast<int>(m) << " x " << in[i];
    }
  }
  const auto copied = RunOnTile<float, float>(in, in.size(), [&](auto& x, auto& y) {
    Cast(y, x, RoundMode::CAST_NONE, static_cast<uint32_t>(in.size()));
  });
  EXPECT_EQ(copied, in);
}

TEST(VectorMath, SetDeqScaleScalesInt32ToHalfCastNone) {
  const std::vector<int32_t> in = {1, -3, 1000, 70000, 2049, 7};
  const auto plain = RunOnTile<int32_t, half>(in, in.size(), [&](auto& x, auto& y) {
    Cast(y, x, RoundMode::CAST_NONE, static_cast<uint32_t>(in.size()));
  });
  const auto scaled = RunOnTile<int32_t, half>(in, in.size(), [&](auto& x, auto& y) {
    SetDeqScale(half(0.25f));
    Cast(y, x, RoundMode::CAST_NONE, static_cast<uint32_t>(in.size()));
  });
  const auto rint = RunOnTile<int32_t, half>(in, in.size(), [&](auto& x, auto& y) {
    SetDeqScale(half(0.25f));
    Cast(y, x, RoundMode::CAST_RINT, static_cast<uint32_t>(in.size()));  // no dequantising
  });
  for (size_t i = 0; i < in.size(); ++i) {
    EXPECT_EQ(plain[i].bits(), half(static_cast<float>(in[i])).bits()) << in[i];
    EXPECT_EQ(scaled[i].bits(), half(static_cast<float>(in[i] * 0.25)).bits()) << in[i];
    EXPECT_EQ(rint[i].bits(), half(static_cast<float>(in[i])).bits()) << in[i];
  }
}

template <typename T>
void CheckFused() {
  constexpr int kN = 64;
  std::vector<T> in(3 * kN);
  for (int i = 0; i < 3 * kN; ++i)
    in[i] = static_cast<T>(static_cast<float>((i * 7) % 19) * 0.375f - 3.0f);
  auto run = [&](int which) {
    return RunOnTile<T>(in, kN, [&](auto& x, auto& y) {
      DataCopy(y, x[2 * kN], kN);  // dst starts as the third slice
      if (which == 0) AddRelu(y, x, x[kN], kN);
      if (which == 1) SubRelu(y, x, x[kN], kN);
      if (which == 2) MulAddDst(y, x, x[kN], kN);
      if (which == 3) FusedMulAdd(y, x, x[kN], kN);
      if (which == 4) Axpy(y, x, 0.5f, kN);
      if (which == 5) MulAddRelu(y, x, x[kN], kN);
      if (which == 6) FusedMulAddRelu(y, x, x[kN], kN);
    });
  };
  for (int which = 0; which < 7; ++which) {
    const auto out = run(which);
    for (int i = 0; i < kN; ++i) {
      const double a = ToDouble(in[i]), b = ToDouble(in[kN + i]), d = ToDouble(in[2 * kN + i]);
      double r = 0;
      if (which == 0) r = std::max(a + b, 0.0);
      if (which == 1) r = std::max(a - b, 0.0);
      if (which == 2) r = a * b + d;
      if (which == 3) r = a * d + b;
      if (which == 4) r = a * 0.5 + d;
      if (which >= 5) r = std::max(a * d + b, 0.0);
      EXPECT_EQ(ToDouble(out[i]), ToDouble(static_cast<T>(static_cast<float>(r))))
          << "op " << which << " i " << i;
    }
  }
}

TEST(VectorMath, FusedAddReluSubReluMulAddDstFusedMulAddAxpyMulAddReluHalfFloat) {
  CheckFused<float>();
  CheckFused<half>();
}

}  // namespace
}  // namespace opsim::sim
