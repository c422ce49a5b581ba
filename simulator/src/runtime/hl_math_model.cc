// Per-element models of the high-level math APIs, and their table of temporary-buffer minimums
// (CANN's Get<Api>MaxMinTmpSize on the 910B) and vector passes.
#include "runtime/hl_math_model.h"

#include <cmath>
#include <limits>

namespace opsim::sim::hl {
namespace {

constexpr uint16_t kRep = 256;  // one repeat, the unit of CANN's minimums

// Indexed by MathApi. Power's minimum depends on its form (MinTmpBytes).
constexpr MathSpec kSpecs[] = {
    {"Tanh", 4, 1, 1, 0, kRep, 6},
    {"Sin", 8, 3, 2, 0, kRep, 16},
    {"Cos", 8, 3, 2, 0, kRep, 16},
    {"Tan", 10, 4, 4, 0, kRep, 20},
    {"Asin", 6, 2, 2, 0, kRep, 20},
    {"Acos", 6, 2, 2, 0, kRep, 22},
    {"Atan", 12, 5, 5, 0, kRep, 24},
    {"Sinh", 4, 1, 1, 0, kRep, 5},
    {"Cosh", 6, 2, 2, 0, kRep, 5},
    {"Asinh", 3, 3, 3, 0, kRep, 7},
    {"Acosh", 2, 1, 1, 0, kRep, 7},
    {"Atanh", 4, 1, 1, 0, kRep, 6},
    {"Erf", 8, 3, 3, 0, kRep, 14},
    {"Erfc", 16, 7, 7, 0, kRep, 24},
    {"Exp", 4, 3, 2, 0, kRep, 12},
    {"Log", 0, 0, 0, 0, kRep, 1},
    {"Log2", 1, 0, 0, 0, kRep, 2},
    {"Log10", 0, 0, 0, 0, kRep, 2},
    {"Floor", 2, 0, 0, 0, kRep, 1},
    {"Ceil", 2, 1, 1, 0, kRep, 1},
    {"Round", 1, 0, 0, 0, kRep, 1},
    {"Trunc", 2, 1, 1, 0, kRep, 1},
    {"Frac", 4, 0, 0, 0, kRep, 2},
    {"Sign", 3, 3, 3, 0, kRep, 6},
    {"Lgamma", 26, 8, 7, 0, kRep, 60},
    {"Digamma", 16, 7, 6, 0, kRep, 50},
    {"Power", 0, 0, 0, 0, 1, 12},
    {"Fmod", 8, 1, 1, 0, kRep, 4},
    {"Xor", 1, 1, 1, 1, kRep, 4},
    {"ClampMax", 128, 64, 64, 0, 1, 2},
    {"ClampMin", 128, 64, 64, 0, 1, 2},
    {"Axpy", 4, 0, 0, 0, kRep, 2},
    // Activation: Silu and Swish take no temporary buffer.
    {"Sigmoid", 1, 1, 1, 0, kRep, 4},
    {"Silu", 0, 0, 0, 0, kRep, 4},
    {"Swish", 0, 0, 0, 0, kRep, 4},
    {"Gelu", 3, 3, 3, 0, kRep, 6},
    {"FasterGelu", 3, 3, 3, 0, kRep, 4},
    {"SwiGLU", 6, 0, 0, 0, kRep, 5},
    {"GeGLU", 4, 0, 0, 0, kRep, 8},
    {"ReGlu", 6, 1, 1, 0, kRep, 2},
};
static_assert(sizeof(kSpecs) / sizeof(kSpecs[0]) == static_cast<size_t>(MathApi::kReGlu) + 1,
              "one row per MathApi");

// Power (CANN's power tiling for the 910B, DAV_2201): the tensor-tensor and tensor-scalar forms
// keep different numbers of live tensors; half's count is of half-size tiles.
uint32_t PowerMinTmp(ElemType type, ScalarAt at) {
  const bool tt = at == ScalarAt::kNone;
  if (type == ElemType::kInt32) return kRep * (tt ? 6u : 7u);
  if (type == ElemType::kFloat) return kRep * (tt ? 4u : 5u) + kRep;
  return kRep * 14u / 2u + kRep;
}

// psi(x): recurrence up to x >= 6, then the asymptotic series; reflection below 0.
double Digamma(double x) {
  if (std::isnan(x)) return x;
  if (x == 0) return -std::numeric_limits<double>::infinity();
  if (x < 0) {
    if (x == std::floor(x)) return std::numeric_limits<double>::quiet_NaN();
    const double pi = 3.14159265358979323846;
    return Digamma(1 - x) - pi / std::tan(pi * x);
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

double Sign(double x) {
  if (x > 0) return 1;
  if (x < 0) return -1;
  return 0;  // zeros and NaN: both of the chip's compares are false, it selects 0
}

}  // namespace

const MathSpec& SpecOf(MathApi api) { return kSpecs[static_cast<size_t>(api)]; }

uint32_t MinTmpBytes(MathApi api, ElemType type, bool reuse, ScalarAt at) {
  if (api == MathApi::kPower) return PowerMinTmp(type, at);
  const MathSpec& s = SpecOf(api);
  uint32_t units = s.tmp_int;
  if (type == ElemType::kHalf) units = s.tmp_half;
  if (type == ElemType::kFloat) units = reuse ? s.tmp_float_reuse : s.tmp_float;
  return units * s.tmp_unit;
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
    case MathApi::kFloor: return std::floor(x);
    case MathApi::kCeil: return std::ceil(x);
    case MathApi::kRound: return std::nearbyint(x);  // CAST_RINT: ties to even
    case MathApi::kTrunc: return std::trunc(x);
    case MathApi::kFrac: return x - std::trunc(x);
    case MathApi::kSign: return Sign(x);
    case MathApi::kLgamma: return std::lgamma(x);
    case MathApi::kDigamma: return Digamma(x);
    case MathApi::kPower: return std::pow(x, y);
    case MathApi::kFmod: return x - std::trunc(x / y) * y;  // the documented formula
    case MathApi::kClampMax: return std::isnan(x) ? x : std::fmin(x, y);
    case MathApi::kClampMin: return std::isnan(x) ? x : std::fmax(x, y);
    case MathApi::kXor:
    case MathApi::kAxpy: break;  // integer / fused: computed by the caller
    default: return ActivationModel(api, x, y, s);
  }
  return std::numeric_limits<double>::quiet_NaN();
}

int64_t IntModel(MathApi api, int64_t x, int64_t y) {
  if (api == MathApi::kXor) return x ^ y;
  // Power on int32: exact powers, wrapping as the chip's int32 multiplies do; a negative
  // exponent gives 0 except for bases 1 and -1.
  if (y < 0) {
    if (x == 1) return 1;
    if (x == -1) return (y % 2 == 0) ? 1 : -1;
    return 0;
  }
  uint32_t result = 1, base = static_cast<uint32_t>(x);
  for (uint64_t e = static_cast<uint64_t>(y); e != 0; e >>= 1) {
    if (e & 1) result *= base;
    base *= base;
  }
  return static_cast<int32_t>(result);
}

}  // namespace opsim::sim::hl
