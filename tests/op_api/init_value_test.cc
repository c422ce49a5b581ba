// OpParamDef::InitValue(0): CANN's framework zeroes such an output before the launch, and
// kernels that accumulate into it atomically rely on that. opsim does the same, so they run clean
// in checked mode; without it the same kernel accumulates onto bytes nothing wrote, a fault.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "kernel_operator.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "register/op_def_registry.h"

namespace {

uint32_t AccumulateTiling(gert::TilingContext* context) {
  context->SetBlockDim(2);
  return ge::GRAPH_SUCCESS;
}

uint32_t AccumulateInferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = gert::Shape({8});
  return ge::GRAPH_SUCCESS;
}

// Each of the two blocks adds x (8 floats) into y under SetAtomicAdd, never zeroing y.
void AccumulateKernel(GM_ADDR x, GM_ADDR y) {
  AscendC::GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x, 8);
  yg.SetGlobalBuffer((__gm__ float*)y, 8);
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  AscendC::DataCopy(b.Get<float>(), xg, 8);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::SetAtomicAdd<float>();
  AscendC::DataCopy(yg, b.Get<float>(), 8);
  AscendC::SetAtomicNone();
}

}  // namespace

namespace ops {
class OpsimAccumulateZeroed : public OpDef {
 public:
  explicit OpsimAccumulateZeroed(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT});
    Output("y").DataType({ge::DT_FLOAT}).InitValue(0);
    SetInferShape(AccumulateInferShape);
    AICore().SetTiling(AccumulateTiling);
  }
};
OP_ADD(OpsimAccumulateZeroed);
class OpsimAccumulateUnzeroed : public OpDef {
 public:
  explicit OpsimAccumulateUnzeroed(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT});
    Output("y").DataType({ge::DT_FLOAT});
    SetInferShape(AccumulateInferShape);
    AICore().SetTiling(AccumulateTiling);
  }
};
OP_ADD(OpsimAccumulateUnzeroed);
}  // namespace ops

extern "C" __global__ __aicore__ void opsim_accumulate_zeroed(GM_ADDR x, GM_ADDR y, GM_ADDR,
                                                              GM_ADDR) {
  AccumulateKernel(x, y);
}
static const opsim::op_api::KernelRegistrar g_accumulate_zeroed("OpsimAccumulateZeroed", 0,
                                                                &opsim_accumulate_zeroed);
extern "C" __global__ __aicore__ void opsim_accumulate_unzeroed(GM_ADDR x, GM_ADDR y, GM_ADDR,
                                                                GM_ADDR) {
  AccumulateKernel(x, y);
}
static const opsim::op_api::KernelRegistrar g_accumulate_unzeroed("OpsimAccumulateUnzeroed", 0,
                                                                  &opsim_accumulate_unzeroed);

namespace opsim {
namespace {

// Runs `op_type` on x = 1..8 with y pre-filled with 100 (stale device memory), checked.
Status RunAccumulate(const char* op_type, std::vector<float>* y_out) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(op_type, {}, &op));
  ContextOptions options;
  options.checked = true;
  std::unique_ptr<Context> context;
  OPSIM_RETURN_IF_ERROR(Context::Create(options, &context));
  std::vector<float> x(8);
  for (int i = 0; i < 8; ++i) x[i] = static_cast<float>(i + 1);
  std::vector<float> y(8, 100.0f);
  VariantPack pack;
  Tensor xt, yt;
  xt.desc = testing::Desc(ACL_FLOAT, {8});
  xt.deviceData = x.data();
  xt.dataSize = 8 * sizeof(float);
  yt.desc = testing::Desc(ACL_FLOAT, {8});
  yt.deviceData = y.data();
  yt.dataSize = 8 * sizeof(float);
  pack.inTensors.push_back(xt);
  pack.outTensors.push_back(yt);
  uint64_t ws = 0;
  OPSIM_RETURN_IF_ERROR(op->Setup(pack, ws, context.get()));
  OPSIM_RETURN_IF_ERROR(op->Execute(pack, nullptr, 0, context.get()));
  *y_out = y;
  return Status::Ok();
}

TEST(InitValue, AnOutputWithInitValueZeroIsZeroedBeforeTheLaunch) {
  std::vector<float> y;
  const Status st = RunAccumulate("OpsimAccumulateZeroed", &y);
  ASSERT_TRUE(st.ok()) << st.ToString();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(y[i], 2.0f * static_cast<float>(i + 1)) << i;
}

TEST(InitValue, WithoutItAccumulatingOntoTheOutputIsAFault) {
  std::vector<float> y;
  const Status st = RunAccumulate("OpsimAccumulateUnzeroed", &y);
  EXPECT_EQ(st.code(), ErrorCode::kKernelFault);
  EXPECT_NE(st.message().find("atomic accumulation onto GM 'y' [0x0, 0x20)"), std::string::npos)
      << st.message();
  EXPECT_NE(st.message().find("[uninitialized_read]"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace opsim
