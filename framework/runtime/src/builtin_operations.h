// The operators the runtime ships, registered into OperationRegistry::Global() on first use.
#pragma once

#include "opsim/framework/operation_registry.h"

namespace opsim {

void RegisterBuiltinOperations(OperationRegistry& registry);

}  // namespace opsim
