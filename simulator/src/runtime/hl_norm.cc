// The high-level normalisation APIs over rows of H (lib/normalization/layernorm.h, rmsnorm.h,
// deepnorm.h): the tiling and
// temporary-buffer rules of the 910B implementation, the V-pipe charge and the per-row
// computation in double, each output rounded once.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_norm.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace norm_impl {

using detail::UbRef;

[[noreturn]] void Fail(const char* name, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, name, message);
}

// What one call works on, from its tiling.
struct Geometry {
  uint32_t rows, h, ori_h;
  uint64_t tmp_need;  // bytes of the work buffer the chip uses
  double inv_h;       // the reciprocal of the original H the chip multiplies by
  uint32_t passes;    // vector passes over the [rows, h] data (an estimate)
};

// LayerNorm and DeepNorm: their tilings share CANN's field names and meanings.
template <typename Tiling>
Geometry LayerNormGeometry(const NormCall& c, const Tiling& t, const char* name,
                           const char* helper) {
  if (t.oneTmpSize == 0 || t.hLength == 0 || t.bLength * t.sLength == 0) {
    Fail(name, "the tiling holds no work (bLength " + std::to_string(t.bLength) + ", sLength " +
                   std::to_string(t.sLength) + ", hLength " + std::to_string(t.hLength) +
                   ", oneTmpSize " + std::to_string(t.oneTmpSize) + "): " + helper +
                   " was given less than the minimum work space");
  }
  if (c.reuse_source && c.type == ElemType::kHalf) {
    Fail(name, "isReuseSource is supported for float only");
  }
  // Muls, ReduceSum (2), Sub, Mul, Muls, ReduceSum (2), gamma/beta broadcast (2), Adds, Ln,
  // Muls, Exp, Mul, Mul, Add.
  return {t.bLength * t.sLength, t.hLength,
          t.originalHLength,     uint64_t{opsim::norm::LayerNormWorkFloats(t)} * 4,
          t.lastDimValueBack,    17};
}

// DeepNorm's own limits (CANN's kernel and helper asserts): H at most 2040 (one Adds' repeat
// stride is H / 8 blocks in a uint8_t), and the basic-block shape when isBasicBlock is set.
Geometry DeepNormGeometry(const NormCall& c) {
  const AscendC::tiling::DeepNormTiling& t = *c.deep_norm;
  Geometry g = LayerNormGeometry(c, t, "DeepNorm", "GetDeepNormTilingInfo");
  if (t.hLength > 2040) {
    Fail("DeepNorm", "hLength " + std::to_string(t.hLength) + " is above 2040, DeepNorm's limit");
  }
  if (c.basic_block && (t.hLength % 64 != 0 || g.rows % 8 != 0)) {
    Fail("DeepNorm", "isBasicBlock needs hLength a multiple of 64 (it is " +
                         std::to_string(t.hLength) + ") and B * S a multiple of 8 (it is " +
                         std::to_string(g.rows) + ")");
  }
  g.passes += 2;  // Muls by alpha, Add of gx
  return g;
}

Geometry RmsNormGeometry(const NormCall& c, const char* name) {
  const AscendC::tiling::RmsNormTiling& t = *c.rms_norm;
  if (t.mainBsLength == 0 || t.hLength == 0 || t.bLength * t.sLength == 0) {
    Fail(name, "the tiling holds no work (bLength " + std::to_string(t.bLength) + ", sLength " +
                   std::to_string(t.sLength) + ", hLength " + std::to_string(t.hLength) +
                   ", mainBsLength " + std::to_string(t.mainBsLength) +
                   "): GetRmsNormTilingInfo failed or was not called");
  }
  // Mul (squares), ReduceSum (2), Muls, Adds, Sqrt, Div, Mul (gamma).
  return {
      t.bLength * t.sLength,
      t.hLength,
      t.originalHLength,
      uint64_t{opsim::norm::RmsNormWorkFloats(t.mainBsLength, t.hLength, ElemBytes(c.type))} * 4,
      t.reciprocalOfHLength,
      8};
}

void CheckGeometry(const NormCall& c, const Geometry& g, const char* name) {
  if (uint64_t{g.h} * ElemBytes(c.type) % 32 != 0) {
    Fail(name, "hLength " + std::to_string(g.h) + " is " + std::to_string(g.h * ElemBytes(c.type)) +
                   " bytes: H must be a whole number of 32-byte blocks");
  }
  if (g.ori_h == 0 || g.ori_h > g.h) {
    Fail(name, "originalHLength " + std::to_string(g.ori_h) + " must be in [1, hLength " +
                   std::to_string(g.h) + "]");
  }
  const uint64_t data = uint64_t{g.rows} * g.h * ElemBytes(c.type),
                 param = uint64_t{g.h} * ElemBytes(c.type);
  if (c.dst->ptr < c.gamma->ptr + param && c.gamma->ptr < c.dst->ptr + data) {
    Fail(name, "dst and gamma overlap: CANN does not allow them to share memory");
  }
  if (c.tmp != nullptr && c.tmp->bytes < g.tmp_need) {
    Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
                   " bytes; the tiling's pieces need at least " + std::to_string(g.tmp_need));
  }
}

