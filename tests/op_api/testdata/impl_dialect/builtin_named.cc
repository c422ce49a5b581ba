// A user's operator library whose op type is also one of opsim's own operators (Reciprocal), as a
// CANN custom operator package may define Div or Add again (impl_registry_test.cc): loaded, it
// replaces the built-in op. Its OpDef differs from the built-in's (input "x", attribute "scale",
// float16 only) so that a test can tell which one the registry gives; it has no kernel, but for
// BUILTIN_NAMED_WITH_KERNEL (linked into a program, linked_override_test.cc): a do-nothing one for
// its column 0.
#include "register/op_def_registry.h"

#ifdef BUILTIN_NAMED_WITH_KERNEL
#include <cstdint>

#include "opsim/op_api/kernel_entry.h"

extern "C" void users_reciprocal(uint8_t*, uint8_t*) {}
namespace {
const opsim::op_api::KernelRegistrar<uint8_t*, uint8_t*> g_users_kernel("Reciprocal", 0,
                                                                        &users_reciprocal);
}  // namespace
#endif

namespace {
ge::graphStatus UsersTiling(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
}  // namespace

namespace ops {
class Reciprocal : public OpDef {
 public:
  explicit Reciprocal(const char* name) : OpDef(name) {
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    Attr("scale").AttrType(OPTIONAL).Float(1.0);
    AICore().SetTiling(UsersTiling);
    AICore().AddConfig("ascend910b");
  }
};
OP_ADD(Reciprocal);
}  // namespace ops
