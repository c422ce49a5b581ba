// Fixpipe's quantisation (fixpipe_quant.h).
#include "cube/fixpipe_quant.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {
namespace {

using AscendC::QuantMode_t;

// Rounds to nearest even within [lo, hi] (the golden model's np.clip then np.round); NaN is 0,
// as the chip's saturation mode (CTRL[48] = 0) makes it.
float RoundClamp(float v, float lo, float hi) {
  if (v != v) return 0.0f;
  return std::nearbyint(std::min(std::max(v, lo), hi));
}

// The 8-bit modes' tail: the product rounded into [-256, 255], the offset added, then saturated
// to int8 or uint8 as the word's sign bit says.
uint8_t ToB8(float scaled, const QuantWord& q) {
  const int32_t v = static_cast<int32_t>(RoundClamp(scaled, -256.0f, 255.0f)) + q.offset;
  const int32_t lo = q.signed_out ? -128 : 0;
  const int32_t hi = q.signed_out ? 127 : 255;
  return static_cast<uint8_t>(std::min(std::max(v, lo), hi) & 0xFF);
}

float Scale(float v, const QuantWord& q) { return v >= 0.0f ? v * q.m1 : v * q.m2; }

// An int32 result as the scalar/vector modes see it: shifted right by N into int16 when mcb.
float IntInput(const uint8_t* from, const QuantWord& q) {
  int32_t v;
  std::memcpy(&v, from, 4);
  if (q.mcb) v = std::min(std::max(v >> q.shift, -32768), 32767);
  return static_cast<float>(v);
}

}  // namespace

bool QuantModeOf(QuantMode_t mode, DType src, QuantKind* kind, DType* in, DType* out) {
  switch (mode) {
    case QuantMode_t::NoQuant:
      *kind = QuantKind::kNone;
      *in = src;
      *out = src;
      return true;
    case QuantMode_t::F322F16:
      *kind = QuantKind::kCast, *in = DType::kFloat32, *out = DType::kFloat16;
      return true;
    case QuantMode_t::F322BF16:
      *kind = QuantKind::kCast, *in = DType::kFloat32, *out = DType::kBFloat16;
      return true;
    case QuantMode_t::DEQF16:
    case QuantMode_t::VDEQF16: *in = DType::kInt32, *out = DType::kFloat16; break;
    case QuantMode_t::QF322B8_PRE:
    case QuantMode_t::VQF322B8_PRE: *in = DType::kFloat32, *out = DType::kInt8; break;
    case QuantMode_t::REQ8:
    case QuantMode_t::VREQ8: *in = DType::kInt32, *out = DType::kInt8; break;
    default: return false;
  }
  const bool vector = mode == QuantMode_t::VDEQF16 || mode == QuantMode_t::VQF322B8_PRE ||
                      mode == QuantMode_t::VREQ8;
  *kind = vector ? QuantKind::kVector : QuantKind::kScalar;
  return true;
}

QuantWord DecodeQuantWord(uint64_t word, bool relu, const char* instr, const char* what) {
  QuantWord q;
  // Bits 31..13: the hardware's (1, 8, 10) float, i.e. a float32 without its 13 low mantissa bits.
  const uint32_t m1_bits = static_cast<uint32_t>(word) & 0xFFFFE000u;
  const uint32_t exponent = (m1_bits >> 23) & 0xFF;
  if (exponent == 0xFF || (exponent == 0 && (m1_bits & 0x7FFFFFu) != 0)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               std::string(what) + "'s factor (bits 31..0 = " + std::to_string(m1_bits) +
                   ") is an inf, a NaN or a denormal (quantisation parameters may not be)");
  }
  std::memcpy(&q.m1, &m1_bits, 4);
  q.m2 = relu ? 0.0f : q.m1;
  // N's 4 bits stand for 1..16 (b'0000 is 1: the 随路量化 page's bit table).
  q.shift = static_cast<uint32_t>((word >> 32) & 0xF) + 1;
  q.mcb = ((word >> 36) & 1) != 0;
  q.offset = static_cast<int32_t>((word >> 37) & 0x1FF);
  q.signed_out = ((word >> 46) & 1) != 0;
  return q;
}

void QuantizeValue(QuantMode_t mode, DType src, const uint8_t* from, const QuantWord& q,
                   uint8_t* to) {
  (void)src;
  switch (mode) {
    case QuantMode_t::DEQF16:
    case QuantMode_t::VDEQF16: {
      // DEQF16 ignores the offset (the page's bit table).
      const float v = Scale(IntInput(from, q), q);
      const float clamped = v != v ? 0.0f : std::min(std::max(v, -65504.0f), 65504.0f);
      const uint16_t bits = Half(clamped).bits();
      std::memcpy(to, &bits, 2);
      return;
    }
    case QuantMode_t::QF322B8_PRE:
    case QuantMode_t::VQF322B8_PRE: {
      // The mode control bit and N do not apply to float results (the page's bit table).
      float v;
      std::memcpy(&v, from, 4);
      *to = ToB8(Scale(v, q), q);
      return;
    }
    default: *to = ToB8(Scale(IntInput(from, q), q), q); return;
  }
}

}  // namespace opsim::sim::detail
