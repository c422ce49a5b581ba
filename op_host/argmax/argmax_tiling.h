// ArgMax/ArgMin tiling: the input as [outer, r, inner] (one reduced axis is at most an ARA
// pattern), work units split over cores in contiguous runs, UB tiles sized for double buffering.
// The reduced extent is split over cores only for AR rows too long and too few to fill them (the
// parts' winners meet in the workspace).
#pragma once

#include <cstdint>

#include "argmax/argmax_request.h"
#include "argmax/argmax_tiling_data.h"
#include "opsim/core/status.h"
#include "opsim/sim/device_profile.h"

namespace opsim {

// Fills the kernel's tiling and the blocks it needs (>= 1; units 0 when the output is empty).
// kInvalidParam for a device without usable cores or UB.
Status ComputeArgMaxTiling(const ArgMaxRequest& request, const sim::DeviceProfile& device,
                           ::op_kernel::ArgMaxTilingData* tiling, uint32_t* block_dim);

// Bytes of workspace the kernel needs: the parts' winners of a split scan, else 0.
uint64_t ArgMaxWorkspaceBytes(const ::op_kernel::ArgMaxTilingData& tiling);

// Bytes of Unified Buffer the kernel allocates for `tiling` (what the tiling keeps under ub_bytes).
uint64_t ArgMaxUbBytes(const ::op_kernel::ArgMaxTilingData& tiling);

}  // namespace opsim
