// An op with no outputs that updates its input in place (ScatterSub's pattern): no InferShape is
// needed, the kernel gets inputs + workspace + tiling, and the input holds the result.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "framework/framework_test_util.h"
#include "kernel_operator.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "register/op_def_registry.h"

namespace {
uint32_t DoubleTiling(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
}  // namespace

namespace ops {
class OpsimDoubleInPlace : public OpDef {
 public:
  explicit OpsimDoubleInPlace(const char* name) : OpDef(name) {
    Input("var").DataType({ge::DT_FLOAT});
    AICore().SetTiling(DoubleTiling);
  }
};
OP_ADD(OpsimDoubleInPlace);
}  // namespace ops

extern "C" __global__ __aicore__ void opsim_double_in_place(GM_ADDR var, GM_ADDR, GM_ADDR) {
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)var, 8);
  for (uint64_t i = 0; i < 8; ++i) g.SetValue(i, 2 * g.GetValue(i));
}
static const opsim::op_api::KernelRegistrar g_double("OpsimDoubleInPlace", 0,
                                                     &opsim_double_in_place);

namespace opsim {
namespace {

TEST(InPlaceOp, TheInputHoldsTheResult) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimDoubleInPlace", {}, &op).ok());
  EXPECT_EQ(op->GetOutputNum(), 0u);
  SVector<TensorDesc> out;
  ASSERT_TRUE(op->InferShape({testing::Desc(ACL_FLOAT, {8})}, out).ok());
  EXPECT_TRUE(out.empty());
  testing::HostTensor var(testing::Desc(ACL_FLOAT, {8}));
  testing::Fill(var, 4);
  const std::vector<float> before = var.As<float>();
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create({}, &context).ok());
  VariantPack pack = testing::Pack({&var}, {});
  uint64_t ws = 0;
  Status st = op->Setup(pack, ws, context.get());
  if (st.ok()) st = op->Execute(pack, nullptr, 0, context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  const std::vector<float> after = var.As<float>();
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(after[i], 2 * before[i]) << i;
}

}  // namespace
}  // namespace opsim
