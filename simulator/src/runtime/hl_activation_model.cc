// Per-element models of the high-level activation APIs (lib/activation), as CANN's 910B
// implementations compute them (the instruction sequence of each, in double here).
#include <cmath>
#include <limits>

#include "runtime/hl_math_model.h"

namespace opsim::sim::hl {
namespace {

// GeGLU's tanh-form GELU: x / (1 + exp(c0 * x * (x^2 + c1))), c0 = -2 sqrt(2/pi) * 0.044715,
// c1 = 1 / 0.044715 (CANN's constants).
constexpr double kGeGluC0 = -0.0713548162726;
constexpr double kGeGluC1 = 22.363860002236;
// Gelu: x / (1 + exp(-sqrt(8/pi) * (x + 0.044715 x^3))).
constexpr double kSqrt8OverPi = 1.5957691216057308;

double Swish(double x, double beta) { return x / (1 + std::exp(-beta * x)); }

}  // namespace

double ActivationModel(MathApi api, double x, double y, double s) {
  switch (api) {
    case MathApi::kSigmoid: return 1 / (1 + std::exp(-x));
    case MathApi::kSilu: return Swish(x, 1);
    case MathApi::kSwish: return Swish(x, s);
    case MathApi::kGelu: return x / (1 + std::exp(-kSqrt8OverPi * (x + 0.044715 * x * x * x)));
    case MathApi::kFasterGelu: return Swish(x, 1.702);
    // The GLUs gate src0 (x) by the activation of src1 (y).
    case MathApi::kSwiGLU: return x * Swish(y, s);
    case MathApi::kGeGLU: return x * (y / (1 + std::exp(kGeGluC0 * y * (y * y + kGeGluC1))));
    case MathApi::kReGlu: return x * (std::isnan(y) ? y : std::fmax(y, 0.0));  // Maxs keeps NaN
    default: break;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace opsim::sim::hl
