// CANN's op-base report codes (log/error_code.h there): the numbers operators' host code passes
// to the error reports it raises. ops-nn's foreach tiling includes this header through
// foreach_tiling_class.h. The values are CANN's, so a code logged here reads as it would on a
// CANN installation: 14001 and 35000..39999 AI CPU shape inference, 50000..59999 and 69999
// cube, 70001..70018 operator input and attribute checks, 89999 vector.
#pragma once

namespace Ops {
namespace Base {
enum ViewErrorCode {
  INVALID_INFER_SHAPE = 14001,
  INVALID_INPUT_SHAPE = 35000,
  INVALID_ATTR_VALUE = 35001,
  INVALID_ATTR_SIZE = 35002,
  OTHER_ERROR = 35003,
  AICPU_INFER_SHAPE_ERROR = 39999,
  INVALID_CONV_ATTR_VALUE = 50029,
  INVALID_CONV_SET_ATTR = 50057,
  INVALID_CONV_SHAPE = 50058,
  INVALID_MISS_INPUT = 70001,
  INVALID_INPUT_FORMAT = 70002,
  INVALID_INPUT_DTYPE = 70003,
  INVALID_INPUT_TYPE = 70004,
  INVALID_GET_ATTR = 70005,
  INVALID_SET_ATTR = 70006,
  INVALID_OPS_ATTR_VALUE = 70007,
  FAILED_UPDATE_OP = 70008,
  INVALID_SHAPE = 70009,
  INVALID_SHAPE_SIZE = 70010,
  INVALID_SHAPE_DIM = 70011,
  INVALID_BROADCAST_SHAPE = 70012,
  INVALID_TWO_INPUT_DTYPE = 70013,
  INVALID_AIPP_ERROR = 70014,
  INVALID_ONE_INPUT_SHAPE = 70015,
  INVALID_TWO_INPUT_SHAPE = 70016,
  INVALID_ONE_OUTPUT_SHAPE = 70017,
  FAILED_GET_COMPILIE_PARAMS = 70018,
  VECTOR_INNER_ERROR = 89999,
  CUBE_INNER_ERROR = 69999,
  CUBE_INNER_ERROR_PLUGIN = 59999
};
}  // namespace Base
}  // namespace Ops
