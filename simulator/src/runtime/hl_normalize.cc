// The high-level Normalize (lib/normalization/normalize.h) over [A, R] with a given mean and
// variance: the parameter and temporary-buffer rules of the 910B implementation, the V-pipe charge
// and the per-row computation in double, each output rounded once.
#include <algorithm>
#include <cmath>
#include <string>

#include "opsim/sim/ascendc/hl_norm.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace normalize_impl {

using detail::UbRef;

constexpr const char* kName = "Normalize";

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, kName, message);
}
std::string Str(uint64_t v) { return std::to_string(v); }

void CheckCall(const NormalizeCall& c) {
  const AscendC::NormalizePara& p = *c.para;
  const uint32_t b = ElemBytes(c.type);
  if (p.aLength == 0 || p.rLength == 0 || p.rLength > p.rLengthWithPadding) {
    Fail("para {aLength " + Str(p.aLength) + ", rLength " + Str(p.rLength) +
         ", rLengthWithPadding " + Str(p.rLengthWithPadding) +
         "}: aLength and rLength must be above 0 and rLength at most rLengthWithPadding");
  }
  if (uint64_t{p.rLengthWithPadding} * b % 32 != 0) {
    Fail("rLengthWithPadding " + Str(p.rLengthWithPadding) + " is " +
         Str(uint64_t{p.rLengthWithPadding} * b) + " bytes of inputX: whole 32-byte blocks only");
  }
  if (c.config_a != -1 && static_cast<uint32_t>(c.config_a) != p.aLength) {
    Fail("config.aLength " + std::to_string(c.config_a) + " must equal para.aLength " +
         Str(p.aLength));
  }
  // The chip keeps A floats of rstd work, then two float rows (and, for half gamma and beta, their
  // float copies) per piece of rows: at least one row.
  const uint64_t rows = c.gamma_type == ElemType::kFloat ? 2 : 4;
  const uint64_t need = std::max<uint64_t>(p.aLength, rows * p.rLengthWithPadding) * 4;
  if (c.tmp != nullptr && c.tmp->bytes < need) {
    Fail("sharedTmpBuffer holds " + Str(c.tmp->bytes) + " bytes; it needs at least " + Str(need) +
         " (A floats and " + Str(rows) + " float rows of rLengthWithPadding)");
  }
}

void ComputeRow(const NormalizeCall& c, uint32_t a) {
  const AscendC::NormalizePara& p = *c.para;
  const uint32_t b = ElemBytes(c.type), gb = ElemBytes(c.gamma_type), r = p.rLengthWithPadding;
  const double mean = Load(ElemType::kFloat, c.mean->ptr + size_t{a} * 4);
  const double var = Load(ElemType::kFloat, c.variance->ptr + size_t{a} * 4);
  // The chip writes rstd as a float and scales the rows by that float.
  const float rstd = static_cast<float>(1 / std::sqrt(var + static_cast<float>(c.epsilon)));
  Store(ElemType::kFloat, c.rstd->ptr + size_t{a} * 4, rstd);
  const uint8_t* x = c.src->ptr + size_t{a} * r * b;
  uint8_t* y = c.dst->ptr + size_t{a} * r * b;
  for (uint32_t j = 0; j < r; ++j) {
    double v = (Load(c.type, x + size_t{j} * b) - mean) * rstd;
    if (!c.no_gamma) v *= Load(c.gamma_type, c.gamma->ptr + size_t{j} * gb);
    if (!c.no_beta) v += Load(c.gamma_type, c.beta->ptr + size_t{j} * gb);
    Store(c.type, y + size_t{j} * b, v);
  }
}

void Run(const NormalizeCall& c) {
  CheckCall(c);
  const AscendC::NormalizePara& p = *c.para;
  detail::Core& core = detail::Cur();
  const uint32_t b = ElemBytes(c.type);
  const uint64_t data = uint64_t{p.aLength} * p.rLengthWithPadding * b,
                 param = uint64_t{p.rLengthWithPadding} * ElemBytes(c.gamma_type),
                 stat = uint64_t{p.aLength} * 4;
  HlOperands o;
  o.Write(c.dst, data);
  o.Write(c.rstd, stat);
  o.Read(c.src, data);
  o.Read(c.mean, stat);
  o.Read(c.variance, stat);
  if (!c.no_gamma) o.Read(c.gamma, param);
  if (!c.no_beta) o.Read(c.beta, param);
  CheckOperandsInUb(core, o, c.tmp, kName);
  // Broadcast mean, Sub, broadcast rstd, Mul, Mul by gamma, Add of beta; half's two casts.
  const uint32_t passes = 6 + (c.type == ElemType::kHalf ? 2 : 0);
  const double cost = passes * core.VectorCost(data);
  IssueOnVectorPipe(core, o, c.tmp, cost, kName);
  for (uint32_t a = 0; a < p.aLength; ++a) ComputeRow(c, a);
}

}  // namespace normalize_impl

void RunNormalize(const NormalizeCall& call) { normalize_impl::Run(call); }

}  // namespace opsim::sim::hl
