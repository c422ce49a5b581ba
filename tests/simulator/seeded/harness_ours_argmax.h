// Runs a copy of op_kernel/argmax/argmax_kernel.h's KernelArgMax<float> on one row of 4096
// floats split in 4 parts of 1024 (the AR split path): 8 blocks, 4 of them with a part each;
// every block meets at SyncAll, then block 0 merges the parts' winners from the workspace.
#pragma once

#include "argmax/argmax_tiling_data.h"
#include "elementwise/kernel_traits.h"
#include "kernel_operator.h"
#include "reduce/reduce_copy.h"
#include "seeded_support.h"

// The copy opens op_kernel inside its own namespace: let it see the real one.
#undef OPSIM_SEEDED_NAMESPACE_PRELUDE
#define OPSIM_SEEDED_NAMESPACE_PRELUDE \
  namespace op_kernel {                \
  using namespace ::op_kernel;         \
  }

namespace opsim::seeded {

template <typename Kernel>
sim::LaunchResult RunOursArgMax() {
  ::op_kernel::ArgMaxTilingData t;
  t.outer = 1;
  t.r = 4096;
  t.inner = 1;
  t.r_split = 4;
  t.r_per_split = 1024;
  t.units = 4;
  t.units_per_block = 1;
  t.rows = 1;
  t.cols = 1024;
  t.has_pad = 1;
  std::vector<GmTensor> g = {
      Tensor<float>("x", t.r), Tensor<int64_t>("y", 1, /*output=*/true),
      GmTensor{"workspace",
               std::vector<uint8_t>(::op_kernel::ArgMaxPartialIndexOffset(t.units) + t.units * 8),
               false}};
  return RunChecked(8, g, [&] {
    Kernel kernel;
    kernel.Init(Gm(g[0]), Gm(g[1]), Gm(g[2]), t);
    kernel.Process();
  });
}

}  // namespace opsim::seeded
