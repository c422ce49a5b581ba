// Reducers as functors: identity, the vector combine of two partial rows, and the batched forms.
// Accumulator types follow docs/SPEC.md section 3 (AccOf).
#pragma once

#include "elementwise/kernel_traits.h"
#include "kernel_operator.h"

namespace op_kernel {

// The simulator's batched row instructions, which no chip has: what issue 29 replaces with
// ReduceSum/ReduceMax/ReduceMin, WholeReduce*, BlockReduce* and row accumulation.
namespace ext = ::opsim::ext;

// float16 and bfloat16 accumulate in float32; everything else in its own type.
template <typename T>
using AccOf = typename Conditional<kIsSixteenBitFloat<T>, float, T>::type;

template <typename T>
__aicore__ constexpr T Lowest() {
  if constexpr (kIsFloat<T>)
    return static_cast<T>(-__builtin_huge_val());
  else
    return LowestOf<T>();
}
template <typename T>
__aicore__ constexpr T Highest() {
  if constexpr (kIsFloat<T>)
    return static_cast<T>(__builtin_huge_val());
  else
    return MaxOf<T>();
}

struct SumReducer {
  static constexpr uint32_t kType = 3;  // ReduceParam::REDUCE_SUM
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kSum;
  template <typename T>
  __aicore__ static constexpr T Identity() {
    return T(0);
  }
  template <typename T>
  __aicore__ static void Combine(const AscendC::LocalTensor<T>& dst,
                                 const AscendC::LocalTensor<T>& a, const AscendC::LocalTensor<T>& b,
                                 int32_t n) {
    AscendC::Add(dst, a, b, n);
  }
};

struct ProdReducer {
  static constexpr uint32_t kType = 4;  // REDUCE_PROD
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kProd;
  template <typename T>
  __aicore__ static constexpr T Identity() {
    return T(1);
  }
  template <typename T>
  __aicore__ static void Combine(const AscendC::LocalTensor<T>& dst,
                                 const AscendC::LocalTensor<T>& a, const AscendC::LocalTensor<T>& b,
                                 int32_t n) {
    AscendC::Mul(dst, a, b, n);
  }
};

struct MaxReducer {
  static constexpr uint32_t kType = 1;  // REDUCE_MAX
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kMax;
  template <typename T>
  __aicore__ static constexpr T Identity() {
    return Lowest<T>();
  }
  template <typename T>
  __aicore__ static void Combine(const AscendC::LocalTensor<T>& dst,
                                 const AscendC::LocalTensor<T>& a, const AscendC::LocalTensor<T>& b,
                                 int32_t n) {
    AscendC::Max(dst, a, b, n);
  }
};

struct MinReducer {
  static constexpr uint32_t kType = 2;  // REDUCE_MIN
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kMin;
  template <typename T>
  __aicore__ static constexpr T Identity() {
    return Highest<T>();
  }
  template <typename T>
  __aicore__ static void Combine(const AscendC::LocalTensor<T>& dst,
                                 const AscendC::LocalTensor<T>& a, const AscendC::LocalTensor<T>& b,
                                 int32_t n) {
    AscendC::Min(dst, a, b, n);
  }
};

}  // namespace op_kernel
