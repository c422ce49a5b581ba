// AddReluCast / SubReluCast: the lane kernel (through float32, in chunks) and the count form.
#include <algorithm>
#include <cstring>
#include <string>

#include "opsim/sim/ascendc/vector_fused_cast.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

void FusedCastLanes(const void* c, uint8_t* dst, const uint8_t* const* srcs, size_t n) {
  const auto* x = static_cast<const FusedCastCtx*>(c);
  constexpr size_t kChunk = 256;
  const size_t src_eb = x->src == DType::kFloat32 ? 4 : 2;
  const size_t dst_eb = x->dst == DType::kFloat16 ? 2 : 1;
  float a[kChunk], b[kChunk];
  uint16_t h[kChunk];
  for (size_t at = 0; at < n; at += kChunk) {
    const size_t m = std::min(kChunk, n - at);
    vec::Cast(DType::kFloat32, a, x->src, srcs[0] + at * src_eb, vec::Round::kNone, m);
    vec::Cast(DType::kFloat32, b, x->src, srcs[1] + at * src_eb, vec::Round::kNone, m);
    for (size_t i = 0; i < m; ++i) {
      const float v = x->sub ? a[i] - b[i] : a[i] + b[i];
      a[i] = v > 0.0f ? v : (v != v ? v : 0.0f);  // NaN propagates, as through Relu
    }
    // float -> half rounds to nearest even; half -> int8_t goes through the rounded half.
    vec::Cast(DType::kFloat16, h, DType::kFloat32, a, vec::Round::kNone, m);
    if (x->dst == DType::kFloat16) {
      std::memcpy(dst + at * dst_eb, h, m * 2);
    } else {
      vec::Cast(x->dst, dst + at * dst_eb, DType::kFloat16, h, vec::Round::kNone, m);
    }
  }
}

void FusedCastCount(const char* name, const FusedCastCtx& ctx, const UbRef& dst, uint32_t dst_eb,
                    const UbRef& a, const UbRef& b, uint32_t src_eb, uint32_t count) {
  const uint64_t src_bytes = static_cast<uint64_t>(count) * src_eb;
  const UbRef srcs[2] = {a, b};
  const uint64_t sizes[2] = {src_bytes, src_bytes};
  VectorOpLanes(name, dst, static_cast<uint64_t>(count) * dst_eb, srcs, sizes, 2, count, [&] {
    const uint8_t* s[2] = {a.ptr, b.ptr};
    FusedCastLanes(&ctx, dst.ptr, s, count);
  });
}

}  // namespace opsim::sim::detail
