// GE's engine choice, as an operator of the 2026 dialect is split: an AI Core OpDef whose SoC
// prototype takes float16/float32, and the op's AI CPU OpDef (AICPU() called, as ops-nn's
// op_kernel_aicpu/<op>_aicpu_def.cpp) with its REGISTER_CPU_KERNEL kernel for double and int64.
// Every door reaches these through OperationRegistry::Create, as here.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpu_kernel.h"
#include "cpu_types.h"
#include "framework/framework_test_util.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def_registry.h"

namespace {

uint32_t EngineProbeInferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

uint32_t EngineProbeTiling(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {

class OpsimEngineProbe : public OpDef {
 public:
  explicit OpsimEngineProbe(const char* name) : OpDef(name) {
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
    Attr("alpha").AttrType(OPTIONAL).Float(2.0f);
    SetInferShape(EngineProbeInferShape);
    AICore().SetTiling(EngineProbeTiling);
    AICore().AddConfig("ascend910b");
  }
};
OP_ADD(OpsimEngineProbe);

}  // namespace ops

// The AI CPU definition of the same op type, registered from another file in a real project.
namespace opsim_aicpu_probe {

class OpsimEngineProbe : public ops::OpDef {
 public:
  explicit OpsimEngineProbe(const char* name) : OpDef(name) {
    Input("x").ParamType(ops::REQUIRED).DataType({ge::DT_DOUBLE, ge::DT_INT64});
    Output("y").ParamType(ops::REQUIRED).DataType({ge::DT_DOUBLE, ge::DT_INT64});
    Attr("alpha").AttrType(ops::OPTIONAL).Float(2.0f);
    SetInferShape(EngineProbeInferShape);
    AICPU().OpKernelLib("CUSTAICPUKernel").KernelSo("libopsim_probe_aicpu.so").UserDefined(true);
  }
};
OP_ADD(OpsimEngineProbe);

// An AI CPU op type whose kernel was never registered.
class OpsimUnkernelled : public ops::OpDef {
 public:
  explicit OpsimUnkernelled(const char* name) : OpDef(name) {
    Input("x").ParamType(ops::REQUIRED).DataType({ge::DT_DOUBLE});
    Output("y").ParamType(ops::REQUIRED).DataType({ge::DT_DOUBLE});
    SetInferShape(EngineProbeInferShape);
    AICPU().OpKernelLib("CUSTAICPUKernel");
  }
};
OP_ADD(OpsimUnkernelled);

}  // namespace opsim_aicpu_probe

namespace aicpu {

// y = alpha * x; alpha < 0 is refused, alpha 13 throws, as a kernel under development might.
class OpsimEngineProbeCpuKernel : public CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    Tensor* x = ctx.Input(0);
    Tensor* y = ctx.Output(0);
    AttrValue* alpha_attr = ctx.GetAttr("alpha");
    if (x == nullptr || y == nullptr || alpha_attr == nullptr) return KERNEL_STATUS_PARAM_INVALID;
    const float alpha = alpha_attr->GetFloat();
    if (alpha < 0) return KERNEL_STATUS_PARAM_INVALID;
    if (alpha == 13) throw std::runtime_error("unlucky alpha");
    const int64_t n = x->NumElements();
    if (x->GetDataType() == DT_DOUBLE) return Scale<double>(x, y, n, alpha);
    if (x->GetDataType() == DT_INT64) return Scale<int64_t>(x, y, n, alpha);
    return KERNEL_STATUS_PARAM_INVALID;
  }

 private:
  template <typename T>
  static uint32_t Scale(Tensor* x, Tensor* y, int64_t n, float alpha) {
    const T* in = static_cast<const T*>(x->GetData());
    T* out = static_cast<T*>(y->GetData());
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(in[i] * static_cast<T>(alpha));
    return KERNEL_STATUS_OK;
  }
};

const char* const kOpsimEngineProbe = "OpsimEngineProbe";
REGISTER_CPU_KERNEL(kOpsimEngineProbe, OpsimEngineProbeCpuKernel);

}  // namespace aicpu

