// Per-target ReduceLogSumExp updates (vector_unit.h: LogSumExpRows / LogSumExpColumns) and the
// float exp they share with the Exp instruction (ExpFloat). Every result has the same bits on
// every Highway target: the exp is ExpSameBits (vector_exp-inl.h: no fused multiply-add), a row's
// exp terms are summed by vector_reduce-inl.h's fixed tree (32 logical lanes, 1024-element
// leaves, leaves combined pairwise), a column's exp terms in blocks of kRowBlock rows (each lane
// a column on its own), and whether an update takes the vector path or the scalar definition
// depends only on the values, never on the vector width. The vector path needs every element
// finite and the running max finite or -inf; anything else runs the scalar definition (a serial
// sum, with the same exp). Included once per target by vector_logsumexp.cc (toggle guard).
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

#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_exp-inl.h"
#include "vector/vector_reduce-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Rows per block of a column update: the rows of a block add into a block of sums, the blocks into
// the running sums, so no serial chain of additions is longer than rows / kRowBlock + kRowBlock.
// The order is per column, so it is the same whatever the vector width.
constexpr size_t kRowBlock = 16;

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
  for (size_t i = 0; i < n; ++i) t += ExpSameBitsScalar(x[i * step] - sh);
  // Equal maxes (also both -inf or both +inf) keep the sum; NaN compares unequal and poisons it.
  const A f = *m == m2 ? A(1) : ExpSameBitsScalar(*m - m2);
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

// Whether a running max allows the vector path: finite, or -inf (no elements yet).
template <typename A>
bool MaxAllowsVector(A m) {
  return std::isfinite(m) || m == -std::numeric_limits<A>::infinity();
}

// dst[i] = exp(x[i] - sh) for i < n: whole vectors, then the rest one lane at a time (the same
// bits either way: ExpSameBits works lane by lane).
template <typename A>
HWY_INLINE void ExpShifted(A* dst, const A* x, size_t n, A sh) {
  const hn::ScalableTag<A> d;
  const size_t N = hn::Lanes(d);
  const auto vsh = hn::Set(d, sh);
  size_t i = 0;
  for (; i + N <= n; i += N)
    hn::StoreU(ExpSameBitsNonPositive(d, hn::Sub(hn::LoadU(d, x + i), vsh)), d, dst + i);
  for (; i < n; ++i) dst[i] = ExpSameBitsScalar(x[i] - sh);
}

