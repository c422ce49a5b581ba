// The per-element model of the math, logic, compare and select instructions (vector_unit.h):
// the same signatures and the same results, bit for bit, as the Highway kernels, in plain loops.
// The kernels' tests hold them to it on every target; the kernels call it for lanes they cannot
// settle in vectors. Not for simulation itself (it is 10-50x slower).
#pragma once

#include <cstddef>
#include <cstdint>

#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec::model {

void Math(MathOp op, DType dtype, void* dst, const void* src, size_t n);
void LeakyRelu(DType dtype, void* dst, const void* src, double alpha, size_t n);
void Bitwise(BitOp op, size_t elem_bytes, void* dst, const void* a, const void* b, size_t n);
void Shift(bool left, size_t elem_bytes, bool is_signed, void* dst, const void* src, uint32_t shift,
           size_t n);
void Compare(CmpMode mode, DType dtype, uint8_t* dst, const void* a, const void* b, bool b_scalar,
             size_t n);
void Select(size_t elem_bytes, void* dst, const uint8_t* bits, const void* a, const void* b,
            bool b_scalar, size_t n);
void Fused(FusedOp op, DType dtype, void* dst, const void* a, const void* b, size_t n);
void MulAddDstHalfToFloat(float* dst, const uint16_t* a, const uint16_t* b, size_t n);
void DeqInt32ToHalf(uint16_t* dst, const int32_t* src, float scale, size_t n);

}  // namespace opsim::sim::vec::model
