// The high-level normalisation APIs over rows of H (lib/normalization/layernorm.h, rmsnorm.h,
// deepnorm.h): the tiling and
// temporary-buffer rules of the 910B implementation, the V-pipe charge and the computation in
// float32 vector passes (the vector unit's kernels), as the chip's implementation computes.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_norm.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_norm_work.h"
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

// 1 / sqrt(v + eps) for each row as the chip's Adds, Ln, Muls by -0.5, Exp.
void InverseRoot(float* v, uint32_t rows, float eps) {
  for (uint32_t r = 0; r < rows; ++r) v[r] += eps;
  vec::Math(vec::MathOp::kLn, DType::kFloat32, v, v, rows);
  for (uint32_t r = 0; r < rows; ++r) v[r] *= -0.5f;
  vec::Math(vec::MathOp::kExp, DType::kFloat32, v, v, rows);
}

// The statistics and the output of every row in float32 vector passes, in the 910B
// implementation's order: the row sums (ReduceRows' tree) times 1/H; the centred rows; their
// squares' sums times 1/H; exp(-0.5 ln(var + eps)); Mul by it, Mul gamma, Add beta (RmsNorm:
// x / sqrt(mean square + eps), Mul gamma). Each step one float32 rounding; the statistics over
// the original H, every column written.
void Compute(const NormCall& c, const Geometry& g) {
  const size_t n = size_t{g.rows} * g.h;
  NormWork work(5 * n + 2 * size_t{g.h} + 2 * size_t{g.rows});
  const float* x = NormAsFloat(c.type, c.src->ptr, n, work);
  if (c.api == NormApi::kDeepNorm) {  // alpha * x + gx: Muls, Add
    const float alpha = static_cast<float>(c.alpha);
    const float* gx = NormAsFloat(c.type, c.gx->ptr, n, work);
    float* const sum = work.Take(n);
    vec::Scalar(vec::ScalarOp::kMul, DType::kFloat32, sum, x, &alpha, n);
    vec::Binary(vec::BinaryOp::kAdd, DType::kFloat32, sum, sum, gx, n);
    x = sum;
  }
  const float* gamma = NormAsFloat(c.type, c.gamma->ptr, g.h, work);
  const float* beta = c.beta != nullptr ? NormAsFloat(c.type, c.beta->ptr, g.h, work) : nullptr;
  const float inv_h = static_cast<float>(g.inv_h), eps = static_cast<float>(c.epsilon);
  float* const mean = work.Take(g.rows);
  float* const scale = work.Take(g.rows);
  float* const y = NormOutRows(c.type, c.dst->ptr, n, work);
  const auto square_sums = [&](const float* rows) {
    vec::ReduceRowsMapped(vec::RowMap::kSquare, vec::ReduceOp::kSum, DType::kFloat32,
                          DType::kFloat32, scale, rows, g.rows, g.ori_h, g.h);
  };
  if (c.api == NormApi::kRmsNorm) {
    square_sums(x);
    for (uint32_t r = 0; r < g.rows; ++r) scale[r] = std::sqrt(scale[r] * inv_h + eps);
    vec::HlRowAffine({y, x, g.rows, g.h, {}, {scale, false}, {gamma, true}, {}, true});
  } else {
    vec::ReduceRows(vec::ReduceOp::kSum, DType::kFloat32, mean, x, g.rows, g.ori_h, g.h);
    for (uint32_t r = 0; r < g.rows; ++r) mean[r] *= inv_h;
    float* const centred = work.Take(n);
    vec::HlRowAffine({centred, x, g.rows, g.h, {mean, false}, {}, {}, {}, false});
    square_sums(centred);
    const uint32_t b = ElemBytes(c.type);
    for (uint32_t r = 0; r < g.rows; ++r) {
      scale[r] *= inv_h;
      Store(c.type, c.mean->ptr + size_t{r} * b, mean[r]);
      Store(c.type, c.variance->ptr + size_t{r} * b, scale[r]);
    }
    InverseRoot(scale, g.rows, eps);
    vec::HlRowAffine(
        {y, centred, g.rows, g.h, {}, {scale, false}, {gamma, true}, {beta, true}, false});
  }
  NormStoreRows(c.type, c.dst->ptr, y, n);
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
  Compute(c, g);
}

}  // namespace norm_impl

void RunNorm(const NormCall& call) { norm_impl::Run(call); }

}  // namespace opsim::sim::hl
