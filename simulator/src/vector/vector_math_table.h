// Internal: the unary math instructions of the 16-bit float types by table (Math uses it for Exp
// and Ln, whose float32 kernels cost more than a lookup, and AVX3's float-lane Exp and bfloat16
// Ln for the vectors their band check leaves; the others run in registers). float16 and
// bfloat16 have 2^16 inputs each, so the model's result of every one is computed once, at the
// first call, and looked up afterwards: the same bits as the model by construction, on every
// target, at the cost of a load per element instead of two conversions and the float32 math.
#pragma once

#include <cstddef>

#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec::detail {

// dst[i] = model::Math(op, dtype, src[i]) when dtype is float16 or bfloat16 (returns true);
// other types are not handled here (returns false, writes nothing). dst may be src.
bool MathByTable16(MathOp op, DType dtype, void* dst, const void* src, size_t n);

}  // namespace opsim::sim::vec::detail
