// Dispatch of the math and fused kernels (vector_math-inl.h, vector_fused-inl.h) to the best
// Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_math.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_fused-inl.h"
#include "vector/vector_math-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_unit.h"
#include "vector/vector_math_table.h"

namespace opsim::sim::vec {

HWY_EXPORT(MathImpl);
HWY_EXPORT(LeakyReluImpl);
HWY_EXPORT(FusedImpl);
HWY_EXPORT(DeqImpl);

void Math(MathOp op, DType dtype, void* dst, const void* src, size_t n) {
  if (detail::MathByTable16(op, dtype, dst, src, n)) return;  // float16, bfloat16
  HWY_DYNAMIC_DISPATCH(MathImpl)(op, dtype, dst, src, n);
}

void LeakyRelu(DType dtype, void* dst, const void* src, double alpha, size_t n) {
  HWY_DYNAMIC_DISPATCH(LeakyReluImpl)(dtype, dst, src, alpha, n);
}

void Fused(FusedOp op, DType dtype, void* dst, const void* a, const void* b, size_t n) {
  HWY_DYNAMIC_DISPATCH(FusedImpl)(op, dtype, dst, a, b, n);
}

void DeqInt32ToHalf(uint16_t* dst, const int32_t* src, float scale, size_t n) {
  HWY_DYNAMIC_DISPATCH(DeqImpl)(dst, src, scale, n);
}

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
