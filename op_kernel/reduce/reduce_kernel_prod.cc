// Prod instantiations: the types the 910B's vector unit reduces (VectorPairs); the rest run on
// the AI CPU (op_kernel_aicpu/reduce).
#include "reduce/reduce_dispatch.h"
#include "reduce/reduce_kernel.h"

namespace op_kernel {

bool DispatchReduceProd(const ReducePassArgs& pass) {
  return TryPairs<ProdReducer>(VectorPairs{}, pass);
}

}  // namespace op_kernel
