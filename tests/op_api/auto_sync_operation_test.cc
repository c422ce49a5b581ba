// ContextOptions::auto_sync and KernelBuild::auto_sync reach the launch of an OpDef operation: a
// kernel that reads a vector result with GetValue and no SetFlag<V_S>/WaitFlag<V_S> runs clean
// with auto-sync (the default) and is a kMissingSync fault in checked mode when the context turns
// it off or the kernel was registered as built without it (--cce-auto-sync=off).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "framework/framework_test_util.h"
#include "kernel_operator.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "opsim/op_api/op_registry.h"
#include "register/op_def_registry.h"

namespace {
uint32_t OneBlockTiling(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
}  // namespace

namespace ops {
class OpsimScalarAfterVector : public OpDef {
 public:
  explicit OpsimScalarAfterVector(const char* name) : OpDef(name) {
    Input("var").DataType({ge::DT_FLOAT});
    AICore().SetTiling(OneBlockTiling);
  }
};
OP_ADD(OpsimScalarAfterVector);
class OpsimScalarAfterVectorNoSync : public OpDef {
 public:
  explicit OpsimScalarAfterVectorNoSync(const char* name) : OpDef(name) {
    Input("var").DataType({ge::DT_FLOAT});
    AICore().SetTiling(OneBlockTiling);
  }
};
OP_ADD(OpsimScalarAfterVectorNoSync);
}  // namespace ops

// var[0] = first element of (var + 1), read by S right after the vector Adds.
extern "C" __global__ __aicore__ void opsim_scalar_after_vector(GM_ADDR var, GM_ADDR, GM_ADDR) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 8 * sizeof(float));
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::Duplicate(t, 1.0f, 8);
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)var, 8);
  g.SetValue(0, t.GetValue(0));
}
static const opsim::op_api::KernelRegistrar g_default("OpsimScalarAfterVector", 0,
                                                      &opsim_scalar_after_vector);
static const opsim::op_api::KernelRegistrar g_no_sync("OpsimScalarAfterVectorNoSync", 0,
                                                      &opsim_scalar_after_vector,
                                                      /*auto_sync=*/false);

namespace opsim {
namespace {

Status RunOp(const char* op_type, bool context_auto_sync, bool checked = true) {
  std::unique_ptr<Operation> op;
  Status st = OperationRegistry::Global().Create(op_type, {}, &op);
  if (!st.ok()) return st;
  ContextOptions options;
  options.checked = checked;
  options.auto_sync = context_auto_sync;
  std::unique_ptr<Context> context;
  st = Context::Create(options, &context);
  if (!st.ok()) return st;
  testing::HostTensor var(testing::Desc(ACL_FLOAT, {8}));
  testing::Fill(var, 4);
  VariantPack pack = testing::Pack({&var}, {});
  uint64_t ws = 0;
  st = op->Setup(pack, ws, context.get());
  if (st.ok()) st = op->Execute(pack, nullptr, 0, context.get());
  return st;
}

void ExpectMissingVToS(const Status& st) {
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("missing_sync"), std::string::npos) << st.ToString();
  EXPECT_NE(st.message().find("SetFlag<V_S>/WaitFlag<V_S>"), std::string::npos) << st.ToString();
}

TEST(AutoSyncOperation, OnByDefaultRunsClean) {
  EXPECT_TRUE(ContextOptions{}.auto_sync);
  const Status st = RunOp("OpsimScalarAfterVector", true);
  EXPECT_TRUE(st.ok()) << st.ToString();
}

TEST(AutoSyncOperation, ContextOffFaultsInCheckedMode) {
  ExpectMissingVToS(RunOp("OpsimScalarAfterVector", false));
  const Status unchecked = RunOp("OpsimScalarAfterVector", false, /*checked=*/false);
  EXPECT_TRUE(unchecked.ok()) << unchecked.ToString();
}

TEST(AutoSyncOperation, KernelBuiltWithoutAutoSyncFaultsWhateverTheContextSays) {
  const op_api::KernelBuild* build = op_api::FindKernel("OpsimScalarAfterVectorNoSync", 0);
  ASSERT_NE(build, nullptr);
  EXPECT_FALSE(build->auto_sync);
  EXPECT_TRUE(op_api::FindKernel("OpsimScalarAfterVector", 0)->auto_sync);
  ExpectMissingVToS(RunOp("OpsimScalarAfterVectorNoSync", true));
}

TEST(AutoSyncOperation, ContextSetterSwitchesIt) {
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create({}, &context).ok());
  context->SetAutoSync(false);
  EXPECT_FALSE(context->options().auto_sync);
}

}  // namespace
}  // namespace opsim
