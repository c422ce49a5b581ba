// TplAddBcast's AI CPU definition, as today's operator repositories declare one beside the AI
// Core's (ops-nn's op_kernel_aicpu/<op>_aicpu_def.cpp): the types the AI Core's prototype leaves
// out, run by the kernel REGISTER_CPU_KERNEL registers for the op type. CANN builds the two into
// different libraries; this fixture's one library needs the class in a namespace of its own, or
// the two TplAddBcast classes would be one (the One Definition Rule).
#include "register/op_def_registry.h"

namespace ops {
namespace aicpu_def {
class TplAddBcast : public OpDef {
 public:
  explicit TplAddBcast(const char* name) : OpDef(name) {
    this->Input("x1").ParamType(REQUIRED).DataType({ge::DT_DOUBLE, ge::DT_INT64});
    this->Input("x2").ParamType(REQUIRED).DataType({ge::DT_DOUBLE, ge::DT_INT64});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_DOUBLE, ge::DT_INT64});
    this->Attr("sch_mode").AttrType(OPTIONAL).Int(-1);
    this->AICPU().OpKernelLib("CUSTAICPUKernel").KernelSo("libcust_aicpu_kernels.so");
    this->AICPU().UserDefined(true).ExtendCfgInfo("opInfo.opsFlag", "OPS_FLAG_OPEN");
  }
};
OP_ADD(TplAddBcast);
}  // namespace aicpu_def
}  // namespace ops
