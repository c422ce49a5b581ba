// Operator libraries in today's dialect that meet the IMPL_OP joining rules when they load
// (impl_registry_test.cc): built with IMPL_REFUSED_ORPHAN, op ImplOrphaned's library also
// registers a tiling for an op type it does not define (as a repository's shared infershape or
// tiling file does), which is left out; without it, op ImplRefused's tiling is registered in both
// spellings and the library is refused.
#include "register/op_impl_registry.h"

namespace {
#ifndef IMPL_REFUSED_ORPHAN
UINT32 TilingInTheOpDef(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
#endif
UINT32 TilingInTheImplOp(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
}  // namespace

namespace ops {
#ifdef IMPL_REFUSED_ORPHAN
class ImplOrphaned : public OpDef {
 public:
  explicit ImplOrphaned(const char* name) : OpDef(name) {
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
  }
};
OP_ADD(ImplOrphaned);
#else
class ImplRefused : public OpDef {
 public:
  explicit ImplRefused(const char* name) : OpDef(name) {
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    AICore().SetTiling(TilingInTheOpDef);
  }
};
OP_ADD(ImplRefused);
#endif
}  // namespace ops

#ifdef IMPL_REFUSED_ORPHAN
IMPL_OP_OPTILING(ImplOrphaned).Tiling(TilingInTheImplOp);
IMPL_OP_OPTILING(ImplDefinedElsewhere).Tiling(TilingInTheImplOp);
#else
IMPL_OP_OPTILING(ImplRefused).Tiling(TilingInTheImplOp);
#endif
