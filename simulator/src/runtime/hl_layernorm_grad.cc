// LayerNormGrad and LayerNormGradBeta (hl_layernorm_grad.h) as the 910B computes them (asc-devkit
// layernormgrad_common_impl.h, layernormgradbeta_common_impl.h): float32 vector steps in the
// implementation's order, each one float32 rounding (half is widened first and narrowed once at
// the end), the row sums as WholeReduceSum's trees of 64 lanes, round after round.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/hl_layernorm_grad.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace lngrad_impl {

[[noreturn]] void Fail(const char* name, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, name, message);
}

std::vector<float> AsFloat(ElemType t, const uint8_t* p, size_t n) {
  std::vector<float> v(n);
  const uint32_t b = ElemBytes(t);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(Load(t, p + i * b));
  return v;
}

// WholeReduceSum of one repeat: a binary tree of adjacent lanes over 64, off-mask lanes -0.
float Tree64(const float* v, uint32_t n) {
  float lanes[64];
  for (uint32_t i = 0; i < 64; ++i) lanes[i] = i < n ? v[i] : -0.0f;
  for (uint32_t w = 32; w >= 1; w /= 2) {
    for (uint32_t i = 0; i < w; ++i) lanes[i] = lanes[2 * i] + lanes[2 * i + 1];
  }
  return lanes[0];
}

// CANN's ReduceSumImpl of one row: WholeReduceSum per 64 floats, then of those sums, until one.
float RowSum(const float* row, uint32_t h) {
  std::vector<float> cur(row, row + h), next;
  while (cur.size() > 1) {
    next.clear();
    for (size_t at = 0; at < cur.size(); at += 64) {
      next.push_back(
          Tree64(cur.data() + at, static_cast<uint32_t>(std::min<size_t>(64, cur.size() - at))));
    }
    cur.swap(next);
  }
  return cur[0];
}

float BitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// The rows [r0, r0 + rows) of one round: ComputePdX1, PdX2, PdVar, PdMean, PdX.
struct GradRows {
  const float *dy, *x, *var, *mean, *gamma;
  float* pd_x;
  float* res;
};
void GradRound(const GradRows& g, uint32_t rows, uint32_t h, float eps, float back, float back2) {
  std::vector<float> x1(h), x2(h), x3(h), a(h);
  for (uint32_t r = 0; r < rows; ++r) {
    const size_t o = size_t{r} * h;
    const float t = g.var[r] + eps;
    const float t3 = (t * t) * t;
    const float r15 = 1.0f / std::sqrt(t3);  // Sqrt, then Div of 1
    const float r05 = 1.0f / std::sqrt(t);
    for (uint32_t j = 0; j < h; ++j) {
      x1[j] = g.dy[o + j] * g.gamma[j];
      x2[j] = g.x[o + j] - g.mean[r];
      a[j] = ((x2[j] * r15) * x1[j]) * -0.5f;
    }
    const float pd_var = RowSum(a.data(), h);
    for (uint32_t j = 0; j < h; ++j) {
      g.res[o + j] = x2[j] * r05;
      x3[j] = x1[j] * r05;
      a[j] = x3[j] * -1.0f;
    }
    float pd_mean = RowSum(a.data(), h);
    for (uint32_t j = 0; j < h; ++j) a[j] = x2[j] * -2.0f;
    const float s2 = pd_var * (RowSum(a.data(), h) * back);
    pd_mean = pd_mean + s2;
    const float var2 = pd_var * back2, mean1 = pd_mean * back;
    for (uint32_t j = 0; j < h; ++j) g.pd_x[o + j] = ((var2 * x2[j]) + mean1) + x3[j];
  }
}

struct GradShape {
  uint32_t rows = 0, h = 0;
  uint64_t touched = 0;  // bytes of sharedTmpBuffer the tiling's pieces reach
};

