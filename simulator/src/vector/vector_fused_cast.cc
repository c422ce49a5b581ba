// The fused arithmetic-and-convert lanes (vector_fused_cast_unit.h): each chunk is widened by
// the Highway Cast, combined in a plain loop the compiler vectorises, and narrowed by Cast again,
// so the bits are Cast's on every Highway target.
#include <algorithm>
#include <cstring>

#include "opsim/sim/vector_fused_cast_unit.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {
namespace {

// Lanes per chunk: the buffers stay in L1 (10 KiB) and each Cast call's dispatch is amortised
// over enough lanes.
constexpr size_t kChunk = 1024;

// float16 Relu on raw bits: NaN stays, anything with the sign bit (-0 included) becomes +0.
inline uint16_t ReluHalfBits(uint16_t h) {
  const bool nan = (h & 0x7FFFu) > 0x7C00u;
  return (!nan && (h & 0x8000u) != 0) ? uint16_t{0} : h;
}

void FloatLanes(FusedCastOp op, DType dst_type, uint8_t* dst, DType src_type, const uint8_t* a,
                const uint8_t* b, size_t n) {
  const size_t src_eb = src_type == DType::kFloat32 ? 4 : 2;
  const size_t dst_eb = dst_type == DType::kFloat16 ? 2 : 1;
  float x[kChunk], y[kChunk];
  uint16_t h[kChunk];
  for (size_t at = 0; at < n; at += kChunk) {
    const size_t m = std::min(kChunk, n - at);
    // float32 sources are read in place; float16 ones are widened exactly.
    const float* xs = reinterpret_cast<const float*>(a + at * src_eb);
    const float* ys = reinterpret_cast<const float*>(b + at * src_eb);
    if (src_type != DType::kFloat32) {
      Cast(DType::kFloat32, x, src_type, a + at * src_eb, Round::kNone, m);
      Cast(DType::kFloat32, y, src_type, b + at * src_eb, Round::kNone, m);
      xs = x;
      ys = y;
    }
    if (op == FusedCastOp::kMul) {
      for (size_t i = 0; i < m; ++i) x[i] = xs[i] * ys[i];
    } else {
      if (op == FusedCastOp::kSubRelu) {
        for (size_t i = 0; i < m; ++i) x[i] = xs[i] - ys[i];
      } else {
        for (size_t i = 0; i < m; ++i) x[i] = xs[i] + ys[i];
      }
      for (size_t i = 0; i < m; ++i) x[i] = x[i] > 0.0f ? x[i] : (x[i] != x[i] ? x[i] : 0.0f);
    }
    // float -> half rounds to nearest even; the 8-bit results go through the rounded half.
    Cast(DType::kFloat16, h, DType::kFloat32, x, Round::kNone, m);
    if (dst_type == DType::kFloat16) {
      std::memcpy(dst + at * dst_eb, h, m * 2);
    } else {
      Cast(dst_type, dst + at * dst_eb, DType::kFloat16, h, Round::kNone, m);
    }
  }
}

void Int16Lanes(bool sub, int8_t* dst, const int16_t* a, const int16_t* b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    int32_t v = sub ? int32_t{a[i]} - int32_t{b[i]} : int32_t{a[i]} + int32_t{b[i]};
    v = v < 0 ? 0 : v;
    dst[i] = static_cast<int8_t>(v > 127 ? 127 : v);
  }
}

void AddDeqReluLanes(uint16_t* dst, const int32_t* a, const int32_t* b, float scale, size_t n) {
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
  auto* d = static_cast<uint8_t*>(dst);
  const auto* x = static_cast<const uint8_t*>(a);
  const auto* y = static_cast<const uint8_t*>(b);
  const bool relu = op == FusedCastOp::kAddRelu || op == FusedCastOp::kSubRelu;
  if (op == FusedCastOp::kAddDeqRelu) {
    if (src_type != DType::kInt32 || dst_type != DType::kFloat16) return;
    return AddDeqReluLanes(static_cast<uint16_t*>(dst), static_cast<const int32_t*>(a),
                           static_cast<const int32_t*>(b), deq_scale, n);
  }
  if (relu && src_type == DType::kInt16 && dst_type == DType::kInt8) {
    return Int16Lanes(op == FusedCastOp::kSubRelu, static_cast<int8_t*>(dst),
                      static_cast<const int16_t*>(a), static_cast<const int16_t*>(b), n);
  }
  const bool float_to_half = src_type == DType::kFloat32 && dst_type == DType::kFloat16;
  const bool half_to_int8 = src_type == DType::kFloat16 && dst_type == DType::kInt8;
  const bool half_to_uint8 = src_type == DType::kFloat16 && dst_type == DType::kUInt8;
  const bool ok = relu ? (float_to_half || half_to_int8) : (half_to_int8 || half_to_uint8);
  if (ok) FloatLanes(op, dst_type, d, src_type, x, y, n);
}

}  // namespace opsim::sim::vec
