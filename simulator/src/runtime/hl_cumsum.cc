// The high-level CumSum (lib/math/cumsum.h): the shape and temporary-buffer rules of the 910B
// implementation, its V-pipe charge and the running sums, added one row (or column) at a time in
// float as the chip's line-by-line algorithm adds them.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/cumsum_tiling.h"
#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_cumsum.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace cumsum_impl {

using detail::UbRef;

using opsim::cumsum::kTransposeRows;

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "CumSum", message);
}

// Instructions of the 910B sequence (an estimate): along the last axis, each block of 16 rows is
// transposed in and out (two passes each way) around one add per column; along the first axis,
// one add per row. Half adds its two casts.
double Cost(const CumSumCall& c, const detail::Core& core, uint32_t type_bytes) {
  const uint64_t all = uint64_t{c.info.outter} * c.info.inner * type_bytes;
  double cost = c.type == ElemType::kHalf ? 2 * core.VectorCost(all) : 0;
  if (c.last_axis) {
    const uint64_t blocks = (c.info.outter + kTransposeRows - 1) / kTransposeRows;
    cost += 4 * core.VectorCost(all) +
            blocks * (c.info.inner - 1) * core.VectorCost(kTransposeRows * sizeof(float));
  } else {
    cost += (c.info.outter - 1) * core.VectorCost(uint64_t{c.info.inner} * sizeof(float));
  }
  return cost;
}

void Compute(const CumSumCall& c, uint32_t b) {
  const uint32_t rows = c.info.outter, cols = c.info.inner;
  // Read everything first: dst may be src.
  std::vector<float> v(size_t{rows} * cols);
  for (size_t i = 0; i < v.size(); ++i) v[i] = Load(c.type, c.src->ptr + i * b);
  if (c.last_axis) {
    for (uint32_t r = 0; r < rows; ++r) {
      for (uint32_t j = 1; j < cols; ++j) v[size_t{r} * cols + j] += v[size_t{r} * cols + j - 1];
    }
  } else {
    for (uint32_t r = 1; r < rows; ++r) {
      for (uint32_t j = 0; j < cols; ++j) v[size_t{r} * cols + j] += v[size_t{r - 1} * cols + j];
    }
  }
  for (size_t i = 0; i < v.size(); ++i) Store(c.type, c.dst->ptr + i * b, v[i]);
  if (c.output_last_row) {
    for (uint32_t j = 0; j < cols; ++j) {
      Store(c.type, c.last_row->ptr + size_t{j} * b, v[size_t{rows - 1} * cols + j]);
    }
  }
}

void Run(const CumSumCall& c) {
  const uint32_t b = c.type == ElemType::kFloat ? 4 : 2;
  if (c.info.outter == 0 || c.info.inner == 0) {
    Fail("cumSumInfo is {" + std::to_string(c.info.outter) + ", " + std::to_string(c.info.inner) +
         "}: outter and inner must both be above 0");
  }
  if (uint64_t{c.info.inner} * b % 32 != 0) {
    Fail("inner " + std::to_string(c.info.inner) + " is " + std::to_string(c.info.inner * b) +
         " bytes: it must be a whole number of 32-byte blocks");
  }
  const uint64_t min = opsim::cumsum::MinTmpBytes(c.info.outter, c.info.inner, b, c.last_axis);
  if (c.tmp != nullptr && c.tmp->bytes < min) {
    Fail("sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
         " bytes; this call needs at least " + std::to_string(min) +
         " (the minimum GetCumSumMaxMinTmpSize gives)");
  }
  detail::Core& core = detail::Cur();
  const uint64_t data = uint64_t{c.info.outter} * c.info.inner * b,
                 row = uint64_t{c.info.inner} * b;
  detail::CheckUb(core, *c.dst, data, "CumSum", "dst");
  if (c.output_last_row) detail::CheckUb(core, *c.last_row, row, "CumSum", "lastRowTensor");
  detail::CheckUb(core, *c.src, data, "CumSum", "src");
  const bool uses_tmp = c.tmp != nullptr && min != 0;
  if (uses_tmp) detail::CheckUb(core, *c.tmp, c.tmp->bytes, "CumSum", "sharedTmpBuffer");
  const double cost = Cost(c, core, b);
  double not_before = detail::VectorAutoSyncStart(core, c.dst, c.src, 1);
  if (c.output_last_row) {
    not_before = std::max(not_before, detail::VectorAutoSyncStart(core, c.last_row, nullptr, 0));
  }
  const double start = core.Issue(Pipe::kV, "CumSum", cost, 0, not_before);
  if (detail::TracksPipes(core)) {
    if (core.checked) detail::CheckWritten(core, *c.src, 0, data, "CumSum", "src");
    detail::TrackRead(core, *c.src, Pipe::kV, start, start + cost, "CumSum", data);
    if (uses_tmp) {
      detail::TrackWrite(core, *c.tmp, Pipe::kV, start, start + cost, "CumSum", c.tmp->bytes,
                         c.tmp->bytes);
    }
    detail::TrackWrite(core, *c.dst, Pipe::kV, start, start + cost, "CumSum", data, data);
    if (c.output_last_row) {
      detail::TrackWrite(core, *c.last_row, Pipe::kV, start, start + cost, "CumSum", row, row);
    }
  }
  Compute(c, b);
}

}  // namespace cumsum_impl

void RunCumSum(const CumSumCall& call) { cumsum_impl::Run(call); }

}  // namespace opsim::sim::hl