// One row: the statistics over the original H (the padding is the caller's), every column of
// the row written.
void ComputeRow(const NormCall& c, const Geometry& g, uint32_t r, std::vector<double>& x) {
  const uint32_t b = ElemBytes(c.type);
  const uint8_t* src = c.src->ptr + size_t{r} * g.h * b;
  for (uint32_t j = 0; j < g.h; ++j) x[j] = Load(c.type, src + size_t{j} * b);
  if (c.api == NormApi::kDeepNorm) {
    const uint8_t* gx = c.gx->ptr + size_t{r} * g.h * b;
    for (uint32_t j = 0; j < g.h; ++j) x[j] = c.alpha * x[j] + Load(c.type, gx + size_t{j} * b);
  }
  double scale = 0, mean = 0;
  if (c.api == NormApi::kRmsNorm) {
    double sq = 0;
    for (uint32_t j = 0; j < g.ori_h; ++j) sq += x[j] * x[j];
    scale = 1 / std::sqrt(sq * g.inv_h + c.epsilon);
  } else {
    for (uint32_t j = 0; j < g.ori_h; ++j) mean += x[j];
    mean *= g.inv_h;
    double var = 0;
    for (uint32_t j = 0; j < g.ori_h; ++j) var += (x[j] - mean) * (x[j] - mean);
    var *= g.inv_h;
    scale = 1 / std::sqrt(var + c.epsilon);
    Store(c.type, c.mean->ptr + size_t{r} * b, mean);
    Store(c.type, c.variance->ptr + size_t{r} * b, var);
  }
  uint8_t* dst = c.dst->ptr + size_t{r} * g.h * b;
  for (uint32_t j = 0; j < g.h; ++j) {
    double y = (x[j] - mean) * scale * Load(c.type, c.gamma->ptr + size_t{j} * b);
    if (c.beta != nullptr) y += Load(c.type, c.beta->ptr + size_t{j} * b);
    Store(c.type, dst + size_t{j} * b, y);
  }
}

const char* NameOf(NormApi api) {
  switch (api) {
    case NormApi::kLayerNorm: return "LayerNorm";
    case NormApi::kRmsNorm: return "RmsNorm";
    case NormApi::kDeepNorm: return "DeepNorm";
  }
  return "?";
}

Geometry GeometryOf(const NormCall& c, const char* name) {
  switch (c.api) {
    case NormApi::kLayerNorm:
      return LayerNormGeometry(c, *c.layer_norm, name, "GetLayerNormNDTilingInfo");
    case NormApi::kDeepNorm: return DeepNormGeometry(c);
    case NormApi::kRmsNorm: break;
  }
  return RmsNormGeometry(c, name);
}

void Run(const NormCall& c) {
  const char* name = NameOf(c.api);
  const Geometry g = GeometryOf(c, name);
  CheckGeometry(c, g, name);
  detail::Core& core = detail::Cur();
  const uint32_t b = ElemBytes(c.type);
  const uint64_t data = uint64_t{g.rows} * g.h * b, param = uint64_t{g.h} * b;
  HlOperands o;
  o.Write(c.dst, data);
  if (c.mean != nullptr) {
    o.Write(c.mean, uint64_t{g.rows} * b);
    o.Write(c.variance, uint64_t{g.rows} * b);
  }
  o.Read(c.src, data);
  o.Read(c.gamma, param);
  if (c.beta != nullptr) o.Read(c.beta, param);
  if (c.gx != nullptr) o.Read(c.gx, data);
  CheckOperandsInUb(core, o, c.tmp, name);
  const uint32_t passes = g.passes + (c.type == ElemType::kHalf ? 2 : 0);
  const double cost = passes * core.VectorCost(data);
  IssueOnVectorPipe(core, o, c.tmp, cost, name);
  std::vector<double> row(g.h);
  for (uint32_t r = 0; r < g.rows; ++r) ComputeRow(c, g, r, row);
}

}  // namespace norm_impl

void RunNorm(const NormCall& call) { norm_impl::Run(call); }

}  // namespace opsim::sim::hl
