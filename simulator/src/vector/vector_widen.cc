// Dispatch of the widening ReduceRows / AccumulateRows (vector_widen-inl.h) to the best Highway
// target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_widen.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_widen-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {

HWY_EXPORT(ReduceRowsWidenImpl);
HWY_EXPORT(AccumulateRowsWidenImpl);

void ReduceRowsWiden(ReduceOp op, DType src_type, float* dst, const void* src, size_t rows,
                     size_t cols, size_t row_stride) {
  HWY_DYNAMIC_DISPATCH(ReduceRowsWidenImpl)(op, src_type, dst, src, rows, cols, row_stride);
}

void AccumulateRowsWiden(ReduceOp op, DType src_type, float* acc, const void* src, size_t rows,
                         size_t cols, size_t row_stride) {
  HWY_DYNAMIC_DISPATCH(AccumulateRowsWidenImpl)(op, src_type, acc, src, rows, cols, row_stride);
}

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
