// The chip's order of its floating sum reductions (docs/ASCENDC.md, "Order of the reduction
// instructions"), on Highway. CANN documents every sum instruction as a binary tree that adds
// adjacent pairs ("二叉树方式，两两相加"): lanes 2i and 2i + 1 first, then those sums pairwise, up
// to one value per group; each add rounds to the element type, and a float16 add whose result
// exceeds 65504 in magnitude saturates to +-65504 (the documented 60000 + 60000 = 65504). The
// count form of ReduceSum trees each 256 B repeat and adds the repeat sums in order ("方式二").
// Shapes never depend on the host's vector width: the bits are the same on every target.
#pragma once

#include <cstddef>

#include "opsim/core/dtype.h"

namespace opsim::sim::vec {

// Whether the tree sums take `dtype` (float32, float16, bfloat16, float64). Integer sums wrap
// and do not depend on the order: they go through Reduce.
bool TreeSumsTake(DType dtype);

// dst[g] = the tree sum of src[g * group .. + group) for g < groups; group is a power of two in
// [2, 256 B / element size]. The caller pads lanes outside the mask with -0, the identity of
// IEEE addition (x + -0 == x for every x), so a tree over padded lanes gives the bits of a tree
// over the lanes present. Returns false (and writes nothing) for a dtype TreeSumsTake refuses
// or a group that is not a power of two in range.
bool TreeSums(DType dtype, void* dst, const void* src, size_t groups, size_t group);

// ReduceSum's count form: n >= 1 elements in repeats of 256 B, each tree-summed (the last one
// padded with -0), then s0 + s1, + s2, ... in order, each add rounded as in the tree. Returns
// false for a dtype TreeSumsTake refuses.
bool RepeatSumsInOrder(DType dtype, void* dst, const void* src, size_t n);

// RepeatSumsInOrder of float32 over the n >= 1 float16 or bfloat16 (`from`) values at src widened
// to float32 (exactly, as Cast does): the same bits, without the float32 copy. Returns false for
// another `from`.
bool RepeatSumsInOrderWidened(DType from, float* dst, const void* src, size_t n);

}  // namespace opsim::sim::vec
