// The lane machinery of the high-level math and activation APIs (vector_hl_lanes.h): loading a
// call's float or half operands as float or double lanes, storing them back rounded as the
// model's Store, and running one API's lane function over a call, collecting the lanes the
// caller must finish with the per-element model. Shared by vector_hl_math-inl.h (double lanes)
// and vector_hl_float-inl.h (float lanes); included once per target (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_HL_LANES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_HL_LANES_INL_H_
#undef OPSIM_SIM_VECTOR_HL_LANES_INL_H_
#else
#define OPSIM_SIM_VECTOR_HL_LANES_INL_H_
#endif

#include <algorithm>
#include <cstring>

#include <hwy/highway.h>

#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_math-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using HlD = hn::ScalableTag<double>;
using HlV = hn::Vec<HlD>;
using HlM = hn::Mask<HlD>;

// One lane group's result: its value, the lanes the caller must compute (`bad`) and, for a
// banded API, the lanes whose value is exact anyway (a zero argument of an odd function...).
template <class D>
struct LaneResult {
  hn::Vec<D> v;
  hn::Mask<D> bad;
  hn::Mask<D> exact;
};
using HlLaneResult = LaneResult<HlD>;
using HlF = hn::ScalableTag<float>;
using HlVF = hn::Vec<HlF>;
using HlFResult = LaneResult<HlF>;

template <class D>
HWY_INLINE hn::Mask<D> NoLanes(D d) {
  return hn::FirstN(d, 0);
}

// Lanes whose float32 rounding the band of 2^-36 around y could change, and zeros, NaN, inf.
HWY_INLINE HlM Unsettled(HlD dd, HlV y) {
  const hn::Rebind<float, HlD> df;
  const auto lo = hn::PromoteTo(dd, DemoteLikeCast(df, hn::Mul(y, hn::Set(dd, 1.0 - 0x1p-36))));
  const auto hi = hn::PromoteTo(dd, DemoteLikeCast(df, hn::Mul(y, hn::Set(dd, 1.0 + 0x1p-36))));
  const auto settled = hn::And(hn::Eq(lo, hi), hn::And(hn::IsFinite(y), hn::Ne(y, hn::Zero(dd))));
  return hn::Not(settled);
}

// Elements [i, i + m) of a half or float operand as lanes of D (float, or double: widened
// exactly; m < lanes: zero-padded).
template <class D>
HWY_INLINE hn::Vec<D> LoadLanes(D d, bool half, const void* p, size_t i, size_t m) {
  const hn::Rebind<float, D> df;
  const hn::Rebind<uint16_t, D> d16;
  constexpr size_t kMax = hn::MaxLanes(d);
  const auto widen = [d](auto f) {
    if constexpr (sizeof(hn::TFromD<D>) == 8) {
      return hn::PromoteTo(d, f);
    } else {
      return f;
    }
  };
  if (half) {
    HWY_ALIGN uint16_t t[kMax] = {};
    const auto* src = static_cast<const uint16_t*>(p) + i;
    if (m < hn::Lanes(d)) src = static_cast<const uint16_t*>(std::memcpy(t, src, m * 2));
    return widen(HalfToF32(df, hn::LoadU(d16, src)));
  }
  HWY_ALIGN float t[kMax] = {};
  const auto* src = static_cast<const float*>(p) + i;
  if (m < hn::Lanes(d)) src = static_cast<const float*>(std::memcpy(t, src, m * 4));
  return widen(hn::LoadU(df, src));
}

// Rounds to float32 (then to half) as the model's Store and writes elements [i, i + m).
template <class D>
HWY_INLINE void StoreLanes(D d, bool half, hn::Vec<D> v, void* p, size_t i, size_t m) {
  const hn::Rebind<float, D> df;
  const hn::Rebind<uint16_t, D> d16;
  constexpr size_t kMax = hn::MaxLanes(d);
  hn::Vec<decltype(df)> f;
  if constexpr (sizeof(hn::TFromD<D>) == 8) {
    f = DemoteLikeCast(df, v);
  } else {
    f = v;
  }
  const bool whole = m == hn::Lanes(d);
  if (half) {
    HWY_ALIGN uint16_t t[kMax];
    auto* dst = static_cast<uint16_t*>(p) + i;
    hn::StoreU(F32ToHalf(df, f), d16, whole ? dst : t);
    if (!whole) std::memcpy(dst, t, m * 2);
    return;
  }
  HWY_ALIGN float t[kMax];
  auto* dst = static_cast<float*>(p) + i;
  hn::StoreU(f, df, whole ? dst : t);
  if (!whole) std::memcpy(dst, t, m * 4);
}

// Runs `f(d, x, y) -> LaneResult` over the call's elements on lanes of D (x: src0; y: the second
// tensor, the scalar, or Axpy's dst; swapped for a scalar on the left). Returns the lanes left to
// the caller.
template <class D, class F>
HWY_INLINE size_t RunLanes(D d, const HlLanesCall& c, size_t n, const HlLeftLanes& left,
                           bool banded, F f) {
  using T = hn::TFromD<D>;
  const hn::RebindToUnsigned<D> du;
  const size_t N = hn::Lanes(d);
  constexpr size_t kMax = hn::MaxLanes(d);
  const bool is_axpy = c.api == static_cast<uint8_t>(hl::MathApi::kAxpy);
  const bool x_half = is_axpy ? c.src_half : c.half;
  const void* second = is_axpy ? c.dst : c.b;
  const auto scalar = hn::Set(d, static_cast<T>(c.scalar));  // exact: a half or float value
  HWY_ALIGN T xs[kMax];
  HWY_ALIGN T ys[kMax];
  HWY_ALIGN hn::TFromD<decltype(du)> flag[kMax];
  size_t count = 0;
  for (size_t i = 0; i < n; i += N) {
    const size_t m = std::min(N, n - i);
    const auto x = LoadLanes(d, x_half, c.a, i, m);
    const auto y = second != nullptr ? LoadLanes(d, c.half, second, i, m) : scalar;
    const auto r = c.scalar_left ? f(d, y, x) : f(d, x, y);
    auto bad = hn::Or(r.bad, hn::Not(hn::And(hn::IsFinite(x), hn::IsFinite(y))));
    if constexpr (sizeof(T) == 8) {
      if (banded) bad = hn::Or(bad, hn::AndNot(r.exact, Unsettled(d, r.v)));
    }
    const bool any_bad = !hn::AllFalse(d, bad);
    if (any_bad) {  // before the store: dst may be src
      hn::Store(x, d, xs);
      hn::Store(y, d, ys);
      hn::Store(hn::BitCast(du, hn::VecFromMask(d, bad)), du, flag);
    }
    StoreLanes(d, c.half, r.v, c.dst, i, m);
    if (!any_bad) continue;
    for (size_t k = 0; k < m; ++k) {
      if (flag[k] == 0) continue;
      left.index[count] = static_cast<uint32_t>(i + k);
      left.x[count] = xs[k];
      left.y[count] = ys[k];
      ++count;
    }
  }
  return count;
}

// Lanes of D with no lane left to the caller beyond the common rule (NaN and inf operands).
template <class D>
HWY_INLINE LaneResult<D> Settled(D d, hn::Vec<D> v) {
  return {v, NoLanes(d), NoLanes(d)};
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_HL_LANES_INL_H_
