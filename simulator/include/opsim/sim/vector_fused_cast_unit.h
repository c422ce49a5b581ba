// The lanes of Ascend C's fused arithmetic-and-convert instructions (AddReluCast, SubReluCast,
// MulCast, AddDeqRelu) on host memory, without the simulator's checks (the runtime checks every
// operand first). Built on the vector unit's Highway Cast in cache-sized chunks.
#pragma once

#include <cstddef>
#include <cstdint>

#include "opsim/core/dtype.h"

namespace opsim::sim::vec {

// kAddRelu dst = convert(max(a + b, 0)), kSubRelu dst = convert(max(a - b, 0)),
// kMul dst = convert(a * b), kAddDeqRelu dst = max(deq(a + b), 0).
enum class FusedCastOp : uint8_t { kAddRelu, kSubRelu, kMul, kAddDeqRelu };

// The pairs (src -> dst) and their numerics:
// - kAddRelu/kSubRelu float32 -> float16: the float32 sum or difference, Relu (NaN stays NaN),
//   rounded to nearest-even float16 (Cast's CAST_NONE); float16 -> int8: the same result rounded
//   to float16, then Cast float16 -> int8 with CAST_NONE (nearest-even, saturating); int16 ->
//   int8: the exact sum or difference (no int16 wrap), Relu, saturated to 127.
// - kMul float16 -> int8/uint8: the float32 product (exact for float16 operands) rounded to
//   float16, then Cast float16 -> int8/uint8 with CAST_NONE (nearest-even, saturating; a negative
//   product gives 0 in uint8).
// - kAddDeqRelu int32 -> float16: the int32 sum (wrapping), dequantised as DeqInt32ToHalf with
//   `deq_scale`, then Relu on float16 (-0 -> +0, NaN stays NaN).
// Any other combination is a precondition violation and writes nothing.
void FusedCast(FusedCastOp op, DType dst_type, void* dst, DType src_type, const void* a,
               const void* b, float deq_scale, size_t n);

}  // namespace opsim::sim::vec
