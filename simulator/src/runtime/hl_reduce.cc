// The high-level pattern reductions (lib/reduce/reduce.h) and ReduceXorSum: the shape, type and
// temporary-buffer rules of the 910B implementation, the V-pipe charge and the computation in
// double, each result rounded once.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_reduce.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files (see hl_softmax.cc).
namespace reduce_impl {

using detail::UbRef;
using opsim::reduce::Api;

const char* NameOf(Api api) {
  switch (api) {
    case Api::kSum: return "ReduceSum";
    case Api::kMean: return "ReduceMean";
    case Api::kMax: return "ReduceMax";
    case Api::kMin: return "ReduceMin";
    case Api::kProd: return "ReduceProd";
    case Api::kAny: return "ReduceAny";
    case Api::kAll: return "ReduceAll";
  }
  return "ReduceSum";
}

[[noreturn]] void Fail(const char* name, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, name, message);
}

void CheckNoOverlap(const UbRef& a, uint64_t a_bytes, const UbRef& b, uint64_t b_bytes,
                    const char* name, const char* what) {
  if (a.ptr < b.ptr + b_bytes && b.ptr < a.ptr + a_bytes) {
    Fail(name, std::string(what) + " overlap: CANN does not allow them to share memory");
  }
}

// CANN: the temporary buffer must not share memory with an operand; checked over the bytes the
// call uses (`need`), so a larger buffer next to an operand is no false alarm.
void CheckTmpApart(const UbRef* tmp, uint64_t need, const UbRef& dst, uint64_t dst_bytes,
                   const UbRef& src, uint64_t src_bytes, const char* name) {
  if (tmp == nullptr || need == 0) return;
  CheckNoOverlap(*tmp, need, dst, dst_bytes, name, "sharedTmpBuffer and dst");
  CheckNoOverlap(*tmp, need, src, src_bytes, name, "sharedTmpBuffer and src");
}

uint32_t BytesOf(ReduceElem t) {
  switch (t) {
    case ReduceElem::kFloat: return 4;
    case ReduceElem::kUInt8: return 1;
    default: return 2;
  }
}

double LoadElem(ReduceElem t, const uint8_t* p) {
  switch (t) {
    case ReduceElem::kFloat: {
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ReduceElem::kHalf: {
      uint16_t bits;
      std::memcpy(&bits, p, 2);
      return static_cast<float>(opsim::Half::FromBits(bits));
    }
    case ReduceElem::kUInt8: return *p;
    case ReduceElem::kInt16: {
      int16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
  }
  return 0;
}

// Rounded to float32 (the datapath), then to the element type; uint8_t results are 0 or 1.
void StoreElem(ReduceElem t, uint8_t* p, double v) {
  const float f = static_cast<float>(v);
  if (t == ReduceElem::kFloat) {
    std::memcpy(p, &f, 4);
  } else if (t == ReduceElem::kHalf) {
    const uint16_t bits = opsim::Half(f).bits();
    std::memcpy(p, &bits, 2);
  } else if (t == ReduceElem::kUInt8) {
    *p = static_cast<uint8_t>(v);
  }
}

struct Geometry {
  uint32_t first, last, stride;  // stride: elements per row in memory (32 B aligned)
  uint32_t outputs;              // first (AR) or last (RA)
  uint32_t reduced;              // elements folded into each output
};

Geometry Check(const ReduceCall& c, const char* name) {
  if (!c.inner_pad) {
    Fail(name,
         "srcInnerPad is false: the 910B implementation takes rows padded to 32 bytes "
         "only (srcInnerPad true)");
  }
  if (c.first == 0 || c.last == 0) {
    Fail(name, "srcShape {" + std::to_string(c.first) + ", " + std::to_string(c.last) +
                   "}: both axes must be above 0");
  }
  const uint32_t b = BytesOf(c.type);
  Geometry g{c.first, c.last, opsim::reduce::AlignUp(c.last * b, 32) / b, 0, 0};
  g.outputs = c.ar ? c.first : c.last;
  g.reduced = c.ar ? c.last : c.first;
  if (c.tmp != nullptr) {
    const uint32_t need = opsim::reduce::TmpBytes(c.api, b, c.ar, c.first, c.last, c.reuse);
    if (c.tmp->bytes < need) {
      Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) + " bytes; srcShape {" +
                     std::to_string(c.first) + ", " + std::to_string(c.last) + "} (" +
                     (c.ar ? "AR" : "RA") + ") needs at least " + std::to_string(need) +
                     " (the Get" + std::string(name) + "MaxMinTmpSize minimum)");
    }
  }
  return g;
}

