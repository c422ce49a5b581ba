// Dispatch of the math and fused kernels (vector_math-inl.h, vector_math16-inl.h,
// vector_fused-inl.h) to the best Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_math.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_fused-inl.h"
#include "vector/vector_math-inl.h"
#include "vector/vector_math16-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_unit.h"
#include "vector/vector_math_table.h"

namespace opsim::sim::vec {

HWY_EXPORT(MathImpl);
HWY_EXPORT(Math16Impl);
HWY_EXPORT(LeakyReluImpl);
HWY_EXPORT(FusedImpl);
HWY_EXPORT(MulAddDstHalfToFloatImpl);
HWY_EXPORT(DeqImpl);
HWY_EXPORT(DeqAddReluImpl);

void Math(MathOp op, DType dtype, void* dst, const void* src, size_t n) {
  if (dtype == DType::kFloat16 || dtype == DType::kBFloat16) {
    // In registers (vector_math16-inl.h; on AVX3 Exp and bfloat16 Ln too, with the table for
    // the lanes they leave), else Exp and Ln by table (vector_math_table.h).
    if (HWY_DYNAMIC_DISPATCH(Math16Impl)(op, dtype, dst, src, n)) return;
    if (detail::MathByTable16(op, dtype, dst, src, n)) return;
  }
  HWY_DYNAMIC_DISPATCH(MathImpl)(op, dtype, dst, src, n);
}

void LeakyRelu(DType dtype, void* dst, const void* src, double alpha, size_t n) {
  HWY_DYNAMIC_DISPATCH(LeakyReluImpl)(dtype, dst, src, alpha, n);
}

void Fused(FusedOp op, DType dtype, void* dst, const void* a, const void* b, size_t n) {
  HWY_DYNAMIC_DISPATCH(FusedImpl)(op, dtype, dst, a, b, n);
}

void MulAddDstHalfToFloat(float* dst, const uint16_t* a, const uint16_t* b, size_t n) {
  HWY_DYNAMIC_DISPATCH(MulAddDstHalfToFloatImpl)(dst, a, b, n);
}

void DeqInt32ToHalf(uint16_t* dst, const int32_t* src, float scale, size_t n) {
  HWY_DYNAMIC_DISPATCH(DeqImpl)(dst, src, scale, n);
}

namespace detail {
void AddDeqReluFinite(uint16_t* dst, const int32_t* a, const int32_t* b, float scale, size_t n) {
  HWY_DYNAMIC_DISPATCH(DeqAddReluImpl)(dst, a, b, scale, /*relu=*/true, n);
}
}  // namespace detail

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
