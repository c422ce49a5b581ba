// Registers the reduce family's references (reduce_family_reference.h) under their registry
// names: ReduceMean, ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum, ReduceLogSumExp (ONNX),
// OpenVINO.ReduceMean / ReduceL1 / ReduceL2 / ReduceLogicalAnd / ReduceLogicalOr.
#pragma once

#include "opsim/core/status.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {

Status RegisterReduceFamilyReferences(ReferenceRegistry& registry);

}  // namespace opsim::ref
