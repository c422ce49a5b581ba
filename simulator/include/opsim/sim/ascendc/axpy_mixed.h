// The basic API's mixed-precision Axpy: Axpy<float, half>(dst, src, scalar, count), dst = src *
// scalar + dst with a half src and scalar accumulated into a float dst (CANN's basic Axpy declares
// dst and src as LocalTensor<T> and LocalTensor<U>; (half, half), (float, float) and (float, half)
// on the 910B). The same-type form is in vector_math.h; this one computes as the high-level
// library's (float, half) Axpy does, without a temporary buffer.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/fault.h"

namespace AscendC {

template <typename T, typename U, std::enable_if_t<!std::is_same_v<T, U>, int> = 0>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue,
          const int32_t& count) {
  static_assert(std::is_same_v<T, float> && std::is_same_v<U, half>,
                "Axpy with two types takes a float dst and a half src");
  if (count < 0) {
    opsim::sim::RaiseFault(opsim::sim::FaultKind::kInvalidArgument, "Axpy",
                           "count " + std::to_string(count) + " must not be negative");
  }
  using opsim::sim::hl::ElemOf;
  opsim::sim::hl::RunMath(opsim::sim::hl::MathCall{
      opsim::sim::hl::MathApi::kAxpy, ElemOf<T>(), ElemOf<U>(), false, &dst.ref(), &src.ref(),
      nullptr, nullptr, opsim::sim::hl::ScalarAt::kRight,
      static_cast<double>(static_cast<float>(scalarValue)), static_cast<uint32_t>(count)});
}

}  // namespace AscendC
