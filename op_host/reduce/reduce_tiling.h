// Reduce tiling: from a normalised request and a device profile to the launch that runs it.
// Each reduced group of the merged pattern is one pass (an AR or ARA stage); passes before the
// last keep float32/accumulator values in GM scratch, and one launch runs them all, in order.
// Within a pass, kept work is split over cores, or, when there is too little of it, the reduced
// extent is split and the partials are combined after SyncAll in core order (deterministic).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/sim/device_profile.h"
#include "reduce/reduce_pattern.h"
#include "reduce/reduce_request.h"
#include "reduce/reduce_tiling_data.h"

namespace opsim {

using ::op_kernel::ReduceBuffer;

struct ReducePass {
  ::op_kernel::ReduceFamily family = ::op_kernel::ReduceFamily::kAR;
  DType in_dtype = DType::kFloat32;
  DType out_dtype = DType::kFloat32;
  ReduceBuffer src = ReduceBuffer::kInput;
  ReduceBuffer dst = ReduceBuffer::kOutput;
  uint64_t in_elems = 0;
  uint64_t out_elems = 0;
  ::op_kernel::ReduceTilingData tiling;
  uint64_t tiling_key = 0;
  uint32_t block_dim = 1;
  uint64_t partial_bytes = 0;  // GM workspace for the partials of a split reduced extent
};

struct ReducePlan {
  ReducePattern pattern;
  std::vector<ReducePass> passes;  // empty when the output has no elements
  uint64_t workspace_bytes = 0;
  uint64_t scratch_a_offset = 0;
  uint64_t scratch_b_offset = 0;
  std::string device;
};

// Tiles `request` for `device`. Every UB footprint fits the device's Unified Buffer. Reads only
// what a CANN tiling function learns from its platform (the name, vector cores, UB size, whether
// DataCopyPad exists: op_def_support.h's DeviceOf), never the simulator's cost figures, so the
// operation's plan and a test's from a whole profile are the same.
Status ComputeReducePlan(const ReduceRequest& request, const sim::DeviceProfile& device,
                         ReducePlan* plan);

// The same, memoised by (kind, dtype, shape, axes, keep-dims, device).
Status CachedReducePlan(const ReduceRequest& request, const sim::DeviceProfile& device,
                        std::shared_ptr<const ReducePlan>* plan);
void ClearReducePlanCache();
size_t ReducePlanCacheSize();

// Bytes of Unified Buffer a stage's kernel allocates (what the tiling keeps under ub_bytes).
uint64_t StageUbBytes(::op_kernel::ReduceFamily family, const ::op_kernel::ReduceStageTiling& t,
                      size_t in_bytes, size_t acc_bytes, size_t out_bytes);

// One pass of a plan over [before, r, after], its dtypes and buffers set: family, blocks, the
// combine of a split reduced extent and its partials, the kernel key (ComputeReducePlan's step).
// The launch already has `launch_blocks` blocks (the most an earlier pass of the plan uses).
void TilePass(ReduceKind kind, uint64_t before, uint64_t r, uint64_t after, DType acc,
              ::op_kernel::ReduceMap map, const sim::DeviceProfile& device, uint32_t launch_blocks,
              ReducePass* pass);

// n rounded up to whole 512 B GM units (workspace pieces start on them).
uint64_t Align512(uint64_t n);

// The plan as the one launch that runs it: the kernel's tiling and the blocks it needs (the most
// any pass uses; at least 1). kInvalidParam when the plan has more passes than the tiling holds.
Status MakeReduceLaunchTiling(const ReducePlan& plan, ::op_kernel::ReduceLaunchTiling* launch,
                              uint32_t* block_dim);

// Human description of a plan, one line per pass.
std::string DescribePlan(const ReducePlan& plan);

}  // namespace opsim
