// Lists both ways, as ops-nn's foreach operators declare them: AclnnKindsForeach takes a DYNAMIC
// input x and gives a DYNAMIC output y of as many tensors (y[i] = 2 * x[i]), whose generated aclnn
// function takes two aclTensorLists; AclnnKindsForeachZero has no output and zeroes its DYNAMIC
// input in place (ForeachZeroInplace's form). The tiling gives the kernel each tensor's length in
// the struct registered for its key 1 (aclnn_kinds_foreach_tiling.h).
#include "aclnn_kinds_foreach_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
// Each tensor's element count, from the outputs when there are any (the caller's list), else
// from the input list.
static ge::graphStatus ForeachTiling(gert::TilingContext* context) {
  const gert::AnchorInstanceInfo* list = context->GetIrInputInstanceInfo(0);
  const size_t outputs = context->GetComputeNodeOutputNum();
  const size_t n = list->GetInstanceNum();
  if (n > 8 || (outputs != 0 && outputs != n)) return ge::GRAPH_FAILED;
  AclnnKindsForeachTilingData tiling;
  uint32_t lengths[8] = {};
  for (size_t i = 0; i < n; ++i) {
    const gert::StorageShape* shape =
        outputs != 0 ? context->GetOutputShape(i) : context->GetDynamicInputShape(0, i);
    lengths[i] = static_cast<uint32_t>(shape->GetStorageShape().GetShapeSize());
  }
  tiling.set_count(static_cast<uint32_t>(n));
  tiling.set_lengths(lengths);
  context->SetBlockDim(1);
  context->SetTilingKey(1);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),
                      context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
// As many outputs as inputs, each of its input's shape; another count is the call's error.
static graphStatus ForeachInferShape(gert::InferShapeContext* context) {
  const gert::AnchorInstanceInfo* in = context->GetIrInputInstanceInfo(0);
  const gert::AnchorInstanceInfo* out = context->GetIrOutputInstanceInfo(0);
  if (in == nullptr || out == nullptr || in->GetInstanceNum() != out->GetInstanceNum()) {
    return GRAPH_FAILED;
  }
  for (size_t i = 0; i < out->GetInstanceNum(); ++i) {
    *context->GetOutputShape(out->GetInstanceStart() + i) = *context->GetDynamicInputShape(0, i);
  }
  return GRAPH_SUCCESS;
}
static graphStatus NothingToInfer(gert::InferShapeContext*) { return GRAPH_SUCCESS; }
}  // namespace ge

namespace ops {
class AclnnKindsForeach : public OpDef {
 public:
  explicit AclnnKindsForeach(const char* name) : OpDef(name) {
    this->Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(ge::ForeachInferShape);
    this->AICore().SetTiling(optiling::ForeachTiling).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsForeach);

class AclnnKindsForeachZero : public OpDef {
 public:
  explicit AclnnKindsForeachZero(const char* name) : OpDef(name) {
    this->Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(ge::NothingToInfer);
    this->AICore().SetTiling(optiling::ForeachTiling).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsForeachZero);
}  // namespace ops
