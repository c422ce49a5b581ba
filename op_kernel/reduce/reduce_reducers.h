// Reducers as functors: identity, the vector combine of two partial rows, and the batched forms.
// Accumulator types follow docs/SPEC.md section 3 (AccOf).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernel_operator.h"

namespace opsim::kernels {

// float16 and bfloat16 accumulate in float32; everything else in its own type.
template <typename T>
using AccOf =
    std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>, float, T>;

template <typename T>
constexpr T Lowest() {
  if constexpr (std::is_floating_point_v<T>)
    return -std::numeric_limits<T>::infinity();
  else
    return std::numeric_limits<T>::lowest();
}
template <typename T>
constexpr T Highest() {
  if constexpr (std::is_floating_point_v<T>)
    return std::numeric_limits<T>::infinity();
  else
    return std::numeric_limits<T>::max();
}

struct SumReducer {
  static constexpr uint32_t kType = 3;  // ReduceParam::REDUCE_SUM
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kSum;
  template <typename T>
  static constexpr T Identity() {
    return T(0);
  }
  template <typename T>
  static void Combine(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& a,
                      const AscendC::LocalTensor<T>& b, int32_t n) {
    AscendC::Add(dst, a, b, n);
  }
};

struct ProdReducer {
  static constexpr uint32_t kType = 4;  // REDUCE_PROD
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kProd;
  template <typename T>
  static constexpr T Identity() {
    return T(1);
  }
  template <typename T>
  static void Combine(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& a,
                      const AscendC::LocalTensor<T>& b, int32_t n) {
    AscendC::Mul(dst, a, b, n);
  }
};

struct MaxReducer {
  static constexpr uint32_t kType = 1;  // REDUCE_MAX
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kMax;
  template <typename T>
  static constexpr T Identity() {
    return Lowest<T>();
  }
  template <typename T>
  static void Combine(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& a,
                      const AscendC::LocalTensor<T>& b, int32_t n) {
    AscendC::Max(dst, a, b, n);
  }
};

struct MinReducer {
  static constexpr uint32_t kType = 2;  // REDUCE_MIN
  static constexpr ext::ReduceOp kOp = ext::ReduceOp::kMin;
  template <typename T>
  static constexpr T Identity() {
    return Highest<T>();
  }
  template <typename T>
  static void Combine(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& a,
                      const AscendC::LocalTensor<T>& b, int32_t n) {
    AscendC::Min(dst, a, b, n);
  }
};

}  // namespace opsim::kernels