// One row of n elements: the vector path when they and the running max allow it.
template <typename A>
void UpdateRow(A* m, A* s, const A* x, size_t n) {
  if (n == 0) return;
  if (!MaxAllowsVector(*m)) return UpdateScalar(m, s, x, n, 1);
  const hn::ScalableTag<A> d;
  const size_t N = hn::Lanes(d);
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
  // No element is infinite, so m2 is finite (n > 0). Which zero a max of +0 and -0 returns
  // depends on the target; + 0 makes it +0 (the shifts x - (+-0) are the same values).
  m2 = m2 + A(0);
  // The exp terms through ReduceSum's tree: each leaf's terms computed into a buffer, then summed
  // by FloatLeaf (a map fused into its loads would also map the leaf's -0 padding).
  const A t = LeafTree<false, A>(0, n, [x, m2](size_t b, size_t len) {
    HWY_ALIGN A terms[kLeaf];
    ExpShifted(terms, x + b, len, m2);
    return FloatLeaf<false>(terms, len);
  });
  const A f = *m == m2 ? A(1) : ExpSameBitsScalar(*m - m2);
  *s = *s * f + t;
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

// The new maxes of columns [c0, c1) (a multiple of Lanes(d) wide) into new_max; false when an
// element or a running max rules the vector path out. d is the full vector or one lane.
template <class D, typename A>
bool ColumnMaxes(D d, const A* m, const A* x, size_t rows, size_t stride, size_t c0, size_t c1,
                 A* new_max) {
  const size_t N = hn::Lanes(d);
  const auto neg_inf = hn::Set(d, -std::numeric_limits<A>::infinity());
  auto ok = hn::Zero(d);
  for (size_t c = c0; c < c1; c += N) {
    const auto v = hn::LoadU(d, m + c);
    // A running max of -inf (no elements yet) is fine; NaN and +inf are not. Not Ne(v, -inf):
    // on AVX-512 Highway's Ne is an ordered compare, false for NaN, so a NaN max passed there.
    ok = hn::Add(ok, hn::IfThenZeroElse(hn::Eq(v, neg_inf), hn::Sub(v, v)));
    hn::StoreU(v, d, new_max + c);
  }
  for (size_t r = 0; r < rows; ++r) {
    const A* row = x + r * stride;
    for (size_t c = c0; c < c1; c += N) {
      const auto v = hn::LoadU(d, row + c);
      hn::StoreU(hn::Max(hn::LoadU(d, new_max + c), v), d, new_max + c);
      ok = hn::Add(ok, hn::Sub(v, v));
    }
  }
  return AllFinite(d, ok);
}

// Columns [c0, c1) once ColumnMaxes allowed them: the rescale of the sums, then the exps added in
// blocks of kRowBlock rows. Every lane is one column, so the bits do not depend on Lanes(d).
template <class D, typename A>
void ColumnSums(D d, A* m, A* s, const A* x, size_t rows, size_t stride, size_t c0, size_t c1,
                const A* new_max, A* block) {
  const size_t N = hn::Lanes(d);
  const auto zero = hn::Zero(d);
  // Every element is finite and rows > 0, so every new max is finite: it is the shift. Which
  // zero a max of +0 and -0 returns depends on the target; + 0 makes it +0.
  for (size_t c = c0; c < c1; c += N) {
    const auto m_old = hn::LoadU(d, m + c);
    const auto m_new = hn::Add(hn::LoadU(d, new_max + c), zero);
    const auto same = hn::Eq(m_old, m_new);
    if (!hn::AllTrue(d, same)) {
      const auto f =
          hn::IfThenElse(same, hn::Set(d, A(1)), ExpSameBitsNonPositive(d, hn::Sub(m_old, m_new)));
      hn::StoreU(hn::Mul(hn::LoadU(d, s + c), f), d, s + c);
    }
    hn::StoreU(m_new, d, m + c);
  }
  for (size_t r0 = 0; r0 < rows; r0 += kRowBlock) {
    const size_t end = std::min(rows, r0 + kRowBlock);
    for (size_t c = c0; c < c1; c += N) hn::StoreU(zero, d, block + c);
    for (size_t r = r0; r < end; ++r) {
      const A* row = x + r * stride;
      for (size_t c = c0; c < c1; c += N) {
        const auto e =
            ExpSameBitsNonPositive(d, hn::Sub(hn::LoadU(d, row + c), hn::LoadU(d, m + c)));
        hn::StoreU(hn::Add(hn::LoadU(d, block + c), e), d, block + c);
      }
    }
    for (size_t c = c0; c < c1; c += N) {
      hn::StoreU(hn::Add(hn::LoadU(d, s + c), hn::LoadU(d, block + c)), d, s + c);
    }
  }
}

template <typename A>
void ColumnsTyped(DType src_type, void* max, void* sum, const void* src, size_t rows, size_t cols,
                  size_t row_stride) {
  if (rows == 0 || cols == 0) return;
  size_t stride = 0;
  const A* x = Source<A>(src_type, src, rows, cols, row_stride, &stride);
  auto* m = static_cast<A*>(max);
  auto* s = static_cast<A*>(sum);
  const hn::ScalableTag<A> d;
  const hn::CappedTag<A, 1> d1;
  const size_t body = cols / hn::Lanes(d) * hn::Lanes(d);
  thread_local std::vector<A> scratch;
  scratch.resize(2 * cols);
  A* new_max = scratch.data();
  A* block = scratch.data() + cols;
  // One decision for all columns (whole vectors, then the rest one lane at a time), so which
  // columns take the scalar definition does not depend on the vector width.
  const bool vector_ok = ColumnMaxes(d, m, x, rows, stride, 0, body, new_max) &&
                         ColumnMaxes(d1, m, x, rows, stride, body, cols, new_max);
  if (!vector_ok) {
    for (size_t c = 0; c < cols; ++c) UpdateScalar(m + c, s + c, x + c, rows, stride);
    return;
  }
  ColumnSums(d, m, s, x, rows, stride, 0, body, new_max, block);
  ColumnSums(d1, m, s, x, rows, stride, body, cols, new_max, block);
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

// dst[i] = exp(src[i]) in float32 through ExpSameBits (+inf from the overflow threshold on,
// +0 below -104, NaN for NaN).
inline void ExpFloatImpl(float* dst, const float* src, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  const auto lowest = hn::Set(d, -87.0f), highest = hn::Set(d, 88.0f);
  for (; i + N <= n; i += N) {
    const auto x = hn::LoadU(d, src + i);
    // Most vectors have no lane near the ends of the range or special: one scale, no selects.
    const auto moderate = hn::And(hn::Ge(x, lowest), hn::Le(x, highest));
    hn::StoreU(hn::AllTrue(d, moderate) ? ExpSameBitsModerate(d, x) : ExpSameBits(d, x), d,
               dst + i);
  }
  for (; i < n; ++i) dst[i] = ExpSameBitsScalar(src[i]);
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_LOGSUMEXP_INL_H_
