// ATB's rules for ReduceOperation, per stage, in one place: what ATB checks, in ATB's order,
// with ATB's codes (its operation_base.cpp, reduce_operation.cpp and ops_configs
// atb_ops_info.ini [ReduceOperation] / [ReduceOperationSUM]; the stages and codes its CSV
// tests expect). `extended` applies opsim's extensions instead of ATB's limits: the package's
// dtype table, REDUCE_PROD, rank-0 tensors and zero-sized dims.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "opsim/core/status.h"
#include "opsim/core/svector.h"
#include "opsim/core/tensor.h"
#include "reduce/reduce_param.h"

namespace opsim {

inline constexpr char kReduceOperationName[] = "ReduceOperation";

// `code` with "ReduceOperation: <what>", as ATB's log names the operation.
Status AtbReduceError(ErrorCode code, const std::string& what);

// Bytes of a description by ATB's Utils::GetTensorSize: 0 for rank 0, a dim <= 0, a dtype ATB
// has no size for, or an overflow.
uint64_t AtbTensorSize(const TensorDesc& desc);

// InferShape, before the parameters meet the input: input count (ERROR_INVALID_IN_TENSOR_NUM),
// the input's rank and size (ERROR_INVALID_TENSOR_DIM / _SIZE), its dtype and format against the
// table (ERROR_INVALID_TENSOR_INI_MATCH), reduceType (ERROR_INVALID_PARAM).
Status CheckAtbReduceInferShape(const infer::ReduceParam& param,
                                const SVector<TensorDesc>& inTensorDescs, bool extended);

// Setup, before the parameters meet the input: context (ERROR_INVALID_PARAM), input and output
// counts (ERROR_INVALID_IN_TENSOR_NUM for both, as ATB), every tensor's rank and size, the
// (input, output) dtype and format pair against the table (ERROR_INVALID_TENSOR_INI_MATCH),
// reduceType.
Status CheckAtbReduceSetup(const infer::ReduceParam& param, const VariantPack& pack,
                           bool has_context, bool extended);

// What Setup saw, for Execute's checks.
struct AtbSetupRecord {
  uint64_t in_bytes = 0;
  uint64_t out_bytes = 0;
  uint64_t workspace_size = 0;
};

// Execute, all ERROR_INVALID_PARAM as in ATB: the workspace against Setup's size, the tensor
// counts, every dataSize against the bytes of the description Setup saw, null data.
Status CheckAtbReduceExecute(const VariantPack& pack, const uint8_t* workspace,
                             uint64_t workspace_size, const AtbSetupRecord& setup);

}  // namespace opsim
