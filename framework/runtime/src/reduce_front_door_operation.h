// The Operation shared by every Reduce front door (ATB, ONNX, OpenVINO): the ATB lifecycle
// checks at InferShape / Setup / Execute and the run through op_host's ReduceOperation. A front
// door only says how it reads its parameters against the input: its lowering function.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "opsim/core/dtype.h"
#include "opsim/core/operation.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"
#include "reduce/reduce_request.h"

namespace opsim {

struct ReduceFrontDoor {
  // GetName() and the prefix of every message the shared checks write.
  std::string name;
  // Reads the parameters against one input. strict_atb_dtypes is the context's option (false at
  // InferShape, which has no context); front doors other than ATB ignore it.
  std::function<Status(DType dtype, const Shape& input, bool strict_atb_dtypes,
                       ReduceRequest* request)>
      lower;
};

std::unique_ptr<Operation> MakeReduceFrontDoorOperation(ReduceFrontDoor door);

}  // namespace opsim
