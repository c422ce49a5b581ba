// Registers the Eigen reference of every Reduce reading under its registry name: ReduceSum,
// ReduceMax, ReduceMin, ReduceProd (ONNX), OpenVINO.ReduceSum/Max/Min/Prod and Reduce (ATB).
#pragma once

#include "opsim/core/status.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {

Status RegisterReduceReferences(ReferenceRegistry& registry);

}  // namespace opsim::ref
