// Gather and GatherMask element moves (vector_gather_unit.h).
#include <cstring>

#include "opsim/sim/vector_gather_unit.h"

namespace opsim::sim::vec {
namespace {

template <size_t kBytes>
void GatherTyped(uint8_t* dst, const uint8_t* src, const uint32_t* offsets, uint32_t base,
                 size_t n) {
  for (size_t k = 0; k < n; ++k) {
    std::memcpy(dst + k * kBytes, src + static_cast<size_t>(base) + offsets[k], kBytes);
  }
}

template <size_t kBytes>
size_t PackTyped(uint8_t* dst, const uint8_t* src, const PackShape& s) {
  size_t kept = 0;
  for (uint32_t r = 0; r < s.repeats; ++r) {
    for (uint64_t i = 0; i < s.per_repeat; ++i) {
      if (!PackKeeps(s, r, i)) continue;
      std::memcpy(dst + kept * kBytes, src + PackOffset(s, r, i), kBytes);
      ++kept;
    }
  }
  return kept;
}

}  // namespace

void GatherElements(uint8_t* dst, const uint8_t* src, const uint32_t* offsets, uint32_t base,
                    size_t elem_bytes, size_t n) {
  if (elem_bytes == 2) {
    GatherTyped<2>(dst, src, offsets, base, n);
  } else {
    GatherTyped<4>(dst, src, offsets, base, n);
  }
}

size_t PackElements(uint8_t* dst, const uint8_t* src, const PackShape& shape) {
  return shape.elem_bytes == 2 ? PackTyped<2>(dst, src, shape) : PackTyped<4>(dst, src, shape);
}

}  // namespace opsim::sim::vec
