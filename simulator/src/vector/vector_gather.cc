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

// One repeat whose elements are contiguous (blkStride 1) from `row`: the same moves in the same
// order as the general loop, without its per-element offset arithmetic and, for the built-in
// patterns, without testing each element.
template <size_t kBytes>
size_t PackContiguousRepeat(uint8_t* dst, const uint8_t* row, const PackShape& s, uint32_t r) {
  if (s.bits != nullptr) {
    const uint8_t* bits = s.bits + r * s.bits_rep_bytes;
    size_t kept = 0;
    for (uint64_t i = 0; i < s.per_repeat; ++i) {
      if (((bits[i / 8] >> (i % 8)) & 1u) == 0) continue;
      std::memcpy(dst + kept * kBytes, row + i * kBytes, kBytes);
      ++kept;
    }
    return kept;
  }
  if (s.pattern == 7) {
    std::memmove(dst, row, s.per_repeat * kBytes);
    return s.per_repeat;
  }
  const PackStride st = PackStrideOf(s.pattern);
  size_t kept = 0;
  for (uint64_t i = st.first; i < s.per_repeat; i += st.step) {
    std::memcpy(dst + kept * kBytes, row + i * kBytes, kBytes);
    ++kept;
  }
  return kept;
}

template <size_t kBytes>
size_t PackTyped(uint8_t* dst, const uint8_t* src, const PackShape& s) {
  size_t kept = 0;
  for (uint32_t r = 0; r < s.repeats; ++r) {
    if (s.blk_stride == 1) {
      kept += PackContiguousRepeat<kBytes>(
          dst + kept * kBytes, src + static_cast<uint64_t>(r) * s.rep_stride * 32, s, r);
      continue;
    }
    for (uint64_t i = 0; i < s.per_repeat; ++i) {
      if (!PackKeeps(s, r, i)) continue;
      std::memcpy(dst + kept * kBytes, src + PackOffset(s, r, i), kBytes);
      ++kept;
    }
  }
  return kept;
}

// Eight 16-bit lanes: the SSE2 register every x86-64 target has (GCC/Clang vector extension).
using U16x8 = uint16_t __attribute__((vector_size(16)));
using U32x4 = uint32_t __attribute__((vector_size(16)));
using U64x2 = uint64_t __attribute__((vector_size(16)));

// rows[j][k] becomes rows[k][j]: interleave 16-bit, then 32-bit, then 64-bit pairs of rows
// (punpckl/h wd, dq, qdq on x86).
inline void Transpose8x8(U16x8 (&rows)[8]) {
  U16x8 a[8];
  for (int p = 0; p < 8; p += 2) {
    a[p] = __builtin_shufflevector(rows[p], rows[p + 1], 0, 8, 1, 9, 2, 10, 3, 11);
    a[p + 1] = __builtin_shufflevector(rows[p], rows[p + 1], 4, 12, 5, 13, 6, 14, 7, 15);
  }
  U32x4 b[8];
  for (int q = 0; q < 2; ++q) {  // a[4q..4q+3] -> b[4q..4q+3]
    for (int h = 0; h < 2; ++h) {
      const auto x = reinterpret_cast<U32x4>(a[4 * q + h]);
      const auto y = reinterpret_cast<U32x4>(a[4 * q + h + 2]);
      b[4 * q + 2 * h] = __builtin_shufflevector(x, y, 0, 4, 1, 5);
      b[4 * q + 2 * h + 1] = __builtin_shufflevector(x, y, 2, 6, 3, 7);
    }
  }
  for (int c = 0; c < 4; ++c) {
    const auto x = reinterpret_cast<U64x2>(b[c]);
    const auto y = reinterpret_cast<U64x2>(b[c + 4]);
    rows[2 * c] = reinterpret_cast<U16x8>(__builtin_shufflevector(x, y, 0, 2));
    rows[2 * c + 1] = reinterpret_cast<U16x8>(__builtin_shufflevector(x, y, 1, 3));
  }
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

void GatherBlocks(uint8_t* dst, const uint8_t* src, const uint32_t* offsets, uint32_t repeats,
                  uint32_t dst_blk, uint32_t dst_rep) {
  for (uint32_t r = 0; r < repeats; ++r) {
    uint8_t* row = dst + static_cast<size_t>(r) * dst_rep * 32;
    for (uint32_t j = 0; j < 8; ++j) {
      std::memcpy(row + static_cast<size_t>(j) * dst_blk * 32, src + offsets[r * 8 + j], 32);
    }
  }
}

void TransposeBlocks16(uint32_t eb, const uint8_t (&in)[16][32], uint8_t* const* out, bool src_high,
                       bool dst_high) {
  if (eb == 1) {
    const int from = src_high ? 16 : 0, to = dst_high ? 16 : 0;
    for (int j = 0; j < 16; ++j) {
      for (int k = 0; k < 16; ++k) out[j][to + k] = in[k][from + j];
    }
  } else if (eb == 2) {
    // Four 8 x 8 transposes in 128-bit registers (three rounds of unpacks each).
    for (int kh = 0; kh < 2; ++kh) {
      for (int jh = 0; jh < 2; ++jh) {
        U16x8 rows[8];
        for (int k = 0; k < 8; ++k) std::memcpy(&rows[k], in[8 * kh + k] + 16 * jh, 16);
        Transpose8x8(rows);
        for (int j = 0; j < 8; ++j) std::memcpy(out[8 * jh + j] + 16 * kh, &rows[j], 16);
      }
    }
  } else {
    uint32_t a[16][8], t[16][8];
    std::memcpy(a, in, sizeof(a));
    for (int j = 0; j < 8; ++j) {
      for (int k = 0; k < 16; ++k) t[2 * j + k / 8][k % 8] = a[k][j];
    }
    for (int j = 0; j < 16; ++j) std::memcpy(out[j], t[j], 32);
  }
}

size_t PackElements(uint8_t* dst, const uint8_t* src, const PackShape& shape) {
  return shape.elem_bytes == 2 ? PackTyped<2>(dst, src, shape) : PackTyped<4>(dst, src, shape);
}

}  // namespace opsim::sim::vec
