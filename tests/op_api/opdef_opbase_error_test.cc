// An OpDef whose host functions report through CANN's op-base log/log.h: the text OP_LOGE
// records is what the generic operation's Setup returns when InferShape or tiling fails.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "framework/framework_test_util.h"
#include "infershape_elewise_util.h"
#include "kernel_operator.h"
#include "log/log.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "register/op_def_registry.h"

namespace {

uint32_t OpBaseProbeInferShape(gert::InferShapeContext* context) {
  const int64_t* mode = context->GetAttrs()->GetInt(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, mode);
  OP_CHECK_IF(*mode == 1, OP_LOGE(context, "mode %ld is refused at InferShape", *mode),
              return ge::GRAPH_FAILED);
  return Ops::Base::InferShape4Elewise(context);
}

uint32_t OpBaseProbeTiling(gert::TilingContext* context) {
  const int64_t mode = *context->GetAttrs()->GetInt(0);
  OP_CHECK_IF(mode == 2, OP_LOGE(context, "mode %ld is refused at tiling", mode),
              return ge::GRAPH_FAILED);
  context->SetBlockDim(1);
  context->GetRawTilingData()->SetDataSize(8);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class OpsimOpBaseProbe : public OpDef {
 public:
  explicit OpsimOpBaseProbe(const char* name) : OpDef(name) {
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Attr("mode").AttrType(OPTIONAL).Int(0);
    SetInferShape(OpBaseProbeInferShape);
    AICore().SetTiling(OpBaseProbeTiling).AddConfig("ascend910b");
  }
};
OP_ADD(OpsimOpBaseProbe);
}  // namespace ops

// Never launched: the tests stop at Setup.
extern "C" __global__ __aicore__ void opsim_op_base_probe(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {}
static const opsim::op_api::KernelRegistrar g_op_base_probe_kernel("OpsimOpBaseProbe", 0,
                                                                   &opsim_op_base_probe);

namespace opsim {
namespace {

Status SetupOpBaseProbe(int64_t mode) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(
      OperationRegistry::Global().Create("OpsimOpBaseProbe", {{"mode", mode}}, &op));
  ContextOptions options;
  options.device = "ascend910b";
  std::unique_ptr<Context> context;
  OPSIM_RETURN_IF_ERROR(Context::Create(options, &context));
  testing::HostTensor x(testing::Desc(ACL_FLOAT, {8})), y(testing::Desc(ACL_FLOAT, {8}));
  VariantPack pack = testing::Pack({&x}, {&y});
  uint64_t ws = 0;
  return op->Setup(pack, ws, context.get());
}

TEST(OpBaseErrors, OpLogeTextIsTheOperationsError) {
  EXPECT_TRUE(SetupOpBaseProbe(0).ok());
  const Status infer = SetupOpBaseProbe(1);
  EXPECT_EQ(infer.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(infer.message(), "OpsimOpBaseProbe:OpsimOpBaseProbe: mode 1 is refused at InferShape");
  const Status tiling = SetupOpBaseProbe(2);
  EXPECT_EQ(tiling.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(tiling.message(), "OpsimOpBaseProbe:OpsimOpBaseProbe: mode 2 is refused at tiling");
}

}  // namespace
}  // namespace opsim
