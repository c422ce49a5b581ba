// CANN's op-base InferShape for broadcasting operators (opbase
// op_common/op_host/infershape_broadcast_util.h), reached as "infershape_broadcast_util.h".
//
// Shapes align at their last dims; a pair of dims gives the equal value, the other one when one
// is 1, the known one when the other is -1 (unknown; a pair of 1 and -1 gives -1), and fails
// otherwise (2 and 3, or 0 and 2). An unknown rank [-2] anywhere makes the output [-2].
#pragma once

#include <cstddef>
#include <vector>

#include "exe_graph/runtime/infer_shape_context.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/opbase_export.h"

namespace Ops {
namespace Base {

// Output 0 := broadcast of inputs 0 and 1.
OPBASE_API ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context);
// Output 0 := broadcast of inputs 0..inputNum-1 (GRAPH_FAILED for inputNum 0).
OPBASE_API ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context, size_t inputNum);

// false (with an error line) when the shapes do not broadcast; outShape is then unspecified.
OPBASE_API bool BroadcastShape(const gert::Shape* in1Shape, const gert::Shape* in2Shape,
                               gert::Shape* outShape);
OPBASE_API bool BroadcastShape(const std::vector<const gert::Shape*>& inShapes,
                               gert::Shape* outShape);

}  // namespace Base
}  // namespace Ops
