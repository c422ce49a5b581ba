// SoftmaxFlashV3 (lib/activation/softmaxflashv3.h): CANN's checks, the work buffer its 910B
// implementation (membase/v220/softmax_flashv3_impl.h) uses, the V-pipe charge, and each row in
// float32 in that implementation's order, every step rounded as the chip's instruction rounds it.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_softmax_v3.h"
#include "opsim/sim/ascendc/stack_spm.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files (see hl_softmax.cc).
namespace softmax_v3_impl {

constexpr const char* kName = "SoftmaxFlashV3";
constexpr uint32_t kBlock = 32;   // bytes of one statistics row
constexpr uint32_t kLanes = 64;   // floats of one 256 B repeat
constexpr uint32_t kMinK = 512;   // CANN's CHECK_SOFTMAXFLASHV3_SRCSIZE: 8 repeats
constexpr uint32_t kKAlign = 64;  // and its alignment

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, kName, message);
}
std::string S(uint64_t v) { return std::to_string(v); }

// CANN's kernel checks (softmax_flashv3_check_common.h, asserts in its CPU build) and the
// tiling the 910B code walks: rangeM pieces of splitM rows, then tailM rows.
void CheckParams(const SoftmaxV3Call& c) {
  const AscendC::SoftMaxParams& p = c.params;
  const AscendC::tiling::SoftMaxTiling& t = *c.tiling;
  if (p.srcK < kMinK || p.srcK % kKAlign != 0) {
    Fail("params.srcK is " + S(p.srcK) +
         ", should be greater than or equal to 512, and is an integer multiple of 64");
  }
  if (p.srcM != p.oriSrcM || p.srcK != p.oriSrcK) {
    Fail("params.srcM x srcK " + S(p.srcM) + " x " + S(p.srcK) + " and oriSrcM x oriSrcK " +
         S(p.oriSrcM) + " x " + S(p.oriSrcK) + " should be equal (no padding)");
  }
  if (c.update && p.loopCnt < 1) {
    Fail("params.loopCnt is " + S(p.loopCnt) + ", should be no less than 1 when isUpdate is true");
  }
  if (p.splitMeanCnt != 8) Fail("params.splitMeanCnt is " + S(p.splitMeanCnt) + ", should be 8");
  if (t.splitM == 0) {
    Fail(
        "the tiling's splitM is 0: SoftMaxFlashV3TilingFunc was given less work space than "
        "one row needs");
  }
  if (t.splitK != p.srcK || t.reduceK != 8) {
    Fail("the tiling (splitK " + S(t.splitK) + ", reduceK " + S(t.reduceK) +
         ") is not SoftMaxFlashV3TilingFunc's for srcK " + S(p.srcK) + " with float statistics");
  }
}

// Floats of the work buffer the 910B code addresses: a piece of rows in float, the piece's mean,
// its 64-float lane sums, max and shift (and shiftPrev with update) blocks, then one row.
uint64_t WorkFloats(const SoftmaxV3Call& c) {
  const AscendC::tiling::SoftMaxTiling& t = *c.tiling;
  return uint64_t{t.splitSize} + uint64_t{t.splitM} * kLanes +
         uint64_t{t.reduceSize} * (c.update ? 4 : 3) + t.splitK;
}

// `stack`: the form without sharedTmpBuffer, whose buffer is PopStackBuffer's (the UB after the
// TPipe's buffers).
void CheckTmp(const SoftmaxV3Call& c, bool stack) {
  const uint64_t need = WorkFloats(c) * 4;
  if (c.tmp->bytes < need) {
    Fail(std::string(stack ? "the UB left after the TPipe's buffers (PopStackBuffer) holds "
                           : "sharedTmpBuffer holds ") +
         S(c.tmp->bytes) + " bytes; the tiling's splitM " + S(c.tiling->splitM) + " rows of srcK " +
         S(c.tiling->splitK) + " use " + S(need) +
         " (GetSoftMaxFlashV3MaxMinTmpSize's minimum is one row's)");
  }
}

