#include "builtin_operations.h"

#include "opsim/framework/reduce_atb_operation.h"

namespace opsim {

void RegisterBuiltinOperations(OperationRegistry& registry) {
  // A fresh registry cannot refuse these: the names are distinct and the factories non-empty.
  (void)registry.Register("Reduce", CreateReduceOperationFromAttrs);
}

}  // namespace opsim
