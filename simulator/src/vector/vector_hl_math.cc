// Dispatch of the high-level math and activation lanes (vector_hl_math-inl.h) and the
// normalisations' row passes (vector_hl_norm-inl.h) to the best Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_hl_math.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_hl_math-inl.h"
#include "vector/vector_hl_norm-inl.h"

#if HWY_ONCE
#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/vector_hl_lanes.h"

namespace opsim::sim::vec {

HWY_EXPORT(HlMathLanesImpl);
HWY_EXPORT(HlRowAffineImpl);

bool HlLanesSupport(uint8_t api) {
  switch (static_cast<hl::MathApi>(api)) {
    case hl::MathApi::kXor: return false;  // integer
    default: return true;
  }
}

size_t HlMathLanes(const HlLanesCall& call, size_t n, const HlLeftLanes& left) {
  return HWY_DYNAMIC_DISPATCH(HlMathLanesImpl)(call, n, left);
}

void HlRowAffine(const HlRowAffineCall& call) { HWY_DYNAMIC_DISPATCH(HlRowAffineImpl)(call); }

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