GradShape CheckGrad(const LayerNormGradCall& c, const char* name) {
  const AscendC::tiling::LayerNormGradTiling& t = *c.tiling;
  if (c.data_format != 0) Fail(name, "shapeInfo.dataFormat must be DataFormat::ND (the only one)");
  if (c.reuse_source && c.type == ElemType::kHalf) {
    Fail(name, "isReuseSource is supported for float only");
  }
  if (t.hLength == 0 || t.oneCalSize == 0 || t.bLength == 0 || t.sLength == 0) {
    Fail(name, "the tiling holds no work (bLength " + std::to_string(t.bLength) + ", sLength " +
                   std::to_string(t.sLength) + ", hLength " + std::to_string(t.hLength) +
                   ", oneCalSize " + std::to_string(t.oneCalSize) +
                   "): fill it with GetLayerNormGradNDTilingInfo");
  }
  GradShape s;
  s.rows = t.bLength * t.sLength;
  s.h = t.hLength;
  const uint32_t b = ElemBytes(c.type);
  if (s.h * b % 32 != 0) {
    Fail(name, "hLength " + std::to_string(s.h) + " is " + std::to_string(s.h * b) +
                   " bytes: the last axis must be whole 32-byte blocks");
  }
  const uint64_t bsh = uint64_t{s.rows} * s.h;
  if (t.nohCalSize * s.h != t.oneCalSize || t.nohTailSize * s.h != t.tailSize ||
      uint64_t{t.loopNum} * t.oneCalSize + t.tailSize != bsh) {
    Fail(name, "the tiling's rounds (oneCalSize " + std::to_string(t.oneCalSize) + ", nohCalSize " +
                   std::to_string(t.nohCalSize) + ", loopNum " + std::to_string(t.loopNum) +
                   ", tailSize " + std::to_string(t.tailSize) + ") do not cover B * S * H " +
                   std::to_string(bsh) + " in rows of H: not GetLayerNormGradNDTilingInfo's");
  }
  const uint64_t cal = std::min<uint64_t>(t.oneCalSize, bsh);
  const uint32_t last = c.type == ElemType::kHalf ? t.tmpTensor2Pos : t.x3TensorPos;
  s.touched = (uint64_t{last} + cal) * 4;
  if (c.tmp != nullptr) {
    if (c.tmp->bytes < t.stackBufferSize) {
      Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
                     " bytes, below the tiling's stackBufferSize " +
                     std::to_string(t.stackBufferSize) + " (CANN: Stack buffer size not enough)");
    }
    if (c.tmp->bytes < s.touched) {
      Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
                     " bytes; the tiling's float pieces reach byte " + std::to_string(s.touched) +
                     " (the chip would write past the buffer)");
    }
  }
  return s;
}

void Grad(const LayerNormGradCall& c) {
  const char* name = "LayerNormGrad";
  const GradShape s = CheckGrad(c, name);
  const AscendC::tiling::LayerNormGradTiling& t = *c.tiling;
  detail::Core& core = detail::Cur();
  const uint32_t b = ElemBytes(c.type);
  const uint64_t data = uint64_t{s.rows} * s.h * b, stat = uint64_t{s.rows} * b;
  HlOperands o;
  o.Write(c.pd_x, data);
  o.Write(c.res_for_gamma, data);
  o.Read(c.dy, data);
  o.Read(c.x, data);
  o.Read(c.variance, stat);
  o.Read(c.mean, stat);
  o.Read(c.gamma, uint64_t{s.h} * b);
  CheckOperandsInUb(core, o, c.tmp, name);
  // An assumption: the 910B sequence's 24 vector passes over the data (4 more for half's casts).
  const double cost = (24 + (c.type == ElemType::kHalf ? 4 : 0)) * core.VectorCost(data);
  IssueOnVectorPipe(core, o, c.tmp, cost, name);
  const size_t n = size_t{s.rows} * s.h;
  const std::vector<float> dy = AsFloat(c.type, c.dy->ptr, n), x = AsFloat(c.type, c.x->ptr, n),
                           var = AsFloat(c.type, c.variance->ptr, s.rows),
                           mean = AsFloat(c.type, c.mean->ptr, s.rows),
                           gamma = AsFloat(c.type, c.gamma->ptr, s.h);
  std::vector<float> pd_x(n), res(n);
  const float back = BitsToFloat(t.lastDimValueBack), back2 = BitsToFloat(t.lastDimValueBackMulTwo);
  // The rows in the tiling's rounds (each row's result does not depend on its round).
  GradRound({dy.data(), x.data(), var.data(), mean.data(), gamma.data(), pd_x.data(), res.data()},
            s.rows, s.h, c.epsilon, back, back2);
  for (size_t i = 0; i < n; ++i) {
    Store(c.type, c.pd_x->ptr + i * b, pd_x[i]);
    Store(c.type, c.res_for_gamma->ptr + i * b, res[i]);
  }
}