namespace opsim {
namespace {

using testing::Desc;
using testing::HostTensor;

struct EngineRun {
  Status status;
  HostTensor y{Desc(ACL_DOUBLE, {4})};
  uint64_t launches = 0;
  uint64_t workspace = 99;
};

EngineRun RunEngineProbe(const char* op, aclDataType dtype, const std::string& device,
                         const AttrMap& attrs = {}) {
  EngineRun r;
  HostTensor x(Desc(dtype, {4}));
  r.y = HostTensor(Desc(dtype, {4}));
  if (dtype == ACL_DOUBLE) {
    const double values[4] = {1.5, -2.0, 0.25, 8.0};
    std::memcpy(x.data.data(), values, sizeof(values));
  } else if (dtype == ACL_INT64) {
    const int64_t values[4] = {3, -4, 0, 1LL << 40};
    std::memcpy(x.data.data(), values, sizeof(values));
  }
  std::unique_ptr<Operation> op_ptr;
  r.status = OperationRegistry::Global().Create(op, attrs, &op_ptr);
  if (!r.status.ok()) return r;
  ContextOptions options;
  options.device = device;
  std::unique_ptr<Context> context;
  r.status = Context::Create(options, &context);
  if (!r.status.ok()) return r;
  SVector<TensorDesc> out;
  r.status = op_ptr->InferShape({x.desc}, out);
  if (!r.status.ok()) return r;
  VariantPack pack = testing::Pack({&x}, {&r.y});
  r.status = op_ptr->Setup(pack, r.workspace, context.get());
  if (r.status.ok()) r.status = op_ptr->Execute(pack, nullptr, 0, context.get());
  r.launches = context->launches();
  return r;
}

TEST(AiCpuEngine, TheAICoreRunsWhatItsPrototypeTakes) {
  // The AI Core was chosen: the call gets as far as its kernel's lookup (this op has none).
  const EngineRun r = RunEngineProbe("OpsimEngineProbe", ACL_FLOAT, "ascend910b");
  EXPECT_EQ(r.status.code(), ErrorCode::kUnsupported);
  EXPECT_NE(r.status.message().find("no kernel 'opsim_engine_probe' is registered"),
            std::string::npos)
      << r.status.message();
}

TEST(AiCpuEngine, TheAICpuKernelRunsTheRest) {
  EngineRun r = RunEngineProbe("OpsimEngineProbe", ACL_DOUBLE, "ascend910b", {{"alpha", 4.0}});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.y.As<double>(), (std::vector<double>{6.0, -8.0, 1.0, 32.0}));
  EXPECT_EQ(r.workspace, 0u);
  EXPECT_EQ(r.launches, 0u);                                        // no AI Core launch
  r = RunEngineProbe("OpsimEngineProbe", ACL_INT64, "ascend310p");  // alpha's default, 2
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.y.As<int64_t>(), (std::vector<int64_t>{6, -8, 0, 1LL << 41}));
}

