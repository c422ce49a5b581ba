// ImplSoftsign's shape and dtype inference, registered the way today's CANN operators register
// theirs: y has x's shape and dtype.
#include "exe_graph/runtime/infer_shape_context.h"
#include "log/log.h"
#include "register/op_impl_registry.h"

using namespace ge;

namespace ops {

static graphStatus InferShapeImplSoftsign(gert::InferShapeContext* context) {
  OP_LOGD(context, "Begin InferShapeImplSoftsign");
  const gert::Shape* xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  gert::Shape* yShape = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
  *yShape = *xShape;
  return GRAPH_SUCCESS;
}

static graphStatus InferDataTypeImplSoftsign(gert::InferDataTypeContext* context) {
  return context->SetOutputDataType(0, context->GetInputDataType(0));
}

IMPL_OP_INFERSHAPE(ImplSoftsign)
    .InferShape(InferShapeImplSoftsign)
    .InferDataType(InferDataTypeImplSoftsign);

}  // namespace ops