void CheckBeta(const LayerNormGradBetaCall& c, const char* name) {
  const AscendC::tiling::LayerNormGradBetaTiling& t = *c.tiling;
  if (c.reuse_source && c.type == ElemType::kHalf) {
    Fail(name, "isReuseSource is supported for float only");
  }
  if (t.oneCalSize == 0 || t.hLength == 0) {
    Fail(name, "tiling.oneCalSize must > 0 (oneCalSize " + std::to_string(t.oneCalSize) +
                   ", hLength " + std::to_string(t.hLength) +
                   "): fill it with GetLayerNormGradBetaNDTilingInfo");
  }
  const uint32_t b = ElemBytes(c.type);
  if (t.hLength * b % 32 != 0) {
    Fail(name, "hLength " + std::to_string(t.hLength) + " is " + std::to_string(t.hLength * b) +
                   " bytes: the last axis must be whole 32-byte blocks");
  }
  if (t.originalHLength == 0 || t.originalHLength > t.hLength) {
    Fail(name, "originalHLength " + std::to_string(t.originalHLength) + " must be in [1, hLength " +
                   std::to_string(t.hLength) + "]");
  }
  const uint64_t bsh = uint64_t{t.bLength} * t.sLength * t.hLength;
  if (t.bshLength != bsh || t.bshCurLength != t.oneCalSize ||
      uint64_t{t.loopRound} * t.oneCalSize + t.inputTailSize != bsh ||
      t.inputTailPos != bsh - t.inputTailSize || t.bsCurLength * t.hLength != t.oneCalSize ||
      t.bsTailSize * t.hLength != t.inputTailSize) {
    Fail(name, "the tiling's rounds (oneCalSize " + std::to_string(t.oneCalSize) + ", loopRound " +
                   std::to_string(t.loopRound) + ", inputTailSize " +
                   std::to_string(t.inputTailSize) + ") do not cover B * S * H " +
                   std::to_string(bsh) + ": not GetLayerNormGradBetaNDTilingInfo's");
  }
  if (c.tmp == nullptr) return;
  const uint64_t floats = c.tmp->bytes / 4;
  if (floats < t.stackBufferSize) {
    Fail(name, "sharedTmpBuffer holds " + std::to_string(floats) +
                   " floats, below the tiling's stackBufferSize " +
                   std::to_string(t.stackBufferSize));
  }
  const bool uses_piece = c.type == ElemType::kHalf || !c.reuse_source;
  if (uses_piece && uint64_t{t.resForGammaTmpTensorPos} + t.oneCalSize > t.stackBufferSize) {
    Fail(name, "resForGammaTmpTensorPos + oneCalSize is " +
                   std::to_string(t.resForGammaTmpTensorPos + t.oneCalSize) +
                   ", above stackBufferSize " + std::to_string(t.stackBufferSize));
  }
}

// CANN's ReduceSumFirstN: acc (+)= the rows of src, hc elements each at a stride of hc.
void SumRows(float* acc, const float* src, uint32_t rows, uint32_t hc, bool clear) {
  uint32_t r = 0;
  if (clear) {
    for (uint32_t j = 0; j < hc; ++j) acc[j] = src[j] + 0.0f;  // Adds of 0
    r = 1;
  }
  for (; r < rows; ++r) {
    for (uint32_t j = 0; j < hc; ++j) acc[j] = src[size_t{r} * hc + j] + acc[j];
  }
}

void Beta(const LayerNormGradBetaCall& c) {
  const char* name = "LayerNormGradBeta";
  CheckBeta(c, name);
  const AscendC::tiling::LayerNormGradBetaTiling& t = *c.tiling;
  detail::Core& core = detail::Cur();
  const uint32_t b = ElemBytes(c.type), hc = t.originalHLength;
  const uint64_t data = uint64_t{t.bshLength} * b;
  HlOperands o;
  o.Write(c.pd_gamma, uint64_t{hc} * b);
  o.Write(c.pd_beta, uint64_t{hc} * b);
  o.Read(c.res_for_gamma, data);
  o.Read(c.dy, data);
  CheckOperandsInUb(core, o, c.tmp, name);
  // An assumption: the Mul and two row-accumulating Adds per element (two casts more for half).
  const double cost = (3 + (c.type == ElemType::kHalf ? 2 : 0)) * core.VectorCost(data);
  IssueOnVectorPipe(core, o, c.tmp, cost, name);
  const std::vector<float> dy = AsFloat(c.type, c.dy->ptr, t.bshLength),
                           rg = AsFloat(c.type, c.res_for_gamma->ptr, t.bshLength);
  std::vector<float> gamma(hc), beta(hc), prod;
  // Each round: Mul over its elements, then its rows summed with a row stride of originalHLength
  // (as the 910B addresses them; the same as hLength when H is not padded).
  const auto round = [&](uint32_t at, uint32_t count, uint32_t rows, bool clear) {
    prod.resize(count);
    for (uint32_t k = 0; k < count; ++k) prod[k] = dy[at + k] * rg[at + k];
    SumRows(gamma.data(), prod.data(), rows, hc, clear);  // rows * hc <= count
    SumRows(beta.data(), dy.data() + at, rows, hc, clear);
  };
  round(0, t.bshCurLength, t.bsCurLength, true);
  for (uint32_t i = 1; i < t.loopRound; ++i)
    round(i * t.oneCalSize, t.oneCalSize, t.bsCurLength, false);
  if (t.inputTailSize > 0) round(t.inputTailPos, t.inputTailSize, t.bsTailSize, false);
  for (uint32_t j = 0; j < hc; ++j) {
    Store(c.type, c.pd_gamma->ptr + size_t{j} * b, gamma[j]);
    Store(c.type, c.pd_beta->ptr + size_t{j} * b, beta[j]);
  }
}

}  // namespace lngrad_impl

void RunLayerNormGrad(const LayerNormGradCall& call) { lngrad_impl::Grad(call); }
void RunLayerNormGradBeta(const LayerNormGradBetaCall& call) { lngrad_impl::Beta(call); }

}  // namespace opsim::sim::hl
