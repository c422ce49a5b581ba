// atb::Context is opsim::Context: the simulated device (ascend910b unless changed with
// SetDevice), host threads, checked mode, tracing, and SetStrictAtbDTypes(false) to lift
// ATB's dtype table.
#pragma once

#include <memory>

#include "atb/types.h"
#include "opsim/framework/context.h"

namespace atb {

using Context = opsim::Context;

inline Status CreateContext(Context** context) {
  if (context == nullptr) {
    return {opsim::ErrorCode::kInvalidParam, "CreateContext: context is null"};
  }
  std::unique_ptr<Context> created;
  Status status = Context::Create(opsim::ContextOptions{}, &created);
  if (status.ok()) *context = created.release();
  return status;
}

// ATB code often ignores this result, so it is not [[nodiscard]].
inline opsim::DiscardableStatus DestroyContext(Context* context) {
  delete context;
  return Status::Ok();
}

}  // namespace atb