// The documented binary tree of BlockReduceSum over 8 floats.
float Tree8(const float* v) {
  return ((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7]));
}

// The 910B's sum of a row of k >= 512 floats into 64 lanes: lane l is the block sum of x[8l,
// 8l + 8) (BlockReduceSum over the first 8 repeats), then x[512 + 64r + l] added for each
// further repeat r in order.
void LaneSums(const float* x, uint32_t k, float* lanes) {
  for (uint32_t l = 0; l < kLanes; ++l) lanes[l] = Tree8(x + 8 * l);
  for (uint32_t base = kMinK; base < k; base += kLanes)
    for (uint32_t l = 0; l < kLanes; ++l) lanes[l] = x[base + l] + lanes[l];
}

// The row sum: the lanes, block-summed twice (BlockReduceSum 64 -> 8 -> 1).
float RowSum(const float* x, uint32_t k) {
  float lanes[kLanes], eight[8];
  LaneSums(x, k, lanes);
  for (uint32_t b = 0; b < 8; ++b) eight[b] = Tree8(lanes + 8 * b);
  return Tree8(eight);
}

float RowMax(const float* x, uint32_t k) {
  float m = -INFINITY;
  for (uint32_t j = 0; j < k; ++j) {
    if (std::isnan(x[j])) return x[j];
    m = std::max(m, x[j]);
  }
  return m;
}

float ExpF(float v) {
  float r;
  vec::Math(vec::MathOp::kExp, DType::kFloat32, &r, &v, 1);
  return r;
}

// Each statistics row is one value over 32 B (CANN documents the 8 floats equal): read its first,
// write all. Reads happen when the 910B code reads, so aliased in/out tensors see its order.
float Stat(const detail::UbRef* t, uint32_t r) {
  return static_cast<float>(Load(ElemType::kFloat, t->ptr + size_t{r} * kBlock));
}
void SetStat(const detail::UbRef* t, uint32_t r, float v) {
  StoreBlock(ElemType::kFloat, t->ptr + size_t{r} * kBlock, v);
}

// Rows' input x (in float) shifted by its local means: piece i of baseK columns moves by
// (row mean - piece i's local mean) * alpha / (1 - alpha). Returns the row mean (meanTmp).
float ShiftByLocalMeans(std::vector<float>& x, const AscendC::SoftMaxParams& p, float scalar) {
  const uint32_t k = p.srcK;
  const uint32_t base_k = k / p.splitMeanCnt;
  float lanes[kLanes], local[8];
  LaneSums(x.data(), k, lanes);
  const float inv_base = 1.0f / static_cast<float>(base_k);
  for (uint32_t b = 0; b < 8; ++b) local[b] = Tree8(lanes + 8 * b) * inv_base;
  const float mean = Tree8(local) * (1.0f / 8);
  for (uint32_t b = 0; b < 8; ++b) {
    const float shift = (mean - local[b]) * scalar;
    for (uint32_t j = b * base_k; j < (b + 1) * base_k; ++j) x[j] = x[j] - shift;
  }
  return mean;
}

