// AscendC::NumericLimits<T>: the element types' special values, as scalars and as fills of a
// LocalTensor (a Duplicate of the value). The 910B generation has them for the integer types of
// 8 to 32 bits, half and float (the non-finite ones for half and float only); bfloat16_t is a
// later generation's, so a T outside the list does not compile, as on the chip's toolchain.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector.h"

namespace AscendC {

template <typename T>
struct NumericLimits {
 private:
  static constexpr bool kFloat = std::is_same_v<T, half> || std::is_same_v<T, float>;
  static constexpr bool kInteger = std::is_same_v<T, uint8_t> || std::is_same_v<T, int8_t> ||
                                   std::is_same_v<T, uint16_t> || std::is_same_v<T, int16_t> ||
                                   std::is_same_v<T, uint32_t> || std::is_same_v<T, int32_t>;
  static constexpr void RequireFinite() {
    static_assert(kFloat || kInteger, "NumericLimits: current data type is not supported");
  }
  static constexpr void RequireFloat() {
    static_assert(kFloat, "NumericLimits: only half and float have this value");
  }
  // half by its bits, float and the integers by the host's limits (IEEE binary32, two's
  // complement: the chip's encodings).
  static constexpr T Pick(uint16_t half_bits, float f) {
    if constexpr (std::is_same_v<T, half>) {
      (void)f;
      return half::FromBits(half_bits);
    } else {
      (void)half_bits;
      return f;
    }
  }

 public:
  static constexpr T Max() {
    RequireFinite();
    if constexpr (kInteger) {
      return std::numeric_limits<T>::max();
    } else {
      return Pick(0x7BFF, std::numeric_limits<float>::max());
    }
  }
  static constexpr T Lowest() {
    RequireFinite();
    if constexpr (kInteger) {
      return std::numeric_limits<T>::lowest();
    } else {
      return Pick(0xFBFF, std::numeric_limits<float>::lowest());
    }
  }
  // The smallest positive normal value (the integers' lowest).
  static constexpr T Min() {
    RequireFinite();
    if constexpr (kInteger) {
      return std::numeric_limits<T>::min();
    } else {
      return Pick(0x0400, std::numeric_limits<float>::min());
    }
  }
  static constexpr T Infinity() {
    RequireFloat();
    return Pick(0x7C00, std::numeric_limits<float>::infinity());
  }
  static constexpr T NegativeInfinity() {
    RequireFloat();
    return Pick(0xFC00, -std::numeric_limits<float>::infinity());
  }
  static constexpr T QuietNaN() {
    RequireFloat();
    return Pick(0x7E00, std::numeric_limits<float>::quiet_NaN());
  }
  static constexpr T SignalingNaN() {
    RequireFloat();
    return Pick(0x7D00, std::numeric_limits<float>::signaling_NaN());
  }
  static constexpr T DeNormMin() {
    RequireFloat();
    return Pick(0x0001, std::numeric_limits<float>::denorm_min());
  }

  // The same values written to the first `count` elements of dst.
  static void Max(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Max(), count); }
  static void Lowest(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Lowest(), count); }
  static void Min(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Min(), count); }
  static void Infinity(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Infinity(), count); }
  static void NegativeInfinity(const LocalTensor<T>& dst, uint32_t count) {
    Fill(dst, NegativeInfinity(), count);
  }
  static void QuietNaN(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, QuietNaN(), count); }
  static void SignalingNaN(const LocalTensor<T>& dst, uint32_t count) {
    Fill(dst, SignalingNaN(), count);
  }
  static void DeNormMin(const LocalTensor<T>& dst, uint32_t count) {
    Fill(dst, DeNormMin(), count);
  }

 private:
  static void Fill(const LocalTensor<T>& dst, T value, uint32_t count) {
    Duplicate(dst, value, static_cast<int32_t>(count));
  }
};

}  // namespace AscendC
