// Transpose, the basic form: one 16 x 16 matrix of 16-bit elements (512 B), dst[j][i] =
// src[i][j]. (The extended form with TransposeParamsExt and a temporary buffer is not here.)
#pragma once

#include <cstdint>
#include <cstring>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {
void CheckVectorOperand(const UbRef& ref, uint64_t span, const char* name, const char* operand);
// Runs the 16 x 16 transpose of 2-byte elements: checks, V-pipe cost, the move.
void Transpose16x16(const UbRef& dst, const UbRef& src);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
  static_assert(sizeof(T) == 2, "Transpose (16 x 16) takes 16-bit elements");
  OPSIM_A2_TAKES(kTranspose, T, "Transpose");
  opsim::sim::detail::Transpose16x16(dst.ref(), src.ref());
}

}  // namespace AscendC
