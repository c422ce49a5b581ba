// AscendC::Std: the kernel-side subset of the C++ standard library Ascend C declares (asc-devkit's
// include/utils/std: type_traits.h, tuple.h, utility.h, algorithm.h, cmath.h). The device
// compiler has no standard library, so CANN ships its own; on the host the standard one is the
// same thing, so the names here are the standard ones, plus the few CANN adds (is_one_of,
// is_tuple, is_constant, IntegerSequence, unwrap_decay_t) and min/max/sqrt/abs with CANN's
// signatures.
#pragma once

#include <cmath>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "opsim/sim/ascendc/keywords.h"  // ASCENDC_HOST_AICORE

namespace AscendC::Std {

// type_traits.h
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::bool_constant;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::enable_if;
using std::enable_if_t;
using std::false_type;
using std::integral_constant;
using std::is_array;
using std::is_array_v;
using std::is_base_of;
using std::is_base_of_v;
using std::is_class;
using std::is_class_v;
using std::is_const;
using std::is_const_v;
using std::is_convertible;
using std::is_convertible_v;
using std::is_floating_point;
using std::is_floating_point_v;
using std::is_function;
using std::is_function_v;
using std::is_integral;
using std::is_integral_v;
using std::is_pointer;
using std::is_pointer_v;
using std::is_reference;
using std::is_reference_v;
using std::is_same;
using std::is_same_v;
using std::is_union;
using std::is_union_v;
using std::is_void;
using std::is_void_v;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_extent;
using std::remove_extent_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::remove_volatile_t;
using std::true_type;

// remove_cvref: C++20's, which kernels compiled as C++17 still name here.
template <typename T>
struct remove_cvref {
  using type = std::remove_cv_t<std::remove_reference_t<T>>;
};
template <typename T>
using remove_cvref_t = typename remove_cvref<T>::type;

// is_one_of<T, Ts...>: T is one of Ts (CANN's dtype lists in static_asserts).
template <typename T, typename... Ts>
struct is_one_of : bool_constant<(std::is_same_v<T, Ts> || ...)> {};
template <typename T, typename... Ts>
inline constexpr bool is_one_of_v = is_one_of<T, Ts...>::value;

// is_constant<T>: T is an integral_constant (a compile-time extent in CANN's layouts).
template <typename T>
struct is_constant : false_type {};
template <typename V, V v>
struct is_constant<integral_constant<V, v>> : true_type {};
template <typename T>
struct is_constant<const T> : is_constant<T> {};
template <typename T>
inline constexpr bool is_constant_v = is_constant<T>::value;

// tuple.h
using std::get;
using std::make_tuple;
using std::tie;
using std::tuple;
using std::tuple_element;
using std::tuple_element_t;
using std::tuple_size;
using std::tuple_size_v;

template <typename T>
struct is_tuple : false_type {};
template <typename... Ts>
struct is_tuple<tuple<Ts...>> : true_type {};
template <typename T>
struct is_tuple<const T> : is_tuple<T> {};
template <typename T>
inline constexpr bool is_tuple_v = is_tuple<T>::value;

// What make_tuple stores for an argument: the decayed type, a reference_wrapper's referent as a
// reference.
template <typename T>
struct unwrap_decay {
  using type = std::decay_t<T>;
};
template <typename T>
struct unwrap_decay<std::reference_wrapper<T>> {
  using type = T&;
};
template <typename T>
using unwrap_decay_t = typename unwrap_decay<std::decay_t<T>>::type;

// utility.h
using std::declval;
using std::forward;
using std::move;
template <typename T, T... Idx>
using IntegerSequence = std::integer_sequence<T, Idx...>;
template <typename T, T N>
using MakeIntegerSequence = std::make_integer_sequence<T, N>;
template <size_t... Idx>
using index_sequence = std::index_sequence<Idx...>;
template <size_t N>
using make_index_sequence = std::make_index_sequence<N>;

// algorithm.h: the result has the first argument's type (CANN's signature). Two arithmetic
// types compare in their common type, so that min(int32_t, uint8_t) compares values; half and
// bfloat16_t compare after converting the second argument to the first's type.
namespace detail {
template <typename T, typename U, bool = std::is_arithmetic_v<T>&& std::is_arithmetic_v<U>>
struct CompareIn {
  using type = T;
};
template <typename T, typename U>
struct CompareIn<T, U, true> {
  using type = std::common_type_t<T, U>;
};
}  // namespace detail

template <typename T, typename U>
ASCENDC_HOST_AICORE inline T min(const T src0, const U src1) {
  using C = typename detail::CompareIn<T, U>::type;
  return static_cast<C>(src1) < static_cast<C>(src0) ? static_cast<T>(src1) : src0;
}
template <typename T, typename U>
ASCENDC_HOST_AICORE inline T max(const T src0, const U src1) {
  using C = typename detail::CompareIn<T, U>::type;
  return static_cast<C>(src0) < static_cast<C>(src1) ? static_cast<T>(src1) : src0;
}

// cmath.h: 16-bit floats compute in float and round once.
template <typename T>
inline T sqrt(const T src) {
  if constexpr (std::is_arithmetic_v<T>) {
    return static_cast<T>(std::sqrt(src));
  } else {
    return static_cast<T>(std::sqrt(static_cast<float>(src)));
  }
}
template <typename T>
inline T abs(const T src) {
  if constexpr (std::is_arithmetic_v<T>) {
    return src < T(0) ? static_cast<T>(-src) : src;
  } else {
    return static_cast<T>(std::fabs(static_cast<float>(src)));
  }
}

}  // namespace AscendC::Std
