// IEEE binary16 and bfloat16 scalars stored as bits, converted with round-to-nearest-even.
// These are the one scalar definition of both conversions; the simulator's vector Cast is
// checked against them. NaN stays NaN (quietened), infinities and subnormals are exact.
#pragma once

#include <cstdint>

namespace opsim {

// std::bit_cast is C++20; kernels and CPU-debug programs include this header as C++17, so the
// compiler builtin (GCC >= 11, Clang >= 9, constexpr in every language mode) stands in for it.
template <typename To, typename From>
constexpr To BitCast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "BitCast needs types of one size");
  return __builtin_bit_cast(To, from);
}

constexpr uint16_t FloatToHalfBits(float value) {
  uint32_t f = BitCast<uint32_t>(value);
  const uint32_t sign = (f >> 16) & 0x8000u;
  f &= 0x7FFFFFFFu;
  uint16_t out = 0;
  if (f >= 0x47800000u) {  // >= 65536: overflow to inf, or inf/NaN
    out = f > 0x7F800000u ? static_cast<uint16_t>(0x7E00u | ((f >> 13) & 0x3FFu))
                          : static_cast<uint16_t>(0x7C00u);
  } else if (f < 0x38800000u) {  // below 2^-14: half subnormal or zero
    // Adding 0.5 aligns the 10 mantissa bits at the bottom; the FPU rounds to nearest even.
    const float aligned = BitCast<float>(f) + 0.5f;
    out = static_cast<uint16_t>(BitCast<uint32_t>(aligned) - 0x3F000000u);
  } else {
    const uint32_t odd = (f >> 13) & 1u;
    f += 0xC8000FFFu + odd;  // rebias exponent (127 -> 15) and add the rounding bias
    out = static_cast<uint16_t>(f >> 13);
  }
  return static_cast<uint16_t>(out | sign);
}

constexpr float HalfBitsToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = h & 0x7C00u;
  const uint32_t mant = h & 0x03FFu;
  if (exp == 0x7C00u) return BitCast<float>(sign | 0x7F800000u | (mant << 13));
  if (exp == 0) {
    // Subnormal: value = mant * 2^-24, exact in float.
    const float magnitude = static_cast<float>(mant) * (1.0f / 16777216.0f);
    return sign ? -magnitude : magnitude;
  }
  return BitCast<float>(sign | ((exp + 0x1C000u) << 13) | (mant << 13));
}

constexpr uint16_t FloatToBFloat16Bits(float value) {
  const uint32_t f = BitCast<uint32_t>(value);
  if ((f & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((f >> 16) | 0x0040u);
  const uint32_t rounded = f + 0x7FFFu + ((f >> 16) & 1u);
  return static_cast<uint16_t>(rounded >> 16);
}

constexpr float BFloat16BitsToFloat(uint16_t b) {
  return BitCast<float>(static_cast<uint32_t>(b) << 16);
}

// A 16-bit float scalar. Arithmetic goes through float and rounds back once, which is exact
// IEEE binary16/bfloat16 arithmetic for + - * / (float has more than 2p+2 bits).
template <uint16_t (*kToBits)(float), float (*kFromBits)(uint16_t)>
class Float16Base {
 public:
  constexpr Float16Base() = default;
  constexpr Float16Base(float v) : bits_(kToBits(v)) {}  // NOLINT: implicit like the chip's half
  constexpr Float16Base(double v) : bits_(kToBits(static_cast<float>(v))) {}  // NOLINT
  constexpr Float16Base(int v) : bits_(kToBits(static_cast<float>(v))) {}     // NOLINT
  static constexpr Float16Base FromBits(uint16_t bits) {
    Float16Base h;
    h.bits_ = bits;
    return h;
  }
  constexpr uint16_t bits() const { return bits_; }
  constexpr operator float() const { return kFromBits(bits_); }  // NOLINT

  friend constexpr Float16Base operator+(Float16Base a, Float16Base b) {
    return Float16Base(float(a) + float(b));
  }
  friend constexpr Float16Base operator-(Float16Base a, Float16Base b) {
    return Float16Base(float(a) - float(b));
  }
  friend constexpr Float16Base operator*(Float16Base a, Float16Base b) {
    return Float16Base(float(a) * float(b));
  }
  friend constexpr Float16Base operator/(Float16Base a, Float16Base b) {
    return Float16Base(float(a) / float(b));
  }
  constexpr Float16Base operator-() const { return FromBits(bits_ ^ 0x8000u); }

 private:
  uint16_t bits_ = 0;
};

using Half = Float16Base<FloatToHalfBits, HalfBitsToFloat>;
using BFloat16 = Float16Base<FloatToBFloat16Bits, BFloat16BitsToFloat>;

}  // namespace opsim
