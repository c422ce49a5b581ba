// The high-level GroupNorm (lib/normalization/groupnorm.h) over [N, C, H, W]: the tiling and
// temporary-buffer rules of the 910B implementation, the V-pipe charge and the per-group
// computation in double, each output rounded once.
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
namespace groupnorm_impl {

using detail::UbRef;

constexpr const char* kName = "GroupNorm";

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, kName, message);
}

std::string Str(uint64_t v) { return std::to_string(v); }

// The tiling's rules; a tiling the helper did not fill, or one that breaks them, is a fault.
void CheckTiling(const GroupNormCall& c) {
  const AscendC::tiling::GroupNormTiling& t = *c.tiling;
  const uint32_t b = ElemBytes(c.type);
  if (t.oneTmpSize == 0 || t.n == 0 || t.c == 0 || t.g == 0 || t.hw == 0) {
    Fail("the tiling holds no work (n " + Str(t.n) + ", c " + Str(t.c) + ", hw " + Str(t.hw) +
         ", g " + Str(t.g) + ", oneTmpSize " + Str(t.oneTmpSize) +
         "): GetGroupNormNDTilingInfo failed, was given less than the minimum work space or was "
         "not called");
  }
  if (t.d * t.g != t.c) {
    Fail("c " + Str(t.c) + " is not g " + Str(t.g) + " groups of d " + Str(t.d) +
         " channels: C must be a multiple of groupNum");
  }
  if (t.hwAlignSize < t.hw || uint64_t{t.hwAlignSize} * b % 32 != 0) {
    Fail("hwAlignSize " + Str(t.hwAlignSize) + " must be H * W (" + Str(t.hw) +
         ") rounded up to whole 32-byte blocks");
  }
  if (t.dhwAlignSize != t.d * t.hwAlignSize) {
    Fail("dhwAlignSize " + Str(t.dhwAlignSize) + " is not d * hwAlignSize (" +
         Str(uint64_t{t.d} * t.hwAlignSize) + ")");
  }
  if (c.reuse_source && c.type == ElemType::kHalf) {
    Fail("isReuseSource is supported for float only");
  }
  const uint64_t need = uint64_t{opsim::norm::LayerNormWorkFloats(t)} * 4;
  if (c.tmp != nullptr && c.tmp->bytes < need) {
    Fail("sharedTmpBuffer holds " + Str(c.tmp->bytes) +
         " bytes; the tiling's pieces need at least " + Str(need));
  }
}

// One group (sample ni, group gi): the chip sums the group's whole padded extent for the mean (CANN
// asks for zero padding) and only the H * W columns for the variance. The padding columns of the
// output are 0 for float and x * rstd for half, as the two paths of the 910B leave them.
void ComputeGroup(const GroupNormCall& c, uint32_t k, std::vector<double>& x) {
  const AscendC::tiling::GroupNormTiling& t = *c.tiling;
  const uint32_t b = ElemBytes(c.type), len = t.dhwAlignSize;
  const size_t base = size_t{k} * len;
  for (uint32_t j = 0; j < len; ++j) x[j] = Load(c.type, c.src->ptr + (base + j) * b);
  const double factor = t.factor;
  double mean = 0;
  for (uint32_t j = 0; j < len; ++j) mean += x[j];
  mean *= factor;
  double var = 0;
  for (uint32_t ch = 0; ch < t.d; ++ch) {
    for (uint32_t j = 0; j < t.hw; ++j) {
      const double v = x[size_t{ch} * t.hwAlignSize + j] - mean;
      var += v * v;
    }
  }
  var *= factor;
  Store(c.type, c.mean->ptr + size_t{k} * b, mean);
  Store(c.type, c.variance->ptr + size_t{k} * b, var);
  const double rstd = 1 / std::sqrt(var + c.epsilon);
  const uint32_t first_channel = k % t.g * t.d;
  for (uint32_t ch = 0; ch < t.d; ++ch) {
    const size_t row = size_t{ch} * t.hwAlignSize;
    const double gamma = Load(c.type, c.gamma->ptr + size_t{first_channel + ch} * b);
    const double beta = Load(c.type, c.beta->ptr + size_t{first_channel + ch} * b);
    for (uint32_t j = 0; j < t.hwAlignSize; ++j) {
      double y = 0;
      if (j < t.hw) {
        y = (x[row + j] - mean) * rstd * gamma + beta;
      } else if (c.type == ElemType::kHalf) {
        y = x[row + j] * rstd;
      }
      Store(c.type, c.dst->ptr + (base + row + j) * b, y);
    }
  }
}

void Run(const GroupNormCall& c) {
  CheckTiling(c);
  const AscendC::tiling::GroupNormTiling& t = *c.tiling;
  detail::Core& core = detail::Cur();
  const uint32_t b = ElemBytes(c.type), groups = t.n * t.g;
  const uint64_t data = uint64_t{groups} * t.dhwAlignSize * b, param = uint64_t{t.c} * b,
                 stat = uint64_t{groups} * b;
  HlOperands o;
  o.Write(c.dst, data);
  o.Write(c.mean, stat);
  o.Write(c.variance, stat);
  o.Read(c.src, data);
  o.Read(c.gamma, param);
  o.Read(c.beta, param);
  CheckOperandsInUb(core, o, c.tmp, kName);
  // ReduceSum (2), Muls, Adds, Mul, ReduceSum (2), Muls, Muls by rstd, Muls by gamma, Adds of
  // beta; half adds its two casts.
  const uint32_t passes = 11 + (c.type == ElemType::kHalf ? 2 : 0);
  const double cost = passes * core.VectorCost(data);
  IssueOnVectorPipe(core, o, c.tmp, cost, kName);
  std::vector<double> group(t.dhwAlignSize);
  for (uint32_t k = 0; k < groups; ++k) ComputeGroup(c, k, group);
}

}  // namespace groupnorm_impl

void RunGroupNorm(const GroupNormCall& call) { groupnorm_impl::Run(call); }

}  // namespace opsim::sim::hl
