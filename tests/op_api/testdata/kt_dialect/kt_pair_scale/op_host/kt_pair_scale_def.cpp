// KtPairScale, a test fixture in today's CANN operator dialect (issue 25): y = x * 2 + 1. Its
// kernel entry comes in the pair ops-math's add_mat_mat_elements_plus writes: under
// __CCE_KT_TEST__ (a kernel unit test's build) a non-template extern "C" entry reading DTYPE_X,
// else (the operator build) a template over the dtype key. Its arch22 entry file is named
// kt_pair_scale_arch22.cpp, as that op's is.
#include "register/op_def_registry.h"

namespace ops {
class KtPairScale : public OpDef {
 public:
  explicit KtPairScale(const char* name) : OpDef(name) {
    this->Input("x")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(KtPairScale);
}  // namespace ops
