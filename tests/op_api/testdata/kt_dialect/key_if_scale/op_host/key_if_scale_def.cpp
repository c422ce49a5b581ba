// KeyIfScale, a test fixture in today's CANN operator dialect (issue 25): a template kernel over a
// UINT key field `mode` (0, 1, 2) that also tests TILING_KEY_VAR in #if, as ops-math's
// arg_max_with_value does: y = x * 3 + 1 for mode 1 (the #if's key), y = x * 2 + mode otherwise.
#include "register/op_def_registry.h"

namespace ops {
class KeyIfScale : public OpDef {
 public:
  explicit KeyIfScale(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("mode").AttrType(OPTIONAL).Int(0);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(KeyIfScale);
}  // namespace ops
