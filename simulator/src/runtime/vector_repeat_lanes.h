// Level-0 instructions that say which destination bytes they write (vector_repeat.cc): the
// masked elementwise forms and the group reductions write their enabled lanes or results only.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/vector_mask.h"

namespace opsim::sim::detail {

// ChargeRepeat, with the accessed spans given and no destination byte marked written: the
// caller marks what the instruction writes (checked mode).
void ChargeRepeatSpans(const char* name, uint32_t repeats, const UbRef* dst, uint64_t dst_span,
                       const UbRef* srcs, const uint64_t* src_spans, int nsrc);

}  // namespace opsim::sim::detail
