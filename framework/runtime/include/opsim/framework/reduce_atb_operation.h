// The ATB ReduceOperation over op_host's ReduceOperation, with ATB's checks at ATB's stages:
//   creation    rsv must be all zero (ERROR_INVALID_PARAM)
//   InferShape  input count (ERROR_INVALID_IN_TENSOR_NUM), rank (ERROR_INVALID_TENSOR_DIM_NUM),
//               dims, format ND (ERROR_INVALID_TENSOR_FORMAT), dtype in the package's list
//               (ERROR_INVALID_TENSOR_DTYPE), reduceType and axis (ERROR_INVALID_PARAM)
//   Setup       the same on the pack, plus the context (ERROR_INVALID_CONTEXT_ADDR), the ATB
//               strict dtype table unless the context lifts it (ERROR_INVALID_TENSOR_INI_MATCH),
//               output count (ERROR_INVALID_TENSOR_NUM), output dtype/format/rank/dims and
//               every dataSize (ERROR_INVALID_TENSOR_SIZE)
//   Execute     Setup succeeded (ERROR_OPERATION_NULL_RUNNER), the same context on the same
//               device (ERROR_INVALID_CONTEXT_ADDR), the descriptions Setup saw
//               (ERROR_INVALID_PARAM), sizes and addresses, the workspace
//               (ERROR_INVALID_WORKSPACE_SIZE / _ADDR)
// The strict table needs the context, which ATB's InferShape does not take, so it is applied
// from Setup on; InferShape accepts what the package can run.
#pragma once

#include <memory>

#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/framework/operation_registry.h"
#include "reduce/reduce_param.h"

namespace opsim {

inline constexpr char kReduceOperationName[] = "ReduceOperation";

Status CreateReduceOperation(const infer::ReduceParam& param, std::unique_ptr<Operation>* out);

// The registry's "Reduce" factory. Attributes: reduceType (int 1..4, or a string: "sum", "max",
// "min", "prod", any case, with or without the "REDUCE_" prefix), axis (int list). Unknown keys
// and wrong types are kInvalidParam; the values themselves are checked by the operation.
Status CreateReduceOperationFromAttrs(const AttrMap& attrs, std::unique_ptr<Operation>* out);

}  // namespace opsim
