// The high-level math and activation APIs of float and half on Highway lanes (vector_hl_lanes.h)
// give the documented per-element model's bits (docs/ASCENDC.md: double, rounded to float32, then
// to half) on every compiled Highway target: random values in each API's ordinary range and far
// outside it, random bit patterns (subnormals, NaN payloads, infinities), the special values, and
// for Sin/Cos/Tan the floats nearest multiples of pi/2 and arguments past the reduction's range.
// The model here is written out independently of the runtime's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "opsim/sim/vector_unit.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_lanes_test {
namespace {

using hl::ElemType;
using hl::MathApi;
using hl::ScalarAt;

constexpr uint32_t kN = 2048;     // elements per call: tails of no width (2048 % 16 == 0) ...
constexpr uint32_t kTail = 2045;  // ... and a call with a tail

double Swish(double x, double beta) { return x / (1 + std::exp(-beta * x)); }

// The documented model of each API (hl_math_model.cc, hl_activation_model.cc).
// The documented Digamma (docs/ASCENDC.md): the reflection below 0, the recurrence up to 6,
// then the asymptotic series, in that order of operations.
double DigammaModel(double x) {
  if (std::isnan(x)) return x;
  if (x == 0) return -std::numeric_limits<double>::infinity();
  if (x < 0) {
    if (x == std::floor(x)) return std::numeric_limits<double>::quiet_NaN();
    const double pi = 3.14159265358979323846;
    return DigammaModel(1 - x) - pi / std::tan(pi * x);
  }
  if (std::isinf(x)) return x;
  double acc = 0;
  while (x < 6) {
    acc -= 1 / x;
    x += 1;
  }
  const double f = 1 / (x * x);
  const double series =
      f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f * (1.0 / 132)))));
  return acc + std::log(x) - 0.5 / x - series;
}

double Model(MathApi api, double x, double y, double s) {
  switch (api) {
    case MathApi::kTanh: return std::tanh(x);
    case MathApi::kSin: return std::sin(x);
    case MathApi::kCos: return std::cos(x);
    case MathApi::kTan: return std::tan(x);
    case MathApi::kAsin: return std::asin(x);
    case MathApi::kAcos: return std::acos(x);
    case MathApi::kAtan: return std::atan(x);
    case MathApi::kSinh: return std::sinh(x);
    case MathApi::kCosh: return std::cosh(x);
    case MathApi::kAsinh: return std::asinh(x);
    case MathApi::kAcosh: return std::acosh(x);
    case MathApi::kAtanh: return std::atanh(x);
    case MathApi::kErf: return std::erf(x);
    case MathApi::kErfc: return std::erfc(x);
    case MathApi::kExp: return std::exp(x);
    case MathApi::kLog: return std::log(x);
    case MathApi::kLog2: return std::log2(x);
    case MathApi::kLog10: return std::log10(x);
    case MathApi::kDigamma: return DigammaModel(x);
    case MathApi::kLgamma: return std::lgamma(x);
    case MathApi::kFloor: return std::floor(x);
    case MathApi::kCeil: return std::ceil(x);
    case MathApi::kRound: return std::nearbyint(x);
    case MathApi::kTrunc: return std::trunc(x);
    case MathApi::kFrac: return x - std::trunc(x);
    case MathApi::kSign: return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
    case MathApi::kPower: return std::pow(x, y);
    case MathApi::kFmod: return x - std::trunc(x / y) * y;
    case MathApi::kClampMax: return std::isnan(x) ? x : std::fmin(x, y);
    case MathApi::kClampMin: return std::isnan(x) ? x : std::fmax(x, y);
    case MathApi::kSigmoid: return 1 / (1 + std::exp(-x));
    case MathApi::kSilu: return Swish(x, 1);
    case MathApi::kSwish: return Swish(x, s);
    case MathApi::kGelu:
      return x / (1 + std::exp(-1.5957691216057308 * (x + 0.044715 * x * x * x)));
    case MathApi::kFasterGelu: return Swish(x, 1.702);
    case MathApi::kSwiGLU: return x * Swish(y, s);
    case MathApi::kGeGLU:
      return x * (y / (1 + std::exp(-0.0713548162726 * y * (y * y + 22.363860002236))));
    case MathApi::kReGlu: return x * (std::isnan(y) ? y : std::fmax(y, 0.0));
    default: return std::numeric_limits<double>::quiet_NaN();
  }
}

