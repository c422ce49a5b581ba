// What our kernels need beyond kernel_operator.h, written out so that they compile for the chip:
// a device build has no C++ standard library (the strict portability ctest poisons std::), so
// the few type traits and helpers come from here, and the dtype numbers the tilings carry are
// spelled in elementwise_tiling_data.h (DataType) rather than taken from the host's opsim::DType.
#pragma once

#include "elementwise/elementwise_tiling_data.h"
#include "kernel_operator.h"

namespace op_kernel {

template <typename A, typename B>
struct IsSame {
  static constexpr bool value = false;
};
template <typename A>
struct IsSame<A, A> {
  static constexpr bool value = true;
};
template <typename A, typename B>
constexpr bool kIsSame = IsSame<A, B>::value;

template <bool kCondition, typename A, typename B>
struct Conditional {
  using type = A;
};
template <typename A, typename B>
struct Conditional<false, A, B> {
  using type = B;
};

template <typename T>
constexpr bool kIsFloat =
    kIsSame<T, float> || kIsSame<T, half> || kIsSame<T, bfloat16_t> || kIsSame<T, double>;
template <typename T>
constexpr bool kIsSixteenBitFloat = kIsSame<T, half> || kIsSame<T, bfloat16_t>;
// Element types the 910B's arithmetic instructions do not take but its Cast converts to and from
// float32 (dav_c220: bfloat16 -> float, and float -> bfloat16 with CAST_RINT): kernels widen a
// tile, compute in float32 and round once to nearest even, which is the operators' numerics.
template <typename T>
constexpr bool kComputesInFloat = kIsSame<T, bfloat16_t>;

// The range of an integer type (two's complement).
template <typename T>
constexpr bool kIsSignedInt = static_cast<T>(-1) < static_cast<T>(0);
template <typename T>
__aicore__ constexpr T MaxOf() {
  return kIsSignedInt<T> ? static_cast<T>((uint64_t{1} << (8 * sizeof(T) - 1)) - 1)
                         : static_cast<T>(~uint64_t{0});
}
template <typename T>
__aicore__ constexpr T LowestOf() {
  return kIsSignedInt<T> ? static_cast<T>(-MaxOf<T>() - 1) : static_cast<T>(0);
}

// The DataType number of an element type (bool is held as uint8_t and never asked for).
template <typename T>
__aicore__ constexpr DataType DataTypeOf() {
  if constexpr (kIsSame<T, float>) {
    return DataType::kFloat32;
  } else if constexpr (kIsSame<T, half>) {
    return DataType::kFloat16;
  } else if constexpr (kIsSame<T, bfloat16_t>) {
    return DataType::kBFloat16;
  } else if constexpr (kIsSame<T, double>) {
    return DataType::kFloat64;
  } else if constexpr (kIsSame<T, int8_t>) {
    return DataType::kInt8;
  } else if constexpr (kIsSame<T, uint8_t>) {
    return DataType::kUInt8;
  } else if constexpr (kIsSame<T, int32_t>) {
    return DataType::kInt32;
  } else if constexpr (kIsSame<T, uint32_t>) {
    return DataType::kUInt32;
  } else if constexpr (kIsSame<T, int64_t>) {
    return DataType::kInt64;
  } else {
    static_assert(kIsSame<T, uint64_t>, "no DataType number for this element type");
    return DataType::kUInt64;
  }
}

template <typename T>
__aicore__ constexpr T Min(T a, T b) {
  return b < a ? b : a;
}
template <typename T>
__aicore__ constexpr T Max(T a, T b) {
  return a < b ? b : a;
}

}  // namespace op_kernel
