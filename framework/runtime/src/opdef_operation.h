// The one operation for every operator defined the Ascend way (an ops::OpDef in the registry):
// InferShape runs the op's InferShape/InferDataType, Setup checks the call against the OpDef and
// runs its tiling function on the context's device, Execute launches the kernel found by name.
#pragma once

#include <memory>
#include <vector>

#include "opsim/core/operation.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def.h"

namespace opsim {

// kInvalidParam for attributes the OpDef does not take (see ResolveOpDefAttrs) or input counts
// and constants it cannot take (see PlanOpDefInputs); kUnsupported for an OpDef feature opsim
// does not run yet.
Status MakeOpDefOperation(const ops::OpDef& def, const AttrMap& attrs,
                          std::unique_ptr<Operation>* out);

}  // namespace opsim
