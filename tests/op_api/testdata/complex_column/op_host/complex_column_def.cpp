// ComplexColumn, a test fixture: an OpDef whose output column is DT_COMPLEX64, a dtype no kernel
// type stands for, with a kernel that never names DTYPE_OUT (as ops-math's complex_v3 takes its
// types from template keys). The library must build; DTYPE_OUT names an incomplete type.
#include "register/op_def_registry.h"

namespace ops {
class ComplexColumn : public OpDef {
 public:
  explicit ComplexColumn(const char* name) : OpDef(name) {
    this->Input("real").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("out").ParamType(REQUIRED).DataType({ge::DT_COMPLEX64}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ComplexColumn);
}  // namespace ops
