// Registers the elementwise operators' references (elementwise_reference.h) under their registry
// names: Abs, Neg, Exp, Log, Sqrt, Reciprocal, Add, Sub, Mul, Div, Cast, CastLike.
#pragma once

#include "opsim/core/status.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {

Status RegisterElementwiseReferences(ReferenceRegistry& registry);

}  // namespace opsim::ref
