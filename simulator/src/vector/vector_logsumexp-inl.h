// Per-target ReduceLogSumExp updates (vector_unit.h: LogSumExpRows / LogSumExpColumns) and the
// float exp they share with the Exp instruction (ExpFloat). The exp is Highway's contrib Exp
// (max error 1 ulp); it is only valid for finite arguments up to +104 and returns 0 for NaN, so
// an update takes the vector path only when no element is NaN or infinite and the running max is
// neither NaN nor +inf: then every argument is x - max <= 0 (or x - 0 for a max of -inf, which
// cannot occur with finite x). Anything else runs the scalar definition with std::exp.
// Included once per target by vector_logsumexp.cc (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_LOGSUMEXP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_LOGSUMEXP_INL_H_
#undef OPSIM_SIM_VECTOR_LOGSUMEXP_INL_H_
#else
#define OPSIM_SIM_VECTOR_LOGSUMEXP_INL_H_
#endif

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "vector/vector_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Rows per block of a column update: the rows of a block add into a block of sums, the blocks into
// the running sums, so no serial chain of additions is longer than rows / kRowBlock + kRowBlock.
constexpr size_t kRowBlock = 16;
// Elements per block of a row update, added into vector accumulators and then, as one value, into
// a double (float32) or long chain (float64): keeps the float32 chains at most 32 long on AVX-512.
constexpr size_t kRowLeaf = 2048;

// The shift an exp is taken against: the running max, or 0 when it is not finite.
template <typename A>
A ShiftOf(A m) {
  return std::isfinite(m) ? m : A(0);
}

// The scalar definition of one update of a (max, sum) pair by n elements `step` apart. The max
// propagates NaN; the sum is rescaled to the new max by exp(m - m') unless the max did not move.
template <typename A>
void UpdateScalar(A* m, A* s, const A* x, size_t n, size_t step) {
  if (n == 0) return;
  A m2 = *m;
  for (size_t i = 0; i < n; ++i) {
    const A v = x[i * step];
    if (std::isnan(v) || std::isnan(m2)) {
      m2 = std::numeric_limits<A>::quiet_NaN();
    } else if (v > m2) {
      m2 = v;
    }
  }
  const A sh = ShiftOf(m2);
  A t = 0;
  for (size_t i = 0; i < n; ++i) t += std::exp(x[i * step] - sh);
  // Equal maxes (also both -inf or both +inf) keep the sum; NaN compares unequal and poisons it.
  const A f = *m == m2 ? A(1) : std::exp(*m - m2);
  *s = *s * f + t;
  *m = m2;
}

// 16-bit sources widen into a per-thread float32 buffer (rows x cols, contiguous); float32 and
// float64 sources are read in place. Returns the element pointer and its row stride.
template <typename A>
const A* Source(DType src_type, const void* src, size_t rows, size_t cols, size_t row_stride,
                size_t* stride) {
  *stride = row_stride;
  if constexpr (std::is_same_v<A, float>) {
    if (src_type == DType::kFloat16 || src_type == DType::kBFloat16) {
      thread_local std::vector<float> wide;
      wide.resize(rows * cols);
      const auto* p = static_cast<const uint16_t*>(src);
      for (size_t r = 0; r < rows; ++r) {
        Narrow16ToF32(src_type == DType::kFloat16, p + r * row_stride, wide.data() + r * cols,
                      cols);
      }
      *stride = cols;
      return wide.data();
    }
  }
  return static_cast<const A*>(src);
}

// Whether every lane of v is finite (NaN and +-inf make v - v NaN).
template <class D, class V>
HWY_INLINE bool AllFinite(D d, V v) {
  return hn::AllFalse(d, hn::IsNaN(hn::Sub(v, v)));
}

