// The level-0 fast path's test: lanes that sit back to back need no per-lane gather or scatter.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/vector_mask.h"

namespace opsim::sim::detail {

// True when the plan's lanes are 0, 1, ..., count - 1 and the operand holds them back to back
// (blkStride 1, repStride one repeat): then gathering or scattering it is one memcpy.
inline bool ContiguousLanes(const LanePlan& plan, uint32_t eb, const RepeatOperand& op) {
  const bool dense = plan.count != 0 && plan.lanes[plan.count - 1] == plan.count - 1;
  return dense && op.blk_stride == 1 &&
         static_cast<uint64_t>(op.rep_stride) * 32 == uint64_t{plan.per_repeat} * eb;
}

}  // namespace opsim::sim::detail
