// Expands one reducer's instantiations: every family x (input, output) type pair it supports.
#pragma once

#include "elementwise/kernel_traits.h"
#include "reduce/reduce_kernels.h"

namespace op_kernel {

template <typename In, typename Out>
struct TypePair {};

template <typename... Ts>
struct TypeList {};

// Each element type with itself; 16-bit floats also to and from their float32 accumulators,
// which multi-pass reductions keep between passes.
template <typename... Ts>
using SameTypePairs = TypeList<TypePair<Ts, Ts>...>;
using WidePairs = TypeList<TypePair<half, float>, TypePair<float, half>,
                           TypePair<bfloat16_t, float>, TypePair<float, bfloat16_t>>;

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
