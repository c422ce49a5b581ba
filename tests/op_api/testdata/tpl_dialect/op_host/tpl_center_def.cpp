// TplCenter, a test fixture in today's CANN operator dialect (issue 25): y = (x - mean(x)) *
// scale over the whole tensor, with the cores' partial sums passed through the workspace and a
// template kernel keyed by a BOOL field (whether to scale).
#include "register/op_def_registry.h"

namespace ops {
class TplCenter : public OpDef {
 public:
  explicit TplCenter(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("scale").AttrType(OPTIONAL).Float(1.0);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TplCenter);
}  // namespace ops
