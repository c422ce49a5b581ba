// The high-level SoftMax family (lib/activation/softmax.h, softmaxflashv2.h): the shape and
// tiling rules, the temporary buffer the 910B implementation uses, the V-pipe charge and the
// per-row computation in double, each output rounded once.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_softmax.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files, where hl_math.cc's helpers of the
// same names share the translation unit.
namespace softmax_impl {

using detail::UbRef;

constexpr uint32_t kBlock = 32;  // bytes of one data block: a sum/max row
constexpr uint32_t kFloatBytes = 4;

const char* NameOf(SoftmaxApi api) {
  switch (api) {
    case SoftmaxApi::kSoftMax: return "SoftMax";
    case SoftmaxApi::kSimpleSoftMax: return "SimpleSoftMax";
    case SoftmaxApi::kFlashV2: return "SoftmaxFlashV2";
    case SoftmaxApi::kFlash: return "SoftmaxFlash";
  }
  return "SoftMax";
}

struct Shape {
  uint32_t m, k, ori_m, ori_k;
};

[[noreturn]] void Fail(const char* name, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, name, message);
}

// The shape the call works on: the header's SoftmaxShapeOf (softmaxShapeInfo, or src's
// ShapeInfo when srcM or srcK is 0); a SoftmaxConfig with oriSrcM/oriSrcK fixes the original
// extents.
Shape ResolveShape(const SoftmaxCall& c, const char* name) {
  const AscendC::SoftMaxShapeInfo& s = c.shape;
  Shape r{s.srcM, s.srcK, s.oriSrcM != 0 ? s.oriSrcM : s.srcM, s.oriSrcK != 0 ? s.oriSrcK : s.srcK};
  if (c.config.oriSrcM != 0) r.ori_m = c.config.oriSrcM;
  if (c.config.oriSrcK != 0) r.ori_k = c.config.oriSrcK;
  if (r.m == 0 || r.k == 0) {
    Fail(name, "no shape: srcM x srcK is " + std::to_string(r.m) + " x " + std::to_string(r.k));
  }
  const uint32_t row_bytes = r.k * ElemBytes(c.data);
  if (row_bytes % kBlock != 0) {
    Fail(name, "srcK " + std::to_string(r.k) + " is " + std::to_string(row_bytes) +
                   " bytes: the last axis must be a whole number of 32-byte blocks");
  }
  if (r.ori_m > r.m || r.ori_k > r.k) {
    Fail(name, "the original shape " + std::to_string(r.ori_m) + " x " + std::to_string(r.ori_k) +
                   " exceeds srcM x srcK " + std::to_string(r.m) + " x " + std::to_string(r.k));
  }
  return r;
}

// Floats of the 910B implementation's work buffer per row (the Get*MinTmpSize figure for one
// row; opsim/core/softmax_tiling.h).
uint32_t TmpFloatsPerRow(const SoftmaxCall& c, uint32_t k) {
  if (c.api == SoftmaxApi::kFlashV2) {
    return opsim::softmax::FlashV2RowFloats(k, ElemBytes(c.data), ElemBytes(c.stat), c.basic_block);
  }
  if (c.api == SoftmaxApi::kFlash)
    return opsim::softmax::FlashRowFloats(k, ElemBytes(c.stat), c.update);
  return opsim::softmax::SoftMaxRowFloats(k, ElemBytes(c.stat));
}

// A tiling made for this shape is used as it is: the chip works splitM rows at a time in the
// buffer, so the buffer must hold them. Otherwise the API recomputes the tiling from the buffer
// it has (isCheckTiling), which must hold at least one row.
void CheckTilingAndTmp(const SoftmaxCall& c, const Shape& s, const char* name) {
  const uint64_t per_row = uint64_t{TmpFloatsPerRow(c, s.k)} * kFloatBytes;
  const bool tiling_fits_shape = c.tiling->srcM == s.m && c.tiling->srcK == s.k;
  if (tiling_fits_shape && c.tiling->splitM == 0) {
    Fail(name, "the tiling's splitM is 0: SoftMaxTilingFunc was given less work space than one " +
                   std::string("row needs (") + std::to_string(per_row) + " bytes)");
  }
  if (c.tmp == nullptr) return;
  const uint64_t need = tiling_fits_shape ? per_row * c.tiling->splitM : per_row;
  if (c.tmp->bytes < need) {
    Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
                   " bytes; this call needs at least " + std::to_string(need) +
                   (tiling_fits_shape
                        ? " (the tiling's splitM " + std::to_string(c.tiling->splitM) + " rows)"
                        : std::string(" (one row: the minimum the Get*MinTmpSize "
                                      "helper gives)")));
  }
}

// The forms that read inMax/inSum and write expMax.
bool IsUpdate(const SoftmaxCall& c) {
  return (c.api == SoftmaxApi::kFlashV2 || c.api == SoftmaxApi::kFlash) && c.update;
}

