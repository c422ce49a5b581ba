// Elementwise vector kernels over float32 operands that may still be 16-bit floats: the sources
// of widening Casts the host has deferred (detail/copy_elision.h). Kept out of vector_unit.h,
// which every vector kernel unit includes.
#pragma once

#include <cstddef>

#include "opsim/core/dtype.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {

// Binary of float32 where either operand may still be 16-bit floats (a_type, b_type: kFloat32,
// kFloat16 or kBFloat16): the bits of Cast(kFloat32) of those operands followed by
// Binary(kFloat32). dst aliases a float32 operand only exactly. A 16-bit operand's reader
// fetches into the host's cache the bytes `ahead` bytes on from those it reads (where the next
// piece of its tile is).
void BinaryWidened(BinaryOp op, float* dst, const void* a, DType a_type, const void* b,
                   DType b_type, size_t n, size_t ahead = 4096);

}  // namespace opsim::sim::vec
