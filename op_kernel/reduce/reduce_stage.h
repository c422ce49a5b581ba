// Which part of a stage one block owns: a range of work units and a range of the reduced extent.
#pragma once

#include "elementwise/kernel_traits.h"
#include "reduce/reduce_tiling_data.h"

namespace op_kernel {

struct BlockShare {
  uint64_t unit_begin = 0;
  uint64_t unit_end = 0;  // empty when the block has no work in this stage
  uint64_t r_begin = 0;
  uint64_t r_end = 0;
  uint32_t split = 0;  // which partial slot this block writes when r_split > 1
  // A column piece of one more unit (ReduceStageTiling::tail_pieces): columns
  // [tail_col_begin, tail_col_end) of unit tail_unit, counted from the unit's first column.
  uint64_t tail_unit = 0;
  uint64_t tail_col_begin = 0;
  uint64_t tail_col_end = 0;

  bool HasTail() const { return tail_col_end > tail_col_begin; }
  bool Empty() const { return unit_begin == unit_end && !HasTail(); }
};

inline BlockShare ShareOf(const ReduceStageTiling& t, uint64_t block) {
  BlockShare s;
  if (block >= static_cast<uint64_t>(t.groups) * t.r_split) return s;
  const uint64_t group = block / t.r_split;
  s.split = static_cast<uint32_t>(block % t.r_split);
  s.unit_begin = Min(t.units, group * t.units_per_group);
  s.unit_end = Min(t.units, s.unit_begin + t.units_per_group);
  s.r_begin = Min(t.r, s.split * t.r_per_split);
  s.r_end = t.r_split == 1 ? t.r : Min(t.r, s.r_begin + t.r_per_split);
  if (t.tail_pieces > 1 && t.r_split == 1 && t.tail_cols > 0 && t.col_chunks > 0) {
    const uint64_t whole_end = Min(t.units, uint64_t{t.groups} * t.units_per_group);
    const uint64_t unit = whole_end + block / t.tail_pieces;
    if (unit < t.units) {
      // The unit's width: its column chunk, the last one of a row possibly narrower.
      const uint64_t c0 = (unit % t.col_chunks) * t.cols;
      const uint64_t width = Min<uint64_t>(t.cols, t.inner - Min(t.inner, c0));
      s.tail_unit = unit;
      s.tail_col_begin = Min(width, (block % t.tail_pieces) * t.tail_cols);
      s.tail_col_end = Min(width, s.tail_col_begin + t.tail_cols);
    }
  }
  return s;
}

}  // namespace op_kernel
