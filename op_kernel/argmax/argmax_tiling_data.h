// The tiling the ArgMax/ArgMin host computes and the kernel reads (GET_TILING_DATA). One axis is
// reduced, so the input is always viewed as [outer, r, inner]: AR when inner == 1 (each output
// scans a contiguous row), ARA otherwise (each output scans a column with stride inner).
#pragma once

#include <cstdint>

namespace op_kernel {

struct ArgMaxTilingData {
  uint64_t outer = 0;  // product of the dims before the axis
  uint64_t r = 1;      // the axis's extent (>= 1: an empty axis is refused on the host)
  uint64_t inner = 1;  // product of the dims after the axis
  // Work units: AR, one output row each; ARA, one (outer index, column chunk) pair each.
  uint64_t units = 0;
  uint64_t units_per_block = 0;  // consecutive units one block owns
  // AR rows too long and too few to fill the blocks: each row's scan is split into r_split parts
  // of r_per_split elements (a unit each); the parts' winners go to the workspace and, after
  // SyncAll, block 0 merges them into the output.
  uint64_t r_per_split = 0;
  // UB tiles. AR: `rows` outputs per output tile, and `cols` reduced elements per input copy
  // (cols >= r: `rows` whole rows per copy). ARA: `rows` reduced rows of `cols` columns per copy,
  // ub_row_stride elements apart in the UB.
  uint32_t rows = 1;
  uint32_t cols = 1;
  uint32_t col_chunks = 1;  // ARA: ceil(inner / cols)
  uint32_t ub_row_stride = 0;
  uint32_t dtype = 0;        // the input's ACL dtype number: picks the instantiation
  uint32_t select_min = 0;   // 1: ArgMin
  uint32_t select_last = 0;  // 1: ties (and NaNs) resolve to the last index
  uint32_t has_pad = 0;      // DataCopyPad exists on the device
  uint32_t r_split = 1;
  uint32_t reserved = 0;
};

// The workspace of a split scan: each unit's winning value (as the compare type, in an 8-byte
// slot) and, from this offset on, its index.
constexpr uint64_t ArgMaxPartialIndexOffset(uint64_t units) {
  return (units * 8 + 511) / 512 * 512;
}

}  // namespace op_kernel
