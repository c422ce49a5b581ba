// ImplSoftsign, a test fixture in today's CANN operator dialect (issue 25): y = scale * x / (1 +
// |x|). The OpDef names inputs, outputs, attributes and SoCs only; its InferShape, InferDataType,
// tiling and TilingParse are registered with IMPL_OP_INFERSHAPE / IMPL_OP_OPTILING in the files
// beside it.
#include "register/op_def_registry.h"

namespace ops {
class ImplSoftsign : public OpDef {
 public:
  explicit ImplSoftsign(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("scale").AttrType(OPTIONAL).Float(1.0);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ImplSoftsign);
}  // namespace ops
