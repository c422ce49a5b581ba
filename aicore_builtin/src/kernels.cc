#include "opsim/aicore_builtin/kernels.h"

namespace opsim::aicore_builtin {

OperationRegistry& Kernels() {
  // Never destroyed: kernels may be created and run while the process exits.
  static OperationRegistry* registry = new OperationRegistry(false);
  return *registry;
}

}  // namespace opsim::aicore_builtin
