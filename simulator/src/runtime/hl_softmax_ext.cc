// LogSoftMax, SoftmaxGrad and SoftmaxGradFront (lib/activation/logsoftmax.h, softmaxgrad.h): the
// shape, tiling and temporary-buffer rules of the 910B implementation, the V-pipe charge and the
// per-row computation in double, each output rounded once.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/hl_softmax_ext.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files (see hl_softmax.cc).
namespace softmax_ext_impl {

using detail::UbRef;

constexpr uint32_t kBlock = 32;  // bytes of one data block: a sum/max/front row

const char* NameOf(SoftmaxExtApi api) {
  switch (api) {
    case SoftmaxExtApi::kLogSoftMax: return "LogSoftMax";
    case SoftmaxExtApi::kGrad: return "SoftmaxGrad";
    case SoftmaxExtApi::kGradFront: return "SoftmaxGradFront";
  }
  return "LogSoftMax";
}

struct Shape {
  uint32_t m, k, ori_m, ori_k;
};

[[noreturn]] void Fail(const char* name, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, name, message);
}

// The shape the header's SoftmaxShapeOf resolved (softmaxShapeInfo, or src's ShapeInfo when
// srcM or srcK is 0), as the SoftMax APIs.
Shape ResolveShape(const SoftmaxExtCall& c, const char* name) {
  const AscendC::SoftMaxShapeInfo& s = c.shape;
  Shape r{s.srcM, s.srcK, s.oriSrcM != 0 ? s.oriSrcM : s.srcM, s.oriSrcK != 0 ? s.oriSrcK : s.srcK};
  if (r.m == 0 || r.k == 0) {
    Fail(name, "no shape: srcM x srcK is " + std::to_string(r.m) + " x " + std::to_string(r.k));
  }
  const uint64_t row_bytes = uint64_t{r.k} * ElemBytes(c.type);
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

uint32_t RowFloats(const SoftmaxExtCall& c, uint32_t k) {
  if (c.api == SoftmaxExtApi::kLogSoftMax) {
    return opsim::softmax::LogSoftMaxRowFloats(k, ElemBytes(c.type));
  }
  return opsim::softmax::SoftmaxGradRowFloats(k, ElemBytes(c.type), c.front);
}

// As the SoftMax APIs: a tiling made for this shape is used as it is (splitM rows at a time in
// the buffer); otherwise the API recomputes it from the buffer, which must hold one row.
void CheckTilingAndTmp(const SoftmaxExtCall& c, const Shape& s, const char* name) {
  const uint64_t per_row = uint64_t{RowFloats(c, s.k)} * 4;
  const bool tiling_fits_shape = c.tiling_m == s.m && c.tiling_k == s.k;
  if (tiling_fits_shape && c.tiling_split_m == 0) {
    Fail(name, "the tiling's splitM is 0: its tiling function was given less work space than " +
                   std::string("one row needs (") + std::to_string(per_row) + " bytes)");
  }
  if (c.tmp == nullptr) return;
  const uint64_t need = tiling_fits_shape ? per_row * c.tiling_split_m : per_row;
  if (c.tmp->bytes < need) {
    Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
                   " bytes; this call needs at least " + std::to_string(need) +
                   (tiling_fits_shape
                        ? " (the tiling's splitM " + std::to_string(c.tiling_split_m) + " rows)"
                        : std::string(" (one row: the minimum the Get*MinTmpSize helper gives)")));
  }
  // CANN: the buffer must not share memory with the operands (over the bytes the call surely
  // uses, so a larger buffer next to an operand is no false alarm).
  const uint64_t data = uint64_t{s.ori_m} * s.k * ElemBytes(c.type),
                 blocks = uint64_t{s.ori_m} * kBlock;
  const bool front = c.api != SoftmaxExtApi::kLogSoftMax && c.front;
  const struct {
    const UbRef* ref;
    uint64_t bytes;
    const char* what;
  } operands[] = {{c.src, data, "src"},
                  {c.grad, data, "grad"},
                  {c.dst, front ? blocks : data, "dst"},
                  {c.sum, blocks, "sum"},
                  {c.max, blocks, "max"}};
  for (const auto& o : operands) {
    if (o.ref != nullptr && c.tmp->ptr < o.ref->ptr + o.bytes && o.ref->ptr < c.tmp->ptr + need) {
      Fail(name, std::string("sharedTmpBuffer overlaps ") + o.what +
                     ": CANN does not allow the temporary buffer to share memory with an operand");
    }
  }
}

bool DstIsBlocks(const SoftmaxExtCall& c) { return c.api != SoftmaxExtApi::kLogSoftMax && c.front; }

// LogSoftMax's src and dst must not overlap (CANN's rule; SoftmaxGrad's may).
void CheckOverlap(const SoftmaxExtCall& c, const Shape& s, const char* name) {
  if (c.api != SoftmaxExtApi::kLogSoftMax) return;
  const uint64_t data = uint64_t{s.ori_m} * s.k * ElemBytes(c.type);
  if (c.dst->ptr < c.src->ptr + data && c.src->ptr < c.dst->ptr + data) {
    Fail(name,
         "dst and src overlap: CANN does not allow LogSoftMax's source and destination to "
         "share memory");
  }
}

