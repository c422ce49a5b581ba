// The high-level GroupNorm (lib/normalization/groupnorm.h) over [N, C, H, W]: the tiling and
// temporary-buffer rules of the 910B implementation, the V-pipe charge and the computation in
// float32 vector passes.
#include <cmath>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/hl_norm.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_norm_work.h"
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

// Every group in float32 vector passes (each step one float32 rounding): the chip sums the
// group's whole padded extent for the mean (CANN asks for zero padding) and only the H * W
// columns of each channel row for the variance (summed over the group's channels in order);
// then ((x - mean) * rstd) * gamma + beta per channel row with rstd = 1 / sqrt(var + eps). The
// padding columns of the output are 0 for float and x * rstd for half, as the two paths of the
// 910B leave them.
void Compute(const GroupNormCall& c) {
  const AscendC::tiling::GroupNormTiling& t = *c.tiling;
  const uint32_t b = ElemBytes(c.type), groups = t.n * t.g, len = t.dhwAlignSize;
  const size_t n = size_t{groups} * len, rows = size_t{groups} * t.d, hwa = t.hwAlignSize;
  NormWork work(3 * n + 2 * size_t{t.c} + 4 * rows + 2 * size_t{groups});
  const float* x = NormAsFloat(c.type, c.src->ptr, n, work);
  const float* gamma = NormAsFloat(c.type, c.gamma->ptr, t.c, work);
  const float* beta = NormAsFloat(c.type, c.beta->ptr, t.c, work);
  float* const mean = work.Take(groups);
  float* const rstd = work.Take(groups);
  float* const row_mean = work.Take(rows);
  float* const row_stat = work.Take(rows);
  float* const row_gamma = work.Take(rows);
  float* const row_beta = work.Take(rows);
  const float factor = t.factor, eps = static_cast<float>(c.epsilon);
  vec::ReduceRows(vec::ReduceOp::kSum, DType::kFloat32, mean, x, groups, len, len);
  for (size_t r = 0; r < rows; ++r) {
    row_mean[r] = mean[r / t.d] * factor;
    row_gamma[r] = gamma[r % t.c];  // row r is channel r % C of its sample
    row_beta[r] = beta[r % t.c];
  }
  float* const centred = work.Take(n);
  vec::HlRowAffine({centred, x, rows, hwa, {row_mean, false}, {}, {}, {}, false});
  vec::ReduceRowsMapped(vec::RowMap::kSquare, vec::ReduceOp::kSum, DType::kFloat32, DType::kFloat32,
                        row_stat, centred, rows, t.hw, hwa);
  for (uint32_t k = 0; k < groups; ++k) {
    float var = 0;
    for (uint32_t ch = 0; ch < t.d; ++ch) var += row_stat[size_t{k} * t.d + ch];
    var *= factor;
    Store(c.type, c.mean->ptr + size_t{k} * b, row_mean[size_t{k} * t.d]);
    Store(c.type, c.variance->ptr + size_t{k} * b, var);
    rstd[k] = 1.0f / std::sqrt(var + eps);
  }
  for (size_t r = 0; r < rows; ++r) row_stat[r] = rstd[r / t.d];
  float* const y = NormOutRows(c.type, c.dst->ptr, n, work);
  vec::HlRowAffine(
      {y, centred, rows, hwa, {}, {row_stat, false}, {row_gamma, false}, {row_beta, false}, false});
  const bool half = c.type == ElemType::kHalf;
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = t.hw; j < hwa; ++j) y[r * hwa + j] = half ? x[r * hwa + j] * row_stat[r] : 0;
  }
  NormStoreRows(c.type, c.dst->ptr, y, n);
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
  Compute(c);
}

}  // namespace groupnorm_impl

void RunGroupNorm(const GroupNormCall& call) { groupnorm_impl::Run(call); }

}  // namespace opsim::sim::hl