double Fold(Api api, double acc, double v) {
  switch (api) {
    case Api::kSum:
    case Api::kMean: return acc + v;
    case Api::kProd: return acc * v;
    case Api::kMax:
    case Api::kAny:
      if (std::isnan(acc) || std::isnan(v)) return std::numeric_limits<double>::quiet_NaN();
      return std::max(acc, v);
    case Api::kMin:
    case Api::kAll:
      if (std::isnan(acc) || std::isnan(v)) return std::numeric_limits<double>::quiet_NaN();
      return std::min(acc, v);
  }
  return acc;
}

// Vector passes over the source (an estimate, docs/ASCENDC.md): the binary folds halve the data
// each step (about one pass in all) and the last block or row reduce adds one; Mean scales
// (one small pass), half Max/Min work in half; uint8_t Any/All cast to half and back (2).
double Cost(const ReduceCall& c, const Geometry& g, const detail::Core& core) {
  uint32_t passes = 2;
  if (c.type == ReduceElem::kUInt8) passes += 2;
  double cost = passes * core.VectorCost(uint64_t{g.first} * g.stride * BytesOf(c.type));
  if (c.api == Api::kMean) cost += core.VectorCost(uint64_t{g.outputs} * BytesOf(c.type));
  return cost;
}

void Issue(const UbRef& dst, uint64_t dst_bytes, const UbRef& src, uint64_t src_bytes,
           const UbRef* src1, const UbRef* tmp, double cost, const char* name) {
  detail::Core& core = detail::Cur();
  UbRef reads[2] = {src, src1 != nullptr ? *src1 : src};
  const int nreads = src1 != nullptr ? 2 : 1;
  const double not_before = detail::VectorAutoSyncStart(core, &dst, reads, nreads);
  const double start = core.Issue(Pipe::kV, name, cost, 0, not_before);
  if (!detail::TracksPipes(core)) return;
  for (int i = 0; i < nreads; ++i) {
    if (core.checked) detail::CheckWritten(core, reads[i], 0, src_bytes, name, "src");
    detail::TrackRead(core, reads[i], Pipe::kV, start, start + cost, name, src_bytes);
  }
  if (tmp != nullptr) {
    detail::TrackWrite(core, *tmp, Pipe::kV, start, start + cost, name, tmp->bytes, tmp->bytes);
  }
  detail::TrackWrite(core, dst, Pipe::kV, start, start + cost, name, dst_bytes, dst_bytes);
}

void Run(const ReduceCall& c) {
  const char* name = NameOf(c.api);
  const Geometry g = Check(c, name);
  const uint32_t b = BytesOf(c.type);
  const uint64_t src_bytes = uint64_t{g.first} * g.stride * b;
  const uint64_t dst_bytes = uint64_t{g.outputs} * b;
  detail::Core& core = detail::Cur();
  detail::CheckUb(core, *c.dst, dst_bytes, name, "dst");
  detail::CheckUb(core, *c.src, src_bytes, name, "src");
  if (c.tmp != nullptr) detail::CheckUb(core, *c.tmp, c.tmp->bytes, name, "sharedTmpBuffer");
  CheckNoOverlap(*c.dst, dst_bytes, *c.src, src_bytes, name, "dst and src");
  CheckTmpApart(c.tmp, opsim::reduce::TmpBytes(c.api, b, c.ar, c.first, c.last, c.reuse), *c.dst,
                dst_bytes, *c.src, src_bytes, name);
  Issue(*c.dst, dst_bytes, *c.src, src_bytes, nullptr, c.tmp, Cost(c, g, core), name);
  for (uint32_t o = 0; o < g.outputs; ++o) {
    double acc = 0;
    for (uint32_t i = 0; i < g.reduced; ++i) {
      const size_t at = c.ar ? size_t{o} * g.stride + i : size_t{i} * g.stride + o;
      const double v = LoadElem(c.type, c.src->ptr + at * b);
      acc = i == 0 ? v : Fold(c.api, acc, v);
    }
    if (c.api == Api::kMean) acc /= g.reduced;
    StoreElem(c.type, c.dst->ptr + size_t{o} * b, acc);
  }
}

