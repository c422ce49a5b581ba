// atb::Operation is opsim::Operation. CreateOperation overloads build operations from their
// parameters; a graph operation owns its nodes' operations, so destroying the graph destroys
// them.
#pragma once

#include <memory>

#include "atb/types.h"
#include "opsim/core/operation.h"
#include "opsim/framework/graph.h"

namespace atb {

using Operation = opsim::Operation;

namespace detail {

inline Status Release(Status status, std::unique_ptr<Operation> created, Operation** operation) {
  if (status.ok()) *operation = created.release();
  return status;
}

inline Status NullOut() {
  return {opsim::ErrorCode::kInvalidParam, "CreateOperation: operation is null"};
}

}  // namespace detail

inline Status CreateOperation(const GraphParam& param, Operation** operation) {
  if (operation == nullptr) return detail::NullOut();
  std::unique_ptr<Operation> created;
  Status status = opsim::CreateGraphOperation(param, &created);
  return detail::Release(std::move(status), std::move(created), operation);
}

// ATB code often ignores this result, so it is not [[nodiscard]].
inline opsim::DiscardableStatus DestroyOperation(Operation* operation) {
  delete operation;
  return Status::Ok();
}

}  // namespace atb
