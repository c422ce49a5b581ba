// Dispatch of the ReduceLogSumExp updates and the float32 exp (vector_logsumexp-inl.h) to the
// best Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_logsumexp.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_logsumexp-inl.h"

#if HWY_ONCE
#include <cmath>

#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {
namespace {

template <typename A>
void LogAddShiftTyped(void* acc, const void* shift, size_t n) {
  auto* a = static_cast<A*>(acc);
  const auto* s = static_cast<const A*>(shift);
  for (size_t i = 0; i < n; ++i) a[i] = std::log(a[i]) + (std::isfinite(s[i]) ? s[i] : A(0));
}

}  // namespace

HWY_EXPORT(LogSumExpRowsImpl);
HWY_EXPORT(LogSumExpColumnsImpl);
HWY_EXPORT(ExpFloatImpl);

void LogSumExpRows(DType src_type, DType acc_type, void* max, void* sum, const void* src,
                   size_t rows, size_t cols, size_t row_stride) {
  HWY_DYNAMIC_DISPATCH(LogSumExpRowsImpl)
  (src_type, acc_type, max, sum, src, rows, cols, row_stride);
}

void LogSumExpColumns(DType src_type, DType acc_type, void* max, void* sum, const void* src,
                      size_t rows, size_t cols, size_t row_stride) {
  HWY_DYNAMIC_DISPATCH(LogSumExpColumnsImpl)
  (src_type, acc_type, max, sum, src, rows, cols, row_stride);
}

void LogAddShift(DType acc_type, void* acc, const void* shift, size_t n) {
  if (acc_type == DType::kFloat32) LogAddShiftTyped<float>(acc, shift, n);
  if (acc_type == DType::kFloat64) LogAddShiftTyped<double>(acc, shift, n);
}

void ExpFloat(float* dst, const float* src, size_t n) {
  HWY_DYNAMIC_DISPATCH(ExpFloatImpl)(dst, src, n);
}

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
