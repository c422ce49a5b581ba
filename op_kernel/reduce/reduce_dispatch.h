// Expands one reducer's instantiations: every family x (input, output) type pair it supports.
#pragma once

#include <cstdint>

#include "reduce/reduce_kernels.h"

namespace opsim::kernels {

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
bool TryPair(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
  constexpr int32_t in = static_cast<int32_t>(AscendC::DTypeOf<In>());
  constexpr int32_t out = static_cast<int32_t>(AscendC::DTypeOf<Out>());
  if (TILING_KEY_IS(MakeReduceTilingKey(ReduceFamily::kAR, R::kType, in, out))) {
    RunReduce<KernelReduceAR, R, In, Out>(x, y, ws, tiling);
    return true;
  }
  if (TILING_KEY_IS(MakeReduceTilingKey(ReduceFamily::kARA, R::kType, in, out))) {
    RunReduce<KernelReduceARA, R, In, Out>(x, y, ws, tiling);
    return true;
  }
  return false;
}

template <typename R, typename... Ins, typename... Outs>
bool TryPairs(TypeList<TypePair<Ins, Outs>...>, GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
  return (TryPair<R, Ins, Outs>(x, y, ws, tiling) || ...);
}

}  // namespace opsim::kernels
