// atb::infer parameters and their CreateOperation overloads.
#pragma once

#include <memory>

#include "atb/operation.h"
#include "opsim/framework/reduce_atb_operation.h"
#include "reduce/reduce_param.h"

namespace atb::infer {

using ReduceParam = opsim::infer::ReduceParam;

}  // namespace atb::infer

namespace atb {

inline Status CreateOperation(const infer::ReduceParam& param, Operation** operation) {
  if (operation == nullptr) return detail::NullOut();
  std::unique_ptr<Operation> created;
  Status status = opsim::CreateReduceOperation(param, &created);
  return detail::Release(std::move(status), std::move(created), operation);
}

}  // namespace atb
