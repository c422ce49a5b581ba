// WholeReduce* without an index over repeats whose enabled lanes are contiguous (the row-per-repeat
// reductions of kernels): read where the rows are (a deferred GM copy, copy_elision.h) and reduced
// in batches, with the chip's order for float sums (vector_tree_sum.h).
#include <algorithm>
#include <cstring>

#include "opsim/sim/ascendc/vector.h"

namespace opsim::sim::detail {
namespace {

// Repeats reduced per batch (their lanes and results on the stack: 64 x 256 B).
constexpr uint32_t kBatch = 64;

uint32_t TreeWidth(uint32_t mask) {
  uint32_t width = 2;
  while (width < mask) width *= 2;
  return width;
}

// -0 in `elem_bytes` bytes (float16, bfloat16, float32 or float64): the identity of the adds.
void FillNegativeZero(uint8_t* out, uint32_t elem_bytes, uint32_t count) {
  for (uint32_t k = 0; k < count; ++k) {
    std::memset(out + k * elem_bytes, 0, elem_bytes);
    out[k * elem_bytes + elem_bytes - 1] = 0x80;  // the sign bit (little-endian)
  }
}

// Float sums in the chip's order: the tree of a repeat's 256 B lanes, those outside the mask -0.
// x + -0 == x for every x, so the subtrees of disabled lanes add nothing: the tree over the
// first TreeWidth(mask) lanes gives the same bits, and it is summed in place when the rows are
// exactly that wide and packed.
void TreeSumRows(DType dtype, uint32_t elem_bytes, uint8_t* out, const uint8_t* src, uint32_t rows,
                 uint32_t mask, uint64_t row_stride) {
  const uint32_t width = TreeWidth(mask);
  if (width == mask && row_stride == mask) {
    vec::TreeSums(dtype, out, src, rows, width);
    return;
  }
  alignas(64) uint8_t lanes[kBatch * 256];
  const uint64_t row_bytes = uint64_t{mask} * elem_bytes;
  for (uint32_t r = 0; r < rows; ++r) {
    uint8_t* lane = lanes + uint64_t{r} * width * elem_bytes;
    std::memcpy(lane, src + r * row_stride * elem_bytes, row_bytes);
    FillNegativeZero(lane + row_bytes, elem_bytes, width - mask);
  }
  vec::TreeSums(dtype, out, lanes, rows, width);
}

}  // namespace

void WholeReduceRows(vec::ReduceOp op, DType dtype, uint32_t elem_bytes, void* dst,
                     uint32_t dst_stride, const void* src, uint32_t rows, uint32_t mask,
                     uint64_t row_stride) {
  const bool tree = op == vec::ReduceOp::kSum && vec::TreeSumsTake(dtype);
  const auto* in = static_cast<const uint8_t*>(src);
  auto* out = static_cast<uint8_t*>(dst);
  alignas(64) uint8_t results[kBatch * 8];
  for (uint32_t r0 = 0; r0 < rows; r0 += kBatch) {
    const uint32_t n = std::min(kBatch, rows - r0);
    const uint8_t* from = in + uint64_t{r0} * row_stride * elem_bytes;
    uint8_t* to = dst_stride == 1 ? out + uint64_t{r0} * elem_bytes : results;
    if (tree) {
      TreeSumRows(dtype, elem_bytes, to, from, n, mask, row_stride);
    } else {
      // Max/Min keep the rules of Reduce (the first NaN, -0 below +0); integer sums wrap.
      vec::ReduceRows(op, dtype, to, from, n, mask, row_stride);
    }
    if (dst_stride == 1) continue;
    for (uint32_t r = 0; r < n; ++r) {
      std::memcpy(out + (uint64_t{r0} + r) * dst_stride * elem_bytes, results + r * elem_bytes,
                  elem_bytes);
    }
  }
}

}  // namespace opsim::sim::detail