// The APIs of float computed in float: their documented bound, in float ulps of the exact value
// (docs/ASCENDC.md). 0: the model's bits.
double UlpBound(MathApi api) {
  switch (api) {
    case MathApi::kExp:
    case MathApi::kLog:
    case MathApi::kLog2:
    case MathApi::kLog10:
    case MathApi::kSin:
    case MathApi::kCos:
    case MathApi::kTan:
    case MathApi::kAsin:
    case MathApi::kAcos:
    case MathApi::kAsinh:
    case MathApi::kAcosh:
    case MathApi::kAtanh:
    case MathApi::kPower: return 1.0;
    case MathApi::kAtan:
    case MathApi::kSinh:
    case MathApi::kCosh:
    case MathApi::kErf: return 2.0;
    case MathApi::kErfc: return 4.0;
    case MathApi::kTanh: return 2.0;
    case MathApi::kSwish:
    case MathApi::kGelu:
    case MathApi::kFasterGelu: return 3.0;
    case MathApi::kSwiGLU:
    case MathApi::kGeGLU: return 4.0;
    case MathApi::kSigmoid:
    case MathApi::kSilu: return 4.0;
    default: return 0;
  }
}

// The model's exp argument of an activation API (-inf for the others): above 80 the float lanes
// hand the element back to the caller (x / (1 + exp(arg)) nears the subnormals).
double ExpArgument(MathApi api, double x, double y, double s) {
  switch (api) {
    case MathApi::kSilu: return -x;
    case MathApi::kSwish: return -s * x;
    case MathApi::kFasterGelu: return -1.702 * x;
    case MathApi::kGelu: return -1.5957691216057308 * (x + 0.044715 * x * x * x);
    case MathApi::kSwiGLU: return -s * y;
    case MathApi::kGeGLU: return -0.0713548162726 * y * (y * y + 22.363860002236);
    default: return -INFINITY;
  }
}

// Whether the float lanes may leave this element to the caller: a log of x <= 0, an activation
// far in its tail, a trigonometric argument past 2^28 pi/2, erfc near the subnormals.
bool MayGoBack(MathApi api, double x, double y, double s) {
  const bool is_log = api == MathApi::kLog || api == MathApi::kLog2 || api == MathApi::kLog10;
  if (is_log) return x <= 0;
  const bool is_trig = api == MathApi::kSin || api == MathApi::kCos || api == MathApi::kTan;
  if (is_trig) return std::abs(x) >= 0x1.921fb6p+28;
  if (api == MathApi::kErfc) return x > 9.1;
  if (api == MathApi::kSinh || api == MathApi::kCosh) return std::abs(x) > 88;
  if (api == MathApi::kAcosh) return x < 1;
  if (api == MathApi::kAsin || api == MathApi::kAcos) return std::abs(x) > 1;
  if (api == MathApi::kAtanh) return std::abs(x) >= 1;
  if (api == MathApi::kPower) return x <= 0 || std::abs(y * std::log(x)) > 79.4;
  return ExpArgument(api, x, y, s) > 79.99;
}

// |got - want| in ulps of want as a float (subnormal ulps below the normal range).
double UlpError(float got, double want) {
  if (want == 0) return got == 0 ? 0 : INFINITY;
  int e = 0;
  std::frexp(want, &e);
  const double ulp = std::ldexp(1.0, std::max(e - 24, -149));
  return std::abs(static_cast<double>(got) - want) / ulp;
}

struct Case {
  const char* name;
  MathApi api;
  bool two_tensors;
  ScalarAt at;
  double scalar;
  double lo, hi;  // the ordinary range of x (and of y)
};