// One row: reads every input of the row before writing (src and dst, max and inMax, sum and
// inExpSum may be the same tensor).
void ComputeRow(const SoftmaxCall& c, const Shape& s, uint32_t r, std::vector<double>& x) {
  const uint32_t db = ElemBytes(c.data);
  const uint8_t* src = c.src->ptr + size_t{r} * s.k * db;
  for (uint32_t j = 0; j < s.k; ++j) x[j] = Load(c.data, src + size_t{j} * db);
  const size_t stat_row = size_t{r} * kBlock;
  double mx = 0, sum = 0, exp_max = 0, in_sum = 0;
  if (c.api == SoftmaxApi::kSimpleSoftMax) {
    mx = Load(c.stat, c.max->ptr + stat_row);
    sum = Load(c.stat, c.sum->ptr + stat_row);
  } else {
    mx = RowMax(x, s.ori_k);
    if (IsUpdate(c)) {
      const double in_max = Load(c.stat, c.in_max->ptr + stat_row);
      in_sum = Load(c.stat, c.in_sum->ptr + stat_row);
      mx = std::isnan(in_max) ? in_max : std::max(mx, in_max);
      exp_max = std::exp(in_max - mx);
      sum = exp_max * in_sum;
    }
  }
  for (uint32_t j = 0; j < s.k; ++j) x[j] = std::exp(x[j] - mx);
  if (c.api != SoftmaxApi::kSimpleSoftMax) {
    for (uint32_t j = 0; j < s.ori_k; ++j) sum += x[j];
  }
  uint8_t* dst = c.dst->ptr + size_t{r} * s.k * db;
  const bool divides = c.api != SoftmaxApi::kFlashV2;
  for (uint32_t j = 0; j < s.k; ++j)
    Store(c.data, dst + size_t{j} * db, divides ? x[j] / sum : x[j]);
  if (c.api == SoftmaxApi::kSimpleSoftMax) return;
  if (c.sum != nullptr) StoreBlock(c.stat, c.sum->ptr + stat_row, sum);
  if (c.max != nullptr) StoreBlock(c.stat, c.max->ptr + stat_row, mx);
  // SoftmaxFlash's expMax is the share of the running sum the earlier blocks keep.
  if (IsUpdate(c)) {
    StoreBlock(c.data, c.exp_max->ptr + stat_row,
               c.api == SoftmaxApi::kFlash ? exp_max * in_sum / sum : exp_max);
  }
}

// Vector passes over the [m, k] data of the chip's sequence (an estimate, docs/ASCENDC.md):
// SoftMax = row max (2) + sub + exp + row sum (2) + div; SimpleSoftMax = sub + exp + div;
// FlashV2 = SoftMax without the div. Half adds its two casts. FlashV2's update works on the
// [m, 32 B] statistics: five small instructions (max, sub, exp, mul, add).
double Cost(const SoftmaxCall& c, const Shape& s, const detail::Core& core) {
  uint32_t passes = c.api == SoftmaxApi::kSimpleSoftMax ? 3 : c.api == SoftmaxApi::kFlashV2 ? 6 : 7;
  if (c.data == ElemType::kHalf) passes += 2;
  double cost = passes * core.VectorCost(uint64_t{s.ori_m} * s.k * ElemBytes(c.data));
  if (IsUpdate(c)) {
    cost += (c.api == SoftmaxApi::kFlash ? 7 : 5) * core.VectorCost(uint64_t{s.ori_m} * kBlock);
  }
  return cost;
}

HlOperands Collect(const SoftmaxCall& c, const Shape& s) {
  HlOperands o;
  const uint64_t data = uint64_t{s.ori_m} * s.k * ElemBytes(c.data);
  const uint64_t stat = uint64_t{s.ori_m} * kBlock;
  o.Read(c.src, data);
  o.Write(c.dst, data);
  if (c.api == SoftmaxApi::kSimpleSoftMax) {
    o.Read(c.sum, stat);
    o.Read(c.max, stat);
  } else if (c.sum != nullptr) {
    o.Write(c.sum, stat);
    o.Write(c.max, stat);
  }
  if (IsUpdate(c)) {
    o.Read(c.in_sum, stat);
    o.Read(c.in_max, stat);
    o.Write(c.exp_max, stat);
  }
  return o;
}

void Run(const SoftmaxCall& c) {
  const char* name = NameOf(c.api);
  if (c.config.mode != AscendC::SoftmaxMode::SOFTMAX_NORMAL) {
    RaiseFault(FaultKind::kUnsupported, name,
               "config.mode SOFTMAX_OUTPUT_WITHOUT_BRC (unbroadcast sum/max) is not modelled by "
               "opsim; use SOFTMAX_NORMAL");
  }
  const Shape s = ResolveShape(c, name);
  CheckTilingAndTmp(c, s, name);
  detail::Core& core = detail::Cur();
  const HlOperands o = Collect(c, s);
  CheckOperandsInUb(core, o, c.tmp, name);
  const double cost = Cost(c, s, core);
  IssueOnVectorPipe(core, o, c.tmp, cost, name);
  std::vector<double> row(s.k);
  for (uint32_t r = 0; r < s.ori_m; ++r) ComputeRow(c, s, r, row);
}

}  // namespace softmax_impl

void RunSoftmax(const SoftmaxCall& c) { softmax_impl::Run(c); }

void CheckSoftmaxSrcShape(const char* api, bool original, uint32_t dims, uint32_t last) {
  const char* what = original ? "originalShape" : "shape";
  if (dims == 0) {
    softmax_impl::Fail(api, std::string("softmaxShapeInfo's srcM or srcK is 0, so the shape is "
                                        "src.GetShapeInfo()'s, and its ") +
                                what +
                                " has 0 dimensions (CANN's GetLastAxisShapeND asserts > 0: pass "
                                "softmaxShapeInfo or SetShapeInfo on src)");
  }
  if (last == 0) {
    softmax_impl::Fail(api, std::string("src.GetShapeInfo()'s ") + what + "[" +
                                std::to_string(dims - 1) +
                                "] (the last axis, srcK) is 0 (CANN asserts > 0)");
  }
}

}  // namespace opsim::sim::hl
