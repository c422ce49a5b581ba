// Complex outputs through a generated aclnn function (docs/ACLNN.md, session 26), as ops-math's
// ComplexV3 declares them: AclnnKindsComplex's float inputs re and im make a complex64 output (its
// float16 column a complex32 one), which the kernel writes as interleaved (re, im) pairs of the
// inputs' type, never naming a complex type. AclnnKindsHeld writes y = 2x and keeps a queue tile
// it never frees at the kernel's end: legal on the chip, a buffer_leak warning in opsim.
// AclnnKindsInt4 takes 64 int4 values (DT_INT4, packed two a byte) to float16 y and int4 z.
#include "register/op_def_registry.h"

namespace optiling {
static ge::graphStatus SingleCore(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus AsFirstInput(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return GRAPH_SUCCESS;
}
static graphStatus AllAsFirstInput(gert::InferShapeContext* context) {
  for (size_t k = 0; k < context->GetComputeNodeOutputNum(); ++k) {
    *context->GetOutputShape(k) = *context->GetInputShape(0);
  }
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AclnnKindsComplex : public OpDef {
 public:
  explicit AclnnKindsComplex(const char* name) : OpDef(name) {
    this->Input("re")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Input("im")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y")
        .ParamType(REQUIRED)
        .DataType({ge::DT_COMPLEX64, ge::DT_COMPLEX32})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->SetInferShape(ge::AsFirstInput);
    this->AICore().SetTiling(optiling::SingleCore).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsComplex);

class AclnnKindsHeld : public OpDef {
 public:
  explicit AclnnKindsHeld(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(ge::AsFirstInput);
    this->AICore().SetTiling(optiling::SingleCore).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsHeld);

class AclnnKindsInt4 : public OpDef {
 public:
  explicit AclnnKindsInt4(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_INT4}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_INT4}).Format({ge::FORMAT_ND});
    this->SetInferShape(ge::AllAsFirstInput);
    this->AICore().SetTiling(optiling::SingleCore).AddConfig("ascend910b");
  }
};
OP_ADD(AclnnKindsInt4);
}  // namespace ops
