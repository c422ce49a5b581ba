// Dispatch of the logic, shift, compare and select kernels (vector_logic-inl.h) to the best
// Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_logic.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_logic-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {

HWY_EXPORT(BitwiseImpl);
HWY_EXPORT(ShiftImpl);
HWY_EXPORT(CompareImpl);
HWY_EXPORT(SelectImpl);

void Bitwise(BitOp op, size_t elem_bytes, void* dst, const void* a, const void* b, size_t n) {
  HWY_DYNAMIC_DISPATCH(BitwiseImpl)(op, elem_bytes, dst, a, b, n);
}

void Shift(bool left, size_t elem_bytes, bool is_signed, void* dst, const void* src, uint32_t shift,
           size_t n) {
  HWY_DYNAMIC_DISPATCH(ShiftImpl)(left, elem_bytes, is_signed, dst, src, shift, n);
}

void Compare(CmpMode mode, DType dtype, uint8_t* dst, const void* a, const void* b, bool b_scalar,
             size_t n) {
  HWY_DYNAMIC_DISPATCH(CompareImpl)(mode, dtype, dst, a, b, b_scalar, n);
}

void Select(size_t elem_bytes, void* dst, const uint8_t* bits, const void* a, const void* b,
            bool b_scalar, size_t n) {
  HWY_DYNAMIC_DISPATCH(SelectImpl)(elem_bytes, dst, bits, a, b, b_scalar, n);
}

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
