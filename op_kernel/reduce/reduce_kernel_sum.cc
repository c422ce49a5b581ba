// Sum instantiations (docs/SPEC.md section 2: the ONNX ReduceProd list).
#include "reduce/reduce_dispatch.h"
#include "reduce/reduce_kernel.h"

namespace op_kernel {

bool DispatchReduceSum(const ReducePassArgs& pass) {
  return TryPairs<SumReducer>(
             SameTypePairs<float, half, bfloat16_t, double, int32_t, uint32_t, int64_t, uint64_t>{},
             pass) ||
         TryPairs<SumReducer>(WidePairs{}, pass);
}

}  // namespace op_kernel
