// Dispatch of Cast (vector_cast-inl.h) and of the fused casts' lanes (vector_fused_cast-inl.h) to
// the best Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_cast.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_cast-inl.h"
#include "vector/vector_fused_cast-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_fused_cast_unit.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {

HWY_EXPORT(CastImpl);
HWY_EXPORT(FusedCastImpl);

void Cast(DType dst_type, void* dst, DType src_type, const void* src, Round round, size_t n) {
  HWY_DYNAMIC_DISPATCH(CastImpl)(dst_type, dst, src_type, src, round, n);
}

namespace detail {
bool FusedCastLanes(FusedCastOp op, DType dst_type, void* dst, DType src_type, const void* a,
                    const void* b, size_t n) {
  return HWY_DYNAMIC_DISPATCH(FusedCastImpl)(op, dst_type, dst, src_type, a, b, n);
}
}  // namespace detail

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
