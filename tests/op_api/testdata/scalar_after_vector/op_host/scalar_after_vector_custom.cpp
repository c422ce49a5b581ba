// ScalarAfterVectorCustom: y = x + 1, then y[0] += y[1] by scalar GetValue/SetValue right after
// the vector Adds, with no SetFlag/WaitFlag: correct only when CANN's --cce-auto-sync inserts
// the V_S and S_MTE3 syncs (tests/op_api/auto_sync_library_test.sh builds it with and without).
#include "register/op_def_registry.h"
#include "scalar_after_vector_custom_tiling.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  ScalarAfterVectorTilingData tiling;
  const uint32_t total = context->GetInputShape(0)->GetOriginShape().GetShapeSize();
  if (total < 2 || total % 8 != 0 || total > 8192) return ge::GRAPH_FAILED;
  context->SetBlockDim(1);
  FillScalarAfterVectorTiling(total, tiling);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),
                      context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  size_t* workspace = context->GetWorkspaceSizes(1);
  workspace[0] = 0;
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context) {
  context->SetOutputDataType(0, context->GetInputDataType(0));
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ScalarAfterVectorCustom : public OpDef {
 public:
  explicit ScalarAfterVectorCustom(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
    this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend910b");
  }
};
OP_ADD(ScalarAfterVectorCustom);
}  // namespace ops
