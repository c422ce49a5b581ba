// Runs a copy of op_kernel/elementwise/elementwise_unary.cc (Abs, float: 3998 elements over 4
// blocks of 1024, tiles of 256, so the last block ends on a 182-element tail) or of
// elementwise_binary.cc (Add, float: [1, 3] + [64, 3], several rows to a tile, the [1, 3]
// operand loaded once and doubled in the UB).
#pragma once

#include "elementwise/elementwise_copy.h"
#include "elementwise/elementwise_dispatch.h"
#include "elementwise/elementwise_tiling_data.h"
#include "elementwise/elementwise_unary_loop.h"
#include "elementwise/entries/elementwise_entry.h"
#include "elementwise/kernel_traits.h"
#include "opsim/core/dtype.h"
#include "seeded_support.h"

// The copy opens op_kernel::elementwise inside its own namespace: let it see the real ones (a
// mutant of the tile loop declares its own, which its namespace finds first).
#undef OPSIM_SEEDED_NAMESPACE_PRELUDE
#define OPSIM_SEEDED_NAMESPACE_PRELUDE      \
  namespace op_kernel {                     \
  using namespace ::op_kernel;              \
  namespace elementwise {                   \
  using namespace ::op_kernel::elementwise; \
  }                                         \
  }

namespace opsim::seeded {

using UnaryKernel = void (*)(GM_ADDR, GM_ADDR, GM_ADDR);
using BinaryKernel = void (*)(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR);

inline sim::LaunchResult RunOursUnary(UnaryKernel kernel) {
  ::op_kernel::ElementwiseTiling t;
  t.op = static_cast<uint32_t>(::op_kernel::ElementwiseOp::kAbs);
  t.src_dtype = t.dst_dtype = static_cast<uint32_t>(DType::kFloat32);
  t.rank = 1;
  t.total = 3998;
  t.per_core = 1024;
  t.tile = 256;
  t.has_pad = 1;
  t.dims[0] = t.total;
  t.a_strides[0] = 1;
  std::vector<GmTensor> g = {Tensor<float>("x", t.total), Tensor<float>("y", t.total, true)};
  return RunChecked(4, g, [&] { kernel(Gm(g[0]), Gm(g[1]), reinterpret_cast<GM_ADDR>(&t)); });
}

inline sim::LaunchResult RunOursBinary(BinaryKernel kernel) {
  ::op_kernel::ElementwiseTiling t;
  t.op = static_cast<uint32_t>(::op_kernel::ElementwiseOp::kAdd);
  t.src_dtype = t.dst_dtype = static_cast<uint32_t>(DType::kFloat32);
  t.rank = 2;
  t.total = 64 * 3;
  t.per_core = 48;
  t.tile = 64;
  t.has_pad = 1;
  t.dims[0] = 64;
  t.dims[1] = 3;
  t.a_strides[0] = 0;  // a is [1, 3]: the same row for every output row
  t.a_strides[1] = 1;
  t.b_strides[0] = 3;
  t.b_strides[1] = 1;
  std::vector<GmTensor> g = {Tensor<float>("a", 3), Tensor<float>("b", t.total),
                             Tensor<float>("y", t.total, true)};
  return RunChecked(4, g,
                    [&] { kernel(Gm(g[0]), Gm(g[1]), Gm(g[2]), reinterpret_cast<GM_ADDR>(&t)); });
}

}  // namespace opsim::seeded