TEST(AiCpuEngine, ACallNeitherTakesGetsBothReasons) {
  EngineRun r = RunEngineProbe("OpsimEngineProbe", ACL_INT8, "ascend910b");
  EXPECT_EQ(r.status.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_NE(r.status.message().find("nor does its AI CPU OpDef take it: OpsimEngineProbe: input 0 "
                                    "(x) dtype int8 is not supported"),
            std::string::npos)
      << r.status.message();
  // float32 on a SoC without an AI Core config, which the AI CPU's prototype does not take.
  r = RunEngineProbe("OpsimEngineProbe", ACL_FLOAT, "ascend310p");
  EXPECT_EQ(r.status.code(), ErrorCode::kUnsupported);
  EXPECT_NE(r.status.message().find("has no AICore config for ascend310p"), std::string::npos)
      << r.status.message();
  EXPECT_NE(r.status.message().find("nor does its AI CPU OpDef take it"), std::string::npos)
      << r.status.message();
}

TEST(AiCpuEngine, AnAICpuOpWithoutAKernelIsRefusedNamingTheRegisteredOnes) {
  const EngineRun r = RunEngineProbe("OpsimUnkernelled", ACL_DOUBLE, "ascend910b");
  EXPECT_EQ(r.status.code(), ErrorCode::kUnsupported);
  EXPECT_NE(r.status.message().find("OpsimUnkernelled: its OpDef names the AI CPU (AICPU()), but "
                                    "no kernel of op type OpsimUnkernelled is registered "
                                    "(REGISTER_CPU_KERNEL; registered: "),
            std::string::npos)
      << r.status.message();
  EXPECT_NE(r.status.message().find("OpsimEngineProbe"), std::string::npos);
}

TEST(AiCpuEngine, AKernelsFailureOrExceptionIsAnErrorNamingIt) {
  EngineRun r = RunEngineProbe("OpsimEngineProbe", ACL_DOUBLE, "ascend910b", {{"alpha", -1.0}});
  EXPECT_EQ(r.status.code(), ErrorCode::kRtFail);
  EXPECT_EQ(r.status.message(),
            "OpsimEngineProbe: its AI CPU kernel's Compute returned 1 "
            "(KERNEL_STATUS_PARAM_INVALID): the AI CPU kernel of OpsimEngineProbe returned "
            "KERNEL_STATUS_PARAM_INVALID");
  r = RunEngineProbe("OpsimEngineProbe", ACL_DOUBLE, "ascend910b", {{"alpha", 13.0}});
  EXPECT_EQ(r.status.code(), ErrorCode::kRtFail);
  // CANN's RunCpuKernel, which opsim's run goes through, turns the exception into a status.
  EXPECT_EQ(r.status.message(),
            "OpsimEngineProbe: its AI CPU kernel's Compute returned 2 "
            "(KERNEL_STATUS_INNER_ERROR): the AI CPU kernel of OpsimEngineProbe threw: unlucky "
            "alpha");
}

// One operation, several Setups: the same call keeps its engine, another dtype chooses again.
TEST(AiCpuEngine, EachSetupRunsTheEngineItsCallChooses) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimEngineProbe", {}, &op).ok());
  ContextOptions options;
  options.device = "ascend910b";
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create(options, &context).ok());
  HostTensor x(Desc(ACL_DOUBLE, {4})), y(Desc(ACL_DOUBLE, {4}));
  const double values[4] = {1, 2, 3, 4};
  std::memcpy(x.data.data(), values, sizeof(values));
  VariantPack pack = testing::Pack({&x}, {&y});
  uint64_t workspace = 0;
  for (int round = 0; round < 2; ++round) {
    ASSERT_TRUE(op->Setup(pack, workspace, context.get()).ok());
    ASSERT_TRUE(op->Execute(pack, nullptr, 0, context.get()).ok());
    EXPECT_EQ(y.As<double>(), (std::vector<double>{2, 4, 6, 8})) << round;
  }
  HostTensor xf(Desc(ACL_FLOAT, {4})), yf(Desc(ACL_FLOAT, {4}));
  VariantPack on_aicore = testing::Pack({&xf}, {&yf});
  const Status st = op->Setup(on_aicore, workspace, context.get());
  EXPECT_NE(st.message().find("no kernel 'opsim_engine_probe' is registered"), std::string::npos)
      << st.message();
  EXPECT_EQ(op->Execute(on_aicore, nullptr, 0, context.get()).code(),
            ErrorCode::kOperationNullRunner);
}

TEST(AiCpuEngine, OpDefsKeepTheirEngineItems) {
  opsim_aicpu_probe::OpsimEngineProbe def("OpsimEngineProbe");
  EXPECT_TRUE(def.IsAICPU());
  EXPECT_EQ(
      def.GetAICPU().GetCfgKeys(),
      (std::vector<std::string>{"opInfo.opKernelLib", "opInfo.kernelSo", "opInfo.userDefined"}));
  EXPECT_EQ(def.GetAICPU().GetConfigValue("opInfo.userDefined"), "True");
  def.AICPU().KernelSo("other.so");  // a key set again keeps its place
  EXPECT_EQ(def.GetAICPU().GetCfgKeys().size(), 3u);
  EXPECT_EQ(def.GetAICPU().GetConfigValue("opInfo.kernelSo"), "other.so");
  ops::OpsimEngineProbe aicore("OpsimEngineProbe");
  EXPECT_FALSE(aicore.IsAICPU());
}

}  // namespace
}  // namespace opsim
