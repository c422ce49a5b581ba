// Runs a copy of op_kernel/reduce/reduce_kernels.h's KernelReduceARA (ReduceSum, float) on x of
// [4, 64, 128] reduced over the middle axis: 4 blocks, each one outer index as two chunks of 64
// columns, tiles of 16 reduced rows 64 elements apart in the UB.
#pragma once

#include "kernel_operator.h"
#include "reduce/reduce_copy.h"
#include "reduce/reduce_lse.h"
#include "reduce/reduce_reducers.h"
#include "reduce/reduce_stage.h"
#include "reduce/reduce_tile_ops.h"
#include "reduce/reduce_tiling_data.h"
#include "reduce/reduce_wide.h"
#include "seeded_support.h"

// The copy opens op_kernel inside its own namespace: let it see the real one (the tile
// instructions and ReduceLogSumExp's updates, defined once there).
#undef OPSIM_SEEDED_NAMESPACE_PRELUDE
#define OPSIM_SEEDED_NAMESPACE_PRELUDE \
  namespace op_kernel {                \
  using namespace ::op_kernel;         \
  }

namespace opsim::seeded {

template <typename Kernel>
sim::LaunchResult RunOursReduceAra() {
  ::op_kernel::ReduceStageTiling t;
  t.outer = 4;
  t.r = 64;
  t.inner = 128;
  t.cols = 64;
  t.col_chunks = 2;
  t.units = t.outer * t.col_chunks;
  t.units_per_group = 2;
  t.groups = 4;
  t.r_split = 1;
  t.r_per_split = t.r;
  t.rows = 16;
  t.ub_row_stride = 64;
  t.count = t.r;
  std::vector<GmTensor> g = {Tensor<float>("x", t.outer * t.r * t.inner),
                             Tensor<float>("y", t.outer * t.inner, /*output=*/true)};
  return RunChecked(4, g, [&] {
    Kernel kernel;
    kernel.Init(Gm(g[0]), Gm(g[1]), t, /*has_pad=*/true);
    kernel.Process();
  });
}

}  // namespace opsim::seeded
