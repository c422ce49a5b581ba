// Dispatch of AccumulateRows (vector_accumulate-inl.h) to the best Highway target; its own
// translation unit so that the per-target builds of the reductions compile in parallel.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_accumulate.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_accumulate-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {

HWY_EXPORT(AccumulateRowsImpl);
HWY_EXPORT(AccumulateRowsFusedImpl);

bool AccumulateRowsFused(RowMap map, DType src_type, DType acc_type, void* acc, const void* src,
                         size_t rows, size_t cols, size_t row_stride) {
  return HWY_DYNAMIC_DISPATCH(AccumulateRowsFusedImpl)(map, src_type, acc_type, acc, src, rows,
                                                       cols, row_stride);
}

void AccumulateRows(ReduceOp op, DType dtype, void* acc, const void* src, size_t rows, size_t cols,
                    size_t row_stride) {
  HWY_DYNAMIC_DISPATCH(AccumulateRowsImpl)(op, dtype, acc, src, rows, cols, row_stride);
}

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
