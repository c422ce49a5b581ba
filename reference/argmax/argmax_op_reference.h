// Registers the ArgMax / ArgMin reference (argmax_reference.h) under the registry names ArgMax
// and ArgMin.
#pragma once

#include "opsim/core/status.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {

Status RegisterArgMaxReferences(ReferenceRegistry& registry);

}  // namespace opsim::ref
