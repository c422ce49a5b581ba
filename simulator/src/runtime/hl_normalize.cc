// The high-level Normalize (lib/normalization/normalize.h) over [A, R] with a given mean and
// variance, and the [A, R] LayerNorm that outputs rstd (layernorm.h), which computes the rows'
// statistics and then runs Normalize: the parameter and temporary-buffer rules of the 910B
// implementation, the V-pipe charge and the per-row computation in double, each output rounded
// once (the statistics as the chip's float passes round them).
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
constexpr const char* kLnName = "LayerNorm";

[[noreturn]] void Fail(const std::string& message, const char* name = kName) {
  RaiseFault(FaultKind::kInvalidArgument, name, message);
}
std::string Str(uint64_t v) { return std::to_string(v); }

// Normalize's work buffer: A floats of rstd, then two float rows (and, for half gamma and beta,
// their float copies) per piece of rows: at least one row.
uint64_t NormalizeTmpNeed(const NormalizeCall& c, uint32_t a, uint32_t r_pad) {
  const uint64_t rows = c.gamma_type == ElemType::kFloat ? 2 : 4;
  return std::max<uint64_t>(a, rows * r_pad) * 4;
}

void CheckCall(const NormalizeCall& c, const AscendC::NormalizePara& p, const char* name) {
  const uint32_t b = ElemBytes(c.type);
  if (p.aLength == 0 || p.rLength == 0 || p.rLength > p.rLengthWithPadding) {
    Fail("para {aLength " + Str(p.aLength) + ", rLength " + Str(p.rLength) +
             ", rLengthWithPadding " + Str(p.rLengthWithPadding) +
             "}: aLength and rLength must be above 0 and rLength at most rLengthWithPadding",
         name);
  }
  if (uint64_t{p.rLengthWithPadding} * b % 32 != 0) {
    Fail("rLengthWithPadding " + Str(p.rLengthWithPadding) + " is " +
             Str(uint64_t{p.rLengthWithPadding} * b) +
             " bytes of inputX: whole 32-byte blocks only",
         name);
  }
  if (c.config_a != -1 && static_cast<uint32_t>(c.config_a) != p.aLength) {
    Fail("config.aLength " + std::to_string(c.config_a) + " must equal para.aLength " +
             Str(p.aLength),
         name);
  }
}

