// The high-level BatchNorm (lib/normalization/batchnorm.h) over the first axis of [B, S * H]: the
// tiling and temporary-buffer rules of the 910B implementation, the V-pipe charge and the
// per-column computation in double, each output rounded once.
#include <cmath>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/hl_norm.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace batchnorm_impl {

using detail::UbRef;

constexpr const char* kName = "BatchNorm";

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, kName, message);
}
std::string Str(uint64_t v) { return std::to_string(v); }

void CheckTiling(const BatchNormCall& c) {
  const AscendC::tiling::BatchNormTiling& t = *c.tiling;
  const uint32_t b = ElemBytes(c.type);
  if (t.oneTmpSize == 0 || t.originalBLength == 0 || t.meanVarSize == 0) {
    Fail("the tiling holds no work (originalBLength " + Str(t.originalBLength) + ", meanVarSize " +
         Str(t.meanVarSize) + ", oneTmpSize " + Str(t.oneTmpSize) +
         "): GetBatchNormNDTilingInfo failed or was not called");
  }
  if (uint64_t{t.meanVarSize} * b % 32 != 0) {
    Fail("S * H (meanVarSize " + Str(t.meanVarSize) + ") is " + Str(uint64_t{t.meanVarSize} * b) +
         " bytes: it must be a whole number of 32-byte blocks");
  }
  if (c.basic_block && (t.meanVarSize % 64 != 0 || t.originalBLength % 8 != 0)) {
    Fail("isBasicBlock needs S * H a multiple of 64 (it is " + Str(t.meanVarSize) +
         ") and the original B a multiple of 8 (it is " + Str(t.originalBLength) + ")");
  }
  // The half path's float mean and variance, then three pieces of oneTmpSize floats.
  const uint64_t need = (uint64_t{t.firstTmpStartPos} + 3ull * t.oneTmpSize) * 4;
  if (c.tmp != nullptr && c.tmp->bytes < need) {
    Fail("sharedTmpBuffer holds " + Str(c.tmp->bytes) +
         " bytes; the tiling's pieces need at least " + Str(need));
  }
}

// Column i: every row's value is read before any is written (inputX may be output).
void ComputeColumn(const BatchNormCall& c, uint32_t i, std::vector<double>& x) {
  const AscendC::tiling::BatchNormTiling& t = *c.tiling;
  const uint32_t b = ElemBytes(c.type), rows = t.originalBLength, sh = t.meanVarSize;
  const double inv = t.firstDimValueBack;
  double mean = 0;
  for (uint32_t r = 0; r < rows; ++r) {
    x[r] = Load(c.type, c.src->ptr + (size_t{r} * sh + i) * b);
    mean += x[r];
  }
  mean *= inv;
  double var = 0;
  for (uint32_t r = 0; r < rows; ++r) var += (x[r] - mean) * (x[r] - mean);
  var *= inv;
  Store(c.type, c.mean->ptr + size_t{i} * b, mean);
  Store(c.type, c.variance->ptr + size_t{i} * b, var);
  const double rstd = 1 / std::sqrt(var + c.epsilon);
  for (uint32_t r = 0; r < rows; ++r) {
    const double gamma = Load(c.type, c.gamma->ptr + size_t{r} * b);
    const double beta = Load(c.type, c.beta->ptr + size_t{r} * b);
    Store(c.type, c.dst->ptr + (size_t{r} * sh + i) * b, (x[r] - mean) * rstd * gamma + beta);
  }
}

void Run(const BatchNormCall& c) {
  CheckTiling(c);
  const AscendC::tiling::BatchNormTiling& t = *c.tiling;
  detail::Core& core = detail::Cur();
  const uint32_t b = ElemBytes(c.type);
  const uint64_t data = uint64_t{t.originalBLength} * t.meanVarSize * b,
                 param = uint64_t{t.originalBLength} * b, stat = uint64_t{t.meanVarSize} * b;
  HlOperands o;
  o.Write(c.dst, data);
  o.Write(c.mean, stat);
  o.Write(c.variance, stat);
  o.Read(c.src, data);
  o.Read(c.gamma, param);
  o.Read(c.beta, param);
  CheckOperandsInUb(core, o, c.tmp, kName);
  // Row sum (B - 1 adds), Muls, Sub, Mul, row sum, Muls, Adds, Sqrt, Div, Mul, gamma and beta
  // broadcasts, Mul, Add: about 12 passes for B of a few rows; half adds its two casts.
  const uint32_t passes = 12 + (c.type == ElemType::kHalf ? 2 : 0);
  const double cost = passes * core.VectorCost(data);
  IssueOnVectorPipe(core, o, c.tmp, cost, kName);
  std::vector<double> column(t.originalBLength);
  for (uint32_t i = 0; i < t.meanVarSize; ++i) ComputeColumn(c, i, column);
}

}  // namespace batchnorm_impl

void RunBatchNorm(const BatchNormCall& call) { batchnorm_impl::Run(call); }

}  // namespace opsim::sim::hl