const Case kCases[] = {
    {"Tanh", MathApi::kTanh, false, ScalarAt::kNone, 0, -10, 10},
    {"Sin", MathApi::kSin, false, ScalarAt::kNone, 0, -100, 100},
    {"Cos", MathApi::kCos, false, ScalarAt::kNone, 0, -100, 100},
    {"Tan", MathApi::kTan, false, ScalarAt::kNone, 0, -100, 100},
    {"Asin", MathApi::kAsin, false, ScalarAt::kNone, 0, -1, 1},
    {"Acos", MathApi::kAcos, false, ScalarAt::kNone, 0, -1, 1},
    {"Atan", MathApi::kAtan, false, ScalarAt::kNone, 0, -50, 50},
    {"Sinh", MathApi::kSinh, false, ScalarAt::kNone, 0, -20, 20},
    {"Cosh", MathApi::kCosh, false, ScalarAt::kNone, 0, -20, 20},
    {"Asinh", MathApi::kAsinh, false, ScalarAt::kNone, 0, -50, 50},
    {"Acosh", MathApi::kAcosh, false, ScalarAt::kNone, 0, 1, 50},
    {"Atanh", MathApi::kAtanh, false, ScalarAt::kNone, 0, -1, 1},
    {"Erf", MathApi::kErf, false, ScalarAt::kNone, 0, -4, 4},
    {"Erfc", MathApi::kErfc, false, ScalarAt::kNone, 0, -4, 10},
    {"Exp", MathApi::kExp, false, ScalarAt::kNone, 0, -90, 90},
    {"Log", MathApi::kLog, false, ScalarAt::kNone, 0, 0, 100},
    {"Log2", MathApi::kLog2, false, ScalarAt::kNone, 0, 0, 100},
    {"Log10", MathApi::kLog10, false, ScalarAt::kNone, 0, 0, 100},
    {"Digamma", MathApi::kDigamma, false, ScalarAt::kNone, 0, -5, 20},
    {"Lgamma", MathApi::kLgamma, false, ScalarAt::kNone, 0, -5, 40},
    {"Floor", MathApi::kFloor, false, ScalarAt::kNone, 0, -10, 10},
    {"Ceil", MathApi::kCeil, false, ScalarAt::kNone, 0, -10, 10},
    {"Round", MathApi::kRound, false, ScalarAt::kNone, 0, -10, 10},
    {"Trunc", MathApi::kTrunc, false, ScalarAt::kNone, 0, -10, 10},
    {"Frac", MathApi::kFrac, false, ScalarAt::kNone, 0, -10, 10},
    {"Sign", MathApi::kSign, false, ScalarAt::kNone, 0, -2, 2},
    {"Power", MathApi::kPower, true, ScalarAt::kNone, 0, -4, 4},
    {"Power/scalar", MathApi::kPower, false, ScalarAt::kRight, 2.5, 0, 8},
    {"Power/scalar-left", MathApi::kPower, false, ScalarAt::kLeft, 2.0, -8, 8},
    {"Fmod", MathApi::kFmod, true, ScalarAt::kNone, 0, -100, 100},
    {"ClampMax", MathApi::kClampMax, false, ScalarAt::kRight, 0.5, -2, 2},
    {"ClampMax/zero", MathApi::kClampMax, false, ScalarAt::kRight, 0.0, -2, 2},
    {"ClampMin", MathApi::kClampMin, false, ScalarAt::kRight, -0.0, -2, 2},
    {"Sigmoid", MathApi::kSigmoid, false, ScalarAt::kNone, 0, -20, 20},
    {"Silu", MathApi::kSilu, false, ScalarAt::kNone, 0, -20, 20},
    {"Swish", MathApi::kSwish, false, ScalarAt::kNone, 1.5, -20, 20},
    {"Gelu", MathApi::kGelu, false, ScalarAt::kNone, 0, -10, 10},
    {"FasterGelu", MathApi::kFasterGelu, false, ScalarAt::kNone, 0, -20, 20},
    {"SwiGLU", MathApi::kSwiGLU, true, ScalarAt::kNone, 1.0, -20, 20},
    {"GeGLU", MathApi::kGeGLU, true, ScalarAt::kNone, 0, -10, 10},
    {"ReGlu", MathApi::kReGlu, true, ScalarAt::kNone, 0, -10, 10},
};

