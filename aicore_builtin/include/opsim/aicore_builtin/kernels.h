// CANN's built-in AI Core kernels, by CANN's op type ("BitwiseAnd"): what an op-API layer's
// ADD_TO_LAUNCHER_LIST_AICORE runs when no loaded OpDef of the type takes the call's types (the
// layer sends a type its own operator lacks, and CANN's built-in kernel of the type serves). Apart
// from OperationRegistry::Global(), where the same type names the operator's OpDef; it answers
// only its own kernels, each registered as aicore_builtin/ loads.
#pragma once

#include "opsim/framework/operation_registry.h"

namespace opsim::aicore_builtin {

OperationRegistry& Kernels();

}  // namespace opsim::aicore_builtin
