// Reducers as functors: identity, the vector combine of two partial rows, and the reduce
// instructions of a row (WholeReduce* over a repeat per row, the level-2 form over a longer one;
// PROD has none). Accumulator types follow docs/SPEC.md section 3 (AccOf).
#pragma once

#include "elementwise/kernel_traits.h"
#include "kernel_operator.h"

namespace op_kernel {

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
  static constexpr bool kHasReduce = true;
  // dst[r] = Sum of the first `mask` elements of repeat r, repeats rep_stride blocks apart.
  template <typename T>
  __aicore__ static void WholeReduce(const AscendC::LocalTensor<T>& dst,
                                     const AscendC::LocalTensor<T>& src, int32_t mask,
                                     int32_t repeat, int32_t rep_stride) {
    AscendC::WholeReduceSum(dst, src, mask, repeat, 1, 1, rep_stride);
  }
  template <typename T>
  __aicore__ static void ReduceCount(const AscendC::LocalTensor<T>& dst,
                                     const AscendC::LocalTensor<T>& src,
                                     const AscendC::LocalTensor<T>& work, int32_t count) {
    AscendC::ReduceSum(dst, src, work, count);
  }
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
  static constexpr uint32_t kType = 4;       // REDUCE_PROD
  static constexpr bool kHasReduce = false;  // no instruction reduces by product
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
  static constexpr bool kHasReduce = true;
  // dst[r] = Max of the first `mask` elements of repeat r, repeats rep_stride blocks apart.
  template <typename T>
  __aicore__ static void WholeReduce(const AscendC::LocalTensor<T>& dst,
                                     const AscendC::LocalTensor<T>& src, int32_t mask,
                                     int32_t repeat, int32_t rep_stride) {
    AscendC::WholeReduceMax(dst, src, mask, repeat, 1, 1, rep_stride,
                            AscendC::ReduceOrder::ORDER_ONLY_VALUE);
  }
  template <typename T>
  __aicore__ static void ReduceCount(const AscendC::LocalTensor<T>& dst,
                                     const AscendC::LocalTensor<T>& src,
                                     const AscendC::LocalTensor<T>& work, int32_t count) {
    AscendC::ReduceMax(dst, src, work, count);
  }
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
  static constexpr bool kHasReduce = true;
  // dst[r] = Min of the first `mask` elements of repeat r, repeats rep_stride blocks apart.
  template <typename T>
  __aicore__ static void WholeReduce(const AscendC::LocalTensor<T>& dst,
                                     const AscendC::LocalTensor<T>& src, int32_t mask,
                                     int32_t repeat, int32_t rep_stride) {
    AscendC::WholeReduceMin(dst, src, mask, repeat, 1, 1, rep_stride,
                            AscendC::ReduceOrder::ORDER_ONLY_VALUE);
  }
  template <typename T>
  __aicore__ static void ReduceCount(const AscendC::LocalTensor<T>& dst,
                                     const AscendC::LocalTensor<T>& src,
                                     const AscendC::LocalTensor<T>& work, int32_t count) {
    AscendC::ReduceMin(dst, src, work, count);
  }
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
