// Expands one reducer's instantiations: every family x (input, output) type pair it supports.
#pragma once

#include "elementwise/kernel_traits.h"
#include "reduce/reduce_kernels.h"

namespace op_kernel {

template <typename In, typename Out>
struct TypePair {};

template <typename... Ts>
struct TypeList {};

// What every reducer instantiates: float32, float16 and bfloat16, the types whose reduce
// instructions the 910B has (bfloat16 cast to float32 in the UB), each with itself and the 16-bit
// floats to and from their float32 accumulators, which multi-pass reductions keep between passes.
// double and the integers run on the AI CPU (op_kernel_aicpu/reduce), where the OpDefs send them.
using VectorPairs =
    TypeList<TypePair<float, float>, TypePair<half, half>, TypePair<bfloat16_t, bfloat16_t>,
             TypePair<half, float>, TypePair<float, half>, TypePair<bfloat16_t, float>,
             TypePair<float, bfloat16_t>>;

template <typename R, typename In, typename Out>
bool TryPair(const ReducePassArgs& pass) {
  constexpr int32_t in = static_cast<int32_t>(DataTypeOf<In>());
  constexpr int32_t out = static_cast<int32_t>(DataTypeOf<Out>());
  if (pass.key == MakeReduceTilingKey(ReduceFamily::kAR, R::kType, in, out)) {
    RunReduce<KernelReduceAR, R, In, Out>(pass);
    return true;
  }
  if (pass.key == MakeReduceTilingKey(ReduceFamily::kARA, R::kType, in, out)) {
    RunReduce<KernelReduceARA, R, In, Out>(pass);
    return true;
  }
  return false;
}

template <typename R, typename... Ins, typename... Outs>
bool TryPairs(TypeList<TypePair<Ins, Outs>...>, const ReducePassArgs& pass) {
  return (TryPair<R, Ins, Outs>(pass) || ...);
}

}  // namespace op_kernel
