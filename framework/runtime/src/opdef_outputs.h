// Output shapes the caller gives: ">"<output name> = an int list. In CANN the application that
// calls an operator through aclnn allocates every output tensor itself, so the tiling and the
// kernel see the caller's shape; an OpDef's InferShape may leave an output unset (InstanceNorm's
// mean) or give it a shape the kernel writes less of (a loss that reduces to one value). A shape
// given here replaces InferShape's for that output: InferShape still runs for the others.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def.h"

namespace opsim {

// By OpDef output: the caller's dims, or none (InferShape's).
using CallerOutputShapes = std::vector<std::optional<std::vector<int64_t>>>;

// The ">name" keys of `attrs`. kInvalidParam naming the key and the rule: a key naming no output
// of the op (with the op's outputs), a value that is not an int list, more than MAX_DIM dims, a
// negative dim.
Status PlanCallerOutputShapes(const ops::OpDef& def, const AttrMap& attrs, CallerOutputShapes* out);

// By OpDef output: the caller's data type ("<"<output name> = the type's number, which ACL and
// GE share), or none. CANN picks the kernel by every tensor's type: an op with no input tensor
// (LogSpace) has only its outputs' types to pick its dtype column by, and one whose columns differ
// only in an output's type (Bincount's bins) needs it beside the inputs' (`opsim exec
// --output-dtype NAME=DTYPE`).
using CallerOutputDTypes = std::vector<std::optional<ge::DataType>>;

// The "<name" keys of `attrs`. kInvalidParam naming the key and the rule: a key naming no output
// of the op, a value that is not an int.
Status PlanCallerOutputDTypes(const ops::OpDef& def, const AttrMap& attrs, CallerOutputDTypes* out);

}  // namespace opsim
