// Ascend C's Layout, Shape, Stride and Coord (the A2/A3 "auxiliary data structures": CANN's
// kernel_operator_layout.h and kernel_operator_coord.h, declared as its reference declares them):
// tuples of extents and strides, and Crd2Idx, which maps a coordinate to an element index. Pure
// compile-time helpers on Std::tuple; nothing here touches the simulator.
#pragma once

#include <cstddef>
#include <cstdint>

#include "opsim/sim/ascendc/std.h"

namespace AscendC {

template <typename... Shapes>
using Shape = Std::tuple<Shapes...>;
template <typename... Strides>
using Stride = Std::tuple<Strides...>;
template <typename... Coords>
using Coord = Std::tuple<Coords...>;

template <typename... Ts>
constexpr Shape<Ts...> MakeShape(const Ts&... t) {
  return {t...};
}
template <typename... Ts>
constexpr Stride<Ts...> MakeStride(const Ts&... t) {
  return {t...};
}
template <typename... Ts>
constexpr Coord<Ts...> MakeCoord(const Ts&... t) {
  return {t...};
}

namespace layout_detail {
// The number of integers in a (nested) shape: CANN's nesting_depth, which tells the 2-D layout
// ((rows, cols)) from the 4-D fractal one (((r0, rows), (c0, cols))).
template <typename T>
struct Leaves : Std::integral_constant<size_t, 1> {};
template <typename... A>
struct Leaves<Std::tuple<A...>>
    : Std::integral_constant<size_t, (size_t{0} + ... + Leaves<A>::value)> {};

template <typename T>
struct AllConstant : Std::is_constant<T> {};
template <typename... A>
struct AllConstant<Std::tuple<A...>> : Std::bool_constant<(AllConstant<A>::value && ...)> {};

template <typename T>
constexpr auto Product(const T& s) {
  if constexpr (Std::is_tuple_v<T>) {
    return std::apply([](const auto&... e) { return (size_t{1} * ... * Product(e)); }, s);
  } else {
    static_assert(Std::is_integral_v<T> || Std::is_constant_v<T>,
                  "a shape's extents are integers or Std::integral_constant");
    return s;
  }
}

template <typename C, typename S, typename D>
constexpr auto Index(const C& coord, const S& shape, const D& stride);

// An integer coordinate over a tuple shape: delinearised column-major (the first mode varies
// fastest), the last mode taking what is left.
template <size_t I, typename C, typename S, typename D>
constexpr auto IndexOfInteger(const C& coord, const S& shape, const D& stride) {
  if constexpr (I + 1 == Std::tuple_size_v<S>) {
    return Index(coord, Std::get<I>(shape), Std::get<I>(stride));
  } else {
    const auto extent = Product(Std::get<I>(shape));
    return Index(coord % extent, Std::get<I>(shape), Std::get<I>(stride)) +
           IndexOfInteger<I + 1>(coord / extent, shape, stride);
  }
}

template <typename C, typename S, typename D, size_t... I>
constexpr auto IndexOfTuple(const C& coord, const S& shape, const D& stride,
                            Std::index_sequence<I...>) {
  return (... + Index(Std::get<I>(coord), Std::get<I>(shape), Std::get<I>(stride)));
}

template <typename C, typename S, typename D>
constexpr auto Index(const C& coord, const S& shape, const D& stride) {
  if constexpr (Std::is_tuple_v<C>) {
    static_assert(Std::is_tuple_v<S>, "Crd2Idx: a tuple coordinate needs a tuple shape");
    static_assert(Std::tuple_size_v<C> == Std::tuple_size_v<S>,
                  "Crd2Idx: the coordinate and the shape have different ranks");
    static_assert(Std::tuple_size_v<C> == Std::tuple_size_v<D>,
                  "Crd2Idx: the coordinate and the stride have different ranks");
    return IndexOfTuple(coord, shape, stride, Std::make_index_sequence<Std::tuple_size_v<C>>{});
  } else if constexpr (Std::is_tuple_v<S>) {
    static_assert(Std::tuple_size_v<S> == Std::tuple_size_v<D>,
                  "Crd2Idx: the shape and the stride have different ranks");
    if constexpr (Std::tuple_size_v<S> == 0) {
      return size_t{0};
    } else {
      return IndexOfInteger<0>(coord, shape, stride);
    }
  } else {
    return coord * stride;
  }
}

// Layout::GetSize's rule: the larger of rows * row stride and cols * col stride (of the outer
// extents in the 4-D form), -1 as uint32_t for any other rank.
template <typename S, typename D>
constexpr uint32_t SpanOf(const S& shape, const D& stride) {
  if constexpr (Leaves<S>::value == 4 && Std::tuple_size_v<S> == 2) {
    const uint32_t rows =
        static_cast<uint32_t>(Std::get<1>(Std::get<0>(shape)) * Std::get<1>(Std::get<0>(stride)));
    const uint32_t cols =
        static_cast<uint32_t>(Std::get<1>(Std::get<1>(shape)) * Std::get<1>(Std::get<1>(stride)));
    return rows > cols ? rows : cols;
  } else if constexpr (Leaves<S>::value == 2 && Std::tuple_size_v<S> == 2) {
    const uint32_t rows = static_cast<uint32_t>(Std::get<0>(shape) * Std::get<0>(stride));
    const uint32_t cols = static_cast<uint32_t>(Std::get<1>(shape) * Std::get<1>(stride));
    return rows > cols ? rows : cols;
  } else {
    return static_cast<uint32_t>(-1);
  }
}

// The compile-time size of a layout whose extents and strides are all constants (0 otherwise).
template <typename S, typename D>
constexpr size_t StaticSpan() {
  if constexpr (AllConstant<S>::value && AllConstant<D>::value &&
                (Leaves<S>::value == 2 || Leaves<S>::value == 4)) {
    return SpanOf(S{}, D{});
  } else {
    return 0;
  }
}
}  // namespace layout_detail

template <typename ShapeType, typename StrideType>
struct Layout : private Std::tuple<ShapeType, StrideType> {
  static constexpr auto size = layout_detail::StaticSpan<ShapeType, StrideType>();

