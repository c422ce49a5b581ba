// The fused arithmetic-and-convert lanes (vector_fused_cast_unit.h), in registers on the best
// Highway target: AddDeqRelu with vector_math.cc's DeqInt32ToHalf lanes (a scale that is not
// finite in chunks: the int32 Add, DeqInt32ToHalf, a Relu on the half bits), the other pairs with
// vector_fused_cast-inl.h's (dispatched by vector_cast.cc).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "opsim/sim/vector_fused_cast_unit.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {
namespace detail {
// vector_cast.cc: the pairs but AddDeqRelu on the best Highway target (false: not a pair).
bool FusedCastLanes(FusedCastOp op, DType dst_type, void* dst, DType src_type, const void* a,
                    const void* b, size_t n);
// vector_math.cc: AddDeqRelu's lanes in registers for a finite scale (DeqInt32ToHalf's steps).
void AddDeqReluFinite(uint16_t* dst, const int32_t* a, const int32_t* b, float scale, size_t n);
}  // namespace detail

namespace {

// Lanes per chunk: the buffer stays in L1 (4 KiB) and each call's dispatch is amortised over
// enough lanes.
constexpr size_t kChunk = 1024;

// float16 Relu on raw bits: NaN stays, anything with the sign bit (-0 included) becomes +0.
inline uint16_t ReluHalfBits(uint16_t h) {
  const bool nan = (h & 0x7FFFu) > 0x7C00u;
  return (!nan && (h & 0x8000u) != 0) ? uint16_t{0} : h;
}

void AddDeqReluLanes(uint16_t* dst, const int32_t* a, const int32_t* b, float scale, size_t n) {
  if (std::isfinite(scale)) return detail::AddDeqReluFinite(dst, a, b, scale, n);
  int32_t s[kChunk];
  for (size_t at = 0; at < n; at += kChunk) {
    const size_t m = std::min(kChunk, n - at);
    Binary(BinaryOp::kAdd, DType::kInt32, s, a + at, b + at, m);
    DeqInt32ToHalf(dst + at, s, scale, m);
    for (size_t i = 0; i < m; ++i) dst[at + i] = ReluHalfBits(dst[at + i]);
  }
}

}  // namespace

void FusedCast(FusedCastOp op, DType dst_type, void* dst, DType src_type, const void* a,
               const void* b, float deq_scale, size_t n) {
  if (op == FusedCastOp::kAddDeqRelu) {
    if (src_type != DType::kInt32 || dst_type != DType::kFloat16) return;
    return AddDeqReluLanes(static_cast<uint16_t*>(dst), static_cast<const int32_t*>(a),
                           static_cast<const int32_t*>(b), deq_scale, n);
  }
  detail::FusedCastLanes(op, dst_type, dst, src_type, a, b, n);  // writes nothing for other pairs
}

}  // namespace opsim::sim::vec
