// CANN's op-base InferShape for element-wise operators (opbase
// op_common/op_host/infershape_elewise_util.h), reached as "infershape_elewise_util.h".
#pragma once

#include "exe_graph/runtime/infer_shape_context.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/opbase_export.h"
#include "op_common/op_host/util/shape_util.h"

namespace Ops {
namespace Base {

// Output 0's shape := input 0's (an unknown rank [-2] included). GRAPH_FAILED, with an error
// line naming the missing one, when either shape is absent.
OPBASE_API ge::graphStatus InferShape4Elewise(gert::InferShapeContext* context);

}  // namespace Base
}  // namespace Ops
