// The kernel arguments of one OpDef launch, in the order CANN passes them (inputs, outputs,
// workspace, tiling), and the GM regions the simulator checks accesses against: constants and
// absent optional inputs in their places, a DYNAMIC input or output as one ListTensorDesc block,
// outputs with CANN's InitValue(0) written before the launch.
#pragma once

#include <cstdint>
#include <vector>

#include "opdef_inputs.h"
#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/sim/launch.h"
#include "register/op_def.h"

namespace opsim {

struct OpDefLaunchArgs {
  std::vector<uint8_t*> args;
  // The DYNAMIC inputs' ListTensorDesc blocks, which args point into: they live as long as this.
  std::vector<std::vector<uint64_t>> lists;
};

struct OpDefLaunchBuffers {
  uint8_t* workspace = nullptr;
  uint64_t workspace_bytes = 0;  // what Setup asked for (0: no workspace argument)
  std::vector<uint8_t>* tiling = nullptr;
  bool padded = false;  // ContextOptions::padded_device_buffers
};

// Binds `pack` (checked by Setup's rules before) to the kernel's arguments and fills
// launch->regions. Errors name the op and the tensor: a data size its description does not
// give, a null address for bytes, an InitValue other than 0.
Status BindOpDefLaunch(const ops::OpDef& def, OpDefInputs& inputs, const VariantPack& pack,
                       const OpDefLaunchBuffers& buffers, sim::LaunchOptions* launch,
                       OpDefLaunchArgs* out);

}  // namespace opsim