void ComputeRow(const SoftmaxV3Call& c, uint32_t r, std::vector<float>& x) {
  const AscendC::SoftMaxParams& p = c.params;
  const uint32_t k = p.srcK;
  const uint8_t* src = c.src->ptr + size_t{r} * k * 2;
  for (uint32_t j = 0; j < k; ++j) x[j] = static_cast<float>(Load(ElemType::kHalf, src + 2 * j));
  const float scalar = p.alpha / (1.0f - p.alpha);
  const float mean_tmp = ShiftByLocalMeans(x, p, scalar);
  if (c.update) {
    const float loops = static_cast<float>(p.loopCnt);
    SetStat(c.mean, r, (Stat(c.in_mean, r) * (loops - 1.0f) + mean_tmp) * (1.0f / loops));
  } else {
    SetStat(c.mean, r, mean_tmp);
  }
  const float max_tmp = RowMax(x.data(), k);
  const float shift_curr = (mean_tmp - Stat(c.mean, r)) * scalar;
  SetStat(c.max, r, max_tmp + shift_curr);
  float exp_max = 0;
  if (c.update) {
    const float shift_prev = (Stat(c.in_mean, r) - Stat(c.mean, r)) * scalar;
    const float prev_max = Stat(c.in_max, r) + shift_prev;
    const float cur = Stat(c.max, r);
    SetStat(c.max, r, std::isnan(cur) || cur >= prev_max ? cur : prev_max);
    exp_max = ExpF(shift_prev + (Stat(c.in_max, r) - Stat(c.max, r)));
    SetStat(c.sum, r, exp_max * Stat(c.in_sum, r));
  }
  const float sub = Stat(c.max, r) - shift_curr;
  for (uint32_t j = 0; j < k; ++j) x[j] = x[j] - sub;
  vec::Math(vec::MathOp::kExp, DType::kFloat32, x.data(), x.data(), k);
  uint8_t* dst = c.dst->ptr + size_t{r} * k * 2;
  for (uint32_t j = 0; j < k; ++j) Store(ElemType::kHalf, dst + 2 * j, x[j]);
  const float row_sum = RowSum(x.data(), k);
  if (c.update) {
    SetStat(c.sum, r, Stat(c.sum, r) + row_sum);
    StoreBlock(ElemType::kHalf, c.exp_max->ptr + size_t{r} * kBlock, exp_max);
  } else {
    SetStat(c.sum, r, row_sum);
  }
}

// Vector passes over the [m, k] float piece of the 910B sequence (an estimate, docs/ASCENDC.md):
// cast in, lane sums (2), the local-mean shift (copy + sub), row max (2), sub, exp, cast out,
// row sum (2): 12 over k floats; the statistics' dozen small instructions per piece are folded in.
double Cost(const SoftmaxV3Call& c, uint32_t rows, const detail::Core& core) {
  const uint64_t bytes = uint64_t{rows} * c.params.srcK * 4;
  return 12 * core.VectorCost(bytes) +
         (c.update ? 16 : 8) * core.VectorCost(uint64_t{rows} * kBlock);
}

HlOperands Collect(const SoftmaxV3Call& c, uint32_t rows) {
  HlOperands o;
  const uint64_t data = uint64_t{rows} * c.params.srcK * 2;
  const uint64_t stat = uint64_t{rows} * kBlock;
  o.Write(c.dst, data);
  o.Write(c.mean, stat);
  o.Write(c.sum, stat);
  o.Write(c.max, stat);
  o.Read(c.src, data);
  if (c.update) {
    o.Write(c.exp_max, stat);
    o.Read(c.in_mean, stat);
    o.Read(c.in_sum, stat);
    o.Read(c.in_max, stat);
  }
  return o;
}

void Run(const SoftmaxV3Call& call) {
  CheckParams(call);
  SoftmaxV3Call c = call;
  detail::UbRef stack;
  if (c.tmp == nullptr) {
    stack = detail::PopStack(AscendC::TPosition::VECCALC);
    c.tmp = &stack;
  }
  CheckTmp(c, call.tmp == nullptr);
  const AscendC::tiling::SoftMaxTiling& t = *c.tiling;
  const uint32_t rows = t.rangeM * t.splitM + t.tailM;
  detail::Core& core = detail::Cur();
  const HlOperands o = Collect(c, rows);
  CheckOperandsInUb(core, o, c.tmp, kName);
  IssueOnVectorPipe(core, o, c.tmp, Cost(c, rows, core), kName);
  std::vector<float> x(c.params.srcK);
  for (uint32_t r = 0; r < rows; ++r) ComputeRow(c, r, x);
}

}  // namespace softmax_v3_impl

void RunSoftmaxFlashV3(const SoftmaxV3Call& c) { softmax_v3_impl::Run(c); }

}  // namespace opsim::sim::hl