void LogSoftMaxRow(const SoftmaxExtCall& c, const Shape& s, uint32_t r, std::vector<double>& x) {
  const uint32_t b = ElemBytes(c.type);
  const uint8_t* src = c.src->ptr + size_t{r} * s.k * b;
  for (uint32_t j = 0; j < s.k; ++j) x[j] = Load(c.type, src + size_t{j} * b);
  const double mx = RowMax(x, s.ori_k);
  double sum = 0;
  for (uint32_t j = 0; j < s.k; ++j) x[j] = std::exp(x[j] - mx);
  for (uint32_t j = 0; j < s.ori_k; ++j) sum += x[j];
  uint8_t* dst = c.dst->ptr + size_t{r} * s.k * b;
  for (uint32_t j = 0; j < s.k; ++j) Store(c.type, dst + size_t{j} * b, std::log10(x[j] / sum));
  StoreBlock(c.type, c.sum->ptr + size_t{r} * kBlock, sum);
  StoreBlock(c.type, c.max->ptr + size_t{r} * kBlock, mx);
}

// Reads the whole row of both inputs before writing (dst may be src or grad).
void GradRow(const SoftmaxExtCall& c, const Shape& s, uint32_t r, std::vector<double>& g,
             std::vector<double>& y) {
  const uint32_t b = ElemBytes(c.type);
  const size_t row = size_t{r} * s.k * b;
  for (uint32_t j = 0; j < s.k; ++j) {
    g[j] = Load(c.type, c.grad->ptr + row + size_t{j} * b);
    y[j] = Load(c.type, c.src->ptr + row + size_t{j} * b);
  }
  double d = 0;
  for (uint32_t j = 0; j < s.ori_k; ++j) d += g[j] * y[j];
  if (c.front) {
    StoreBlock(c.type, c.dst->ptr + size_t{r} * kBlock, d);
    return;
  }
  for (uint32_t j = 0; j < s.k; ++j)
    Store(c.type, c.dst->ptr + row + size_t{j} * b, (g[j] - d) * y[j]);
}

// Vector passes over the [oriSrcM, srcK] data (an estimate from the steps CANN documents):
// LogSoftMax = SoftMax's 7 (max 2, sub, exp, sum 2, div) + log10 (ln and a multiply) = 9;
// SoftmaxGrad = mul, row sum (2), broadcast, sub, mul = 6; isFront = mul and the row sum = 3.
// Half adds a cast per tensor read or written over the data.
double Cost(const SoftmaxExtCall& c, const Shape& s, const detail::Core& core) {
  uint32_t passes = 0, casts = 0;
  switch (c.api) {
    case SoftmaxExtApi::kLogSoftMax:
      passes = 9;
      casts = 2;
      break;
    case SoftmaxExtApi::kGrad:
    case SoftmaxExtApi::kGradFront:
      passes = c.front ? 3 : 6;
      casts = c.front ? 2 : 3;
      break;
  }
  if (c.type == ElemType::kHalf) passes += casts;
  return passes * core.VectorCost(uint64_t{s.ori_m} * s.k * ElemBytes(c.type));
}

HlOperands Collect(const SoftmaxExtCall& c, const Shape& s) {
  HlOperands o;
  const uint64_t data = uint64_t{s.ori_m} * s.k * ElemBytes(c.type);
  const uint64_t blocks = uint64_t{s.ori_m} * kBlock;
  o.Read(c.src, data);
  if (c.api == SoftmaxExtApi::kLogSoftMax) {
    o.Write(c.dst, data);
    o.Write(c.sum, blocks);
    o.Write(c.max, blocks);
  } else {
    o.Read(c.grad, data);
    o.Write(c.dst, DstIsBlocks(c) ? blocks : data);
  }
  return o;
}

void Run(const SoftmaxExtCall& c) {
  const char* name = NameOf(c.api);
  const Shape s = ResolveShape(c, name);
  CheckTilingAndTmp(c, s, name);
  detail::Core& core = detail::Cur();
  const HlOperands o = Collect(c, s);
  CheckOperandsInUb(core, o, c.tmp, name);
  CheckOverlap(c, s, name);
  IssueOnVectorPipe(core, o, c.tmp, Cost(c, s, core), name);
  std::vector<double> a(s.k), b(s.k);
  for (uint32_t r = 0; r < s.ori_m; ++r) {
    if (c.api == SoftmaxExtApi::kLogSoftMax) {
      LogSoftMaxRow(c, s, r, a);
    } else {
      GradRow(c, s, r, a, b);
    }
  }
}

}  // namespace softmax_ext_impl

void RunSoftmaxExt(const SoftmaxExtCall& c) { softmax_ext_impl::Run(c); }

}  // namespace opsim::sim::hl
