// Dispatch of Reduce (vector_reduce-inl.h) and ReduceRows (vector_reduce_rows-inl.h) to the best
// Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_reduce.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_reduce_rows-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {

HWY_EXPORT(ReduceImpl);
HWY_EXPORT(ReduceRowsImpl);
HWY_EXPORT(ReduceRowsFusedImpl);

void Reduce(ReduceOp op, DType dtype, void* dst, const void* src, size_t n, uint32_t* index) {
  HWY_DYNAMIC_DISPATCH(ReduceImpl)(op, dtype, dst, src, n, index);
}

void ReduceRows(ReduceOp op, DType dtype, void* dst, const void* src, size_t rows, size_t cols,
                size_t row_stride) {
  HWY_DYNAMIC_DISPATCH(ReduceRowsImpl)(op, dtype, dst, src, rows, cols, row_stride);
}

bool ReduceRowsFused(RowMap map, DType src_type, DType acc_type, void* dst, const void* src,
                     size_t rows, size_t cols, size_t row_stride) {
  return HWY_DYNAMIC_DISPATCH(ReduceRowsFusedImpl)(map, src_type, acc_type, dst, src, rows, cols,
                                                   row_stride);
}
}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