// One row of n elements: the vector path when they and the running max allow it.
template <typename A>
void UpdateRow(A* m, A* s, const A* x, size_t n) {
  const hn::ScalableTag<A> d;
  const size_t N = hn::Lanes(d);
  if (n < N || !(std::isfinite(*m) || *m == -std::numeric_limits<A>::infinity())) {
    return UpdateScalar(m, s, x, n, 1);
  }
  const size_t body = n / N * N;
  auto vmax = hn::Set(d, *m);
  auto vmax1 = vmax;
  auto bad = hn::Zero(d);
  size_t i = 0;
  for (; i + 2 * N <= body; i += 2 * N) {
    const auto a = hn::LoadU(d, x + i);
    const auto b = hn::LoadU(d, x + i + N);
    vmax = hn::Max(vmax, a);
    vmax1 = hn::Max(vmax1, b);
    bad = hn::Add(bad, hn::Add(hn::Sub(a, a), hn::Sub(b, b)));
  }
  for (; i < body; i += N) {
    const auto a = hn::LoadU(d, x + i);
    vmax = hn::Max(vmax, a);
    bad = hn::Add(bad, hn::Sub(a, a));
  }
  if (!AllFinite(d, bad)) return UpdateScalar(m, s, x, n, 1);
  A m2 = hn::GetLane(hn::MaxOfLanes(d, hn::Max(vmax, vmax1)));
  for (size_t k = body; k < n; ++k) {
    if (!std::isfinite(x[k])) return UpdateScalar(m, s, x, n, 1);
    m2 = std::max(m2, x[k]);
  }
  // No element is infinite, so m2 is finite (n > 0).
  const auto sh = hn::Set(d, m2);
  using Total = std::conditional_t<std::is_same_v<A, float>, double, A>;
  Total t = 0;
  for (size_t b = 0; b < body; b += kRowLeaf) {
    const size_t end = std::min(body, b + kRowLeaf);
    auto s0 = hn::Zero(d);
    auto s1 = hn::Zero(d);
    size_t k = b;
    for (; k + 2 * N <= end; k += 2 * N) {
      s0 = hn::Add(s0, hn::Exp(d, hn::Sub(hn::LoadU(d, x + k), sh)));
      s1 = hn::Add(s1, hn::Exp(d, hn::Sub(hn::LoadU(d, x + k + N), sh)));
    }
    for (; k < end; k += N) s0 = hn::Add(s0, hn::Exp(d, hn::Sub(hn::LoadU(d, x + k), sh)));
    t += static_cast<Total>(hn::GetLane(hn::SumOfLanes(d, hn::Add(s0, s1))));
  }
  if (body < n) {
    // The tail, padded with -inf (whose exp is 0), through the same exp.
    HWY_ALIGN A tail[hn::MaxLanes(d)];
    std::fill(tail, tail + N, -std::numeric_limits<A>::infinity());
    std::memcpy(tail, x + body, (n - body) * sizeof(A));
    t += static_cast<Total>(
        hn::GetLane(hn::SumOfLanes(d, hn::Exp(d, hn::Sub(hn::Load(d, tail), sh)))));
  }
  const A f = *m == m2 ? A(1) : std::exp(*m - m2);
  *s = *s * f + static_cast<A>(t);
  *m = m2;
}

template <typename A>
void RowsTyped(DType src_type, void* max, void* sum, const void* src, size_t rows, size_t cols,
               size_t row_stride) {
  size_t stride = 0;
  const A* x = Source<A>(src_type, src, rows, cols, row_stride, &stride);
  auto* m = static_cast<A*>(max);
  auto* s = static_cast<A*>(sum);
  for (size_t r = 0; r < rows; ++r) UpdateRow(m + r, s + r, x + r * stride, cols);
}

// The first `body` columns (a multiple of the vector width) of a rows x cols tile, row-major so
// that every pass streams the tile: the new maxes, the rescale of the sums, then the exps added
// in blocks of kRowBlock rows. False (nothing written) when an element or a running max rules
// the vector path out; the caller then updates those columns with the scalar definition.
template <typename A>
bool UpdateColumnsVector(A* m, A* s, const A* x, size_t rows, size_t body, size_t stride) {
  const hn::ScalableTag<A> d;
  const size_t N = hn::Lanes(d);
  const auto neg_inf = hn::Set(d, -std::numeric_limits<A>::infinity());
  const auto zero = hn::Zero(d);
  thread_local std::vector<A> scratch;
  scratch.resize(2 * body);
  A* new_max = scratch.data();
  A* block = scratch.data() + body;
  auto ok = hn::Set(d, A(0));
  for (size_t c = 0; c < body; c += N) {
    const auto v = hn::LoadU(d, m + c);
    // A running max of -inf (no elements yet) is fine; NaN and +inf are not.
    ok = hn::Add(ok, hn::IfThenElseZero(hn::Ne(v, neg_inf), hn::Sub(v, v)));
    hn::StoreU(v, d, new_max + c);
  }
  for (size_t r = 0; r < rows; ++r) {
    const A* row = x + r * stride;
    for (size_t c = 0; c < body; c += N) {
      const auto v = hn::LoadU(d, row + c);
      hn::StoreU(hn::Max(hn::LoadU(d, new_max + c), v), d, new_max + c);
      ok = hn::Add(ok, hn::Sub(v, v));
    }
  }
  if (!AllFinite(d, ok)) return false;
  // Every element is finite and rows > 0, so every new max is finite: it is the shift.
  for (size_t c = 0; c < body; c += N) {
    const auto m_old = hn::LoadU(d, m + c);
    const auto m_new = hn::LoadU(d, new_max + c);
    const auto same = hn::Eq(m_old, m_new);
    if (!hn::AllTrue(d, same)) {
      const auto f = hn::IfThenElse(same, hn::Set(d, A(1)), hn::Exp(d, hn::Sub(m_old, m_new)));
      hn::StoreU(hn::Mul(hn::LoadU(d, s + c), f), d, s + c);
    }
    hn::StoreU(m_new, d, m + c);
  }
  for (size_t r0 = 0; r0 < rows; r0 += kRowBlock) {
    const size_t end = std::min(rows, r0 + kRowBlock);
    for (size_t c = 0; c < body; c += N) hn::StoreU(zero, d, block + c);
    for (size_t r = r0; r < end; ++r) {
      const A* row = x + r * stride;
      for (size_t c = 0; c < body; c += N) {
        const auto e = hn::Exp(d, hn::Sub(hn::LoadU(d, row + c), hn::LoadU(d, m + c)));
        hn::StoreU(hn::Add(hn::LoadU(d, block + c), e), d, block + c);
      }
    }
    for (size_t c = 0; c < body; c += N) {
      hn::StoreU(hn::Add(hn::LoadU(d, s + c), hn::LoadU(d, block + c)), d, s + c);
    }
  }
  return true;
}

