// TplAddBcast's shape inference: numpy's broadcast of x1 and x2 (the op-base helper), y of x1's
// dtype.
#include "exe_graph/runtime/infer_shape_context.h"
#include "infershape_broadcast_util.h"
#include "log/log.h"
#include "register/op_impl_registry.h"

using namespace ge;

namespace ops {

static graphStatus InferDataTypeTplAddBcast(gert::InferDataTypeContext* context) {
  return context->SetOutputDataType(0, context->GetInputDataType(0));
}

IMPL_OP_INFERSHAPE(TplAddBcast)
    .InferShape(Ops::Base::InferShape4Broadcast)
    .InferDataType(InferDataTypeTplAddBcast);

}  // namespace ops
