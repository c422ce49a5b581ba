// An attribute map (YAML, ONNX, CLI) read against an OpDef's attribute list: typed, defaulted,
// in declaration order, as gert::RuntimeAttrs hands them to the op's functions.
#pragma once

#include "exe_graph/runtime/runtime_attrs.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def.h"

namespace opsim {

// kInvalidParam for an attribute the OpDef does not declare (with the nearest declared name),
// a value of the wrong type, or a REQUIRED attribute without a value; names the op and the key.
// Conversions: an int attribute takes true/false as 1/0, a bool one takes 0 and 1, a float one
// takes ints, a string one takes an int as its decimal text. An absent OPTIONAL attribute declared
// without a default reads as absent (nullptr).
Status ResolveOpDefAttrs(const ops::OpDef& def, const AttrMap& attrs, gert::RuntimeAttrs* out);

}  // namespace opsim
