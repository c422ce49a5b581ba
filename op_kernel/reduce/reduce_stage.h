// Which part of a stage one block owns: a range of work units and a range of the reduced extent.
#pragma once

#include <algorithm>
#include <cstdint>

#include "reduce/reduce_tiling_data.h"

namespace opsim::kernels {

struct BlockShare {
  uint64_t unit_begin = 0;
  uint64_t unit_end = 0;  // empty when the block has no work in this stage
  uint64_t r_begin = 0;
  uint64_t r_end = 0;
  uint32_t split = 0;  // which partial slot this block writes when r_split > 1
};

inline BlockShare ShareOf(const ReduceStageTiling& t, uint64_t block) {
  BlockShare s;
  if (block >= static_cast<uint64_t>(t.groups) * t.r_split) return s;
  const uint64_t group = block / t.r_split;
  s.split = static_cast<uint32_t>(block % t.r_split);
  s.unit_begin = std::min(t.units, group * t.units_per_group);
  s.unit_end = std::min(t.units, s.unit_begin + t.units_per_group);
  s.r_begin = std::min(t.r, s.split * t.r_per_split);
  s.r_end = t.r_split == 1 ? t.r : std::min(t.r, s.r_begin + t.r_per_split);
  return s;
}

}  // namespace opsim::kernels
