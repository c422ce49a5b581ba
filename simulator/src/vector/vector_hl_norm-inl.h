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

// One operand of the pass for columns [j, j + Lanes(d)) of row r.
template <class D>
HWY_INLINE hn::Vec<D> RowOperand(D d, const HlRowOperand& o, size_t r, size_t j) {
  return o.per_column ? hn::LoadU(d, o.p + j) : hn::Set(d, o.p[r]);
}

// Columns [j, j + Lanes(d)) of row r.
template <class D>
HWY_INLINE void RowAffineLanes(D d, const HlRowAffineCall& c, size_t r, size_t j) {
  const size_t at = r * c.h + j;
  auto v = hn::LoadU(d, c.x + at);
  if (c.sub.p != nullptr) v = hn::Sub(v, RowOperand(d, c.sub, r, j));
  if (c.scale.p != nullptr) {
    const auto s = RowOperand(d, c.scale, r, j);
    v = c.divide ? hn::Div(v, s) : hn::Mul(v, s);
  }
  if (c.gamma.p != nullptr) v = hn::Mul(v, RowOperand(d, c.gamma, r, j));
  if (c.beta.p != nullptr) v = hn::Add(v, RowOperand(d, c.beta, r, j));
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
