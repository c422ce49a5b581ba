// What an OpDef's AICore().AddConfig(soc[, config]) lets an operation do on a device.
#pragma once

#include <string>

#include "opdef_call.h"
#include "opsim/core/status.h"
#include "register/op_def.h"

namespace opsim {

// kUnsupported naming the op, the SoC and the configs when the OpDef has configs and none for
// the SoC `profile` answers to (an OpDef without any config runs everywhere).
Status CheckSocConfig(const ops::OpDef& def, const std::string& profile);

// A SoC's config may declare its own dtypes and formats for some inputs and outputs
// (OpAICoreConfig::Input/Output): CANN runs the op on that SoC within the prototype merged from
// both (OpDef::GetMergeInputs/GetMergeOutputs), and refuses a call outside it. opsim's kernels are
// built for the OpDef's own dtype columns, so the merged column must be the OpDef's `column`,
// which SelectColumn chose for the call. kInvalidTensorDtype / kInvalidTensorFormat naming the
// tensor, what the SoC allows and the config; kUnsupported for a config that declares an input or
// output the OpDef lacks, or gives the call another column than the OpDef's.
Status CheckSocPrototype(const ops::OpDef& def, const std::string& profile,
                         const gert::OpCallData& call, size_t column,
                         const CallerOutputDTypes* outputs);

}  // namespace opsim
