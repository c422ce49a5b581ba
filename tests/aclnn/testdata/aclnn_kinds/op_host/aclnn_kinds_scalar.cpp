// Two more parameter kinds of a generated aclnn function (docs/ACLNN.md): AclnnKindsScalar's
// `value`, declared .Scalar(), which the generated function takes as an aclScalar (CANN: "the
// input's type in the generated single-operator API is aclScalar"); and AclnnKindsNoInput, which
// has no input at all, so that its output's type picks its dtype column (float or float16).
// Each writes 8 elements of y: value (or 2) everywhere. AclnnKindsConvert's two columns take the
// same input type (float16) and differ in the output's (float16, float32), as ops-math's CastV2's
// do: the caller's output picks the column. It writes y = x (8 elements).
#include "register/op_def_registry.h"

namespace optiling {
static ge::graphStatus OneBlock(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus EightElements(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = gert::Shape({8});
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AclnnKindsScalar : public OpDef {
 public:
  explicit AclnnKindsScalar(const char* name) : OpDef(name) {
    this->Input("value")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_INT32})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND})
        .Scalar();
    this->Output("y")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_INT32})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->SetInferShape(ge::EightElements);
    this->AICore().SetTiling(optiling::OneBlock).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsScalar);

class AclnnKindsNoInput : public OpDef {
 public:
  explicit AclnnKindsNoInput(const char* name) : OpDef(name) {
    this->Output("y")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->SetInferShape(ge::EightElements);
    this->AICore().SetTiling(optiling::OneBlock).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsNoInput);

class AclnnKindsConvert : public OpDef {
 public:
  explicit AclnnKindsConvert(const char* name) : OpDef(name) {
    this->Input("x")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT16, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->SetInferShape(ge::EightElements);
    this->AICore().SetTiling(optiling::OneBlock).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsConvert);
}  // namespace ops
