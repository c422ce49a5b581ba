// The host functions every Reduce op type's OpDef sets (reduce_op_defs.cc); the output dtype is
// the input's, as every dtype column says.
#pragma once

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

namespace opsim::reduce_op {

ge::graphStatus InferShape(gert::InferShapeContext* context);
ge::graphStatus Tiling(gert::TilingContext* context);

}  // namespace opsim::reduce_op