float ToFloat(ElemType t, const std::vector<uint8_t>& v, size_t i) {
  if (t == ElemType::kFloat) {
    float f;
    std::memcpy(&f, &v[i * 4], 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, &v[i * 2], 2);
  return static_cast<float>(half::FromBits(h));
}

void Put(ElemType t, std::vector<uint8_t>& v, size_t i, double x) {
  const float f = static_cast<float>(x);
  if (t == ElemType::kFloat) {
    std::memcpy(&v[i * 4], &f, 4);
  } else {
    const uint16_t h = half(f).bits();
    std::memcpy(&v[i * 2], &h, 2);
  }
}

// kN inputs of type t: a quarter each of the ordinary range, a wide log-uniform spread, random
// bit patterns and special values (for the trigonometric APIs, floats nearest k pi/2 and
// arguments around the end of the lanes' reduction range).
std::vector<uint8_t> Inputs(ElemType t, const Case& c, uint32_t seed) {
  const size_t eb = t == ElemType::kFloat ? 4 : 2;
  std::vector<uint8_t> v(kN * eb);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> ordinary(c.lo, c.hi), expo(-40, 40), unit(0, 1);
  const bool trig = c.api == MathApi::kSin || c.api == MathApi::kCos || c.api == MathApi::kTan;
  const double special[] = {0.0, -0.0,  1.0,    -1.0,  0.5,  -0.5,  2.0,       INFINITY,  -INFINITY,
                            NAN, 1e-40, -1e-40, 1e-45, 3e38, -3e38, 65504,     88.7,      -88.7,
                            710, -710,  39000,  39001, 1e5,  -1e30, 1.0000001, 0.99999994};
  constexpr size_t kSpecials = sizeof(special) / sizeof(special[0]);
  for (uint32_t i = 0; i < kN; ++i) {
    const uint32_t part = i * 4 / kN;
    double x = 0;
    if (part == 0) {
      x = ordinary(rng);
    } else if (part == 1) {
      x = (unit(rng) < 0.5 ? -1 : 1) * std::exp2(expo(rng));
    } else if (part == 2) {
      const uint32_t bits = static_cast<uint32_t>(rng());
      if (t == ElemType::kFloat) {
        std::memcpy(&v[i * 4], &bits, 4);
      } else {
        const uint16_t h = static_cast<uint16_t>(bits);
        std::memcpy(&v[i * 2], &h, 2);
      }
      continue;
    } else if (i % 3 != 0 || !trig) {
      x = special[i % kSpecials];
    } else {
      x = std::uniform_int_distribution<int>(-25000, 25000)(rng) * 1.5707963267948966;
    }
    Put(t, v, i, x);
  }
  return v;
}

// One call through the kernel API's entry (RunMath) on one simulated core: dst's bytes.
std::vector<uint8_t> RunCall(const hl::MathCall& shape, bool two_tensors,
                             const std::vector<uint8_t>& a, const std::vector<uint8_t>& b,
                             const std::vector<uint8_t>& d0) {
  std::vector<uint8_t> out(d0.size());
  const LaunchResult r = testing::RunOne([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, by, bd;
    pipe.InitBuffer(bx, static_cast<uint32_t>(a.size()));
    pipe.InitBuffer(by, static_cast<uint32_t>(d0.size()));
    pipe.InitBuffer(bd, static_cast<uint32_t>(d0.size()));
    const auto x = bx.Get<uint8_t>(), y = by.Get<uint8_t>(), d = bd.Get<uint8_t>();
    std::memcpy(x.data(), a.data(), a.size());
    std::memcpy(y.data(), b.data(), b.size());
    std::memcpy(d.data(), d0.data(), d0.size());
    detail::HostWroteUb(x.ref());
    detail::HostWroteUb(y.ref());
    detail::HostWroteUb(d.ref());
    hl::MathCall call = shape;
    call.dst = &d.ref();
    call.src0 = &x.ref();
    call.src1 = two_tensors ? &y.ref() : nullptr;
    hl::RunMath(call);
    std::memcpy(out.data(), d.data(), out.size());
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return out;
}

bool SameBits(float got, float want) {
  if (std::isnan(want)) return std::isnan(got);  // the payload is the C library's
  return std::memcmp(&got, &want, 4) == 0;
}

// Runs the case on `count` elements of type t (Axpy: src of src_t) and compares every element.
void ExpectModel(const Case& c, ElemType t, ElemType src_t, uint32_t count) {
  const std::vector<uint8_t> a = Inputs(src_t, c, 1), b = Inputs(t, c, 2), d0 = Inputs(t, c, 3);
  const hl::MathCall shape{c.api,   t,       src_t, false,    nullptr, nullptr,
                           nullptr, nullptr, c.at,  c.scalar, count};
  const std::vector<uint8_t> got = RunCall(shape, c.two_tensors, a, b, d0);
  int failures = 0;
  for (uint32_t i = 0; i < count && failures < 5; ++i) {
    const double x = ToFloat(src_t, a, i);
    const double y = c.two_tensors ? ToFloat(t, b, i) : c.scalar;
    double want = 0;
    if (c.api == MathApi::kAxpy) {
      want = ToFloat(t, d0, i) + x * c.scalar;
    } else {
      want = c.at == ScalarAt::kLeft ? Model(c.api, c.scalar, x, c.scalar)
                                     : Model(c.api, x, y, c.scalar);
    }
    std::vector<uint8_t> w(4);
    Put(t, w, 0, want);
    const float want_f = ToFloat(t, w, 0), got_f = ToFloat(t, got, i);
    if (SameBits(got_f, want_f)) continue;
    const double bound = t == ElemType::kFloat ? UlpBound(c.api) : 0;
    if (bound > 0 && std::isfinite(want) && UlpError(got_f, want) < bound) continue;
    // fmin/fmax of +0 and -0 may return either zero (the C library's, or the compiler's minsd).
    const bool clamp = c.api == MathApi::kClampMax || c.api == MathApi::kClampMin;
    if (clamp && x == 0 && y == 0 && got_f == 0) continue;
    ++failures;
    ADD_FAILURE() << c.name << (t == ElemType::kHalf ? "/half" : "/float") << " element " << i
                  << ": x=" << x << " y=" << y << " got " << got_f << " want " << want_f;
  }
}

class HlLanes : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { vec::ForceTargetForTest(GetParam()); }
  void TearDown() override { vec::ForceTargetForTest(""); }
};

TEST_P(HlLanes, FloatAndHalfGiveTheModelsBits) {
  for (const Case& c : kCases) {
    ExpectModel(c, ElemType::kFloat, ElemType::kFloat, kN);
    ExpectModel(c, ElemType::kHalf, ElemType::kHalf, kTail);
  }
  ExpectModel(kCases[0], ElemType::kFloat, ElemType::kFloat, kTail);
}

TEST_P(HlLanes, AxpyMixedAndPlain) {
  const Case axpy{"Axpy", MathApi::kAxpy, false, ScalarAt::kNone, 0.75, -4, 4};
  ExpectModel(axpy, ElemType::kFloat, ElemType::kHalf, kTail);
  ExpectModel(axpy, ElemType::kFloat, ElemType::kFloat, kN);
  ExpectModel(axpy, ElemType::kHalf, ElemType::kHalf, kN);
}

// The second operand of RunFloatLanes' call: x itself for the two-tensor forms, else the scalar.
double SecondOperand(MathApi api, double x, double s) {
  return api == MathApi::kSwiGLU || api == MathApi::kGeGLU ? x : s;
}

// One float-computed API over `x` (and y = x for the two-tensor forms) on one target, the lanes
// it leaves finished with the model as hl_math.cc does.
std::vector<float> RunFloatLanes(MathApi api, double s, const std::vector<float>& x,
                                 const std::vector<double>& want) {
  const bool two = api == MathApi::kSwiGLU || api == MathApi::kGeGLU;
  std::vector<uint32_t> index(x.size());
  std::vector<double> lx(x.size()), ly(x.size());
  std::vector<float> y(x.size());
  const vec::HlLanesCall call{static_cast<uint8_t>(api), false, false, false, y.data(), x.data(),
                              two ? x.data() : nullptr,  s};
  const size_t left =
      vec::HlMathLanes(call, x.size(), vec::HlLeftLanes{index.data(), lx.data(), ly.data()});
  for (size_t k = 0; k < left; ++k) {
    const float xk = x[index[k]];
    EXPECT_TRUE(MayGoBack(api, xk, SecondOperand(api, xk, s), s))
        << "api " << static_cast<int>(api) << " left " << xk;
    y[index[k]] = static_cast<float>(want[index[k]]);
  }
  return y;
}

// The float-computed APIs over every 16381st finite float pattern (262 thousand): within the bound
// of the model's double value, and the same bits on every target.
TEST(HlLanesFloat, WithinTheBoundAndTheSameOnEveryTarget) {
  std::vector<float> x;
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += 16381) {
    const uint32_t u = static_cast<uint32_t>(b);
    float v;
    std::memcpy(&v, &u, 4);
    if (std::isfinite(v)) x.push_back(v);
  }
  const MathApi apis[] = {MathApi::kExp,   MathApi::kSigmoid,    MathApi::kSilu,   MathApi::kTanh,
                          MathApi::kLog,   MathApi::kLog2,       MathApi::kLog10,  MathApi::kSwish,
                          MathApi::kGelu,  MathApi::kFasterGelu, MathApi::kSwiGLU, MathApi::kGeGLU,
                          MathApi::kSin,   MathApi::kCos,        MathApi::kTan,    MathApi::kErf,
                          MathApi::kErfc,  MathApi::kAtan,       MathApi::kSinh,   MathApi::kCosh,
                          MathApi::kPower, MathApi::kAsinh,      MathApi::kAcosh,  MathApi::kAtanh};
  for (const MathApi api : apis) {
    const double s = api == MathApi::kSwish ? 1.5 : api == MathApi::kPower ? -2.5 : 1.0;
    std::vector<double> want(x.size());
    for (size_t i = 0; i < x.size(); ++i)
      want[i] = Model(api, x[i], SecondOperand(api, x[i], s), s);
    std::vector<float> first;
    for (const std::string& target : vec::SupportedTargets()) {
      vec::ForceTargetForTest(target);
      const std::vector<float> y = RunFloatLanes(api, s, x, want);
      double worst = 0;
      float worst_x = 0;
      for (size_t i = 0; i < x.size(); ++i) {
        const float rounded = static_cast<float>(want[i]);
        if (!std::isfinite(rounded)) {  // overflow, a log's pole or NaN: the model's float
          EXPECT_TRUE(SameBits(y[i], rounded)) << target << " at " << x[i];
          continue;
        }
        const double err = UlpError(y[i], want[i]);
        if (err > worst) {
          worst = err;
          worst_x = x[i];
        }
      }
      EXPECT_LT(worst, UlpBound(api))
          << target << " api " << static_cast<int>(api) << " at " << worst_x;
      if (first.empty()) {
        first = y;
      } else {
        EXPECT_EQ(std::memcmp(first.data(), y.data(), y.size() * 4), 0) << target;
      }
    }
    vec::ForceTargetForTest("");
  }
}

// Lgamma and Digamma of positive floats (every 4093rd pattern, 520 thousand): the model's bits on
// every target, and most lanes settled on the lanes (around Lgamma's zeros at 1 and 2 too).
TEST(HlLanesBanded, LgammaAndDigammaGiveTheModelsBitsOverPositiveFloats) {
  std::vector<float> x;
  for (uint32_t b = 1; b < 0x7F800000u; b += 4093) {
    float v;
    std::memcpy(&v, &b, 4);
    x.push_back(v);
  }
  std::vector<uint32_t> index(x.size());
  std::vector<double> lx(x.size()), ly(x.size());
  for (const MathApi api : {MathApi::kLgamma, MathApi::kDigamma}) {
    for (const std::string& target : vec::SupportedTargets()) {
      vec::ForceTargetForTest(target);
      std::vector<float> y(x.size());
      const vec::HlLanesCall call{
          static_cast<uint8_t>(api), false, false, false, y.data(), x.data(), nullptr, 0};
      const size_t left =
          vec::HlMathLanes(call, x.size(), vec::HlLeftLanes{index.data(), lx.data(), ly.data()});
      for (size_t k = 0; k < left; ++k) y[index[k]] = static_cast<float>(Model(api, lx[k], 0, 0));
      EXPECT_LT(left, x.size() / 100) << target << " api " << static_cast<int>(api);
      int failures = 0;
      for (size_t i = 0; i < x.size() && failures < 5; ++i) {
        const float want = static_cast<float>(Model(api, x[i], 0, 0));
        if (SameBits(y[i], want)) continue;
        ++failures;
        ADD_FAILURE() << target << " api " << static_cast<int>(api) << " at " << x[i] << ": got "
                      << y[i] << " want " << want;
      }
    }
    vec::ForceTargetForTest("");
  }
}

// Xor of two integer tensors is the elements' XOR, in every integer type it takes.
TEST(HlXor, TwoTensorsAreTheElementsXor) {
  for (const ElemType t : {ElemType::kInt32, ElemType::kInt16, ElemType::kUInt16}) {
    const size_t eb = t == ElemType::kInt32 ? 4 : 2;
    std::vector<uint8_t> a(kN * eb), b(kN * eb), d0(kN * eb, 0);
    std::mt19937 rng(7);
    for (auto& v : a) v = static_cast<uint8_t>(rng());
    for (auto& v : b) v = static_cast<uint8_t>(rng());
    const hl::MathCall shape{MathApi::kXor,   t,   t,    false, nullptr, nullptr, nullptr, nullptr,
                             ScalarAt::kNone, 0.0, kTail};
    const std::vector<uint8_t> got = RunCall(shape, true, a, b, d0);
    for (size_t i = 0; i < kTail * eb; ++i) {
      ASSERT_EQ(got[i], a[i] ^ b[i]) << "type " << static_cast<int>(t) << " byte " << i;
    }
    for (size_t i = kTail * eb; i < got.size(); ++i) ASSERT_EQ(got[i], 0) << "past calCount";
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, HlLanes, ::testing::ValuesIn(vec::SupportedTargets()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace
}  // namespace opsim::sim::hl_lanes_test
