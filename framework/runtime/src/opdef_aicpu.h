// The AI CPU engine of an OpDef whose AICPU() was called: the kernel that CANN's
// REGISTER_CPU_KERNEL registered for the op type runs on the call's tensors, on the host, from
// the NodeDef GE's AI CPU engine builds (the inputs and outputs in the OpDef's order, the
// attributes by name).
#pragma once

#include <string>

#include "opdef_inputs.h"
#include "opsim/core/status.h"
#include "opsim/core/tensor.h"
#include "register/op_def.h"

namespace opsim {

// kUnsupported naming the op type and the registered ones when no kernel of it is registered.
Status CheckAiCpuKernel(const std::string& op_type);

// The kernel's status as an error naming the op: kRtFail for a kernel's failure (its
// KERNEL_STATUS_* code and what CANN calls it), kUnsupported for an attribute kind opsim does
// not hand over.
Status RunAiCpuKernel(const ops::OpDef& def, const gert::RuntimeAttrs& attrs,
                      const OpDefInputs& inputs, const VariantPack& pack);

}  // namespace opsim
