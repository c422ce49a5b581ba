// ATB's ReduceOperation: the registry's Reduce operator (op_host/reduce, the ATB reading) behind
// ATB's checks at ATB's stages, with ATB's codes (atb_reduce_rules.h holds them; docs/ATB.md
// lists them with the ATB CSV rows that fix each one):
//   creation    rsv must be all zero (ERROR_INVALID_PARAM)
//   InferShape  input count; rank and size; dtype and format against the table
//               (ERROR_INVALID_TENSOR_INI_MATCH); reduceType, then the axes (ERROR_INVALID_PARAM)
//   Setup       context; both counts; every rank and size; the (input, output) dtype and format
//               pair against the table (ERROR_INVALID_TENSOR_INI_MATCH); the parameters; then
//               opsim's own, stricter check of the output shape (ERROR_INVALID_TENSOR_DIM_NUM /
//               _DIM) and the tiling
//   Execute     a successful Setup (ERROR_OPERATION_NULL_RUNNER); the same context, workspace,
//               counts, dataSize and data (ERROR_INVALID_PARAM, as ATB)
// The table is ATB's shipped one unless the rules say otherwise (AtbRules).
#pragma once

#include <memory>

#include "atb_reduce_rules.h"
#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "reduce/reduce_param.h"

namespace opsim {

// Which table and limits apply. ATB's: its shipped dtype table, reduceType within its enum,
// 0 < rank <= 8, every dim > 0. opsim's extensions: the package's dtype table (docs/SPEC.md section
// 2), REDUCE_PROD, rank 0, zero-sized dims.
enum class AtbRules {
  kStrict,    // ATB's at every stage; a context with strict_atb_dtypes = false lifts Setup on
  kExtended,  // opsim's extensions at every stage (the opt-in on an operation)
};

Status CreateReduceOperation(const infer::ReduceParam& param, std::unique_ptr<Operation>* out,
                             AtbRules rules = AtbRules::kStrict);

}  // namespace opsim
