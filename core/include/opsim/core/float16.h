// IEEE binary16 and bfloat16 scalars stored as bits, converted with round-to-nearest-even.
// These are the one scalar definition of both conversions; the simulator's vector Cast is
// checked against them. NaN stays NaN (quietened), infinities and subnormals are exact.
#pragma once

#include <cstdint>
#include <type_traits>

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

// Another type's value rounded to float so that float's last bit keeps whether anything was lost
// (round to odd): rounding that float once more to 16 bits is then the value's one correct
// rounding, as the chip's native half converts. Round-to-nearest through float instead rounds
// twice (a double just above a half midpoint lands on it, then ties to even).
constexpr float FloatRoundedToOdd(uint64_t magnitude, bool negative) {
  int shift = 0;
  while ((magnitude >> shift) >= (uint64_t{1} << 24)) ++shift;
  uint64_t kept = magnitude >> shift;
  if (shift > 0 && (magnitude & ((uint64_t{1} << shift) - 1)) != 0) kept |= 1u;
  const float scaled = static_cast<float>(kept) * static_cast<float>(uint64_t{1} << shift);
  return negative ? -scaled : scaled;
}

template <typename T>
constexpr float FloatRoundedToOdd(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    const float nearest = static_cast<float>(value);
    if (value != value || static_cast<T>(nearest) == value) return nearest;
    const T magnitude = value < 0 ? -value : value;
    const bool away =
        (nearest < 0 ? -static_cast<T>(nearest) : static_cast<T>(nearest)) > magnitude;
    // One step toward zero from a rounding away is the truncation; its last bit marks the loss.
    return BitCast<float>((BitCast<uint32_t>(nearest) - (away ? 1u : 0u)) | 1u);
  } else if constexpr (std::is_signed_v<T>) {
    // Negating in unsigned arithmetic keeps the most negative value's magnitude.
    const uint64_t wide = static_cast<uint64_t>(static_cast<int64_t>(value));
    return FloatRoundedToOdd(value < 0 ? uint64_t{0} - wide : wide, value < 0);
  } else {
    return FloatRoundedToOdd(static_cast<uint64_t>(value), false);
  }
}

// A 16-bit float scalar. Arithmetic goes through float and rounds back once, which is exact
// IEEE binary16/bfloat16 arithmetic for + - * / (float has more than 2p+2 bits).
template <uint16_t (*kToBits)(float), float (*kFromBits)(uint16_t)>
class Float16Base {
 public:
  constexpr Float16Base() = default;
  constexpr Float16Base(float v) : bits_(kToBits(v)) {}  // NOLINT: implicit like the chip's half
  // Every other arithmetic type converts too, implicitly and rounded once, as CANN's device
  // half and bfloat16_t do (ops-nn's foreach kernels write `T(scalarGM.GetValue(i))` for an
  // int64_t). One template, so no integer type finds two equally good constructors.
  template <typename T,
            std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, float>, int> = 0>
  constexpr Float16Base(T v) : bits_(kToBits(FloatRoundedToOdd(v))) {}  // NOLINT
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
