// A host file in CANN's 2026 operator dialect (written for opsim's tests in the manner of an
// ops-math op_host/<op>_infershape.cpp): the op-base headers through the include roots such
// files use, the one-argument OP_LOGI, OP_CHECK_NULL_WITH_CONTEXT and the broadcast helper.
// Registration (IMPL_OP_INFERSHAPE) is a later step; the tests call the function directly.
#include "infershape_broadcast_util.h"
#include "log/log.h"
#include "util/shape_util.h"

using namespace ge;

namespace ops {

static constexpr size_t IDX_X1 = 0;
static constexpr size_t IDX_X2 = 1;
static constexpr size_t IDX_Y = 0;

graphStatus InferShapeForFixtureAdd(gert::InferShapeContext* context) {
  OP_LOGI("Begin InferShapeForFixtureAdd");
  const gert::Shape* x1Shape = context->GetInputShape(IDX_X1);
  OP_CHECK_NULL_WITH_CONTEXT(context, x1Shape);
  const gert::Shape* x2Shape = context->GetInputShape(IDX_X2);
  OP_CHECK_NULL_WITH_CONTEXT(context, x2Shape);
  gert::Shape* yShape = context->GetOutputShape(IDX_Y);
  OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
  if (Ops::Base::IsUnknownRank(*x1Shape) || Ops::Base::IsUnknownRank(*x2Shape)) {
    OP_LOGD(context, "unknown rank input, output is unknown rank");
    Ops::Base::SetUnknownRank(*yShape);
    return GRAPH_SUCCESS;
  }
  OP_CHECK_IF(Ops::Base::InferShape4Broadcast(context) != GRAPH_SUCCESS,
              OP_LOGE(context, "x1 %s and x2 %s do not broadcast",
                      Ops::Base::ToString(*x1Shape).c_str(), Ops::Base::ToString(*x2Shape).c_str()),
              return GRAPH_FAILED);
  OP_LOGD(context, "End InferShapeForFixtureAdd: %s", Ops::Base::ToString(*yShape).c_str());
  return GRAPH_SUCCESS;
}

}  // namespace ops
