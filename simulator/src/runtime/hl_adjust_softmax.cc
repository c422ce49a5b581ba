// The high-level AdjustSoftMaxRes (lib/activation/softmax.h) as the 910B's implementation runs it
// (asc-devkit softmax_common_impl.h): for each of srcM rows, the max element at row * step (step
// one 32-byte block of T2, or 1 with stepSizeMode != 0 in ND) is compared bit for bit with `from`
// (its low 16 bits for half), and a matching row of softMaxRes is filled with `to`: srcK elements
// in ND; in NZ the row's srcK / 16 blocks of 16, block k at k * srcM * 16 + row * 16. The
// documented rules are faults naming the value.
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/sim/ascendc/hl_adjust_softmax.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace adjust_softmax_impl {

constexpr uint32_t kNzCols = 16;

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "AdjustSoftMaxRes", message);
}

bool Run(const AdjustSoftMaxCall& c) {
  const uint32_t m = c.shape.srcM, k = c.shape.srcK;
  if (uint64_t{k} * c.res_bytes % 32 != 0) {
    Fail("softmaxShapeInfo.srcK " + std::to_string(k) + " must be whole 32-byte blocks of " +
         std::to_string(c.res_bytes) + "-byte elements");
  }
  const uint64_t res_elems = c.res->bytes / c.res_bytes;
  if (uint64_t{m} * k > res_elems) {
    Fail("softmaxShapeInfo.srcM " + std::to_string(m) + " x srcK " + std::to_string(k) +
         " is beyond softMaxRes's " + std::to_string(res_elems) + " elements");
  }
  if (m == 0) return false;
  const uint32_t step = c.step_one && !c.nz ? 1 : 32 / c.max_bytes;
  const uint64_t max_read = (uint64_t{m} - 1) * step * c.max_bytes + c.max_bytes;
  const uint64_t res_touched = uint64_t{m} * k * c.res_bytes;
  bool any = false;
  const detail::UbRef srcs[1] = {*c.max};
  const uint64_t src_bytes[1] = {max_read};
  detail::VectorOpLanes("AdjustSoftMaxRes", *c.res, res_touched, srcs, src_bytes, 1, 0, [&] {
    for (uint32_t row = 0; row < m; ++row) {
      uint32_t bits = 0;
      std::memcpy(&bits, c.max->ptr + uint64_t{row} * step * c.max_bytes, c.max_bytes);
      const uint32_t want = c.max_bytes == 2 ? (c.from & 0xFFFFu) : c.from;
      if (bits != want) continue;
      any = true;
      const uint32_t blocks = c.nz ? k / kNzCols : 1;
      const uint32_t len = c.nz ? kNzCols : k;
      for (uint32_t b = 0; b < blocks; ++b) {
        const uint64_t at = c.nz ? (uint64_t{b} * m + row) * kNzCols : uint64_t{row} * k;
        for (uint32_t e = 0; e < len; ++e) {
          std::memcpy(c.res->ptr + (at + e) * c.res_bytes, &c.to_bits, c.res_bytes);
        }
      }
    }
  });
  return any;
}

}  // namespace adjust_softmax_impl

bool RunAdjustSoftMaxRes(const AdjustSoftMaxCall& call) { return adjust_softmax_impl::Run(call); }

}  // namespace opsim::sim::hl
