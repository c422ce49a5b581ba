// The high-level BatchNorm (lib/normalization/batchnorm.h) over the first axis of [B, S * H]: the
// tiling and temporary-buffer rules of the 910B implementation, the V-pipe charge and the
// computation in float32 vector passes.
#include <algorithm>
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

// The statistics of every column over the B rows and the output in float32 vector passes (each
// step one float32 rounding): the column sums (AccumulateRows' tree) times 1/B; the centred rows;
// their squares' column sums times 1/B; then ((x - mean) / sqrt(var + eps)) * gamma + beta with
// gamma and beta per row. inputX may be output: the output is written from the centred copy.
void Compute(const BatchNormCall& c) {
  const AscendC::tiling::BatchNormTiling& t = *c.tiling;
  const uint32_t b = ElemBytes(c.type), rows = t.originalBLength, sh = t.meanVarSize;
  const size_t n = size_t{rows} * sh;
  NormWork work(3 * n + 2 * size_t{rows} + 2 * size_t{sh});
  const float* x = NormAsFloat(c.type, c.src->ptr, n, work);
  const float* gamma = NormAsFloat(c.type, c.gamma->ptr, rows, work);
  const float* beta = NormAsFloat(c.type, c.beta->ptr, rows, work);
  float* const mean = work.Take(sh);
  float* const root = work.Take(sh);
  const float inv = t.firstDimValueBack, eps = static_cast<float>(c.epsilon);
  std::fill(mean, mean + sh, 0.0f);
  std::fill(root, root + sh, 0.0f);
  vec::AccumulateRows(vec::ReduceOp::kSum, DType::kFloat32, mean, x, rows, sh, sh);
  for (uint32_t i = 0; i < sh; ++i) mean[i] *= inv;
  float* const centred = work.Take(n);
  vec::HlRowAffine({centred, x, rows, sh, {mean, true}, {}, {}, {}, false});
  vec::AccumulateRowsMapped(vec::RowMap::kSquare, vec::ReduceOp::kSum, DType::kFloat32,
                            DType::kFloat32, root, centred, rows, sh, sh);
  for (uint32_t i = 0; i < sh; ++i) {
    const float var = root[i] * inv;
    Store(c.type, c.mean->ptr + size_t{i} * b, mean[i]);
    Store(c.type, c.variance->ptr + size_t{i} * b, var);
    root[i] = std::sqrt(var + eps);
  }
  float* const y = NormOutRows(c.type, c.dst->ptr, n, work);
  vec::HlRowAffine({y, centred, rows, sh, {}, {root, true}, {gamma, false}, {beta, false}, true});
  NormStoreRows(c.type, c.dst->ptr, y, n);
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
  Compute(c);
}

}  // namespace batchnorm_impl

void RunBatchNorm(const BatchNormCall& call) { batchnorm_impl::Run(call); }

}  // namespace opsim::sim::hl
