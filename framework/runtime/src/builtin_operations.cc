#include "builtin_operations.h"

#include "opsim/framework/reduce_atb_operation.h"
#include "opsim/framework/reduce_model_operations.h"

namespace opsim {

void RegisterBuiltinOperations(OperationRegistry& registry) {
  // A fresh registry cannot refuse these: the names are distinct and the factories non-empty.
  (void)registry.Register("Reduce", CreateReduceOperationFromAttrs);
  (void)RegisterReduceModelOperations(registry);
}

}  // namespace opsim
