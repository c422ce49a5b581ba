// The loops of the Reduce family's AI CPU kernel (reduce_aicpu.cc): one pass reduces x viewed as
// [outer, r, inner] to y viewed as [outer, inner], the inner loops contiguous so that the
// compiler vectorises them. Plain C++ over the kernel's own buffers: nothing here is opsim's.
#ifndef OP_KERNEL_AICPU_REDUCE_AICPU_COMPUTE_H
#define OP_KERNEL_AICPU_REDUCE_AICPU_COMPUTE_H

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace aicpu {
namespace reduce_cpu {

enum class Reducer { kSum, kMax, kMin, kProd };
// The family's map of each input (the first pass) and finish of each result (the last);
// LogSumExp is a pass of its own (LogSumExpPass).
enum class Map { kNone, kSquare, kAbs };
enum class Finish { kNone, kMean, kSqrt, kLog, kBoolMin };

// Integer arithmetic wraps: it is done in the unsigned type of the same width (8-bit types only
// take MAX and MIN, which do no arithmetic).
template <typename T, bool kWide = std::is_integral_v<T> && (sizeof(T) >= sizeof(uint32_t))>
struct ArithOf {
  using type = T;
};
template <typename T>
struct ArithOf<T, true> {
  using type = std::make_unsigned_t<T>;
};

// What a reducer accumulates T in: SUM and PROD the wrapping type, MAX and MIN T itself (an
// unsigned compare would order the negatives above the positives).
template <Reducer R, typename T>
using AccOf =
    std::conditional_t<R == Reducer::kSum || R == Reducer::kProd, typename ArithOf<T>::type, T>;

template <typename T, Reducer R>
constexpr T IdentityOf() {
  if constexpr (R == Reducer::kSum) return T(0);
  if constexpr (R == Reducer::kProd) return T(1);
  if constexpr (R == Reducer::kMax) {
    return std::is_floating_point_v<T> ? -std::numeric_limits<T>::infinity()
                                       : std::numeric_limits<T>::lowest();
  }
  return std::is_floating_point_v<T> ? std::numeric_limits<T>::infinity()
                                     : std::numeric_limits<T>::max();
}

// MAX and MIN give NaN for a slice that holds one (docs/SPEC.md section 3).
template <Reducer R, typename A>
inline A Combine(A a, A b) {
  if constexpr (R == Reducer::kSum) {
    return static_cast<A>(a + b);
  } else if constexpr (R == Reducer::kProd) {
    return static_cast<A>(a * b);
  } else if constexpr (R == Reducer::kMax) {
    if constexpr (std::is_floating_point_v<A>) return (b > a || b != b) ? b : a;
    return b > a ? b : a;
  } else {
    if constexpr (std::is_floating_point_v<A>) return (b < a || b != b) ? b : a;
    return b < a ? b : a;
  }
}

template <Map M, typename T>
inline typename ArithOf<T>::type MapOf(T v) {
  using A = typename ArithOf<T>::type;
  const A a = static_cast<A>(v);
  if constexpr (M == Map::kSquare) {
    return static_cast<A>(a * a);
  } else if constexpr (M == Map::kAbs) {
    if constexpr (std::is_floating_point_v<T>) {
      return std::fabs(v);
    } else if constexpr (std::is_signed_v<T>) {
      return v < 0 ? static_cast<A>(A(0) - a) : a;
    }
  }
  return a;
}

// Independent accumulators over a contiguous row: a chain the compiler can spread over vector
// lanes (a serial sum of doubles it may not reorder).
constexpr int64_t kLanes = 8;

template <Reducer R, Map M, typename T>
void ReduceRows(const T* x, T* y, int64_t outer, int64_t r) {
  using A = AccOf<R, T>;
  const A identity = IdentityOf<A, R>();
  for (int64_t o = 0; o < outer; ++o) {
    const T* row = x + o * r;
    A lanes[kLanes];
    for (int64_t k = 0; k < kLanes; ++k) lanes[k] = identity;
    int64_t j = 0;
    for (; j + kLanes <= r; j += kLanes) {
      for (int64_t k = 0; k < kLanes; ++k)
        lanes[k] = Combine<R>(lanes[k], static_cast<A>(MapOf<M>(row[j + k])));
    }
    for (int64_t k = 0; j < r; ++j, ++k)
      lanes[k] = Combine<R>(lanes[k], static_cast<A>(MapOf<M>(row[j])));
    for (int64_t width = kLanes / 2; width > 0; width /= 2) {
      for (int64_t k = 0; k < width; ++k) lanes[k] = Combine<R>(lanes[k], lanes[k + width]);
    }
    y[o] = static_cast<T>(lanes[0]);
  }
}

template <Reducer R, Map M, typename T>
void ReduceColumns(const T* x, T* y, int64_t outer, int64_t r, int64_t inner) {
  using A = AccOf<R, T>;
  std::vector<A> acc(static_cast<size_t>(inner));
  for (int64_t o = 0; o < outer; ++o) {
    A* a = acc.data();
    for (int64_t i = 0; i < inner; ++i) a[i] = IdentityOf<A, R>();
    for (int64_t j = 0; j < r; ++j) {
      const T* row = x + (o * r + j) * inner;
      for (int64_t i = 0; i < inner; ++i) a[i] = Combine<R>(a[i], static_cast<A>(MapOf<M>(row[i])));
    }
    T* out = y + o * inner;
    for (int64_t i = 0; i < inner; ++i) out[i] = static_cast<T>(a[i]);
  }
}

template <Reducer R, Map M, typename T>
void ReducePass(const T* x, T* y, int64_t outer, int64_t r, int64_t inner) {
  if (inner == 1) {
    ReduceRows<R, M>(x, y, outer, r);
  } else {
    ReduceColumns<R, M>(x, y, outer, r, inner);
  }
}

// LogSumExp of each slice, stable: the slice's max first (the one update of the running max that
// a whole slice needs), a shift of 0 when that max is not finite, then log(sum exp(x - shift)) +
// shift (docs/SPEC.md section 6). Each pass writes the LogSumExp of its share, which the next
// folds in like any input.
template <typename T>
void LogSumExpPass(const T* x, T* y, int64_t outer, int64_t r, int64_t inner) {
  ReducePass<Reducer::kMax, Map::kNone>(x, y, outer, r, inner);
  std::vector<T> sum(static_cast<size_t>(inner));
  for (int64_t o = 0; o < outer; ++o) {
    T* shift = y + o * inner;
    for (int64_t i = 0; i < inner; ++i) {
      if (!std::isfinite(shift[i])) shift[i] = T(0);
      sum[static_cast<size_t>(i)] = T(0);
    }
    for (int64_t j = 0; j < r; ++j) {
      const T* row = x + (o * r + j) * inner;
      for (int64_t i = 0; i < inner; ++i)
        sum[static_cast<size_t>(i)] += std::exp(row[i] - shift[i]);
    }
    for (int64_t i = 0; i < inner; ++i) shift[i] = std::log(sum[static_cast<size_t>(i)]) + shift[i];
  }
}

// The finish of each result. Integer means truncate toward zero; over no elements the integer
// sum stays 0 (0 / 0 has no value), the floating mean is NaN. kBoolMin: bool reduced as uint8
// MIN, whose identity 255 over an empty slice reads as true.
template <typename T>
void FinishAll(Finish finish, uint64_t count, T* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (finish == Finish::kMean) y[i] = y[i] / static_cast<T>(count);
      if (finish == Finish::kSqrt) y[i] = std::sqrt(y[i]);
      if (finish == Finish::kLog) y[i] = std::log(y[i]);
    } else {
      const T divisor = static_cast<T>(count);
      if (finish == Finish::kMean && divisor != T(0)) y[i] = static_cast<T>(y[i] / divisor);
      if (finish == Finish::kBoolMin && y[i] > T(1)) y[i] = T(1);
    }
  }
}

}  // namespace reduce_cpu
}  // namespace aicpu

#endif  // OP_KERNEL_AICPU_REDUCE_AICPU_COMPUTE_H
