// Dispatch of the elementwise kernels (vector_elementwise-inl.h) to the best Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_elementwise.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_elementwise-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_unit.h"
#include "opsim/sim/vector_widened.h"
#include "vector/vector_dispatch.h"

namespace opsim::sim::vec {

HWY_EXPORT(BinaryImpl);
HWY_EXPORT(BinaryWidenedImpl);
HWY_EXPORT(UnaryImpl);
HWY_EXPORT(FillImpl);
HWY_EXPORT(TargetImpl);

void Binary(BinaryOp op, DType dtype, void* dst, const void* a, const void* b, size_t n) {
  HWY_DYNAMIC_DISPATCH(BinaryImpl)(op, dtype, dst, a, b, /*b_scalar=*/false, n);
}

void BinaryWidened(BinaryOp op, float* dst, const void* a, DType a_type, const void* b,
                   DType b_type, size_t n, size_t ahead) {
  HWY_DYNAMIC_DISPATCH(BinaryWidenedImpl)(op, dst, a, a_type, b, b_type, n, ahead);
}

void Scalar(ScalarOp op, DType dtype, void* dst, const void* src, const void* scalar, size_t n) {
  BinaryOp bop = BinaryOp::kAdd;
  switch (op) {
    case ScalarOp::kAdd: bop = BinaryOp::kAdd; break;
    case ScalarOp::kMul: bop = BinaryOp::kMul; break;
    case ScalarOp::kMax: bop = BinaryOp::kMax; break;
    case ScalarOp::kMin: bop = BinaryOp::kMin; break;
  }
  HWY_DYNAMIC_DISPATCH(BinaryImpl)(bop, dtype, dst, src, scalar, /*b_scalar=*/true, n);
}

void Unary(UnaryOp op, DType dtype, void* dst, const void* src, size_t n) {
  HWY_DYNAMIC_DISPATCH(UnaryImpl)(op, dtype, dst, src, n);
}

void Fill(DType dtype, void* dst, const void* value, size_t n) {
  HWY_DYNAMIC_DISPATCH(FillImpl)(dtype, dst, value, n);
}

namespace detail {
int64_t DispatchedTarget() { return HWY_DYNAMIC_DISPATCH(TargetImpl)(); }
}  // namespace detail

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
