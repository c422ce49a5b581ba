// atb::infer parameters opsim implements, as ATB's atb/infer_op_params.h declares them.
//
// ReduceType's underlying type is fixed to int (ATB leaves it implicit) so that a value outside
// the enum, which ATB's own tests pass (reduceType 4), is a defined value that InferShape can
// refuse rather than undefined behaviour; client code sees no difference. REDUCE_PROD, opsim's
// extension, is atb::OPSIM_REDUCE_PROD in atb/opsim_ext.h, not an enumerator, so that switches
// over ATB's ReduceType stay complete.
#pragma once

#include <cstdint>

#include "atb/operation.h"
#include "atb/svector.h"
#include "atb/types.h"

namespace atb {
namespace infer {

struct ReduceParam {
  enum ReduceType : int {
    REDUCE_UNDEFINED = 0,
    REDUCE_MAX,
    REDUCE_MIN,
    REDUCE_SUM,
  };
  ReduceType reduceType = REDUCE_UNDEFINED;
  SVector<int64_t> axis;
  uint8_t rsv[8] = {0};
};

}  // namespace infer

template <>
Status CreateOperation(const infer::ReduceParam& opParam, Operation** operation);
template <>
Status CloneOperationParam(const Operation* operation, infer::ReduceParam& opParam);
template <>
Status UpdateOperationParam(Operation* operation, const infer::ReduceParam& opParam);

}  // namespace atb
