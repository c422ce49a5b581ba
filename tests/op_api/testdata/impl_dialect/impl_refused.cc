// Operator libraries in today's dialect that opsim refuses when they load (impl_registry_test.cc):
// built with IMPL_REFUSED_ORPHAN, an IMPL_OP_OPTILING names an op type no OP_ADD of the library
// defines (a typo); without it, the op's tiling is registered in both spellings.
#include "register/op_impl_registry.h"

namespace {
#ifndef IMPL_REFUSED_ORPHAN
UINT32 TilingInTheOpDef(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
#endif
UINT32 TilingInTheImplOp(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
}  // namespace

namespace ops {
class ImplRefused : public OpDef {
 public:
  explicit ImplRefused(const char* name) : OpDef(name) {
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
#ifndef IMPL_REFUSED_ORPHAN
    AICore().SetTiling(TilingInTheOpDef);
#endif
  }
};
OP_ADD(ImplRefused);
}  // namespace ops

#ifdef IMPL_REFUSED_ORPHAN
IMPL_OP_OPTILING(ImplRefusedTypo).Tiling(TilingInTheImplOp);
#else
IMPL_OP_OPTILING(ImplRefused).Tiling(TilingInTheImplOp);
#endif
