// The element moves of Gather and GatherMask on host memory, without the simulator's checks
// (the runtime checks every operand first). Per-element loops: the chip's gather hardware has
// no host SIMD counterpart worth its complexity here (docs/PERFORMANCE.md gives the rates).
#pragma once

#include <cstddef>
#include <cstdint>

namespace opsim::sim::vec {

// dst[k] = the elem_bytes-byte element at byte base + offsets[k] of src, k < n.
void GatherElements(uint8_t* dst, const uint8_t* src, const uint32_t* offsets, uint32_t base,
                    size_t elem_bytes, size_t n);

// Gatherb's block moves: block j of repeat r (8 blocks of 32 B per repeat) is the 32 B at byte
// offsets[r * 8 + j] of src, written at (r * dst_rep + j * dst_blk) * 32 bytes of dst.
void GatherBlocks(uint8_t* dst, const uint8_t* src, const uint32_t* offsets, uint32_t repeats,
                  uint32_t dst_blk, uint32_t dst_rep);

// TransDataTo5HD's move of one repeat (16 source blocks of 32 B, read before any write): 16-bit,
// out[j] element k = in[k] element j; 8-bit, out[j] half dst_high, byte k = in[k] byte j of half
// src_high; 32-bit, out[2j + k / 8] element k % 8 = in[k] element j.
void TransposeBlocks16(uint32_t elem_bytes, const uint8_t (&in)[16][32], uint8_t* const* out,
                       bool src_high, bool dst_high);

// GatherMask's packing: `repeats` repeats of `per_repeat` elements; element i of repeat r at
// (r * rep_stride + i / per_block * blk_stride) * 32 + i % per_block * elem_bytes bytes of src;
// kept when bit i of `bits + r * bits_rep_bytes` is set (bits non-null) or when the built-in
// pattern (1 even, 2 odd, 3..6 element pattern-3 of four, 7 all) selects i. The kept elements
// go to dst one after another; returns how many.
struct PackShape {
  size_t elem_bytes;
  uint32_t repeats;
  uint64_t per_repeat;
  uint32_t blk_stride;
  uint32_t rep_stride;
  const uint8_t* bits;
  uint64_t bits_rep_bytes;
  uint8_t pattern;
};
size_t PackElements(uint8_t* dst, const uint8_t* src, const PackShape& shape);
// Byte offset in src of element i of repeat r.
inline uint64_t PackOffset(const PackShape& s, uint32_t r, uint64_t i) {
  const uint64_t per_block = 32 / s.elem_bytes;
  return (static_cast<uint64_t>(r) * s.rep_stride + i / per_block * s.blk_stride) * 32 +
         i % per_block * s.elem_bytes;
}
// A built-in pattern keeps elements first, first + step, ... of each repeat (7: every one).
struct PackStride {
  uint64_t first;
  uint64_t step;
};
inline PackStride PackStrideOf(uint8_t pattern) {
  if (pattern == 7) return {0, 1};
  if (pattern <= 2) return {pattern - 1u, 2};
  return {pattern - 3u, 4};
}
inline bool PackKeeps(const PackShape& s, uint32_t r, uint64_t i) {
  if (s.bits != nullptr) return ((s.bits[r * s.bits_rep_bytes + i / 8] >> (i % 8)) & 1u) != 0;
  switch (s.pattern) {
    case 1: return i % 2 == 0;
    case 2: return i % 2 == 1;
    case 7: return true;
    default: return i % 4 == static_cast<uint64_t>(s.pattern - 3);
  }
}

}  // namespace opsim::sim::vec