void ComputeRow(const NormalizeCall& c, const AscendC::NormalizePara& p, uint32_t a, double mean,
                double var) {
  const uint32_t b = ElemBytes(c.type), gb = ElemBytes(c.gamma_type), r = p.rLengthWithPadding;
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

// Normalize's operands and charge; `extra` passes before its own (LayerNorm's statistics).
void Issue(const NormalizeCall& c, const AscendC::NormalizePara& p, uint32_t extra,
           const char* name) {
  detail::Core& core = detail::Cur();
  const uint32_t b = ElemBytes(c.type);
  const uint64_t data = uint64_t{p.aLength} * p.rLengthWithPadding * b,
                 param = uint64_t{p.rLengthWithPadding} * ElemBytes(c.gamma_type),
                 stat = uint64_t{p.aLength} * 4;
  HlOperands o;
  o.Write(c.dst, data);
  o.Write(c.rstd, stat);
  o.Read(c.src, data);
  if (c.variance == nullptr) {  // LayerNorm: writes the mean and zeroes inputX's padding
    o.Write(c.mean, stat);
    if (p.rLength != p.rLengthWithPadding) o.Write(c.src, data);
  } else {
    o.Read(c.mean, stat);
    o.Read(c.variance, stat);
  }
  if (!c.no_gamma) o.Read(c.gamma, param);
  if (!c.no_beta) o.Read(c.beta, param);
  CheckOperandsInUb(core, o, c.tmp, name);
  // Broadcast mean, Sub, broadcast rstd, Mul, Mul by gamma, Add of beta; half's two casts.
  const uint32_t passes = extra + 6 + (c.type == ElemType::kHalf ? 2 : 0);
  const double cost = passes * core.VectorCost(data);
  IssueOnVectorPipe(core, o, c.tmp, cost, name);
}

void Run(const NormalizeCall& c) {
  const AscendC::NormalizePara& p = *c.para;
  CheckCall(c, p, kName);
  const uint64_t need = NormalizeTmpNeed(c, p.aLength, p.rLengthWithPadding);
  if (c.tmp != nullptr && c.tmp->bytes < need) {
    Fail("sharedTmpBuffer holds " + Str(c.tmp->bytes) + " bytes; it needs at least " + Str(need) +
         " (A floats and " + Str(c.gamma_type == ElemType::kFloat ? 2 : 4) +
         " float rows of rLengthWithPadding)");
  }
  Issue(c, p, 0, kName);
  for (uint32_t a = 0; a < p.aLength; ++a) {
    ComputeRow(c, p, a, Load(ElemType::kFloat, c.mean->ptr + size_t{a} * 4),
               Load(ElemType::kFloat, c.variance->ptr + size_t{a} * 4));
  }
}

// The tiling must be GetLayerNormNDTilingInfo's for this shape, and the work buffer hold its
// variance, its two pieces and what Normalize needs after the variance.
void CheckLayerNorm(const LayerNormRstdCall& c, const AscendC::NormalizePara& p) {
  const AscendC::tiling::LayerNormSeparateTiling& t = *c.tiling;
  if (t.oneTmpSize == 0 || t.oneTmpSize % p.rLengthWithPadding != 0) {
    Fail("tiling.oneTmpSize " + Str(t.oneTmpSize) + " is not a whole number of rows of " +
             Str(p.rLengthWithPadding) +
             ": GetLayerNormNDTilingInfo failed (stackBufferSize below the minimum) or was not "
             "called",
         kLnName);
  }
  if (t.aLength != p.aLength || t.rLength != p.rLength) {
    Fail("the tiling is for [" + Str(t.aLength) + ", " + Str(t.rLength) + "], para for [" +
             Str(p.aLength) + ", " + Str(p.rLength) + "]",
         kLnName);
  }
  if (t.varianceTmpTensorSize < p.aLength || t.firstTmpStartPos < t.varianceTmpTensorSize) {
    Fail("tiling.varianceTmpTensorSize " + Str(t.varianceTmpTensorSize) +
             " must hold aLength floats and end by firstTmpStartPos",
         kLnName);
  }
  const uint64_t first = uint64_t{t.firstTmpStartPos} * 4;
  const uint64_t need =
      first + std::max<uint64_t>(uint64_t{t.oneTmpSize} * 8,
                                 NormalizeTmpNeed(c.norm, p.aLength, p.rLengthWithPadding));
  if (c.norm.tmp != nullptr && c.norm.tmp->bytes < need) {
    Fail("sharedTmpBuffer holds " + Str(c.norm.tmp->bytes) + " bytes; the tiling needs at least " +
             Str(need) + " (the variance, two pieces of " + Str(t.oneTmpSize) +
             " floats and Normalize's work)",
         kLnName);
  }
}

// The mean and variance of row a over its r columns as the chip's float passes round them: each
// element scaled by 1/r (rValueBack) before the sums.
void RowStats(const NormalizeCall& c, const uint8_t* x, uint32_t r, float scale, float& mean,
              float& var) {
  const uint32_t b = ElemBytes(c.type);
  double sum = 0;
  for (uint32_t j = 0; j < r; ++j) {
    sum += static_cast<float>(static_cast<float>(Load(c.type, x + size_t{j} * b)) * scale);
  }
  mean = static_cast<float>(sum);
  sum = 0;
  for (uint32_t j = 0; j < r; ++j) {
    const float d = static_cast<float>(Load(c.type, x + size_t{j} * b)) - mean;
    sum += static_cast<float>(d * d * scale);
  }
  var = static_cast<float>(sum);
}

void RunLayerNorm(const LayerNormRstdCall& c) {
  const AscendC::NormalizePara p{c.para->aLength, c.para->rLength, c.para->rLengthWithPadding};
  CheckCall(c.norm, p, kLnName);
  CheckLayerNorm(c, p);
  // Cast or copy, Muls, ReduceSum, copy, Adds, Mul, Muls, ReduceSum; zeroing the padding.
  Issue(c.norm, p, 8 + (p.rLength != p.rLengthWithPadding ? 1 : 0), kLnName);
  const uint32_t b = ElemBytes(c.norm.type), r = p.rLengthWithPadding;
  for (uint32_t a = 0; a < p.aLength; ++a) {
    uint8_t* x = c.norm.src->ptr + size_t{a} * r * b;
    for (uint32_t j = p.rLength; j < r; ++j) Store(c.norm.type, x + size_t{j} * b, 0.0);
    float mean = 0, var = 0;
    RowStats(c.norm, x, p.rLength, c.tiling->rValueBack, mean, var);
    Store(ElemType::kFloat, c.norm.mean->ptr + size_t{a} * 4, mean);
    if (c.norm.tmp != nullptr) {  // the chip keeps the variance at the buffer's start
      Store(ElemType::kFloat, c.norm.tmp->ptr + size_t{a} * 4, var);
    }
    ComputeRow(c.norm, p, a, mean, var);
  }
}

}  // namespace normalize_impl

void RunNormalize(const NormalizeCall& call) { normalize_impl::Run(call); }
void RunLayerNormRstd(const LayerNormRstdCall& call) { normalize_impl::RunLayerNorm(call); }

}  // namespace opsim::sim::hl
