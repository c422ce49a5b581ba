// Max instantiations (docs/SPEC.md section 2: the ONNX list plus int8 and uint8).
#include "reduce/reduce_dispatch.h"
#include "reduce/reduce_kernel.h"

namespace op_kernel {

bool DispatchReduceMax(const ReducePassArgs& pass) {
  return TryPairs<MaxReducer>(SameTypePairs<float, half, bfloat16_t, double, int32_t, uint32_t,
                                            int64_t, uint64_t, int8_t, uint8_t>{},
                              pass) ||
         TryPairs<MaxReducer>(WidePairs{}, pass);
}

}  // namespace op_kernel
