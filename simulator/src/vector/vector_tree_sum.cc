// Dispatch of the chip-order tree sums (vector_tree_sum-inl.h) to the best Highway target.
#include "vector/vector_config.h"  // must precede Highway

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "vector/vector_tree_sum.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "vector/vector_tree_sum-inl.h"

#if HWY_ONCE
#include "opsim/sim/vector_tree_sum.h"

namespace opsim::sim::vec {

HWY_EXPORT(TreeSumsImpl);
HWY_EXPORT(RepeatSumsInOrderImpl);
HWY_EXPORT(RepeatSumsWidenedImpl);

bool TreeSumsTake(DType dtype) {
  return dtype == DType::kFloat32 || dtype == DType::kFloat64 || dtype == DType::kFloat16 ||
         dtype == DType::kBFloat16;
}

bool TreeSums(DType dtype, void* dst, const void* src, size_t groups, size_t group) {
  const size_t per_repeat = 256 / DTypeSize(dtype);
  const bool power_of_two = group >= 2 && (group & (group - 1)) == 0;
  if (!TreeSumsTake(dtype) || !power_of_two || group > per_repeat) return false;
  if (groups == 0) return true;
  return HWY_DYNAMIC_DISPATCH(TreeSumsImpl)(dtype, dst, src, groups, group);
}

bool RepeatSumsInOrder(DType dtype, void* dst, const void* src, size_t n) {
  if (!TreeSumsTake(dtype) || n == 0) return false;
  return HWY_DYNAMIC_DISPATCH(RepeatSumsInOrderImpl)(dtype, dst, src, n);
}

bool RepeatSumsInOrderWidened(DType from, float* dst, const void* src, size_t n) {
  if ((from != DType::kFloat16 && from != DType::kBFloat16) || n == 0) return false;
  return HWY_DYNAMIC_DISPATCH(RepeatSumsWidenedImpl)(from, dst, src, n);
}

}  // namespace opsim::sim::vec
#endif  // HWY_ONCE
