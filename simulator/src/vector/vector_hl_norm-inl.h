// Per-target row passes of the high-level normalisation APIs (vector_hl_lanes.h, HlRowAffine):
// each row's broadcast scalars and each column's gamma/beta applied in the chip's instruction
// order (Sub, Mul or Div, Mul, Add), every step one float32 rounding, none fused, so the same
// bits on every Highway target and width.
// Included once per target by vector_hl_math.cc (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_HL_NORM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_HL_NORM_INL_H_
#undef OPSIM_SIM_VECTOR_HL_NORM_INL_H_
#else
#define OPSIM_SIM_VECTOR_HL_NORM_INL_H_
#endif

#include <hwy/highway.h>

#include "opsim/sim/vector_hl_lanes.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Columns [j, j + Lanes(d)) of row r.
template <class D>
HWY_INLINE void RowAffineLanes(D d, const HlRowAffineCall& c, size_t r, size_t j) {
  const size_t at = r * c.h + j;
  auto v = hn::LoadU(d, c.x + at);
  if (c.sub != nullptr) v = hn::Sub(v, hn::Set(d, c.sub[r]));
  if (c.scale != nullptr) {
    const auto s = hn::Set(d, c.scale[r]);
    v = c.divide ? hn::Div(v, s) : hn::Mul(v, s);
  }
  if (c.gamma != nullptr) v = hn::Mul(v, hn::LoadU(d, c.gamma + j));
  if (c.beta != nullptr) v = hn::Add(v, hn::LoadU(d, c.beta + j));
  hn::StoreU(v, d, c.dst + at);
}

HWY_INLINE void HlRowAffineImpl(const HlRowAffineCall& c) {
  const hn::ScalableTag<float> d;
  const hn::CappedTag<float, 1> d1;  // the row's last columns: the same operations, one lane
  const size_t N = hn::Lanes(d);
  for (size_t r = 0; r < c.rows; ++r) {
    size_t j = 0;
    for (; j + N <= c.h; j += N) RowAffineLanes(d, c, r, j);
    for (; j < c.h; ++j) RowAffineLanes(d1, c, r, j);
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_HL_NORM_INL_H_