  constexpr Layout(const ShapeType& shape = {}, const StrideType& stride = {})
      : Std::tuple<ShapeType, StrideType>(shape, stride) {
    static_assert(Std::is_tuple_v<ShapeType> && Std::is_tuple_v<StrideType>,
                  "Shape or Stride is not tuple!");
  }
  constexpr decltype(auto) GetSize() const {
    return layout_detail::SpanOf(GetShape(), GetStride());
  }
  constexpr decltype(auto) layout() { return *this; }
  constexpr decltype(auto) layout() const { return *this; }
  // GetShape<I...>(): the whole shape, or a tuple of its modes I...
  template <size_t... I>
  constexpr decltype(auto) GetShape() {
    return Pick<0, I...>();
  }
  template <size_t... I>
  constexpr decltype(auto) GetShape() const {
    return Pick<0, I...>();
  }
  template <size_t... I>
  constexpr decltype(auto) GetStride() {
    return Pick<1, I...>();
  }
  template <size_t... I>
  constexpr decltype(auto) GetStride() const {
    return Pick<1, I...>();
  }
  template <typename CoordType>
  constexpr auto operator()(const CoordType& coord) const {
    return layout_detail::Index(coord, GetShape(), GetStride());
  }

 private:
  using Base = Std::tuple<ShapeType, StrideType>;
  template <size_t Which, size_t... I>
  constexpr decltype(auto) Pick() const {
    if constexpr (sizeof...(I) == 0) {
      return Std::get<Which>(static_cast<const Base&>(*this));
    } else {
      return Std::make_tuple(Std::get<I>(Std::get<Which>(static_cast<const Base&>(*this)))...);
    }
  }
  template <size_t Which, size_t... I>
  constexpr decltype(auto) Pick() {
    if constexpr (sizeof...(I) == 0) {
      return Std::get<Which>(static_cast<Base&>(*this));
    } else {
      return Std::make_tuple(Std::get<I>(Std::get<Which>(static_cast<Base&>(*this)))...);
    }
  }
};

template <typename ShapeType, typename StrideType>
constexpr auto MakeLayout(const ShapeType& shape, const StrideType& stride) {
  static_assert(Std::is_tuple_v<ShapeType> && Std::is_tuple_v<StrideType>,
                "Shape or Stride is not tuple!");
  return Layout<ShapeType, StrideType>(shape, stride);
}

template <typename T>
struct is_layout : Std::false_type {};
template <typename ShapeType, typename StrideType>
struct is_layout<Layout<ShapeType, StrideType>> : Std::true_type {};
template <typename T>
constexpr bool is_layout_v = is_layout<T>::value;

// Crd2Idx(coord, shape, stride) and Crd2Idx(coord, layout): sum of coord_i * stride_i, an integer
// coordinate over a tuple shape delinearised column-major first.
template <typename CoordType, typename ShapeType, typename StrideType>
constexpr auto Crd2Idx(const CoordType& coord, const ShapeType& shape, const StrideType& stride) {
  return layout_detail::Index(coord, shape, stride);
}
template <typename CoordType, typename ShapeType, typename StrideType>
constexpr auto Crd2Idx(const CoordType& coord, const Layout<ShapeType, StrideType>& layout) {
  return layout_detail::Index(coord, layout.GetShape(), layout.GetStride());
}

}  // namespace AscendC