void RunXorSum(const XorSumCall& c) {
  const char* name = "ReduceXorSum";
  const uint64_t src_bytes = uint64_t{c.count} * 2;
  detail::Core& core = detail::Cur();
  detail::CheckUb(core, *c.dst, 2, name, "dst");
  detail::CheckUb(core, *c.src0, src_bytes, name, "src0");
  detail::CheckUb(core, *c.src1, src_bytes, name, "src1");
  if (c.tmp != nullptr) {
    detail::CheckUb(core, *c.tmp, c.tmp->bytes, name, "sharedTmpBuffer");
    const uint32_t need = opsim::reduce::XorSumTmpBytes(c.count, 2, c.reuse);
    if (c.tmp->bytes < need) {
      Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) + " bytes; calCount " +
                     std::to_string(c.count) + " needs at least " + std::to_string(need) +
                     " (the GetReduceXorSumMaxMinTmpSize minimum)");
    }
  }
  CheckNoOverlap(*c.dst, 2, *c.src0, src_bytes, name, "dst and src0");
  CheckNoOverlap(*c.dst, 2, *c.src1, src_bytes, name, "dst and src1");
  const uint32_t tmp_need = opsim::reduce::XorSumTmpBytes(c.count, 2, c.reuse);
  CheckTmpApart(c.tmp, tmp_need, *c.dst, 2, *c.src0, src_bytes, name);
  CheckTmpApart(c.tmp, tmp_need, *c.dst, 2, *c.src1, src_bytes, name);
  // xor, two casts, the sum's fold and the final cast (an estimate).
  const double cost = 5 * core.VectorCost(src_bytes);
  Issue(*c.dst, 2, *c.src0, src_bytes, c.src1, c.tmp, cost, name);
  int64_t sum = 0;
  for (uint32_t i = 0; i < c.count; ++i) {
    int16_t a, b;
    std::memcpy(&a, c.src0->ptr + size_t{i} * 2, 2);
    std::memcpy(&b, c.src1->ptr + size_t{i} * 2, 2);
    sum += static_cast<int16_t>(a ^ b);
  }
  const int16_t out = static_cast<int16_t>(std::clamp<int64_t>(sum, -32768, 32767));
  std::memcpy(c.dst->ptr, &out, 2);
}

void CheckSumMeanShape(const SumMeanCall& c, const char* name) {
  const uint32_t b = BytesOf(c.type);
  if (c.outter == 0 || c.n == 0) {
    Fail(name, "outter " + std::to_string(c.outter) + " and n " + std::to_string(c.n) +
                   " must both be above 0");
  }
  const uint32_t inner = opsim::reduce::AlignUp(c.n * b, 32) / b;
  if (c.inner != inner) {
    Fail(name, "inner " + std::to_string(c.inner) + " is not n " + std::to_string(c.n) +
                   " rounded up to 32 bytes (" + std::to_string(inner) + "), as CANN requires");
  }
  if (c.tmp == nullptr) return;
  const uint32_t need = c.mean ? opsim::reduce::MeanTmpBytes(c.n, b, c.acc_float ? 4 : b)
                               : opsim::reduce::SumTmpBytes(c.n, b);
  if (c.tmp->bytes < need) {
    Fail(name, "sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) + " bytes; n " +
                   std::to_string(c.n) + " needs at least " + std::to_string(need) + " (the Get" +
                   name + "MaxMinTmpSize minimum)");
  }
}

void RunSumMean(const SumMeanCall& c) {
  const char* name = c.mean ? "Mean" : "Sum";
  CheckSumMeanShape(c, name);
  const uint32_t b = BytesOf(c.type);
  const uint64_t src_bytes = uint64_t{c.outter} * c.inner * b, dst_bytes = uint64_t{c.outter} * b;
  detail::Core& core = detail::Cur();
  detail::CheckUb(core, *c.dst, dst_bytes, name, "dst");
  detail::CheckUb(core, *c.src, src_bytes, name, "src");
  if (c.tmp != nullptr) detail::CheckUb(core, *c.tmp, c.tmp->bytes, name, "sharedTmpBuffer");
  CheckNoOverlap(*c.dst, dst_bytes, *c.src, src_bytes, name, "dst and src");
  CheckTmpApart(c.tmp,
                c.mean ? opsim::reduce::MeanTmpBytes(c.n, b, c.acc_float ? 4 : b)
                       : opsim::reduce::SumTmpBytes(c.n, b),
                *c.dst, dst_bytes, *c.src, src_bytes, name);
  // The row sums (a whole-row reduce and the fold of its repeat sums); Mean's multiply; half
  // summed in float casts the data up.
  const uint32_t passes = 2 + (c.mean ? 1 : 0) + (c.acc_float ? 1 : 0);
  Issue(*c.dst, dst_bytes, *c.src, src_bytes, nullptr, c.tmp, passes * core.VectorCost(src_bytes),
        name);
  for (uint32_t r = 0; r < c.outter; ++r) {
    double acc = 0;
    for (uint32_t j = 0; j < c.n; ++j) {
      acc += LoadElem(c.type, c.src->ptr + (size_t{r} * c.inner + j) * b);
    }
    StoreElem(c.type, c.dst->ptr + size_t{r} * b, c.mean ? acc / c.n : acc);
  }
}

}  // namespace reduce_impl

void RunReduce(const ReduceCall& c) { reduce_impl::Run(c); }
void RunReduceXorSum(const XorSumCall& c) { reduce_impl::RunXorSum(c); }
void RunSumMean(const SumMeanCall& c) { reduce_impl::RunSumMean(c); }

}  // namespace opsim::sim::hl
