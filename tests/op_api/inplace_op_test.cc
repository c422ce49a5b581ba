// An op with no outputs that updates its input in place (ScatterSub's pattern): no InferShape is
// needed, the kernel gets inputs + workspace + tiling, and the input holds the result. And an
// op whose output is named as its input (CANN's reference output, ScatterElements' var): one
// tensor for both, so a kernel that updates it through the input's address leaves the result
// in the output.
#include <gtest/gtest.h>

#include <cstring>
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
uint32_t SameShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
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

class OpsimDoubleRef : public OpDef {
 public:
  explicit OpsimDoubleRef(const char* name) : OpDef(name) {
    Input("var").DataType({ge::DT_FLOAT});
    Input("scale").DataType({ge::DT_FLOAT});
    Output("var").DataType({ge::DT_FLOAT});
    SetInferShape(SameShape);
    AICore().SetTiling(DoubleTiling);
  }
};
OP_ADD(OpsimDoubleRef);
}  // namespace ops

extern "C" __global__ __aicore__ void opsim_double_in_place(GM_ADDR var, GM_ADDR, GM_ADDR) {
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)var, 8);
  for (uint64_t i = 0; i < 8; ++i) g.SetValue(i, 2 * g.GetValue(i));
}
static const opsim::op_api::KernelRegistrar g_double("OpsimDoubleInPlace", 0,
                                                     &opsim_double_in_place);

// Multiplies var[0..4) by scale[0] through the input's address and never names var_ref, as
// public ScatterElements kernels do; var[4..8) keeps its value.
extern "C" __global__ __aicore__ void opsim_double_ref(GM_ADDR var, GM_ADDR scale, GM_ADDR, GM_ADDR,
                                                       GM_ADDR) {
  AscendC::GlobalTensor<float> g, s;
  g.SetGlobalBuffer((__gm__ float*)var, 8);
  s.SetGlobalBuffer((__gm__ float*)scale, 1);
  for (uint64_t i = 0; i < 4; ++i) g.SetValue(i, s.GetValue(0) * g.GetValue(i));
}
static const opsim::op_api::KernelRegistrar g_double_ref("OpsimDoubleRef", 0, &opsim_double_ref);

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

TEST(RefOutput, TheOutputNamedAsAnInputIsThatInput) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimDoubleRef", {}, &op).ok());
  ASSERT_EQ(op->GetOutputNum(), 1u);
  testing::HostTensor var(testing::Desc(ACL_FLOAT, {8}));
  testing::HostTensor scale(testing::Desc(ACL_FLOAT, {1}));
  testing::HostTensor out(testing::Desc(ACL_FLOAT, {8}));
  testing::Fill(var, 4);
  const float three = 3.0f;
  std::memcpy(scale.data.data(), &three, sizeof three);
  const std::vector<float> before = var.As<float>();
  std::unique_ptr<Context> context;
  ContextOptions options;
  options.checked = true;  // the bytes the kernel leaves alone are the input's, not unwritten
  ASSERT_TRUE(Context::Create(options, &context).ok());
  VariantPack pack = testing::Pack({&var, &scale}, {&out});
  uint64_t ws = 0;
  Status st = op->Setup(pack, ws, context.get());
  if (st.ok()) st = op->Execute(pack, nullptr, 0, context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  const std::vector<float> result = out.As<float>();
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(result[i], (i < 4 ? 3 : 1) * before[i]) << i;
  EXPECT_EQ(var.As<float>(), before);  // the caller's input buffer is only read
}

}  // namespace
}  // namespace opsim