template <typename A>
void ColumnsTyped(DType src_type, void* max, void* sum, const void* src, size_t rows, size_t cols,
                  size_t row_stride) {
  if (rows == 0) return;
  size_t stride = 0;
  const A* x = Source<A>(src_type, src, rows, cols, row_stride, &stride);
  auto* m = static_cast<A*>(max);
  auto* s = static_cast<A*>(sum);
  const size_t N = hn::Lanes(hn::ScalableTag<A>());
  const size_t body = cols / N * N;
  size_t c = body;
  if (body == 0 || !UpdateColumnsVector(m, s, x, rows, body, stride)) c = 0;
  for (; c < cols; ++c) UpdateScalar(m + c, s + c, x + c, rows, stride);
}

// True when the type pair is one the kernels use (float32 from float32/16/bf16, float64).
template <typename Run>
bool ByAccType(DType src_type, DType acc_type, const Run& run) {
  if (acc_type == DType::kFloat32 && (src_type == DType::kFloat32 || src_type == DType::kFloat16 ||
                                      src_type == DType::kBFloat16)) {
    run(float{});
    return true;
  }
  if (acc_type == DType::kFloat64 && src_type == DType::kFloat64) {
    run(double{});
    return true;
  }
  return false;
}

inline void LogSumExpRowsImpl(DType src_type, DType acc_type, void* max, void* sum, const void* src,
                              size_t rows, size_t cols, size_t row_stride) {
  ByAccType(src_type, acc_type, [&](auto a) {
    RowsTyped<decltype(a)>(src_type, max, sum, src, rows, cols, row_stride);
  });
}

inline void LogSumExpColumnsImpl(DType src_type, DType acc_type, void* max, void* sum,
                                 const void* src, size_t rows, size_t cols, size_t row_stride) {
  ByAccType(src_type, acc_type, [&](auto a) {
    ColumnsTyped<decltype(a)>(src_type, max, sum, src, rows, cols, row_stride);
  });
}

// dst[i] = exp(src[i]) in float32 through Highway's Exp, with what it leaves out: +inf above
// the float32 overflow threshold (and for +inf), NaN for NaN.
inline void ExpFloatImpl(float* dst, const float* src, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t N = hn::Lanes(d);
  const auto kOverflow = hn::Set(d, 88.72283935546875f);  // above it, exp rounds to +inf
  const auto inf = hn::Set(d, std::numeric_limits<float>::infinity());
  auto one = [&](hn::Vec<decltype(d)> v) {
    auto y = hn::Exp(d, v);
    y = hn::IfThenElse(hn::Gt(v, kOverflow), inf, y);
    return hn::IfThenElse(hn::IsNaN(v), v, y);
  };
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(one(hn::LoadU(d, src + i)), d, dst + i);
  if (i < n) {
    HWY_ALIGN float tail[hn::MaxLanes(d)] = {};
    std::memcpy(tail, src + i, (n - i) * sizeof(float));
    hn::Store(one(hn::Load(d, tail)), d, tail);
    std::memcpy(dst + i, tail, (n - i) * sizeof(float));
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_LOGSUMEXP_INL_H_
