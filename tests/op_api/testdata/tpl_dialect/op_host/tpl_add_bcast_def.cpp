// TplAddBcast, a test fixture in today's CANN operator dialect (issue 25): y = x1 + x2 with
// broadcasting along leading dimensions, a template kernel chosen by a tiling key over the dtype
// and the scheme. The attribute sch_mode (default -1: the tiling chooses) lets a test ask for a
// scheme no kernel was built for.
#include "register/op_def_registry.h"

namespace ops {
class TplAddBcast : public OpDef {
 public:
  explicit TplAddBcast(const char* name) : OpDef(name) {
    this->Input("x1")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Input("x2")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Attr("sch_mode").AttrType(OPTIONAL).Int(-1);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TplAddBcast);
}  // namespace ops
