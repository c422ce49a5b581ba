// An operator with one parameter of every kind a generated aclnn function takes (docs/ACLNN.md),
// written as an operator project writes it: y = x[0] + ... + x[n-1] (a DYNAMIC list)
// + bias (OPTIONAL) + c, where c sums the attributes: count + scale + (flag ? 1 : 0) + the
// string's length + the int list's sum + the float list's sum + the bool list's trues, and the
// ValueDepend inputs the tiling reads: scales' sum, shifts' sum (OPTIONAL) and mask's trues
// (OPTIONAL), which the generated function takes as arrays.
#include <string>

#include "aclnn_kinds_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
static ge::graphStatus AclnnKindsTiling(gert::TilingContext* context) {
  const gert::RuntimeAttrs* attrs = context->GetAttrs();
  float c = static_cast<float>(*attrs->GetInt(0)) + *attrs->GetFloat(1) +
            (*attrs->GetBool(2) ? 1 : 0) + static_cast<float>(std::string(attrs->GetStr(3)).size());
  const gert::TypedContinuousVector<int64_t>* ints = attrs->GetListInt(4);
  for (size_t i = 0; i < ints->GetSize(); ++i) c += static_cast<float>(ints->GetData()[i]);
  const gert::TypedContinuousVector<float>* floats = attrs->GetListFloat(5);
  for (size_t i = 0; i < floats->GetSize(); ++i) c += floats->GetData()[i];
  const gert::TypedContinuousVector<bool>* bools = attrs->GetListBool(6);
  for (size_t i = 0; i < bools->GetSize(); ++i) c += bools->GetData()[i] ? 1 : 0;
  const gert::Tensor* scales = context->GetRequiredInputTensor(2);
  for (int64_t i = 0; i < scales->GetShapeSize(); ++i) c += scales->GetData<float>()[i];
  if (const gert::Tensor* shifts = context->GetOptionalInputTensor(3); shifts != nullptr) {
    for (int64_t i = 0; i < shifts->GetShapeSize(); ++i) {
      c += static_cast<float>(shifts->GetData<int64_t>()[i]);
    }
  }
  if (const gert::Tensor* mask = context->GetOptionalInputTensor(4); mask != nullptr) {
    for (int64_t i = 0; i < mask->GetShapeSize(); ++i) c += mask->GetData<bool>()[i] ? 1 : 0;
  }
  AclnnKindsTilingData tiling;
  tiling.set_total(context->GetDynamicInputShape(0, 0)->GetOriginShape().GetShapeSize());
  tiling.set_c(c);
  context->SetBlockDim(1);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),
                      context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus AclnnKindsInferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AclnnKinds : public OpDef {
 public:
  explicit AclnnKinds(const char* name) : OpDef(name) {
    this->Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("scales")
        .ParamType(REQUIRED)
        .ValueDepend(REQUIRED)
        .DataType({ge::DT_FLOAT})
        .Format({ge::FORMAT_ND});
    this->Input("shifts")
        .ParamType(OPTIONAL)
        .ValueDepend(OPTIONAL)
        .DataType({ge::DT_INT64})
        .Format({ge::FORMAT_ND});
    this->Input("mask")
        .ParamType(OPTIONAL)
        .ValueDepend(OPTIONAL)
        .DataType({ge::DT_BOOL})
        .Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("count").AttrType(REQUIRED).Int();
    this->Attr("scale").AttrType(OPTIONAL).Float(0.5);
    this->Attr("flag").AttrType(OPTIONAL).Bool(false);
    this->Attr("label").AttrType(OPTIONAL).String("ab");
    this->Attr("ints").AttrType(OPTIONAL).ListInt({1, 2});
    this->Attr("floats").AttrType(OPTIONAL).ListFloat({0.25f});
    this->Attr("bools").AttrType(OPTIONAL).ListBool({true, false});
    this->SetInferShape(ge::AclnnKindsInferShape);
    this->AICore().SetTiling(optiling::AclnnKindsTiling).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKinds);
}  // namespace ops
