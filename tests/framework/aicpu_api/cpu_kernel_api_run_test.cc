// CANN's AI CPU kernel API (aicpu/kernel_api): running kernels. CpuKernelContext, CpuKernelUtils
// (factories, ParallelFor, GetCPUNum), the registry (REGISTER_CPU_KERNEL's RegistCpuKernel, V2),
// RunCpuKernel's refusals, a kernel that fails, throws or misuses ParallelFor, a node built the
// way opsim's runtime builds one, and the log.
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cpu_kernel_register.h"
#include "cpu_kernel_utils.h"
#include "log.h"
#include "opsim_cpu_kernel_error.h"

namespace cpu_kernel_api_run_test {
namespace {

// REGISTER_CPU_KERNEL names these unqualified, as in CANN's kernels (written in namespace aicpu).
using aicpu::CpuKernel;
using aicpu::CpuKernelContext;
using aicpu::CpuKernelRegister;
using aicpu::CpuKernelUtils;
using aicpu::MakeShared;

// Copies the 4-byte elements of input 0 to output 0, doubling float32 ones.
class RunTestCopyKernel : public aicpu::CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    const auto* in = static_cast<const float*>(ctx.Input(0)->GetData());
    auto* out = static_cast<float*>(ctx.Output(0)->GetData());
    for (int64_t k = 0; k < ctx.Input(0)->NumElements(); ++k) out[k] = 2 * in[k];
    return aicpu::KERNEL_STATUS_OK;
  }
};

const char* const kRunTestCopy = "RunTestCopy";
REGISTER_CPU_KERNEL(kRunTestCopy, RunTestCopyKernel);

// As RunTestCopy, but an input of 0 bytes is empty: nothing to copy (what CANN's kernels do).
class RunTestZeroBytesKernel : public aicpu::CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    if (ctx.Input(0)->GetDataSize() == 0) return aicpu::KERNEL_STATUS_OK;
    return RunTestCopyKernel().Compute(ctx);
  }
};

const char* const kRunTestZeroBytes = "RunTestZeroBytes";
REGISTER_CPU_KERNEL(kRunTestZeroBytes, RunTestZeroBytesKernel);

// The ways a kernel goes wrong, chosen by its string attribute mode: "copy" copies its float
// input to its output in shards of 2 (ParallelFor); "fail" logs an error and returns
// KERNEL_STATUS_INNER_ERROR; "throw" throws; "shard_throw" throws from the shard that starts at
// element 2; "bad_for" calls ParallelFor with a negative total.
class RunTestFaultKernel : public aicpu::CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    const std::string mode = ctx.GetAttr("mode")->GetString();
    if (mode == "fail") {
      KERNEL_LOG_ERROR("RunTestFault: failing as asked");
      return aicpu::KERNEL_STATUS_INNER_ERROR;
    }
    if (mode == "throw") throw std::runtime_error("RunTestFault throws as asked");
    const auto* in = static_cast<const float*>(ctx.Input(0)->GetData());
    auto* out = static_cast<float*>(ctx.Output(0)->GetData());
    auto shard = [&](int64_t start, int64_t end) {
      if (mode == "shard_throw" && start == 2) throw std::runtime_error("shard 2 throws");
      for (int64_t k = start; k < end; ++k) out[k] = in[k];
    };
    const int64_t total = mode == "bad_for" ? -1 : ctx.Input(0)->NumElements();
    KERNEL_HANDLE_ERROR(CpuKernelUtils::ParallelFor(ctx, total, 2, shard),
                        "RunTestFault: ParallelFor failed (mode %s)", mode.c_str());
    return aicpu::KERNEL_STATUS_OK;
  }
};

const char* const kRunTestFault = "RunTestFault";
REGISTER_CPU_KERNEL(kRunTestFault, RunTestFaultKernel);

// A node of op type `op` with one float input and output of n elements over in and out.
std::shared_ptr<aicpu::NodeDef> CopyNode(const std::string& op, float* in, float* out, int64_t n) {
  auto node = CpuKernelUtils::CreateNodeDef();
  node->SetOpType(op);
  for (auto [t, data] : {std::pair{node->AddInputs(), in}, std::pair{node->AddOutputs(), out}}) {
    t->SetDataType(aicpu::DT_FLOAT);
    t->SetData(data);
    t->SetDataSize(static_cast<uint64_t>(n) * sizeof(float));
    t->GetTensorShape()->SetDimSizes({n});
  }
  return node;
}

TEST(CpuKernelApi, ContextTakesTheNodesTensorsAndAttrs) {
  float in[2] = {1, 2}, out[2] = {0, 0};
  auto node = CopyNode("RunTestCopy", in, out, 2);
  auto attr = CpuKernelUtils::CreateAttrValue();
  attr->SetBool(true);
  node->AddAttrs("flag", attr.get());
  CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(ctx.GetOpType(), "RunTestCopy");
  EXPECT_EQ(ctx.GetInputsSize(), 1U);
  EXPECT_EQ(ctx.GetOutputsSize(), 1U);
  EXPECT_EQ(ctx.Input(0), node->MutableInputs(0).get());
  EXPECT_EQ(ctx.Output(0), node->MutableOutputs(0).get());
  EXPECT_EQ(ctx.Input(1), nullptr);
  EXPECT_EQ(ctx.Output(5), nullptr);
  EXPECT_TRUE(ctx.GetAttr("flag")->GetBool());
  EXPECT_EQ(ctx.GetAttr("none"), nullptr);
  opsim::ClearCpuKernelLastError();
  EXPECT_EQ(ctx.Init(nullptr), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(ctx.GetInputsSize(), 0U);  // a failed Init leaves nothing of the previous node
  auto unnamed = CpuKernelUtils::CreateNodeDef();
  EXPECT_EQ(ctx.Init(unnamed.get()), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "CpuKernelContext::Init: the node definition is null\n"
            "CpuKernelContext::Init: the node definition has no op type");
}

TEST(CpuKernelApi, FactoriesRefuseNullImpls) {
  EXPECT_EQ(CpuKernelUtils::CreateTensor(nullptr), nullptr);
  EXPECT_EQ(CpuKernelUtils::CreateTensorShape(nullptr), nullptr);
  EXPECT_EQ(CpuKernelUtils::CreateAttrValue(nullptr), nullptr);
  EXPECT_EQ(CpuKernelUtils::GetImpl(static_cast<const aicpu::Tensor*>(nullptr)), nullptr);
  EXPECT_EQ(CpuKernelUtils::GetImpl(static_cast<const aicpu::TensorShape*>(nullptr)), nullptr);
  EXPECT_EQ(CpuKernelUtils::GetImpl(static_cast<const aicpu::AttrValue*>(nullptr)), nullptr);
  auto t = CpuKernelUtils::CreateTensor();
  EXPECT_NE(CpuKernelUtils::GetImpl(t.get()), nullptr);
}

TEST(CpuKernelApi, ParallelForRunsEveryShardInOrder) {
  CpuKernelContext ctx(aicpu::HOST);
  EXPECT_EQ(CpuKernelUtils::GetCPUNum(ctx), 4U);
  std::vector<std::pair<int64_t, int64_t>> shards;
  auto record = [&](int64_t s, int64_t e) { shards.emplace_back(s, e); };
  EXPECT_EQ(CpuKernelUtils::ParallelFor(ctx, 10, 3, record), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(shards, (std::vector<std::pair<int64_t, int64_t>>{{0, 3}, {3, 6}, {6, 9}, {9, 10}}));
  for (const int64_t unit : {0, -4, 10, 99}) {
    shards.clear();
    EXPECT_EQ(CpuKernelUtils::ParallelFor(ctx, 10, unit, record), aicpu::KERNEL_STATUS_OK);
    EXPECT_EQ(shards, (std::vector<std::pair<int64_t, int64_t>>{{0, 10}})) << unit;
  }
  shards.clear();
  EXPECT_EQ(CpuKernelUtils::ParallelFor(ctx, 0, 3, record), aicpu::KERNEL_STATUS_OK);
  EXPECT_TRUE(shards.empty());
  EXPECT_EQ(CpuKernelUtils::ParallelFor(ctx, 4, 1, nullptr), aicpu::KERNEL_STATUS_PARAM_INVALID);
  auto boom = [](int64_t, int64_t) { throw 7; };
  EXPECT_EQ(CpuKernelUtils::ParallelFor(ctx, 4, 1, boom), aicpu::KERNEL_STATUS_INNER_ERROR);
}

TEST(CpuKernelApi, RegistrationRefusesEmptyNullAndRepeatedTypes) {
  const auto before = CpuKernelRegister::Instance().GetAllRegisteredOpTypes();
  auto creator = [] { return std::make_shared<RunTestCopyKernel>(); };
  EXPECT_FALSE(aicpu::RegistCpuKernel("", creator));
  EXPECT_FALSE(aicpu::RegistCpuKernel("RunTestNull", nullptr));
  opsim::ClearCpuKernelLastError();
  EXPECT_FALSE(aicpu::RegistCpuKernel("RunTestCopy", creator));
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "RegistCpuKernel refused op type 'RunTestCopy' again (the first registration stays)");
  EXPECT_EQ(CpuKernelRegister::Instance().GetAllRegisteredOpTypes(), before);
  EXPECT_NE(CpuKernelRegister::Instance().GetCpuKernel("RunTestCopy"), nullptr);
  EXPECT_EQ(CpuKernelRegister::Instance().GetCpuKernel("RunTestAbsent"), nullptr);
  EXPECT_TRUE(aicpu::RegistCpuKernel("RunTestNoKernel",
                                     [] { return std::shared_ptr<aicpu::CpuKernel>(); }));
  float in[1] = {1}, out[1] = {0};
  auto node = CopyNode("RunTestNoKernel", in, out, 1);
  CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(CpuKernelRegister::Instance().RunCpuKernel(ctx), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "the creator of the AI CPU kernel of RunTestNoKernel gave no kernel");
}

TEST(CpuKernelApi, V2KernelsHaveARegistryOfTheirOwn) {
  auto& reg = CpuKernelRegister::Instance();
  EXPECT_FALSE(reg.IsRegisteredV2("RunTestCopyV2"));
  EXPECT_TRUE(aicpu::RegistCpuKernelV2("RunTestCopyV2",
                                       [] { return std::make_shared<RunTestCopyKernel>(); }));
  EXPECT_FALSE(aicpu::RegistCpuKernelV2("RunTestCopyV2",
                                        [] { return std::make_shared<RunTestCopyKernel>(); }));
  EXPECT_TRUE(reg.IsRegisteredV2("RunTestCopyV2"));
  EXPECT_EQ(reg.GetAllRegisteredOpTypesV2(), std::vector<std::string>{"RunTestCopyV2"});
  float in[2] = {1, 3}, out[2] = {0, 0};
  auto node = CopyNode("RunTestCopyV2", in, out, 2);
  CpuKernelContext ctx(aicpu::DEVICE);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(reg.RunCpuKernelV2(ctx), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(out[1], 6);
  EXPECT_EQ(reg.RunCpuKernel(ctx), aicpu::KERNEL_STATUS_PARAM_INVALID);  // not a V1 kernel
  EXPECT_EQ(reg.GetCpuKernelV2("RunTestCopy"), nullptr);
}

TEST(CpuKernelApi, TensorsSmallerThanTheirShapeNeverReachTheKernel) {
  float in[4] = {1, 2, 3, 4}, out[4] = {0, 0, 0, 0};
  auto node = CopyNode("RunTestCopy", in, out, 4);
  node->MutableOutputs(0)->SetDataSize(12);
  CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(CpuKernelRegister::Instance().RunCpuKernel(ctx), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "RunTestCopy: output 0 (DT_FLOAT [4]) needs 16 bytes, and has 12 bytes");
  node->MutableOutputs(0)->SetDataSize(16);
  node->MutableInputs(0)->SetData(nullptr);
  EXPECT_EQ(CpuKernelRegister::Instance().RunCpuKernel(ctx), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "RunTestCopy: input 0 (DT_FLOAT [4]) needs 16 bytes, and has no data");
  EXPECT_EQ(out[0], 0);
  node->MutableInputs(0)->SetData(in);
  EXPECT_EQ(CpuKernelRegister::Instance().RunCpuKernel(ctx), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(out[3], 8);
  EXPECT_EQ(opsim::CpuKernelLastError(), "");
}

// No data and 0 bytes (CANN's builder given no buffer) reaches the kernel, which sees it empty.
TEST(CpuKernelApi, ATensorOfNoDataAndNoBytesReachesTheKernelAsEmpty) {
  float in[4] = {1, 2, 3, 4}, out[4] = {0, 0, 0, 0};
  auto node = CopyNode("RunTestZeroBytes", in, out, 4);
  node->MutableInputs(0)->SetData(nullptr);
  node->MutableInputs(0)->SetDataSize(0);
  CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  opsim::ClearCpuKernelLastError();
  EXPECT_EQ(CpuKernelRegister::Instance().RunCpuKernel(ctx), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(out[0], 0);
  EXPECT_EQ(opsim::CpuKernelLastError(), "");
}

// Runs RunTestFault in mode on {1, 2, 3, 4, 5}; the status, and the output in out.
uint32_t RunFaultMode(const std::string& mode, std::vector<float>& out) {
  std::vector<float> in = {1, 2, 3, 4, 5};
  out.assign(5, 0.0F);
  auto node = CopyNode("RunTestFault", in.data(), out.data(), 5);
  auto attr = CpuKernelUtils::CreateAttrValue();
  attr->SetString(mode);
  node->AddAttrs("mode", attr.get());
  CpuKernelContext ctx(aicpu::HOST);
  EXPECT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  return CpuKernelRegister::Instance().RunCpuKernel(ctx);
}

TEST(CpuKernelApi, FailingThrowingAndMisusingKernelsGiveAStatusAndAMessage) {
  std::vector<float> out;
  EXPECT_EQ(RunFaultMode("copy", out), aicpu::KERNEL_STATUS_OK) << opsim::CpuKernelLastError();
  EXPECT_EQ(out, (std::vector<float>{1, 2, 3, 4, 5}));
  EXPECT_EQ(opsim::CpuKernelLastError(), "");
  EXPECT_EQ(RunFaultMode("fail", out), aicpu::KERNEL_STATUS_INNER_ERROR);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "RunTestFault: failing as asked\n"
            "the AI CPU kernel of RunTestFault returned KERNEL_STATUS_INNER_ERROR");
  EXPECT_EQ(RunFaultMode("throw", out), aicpu::KERNEL_STATUS_INNER_ERROR);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "the AI CPU kernel of RunTestFault threw: RunTestFault throws as asked");
  EXPECT_EQ(RunFaultMode("shard_throw", out), aicpu::KERNEL_STATUS_INNER_ERROR);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "RunTestFault: ParallelFor: a shard threw: shard 2 throws\n"
            "RunTestFault: ParallelFor failed (mode shard_throw)\n"
            "the AI CPU kernel of RunTestFault returned KERNEL_STATUS_INNER_ERROR");
  EXPECT_EQ(out, (std::vector<float>{1, 2, 0, 0, 0}));  // in order: [0, 2) ran, then the throw
  EXPECT_EQ(RunFaultMode("bad_for", out), aicpu::KERNEL_STATUS_PARAM_INVALID);
  EXPECT_NE(opsim::CpuKernelLastError().find("RunTestFault: ParallelFor: total -1 is negative"),
            std::string::npos)
      << opsim::CpuKernelLastError();
}

TEST(CpuKernelApi, AnUnknownOpTypeNamesItAndTheRegisteredOnes) {
  auto node = CpuKernelUtils::CreateNodeDef();
  node->SetOpType("Polar");
  CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  EXPECT_EQ(CpuKernelRegister::Instance().RunCpuKernel(ctx), aicpu::KERNEL_STATUS_PARAM_INVALID);
  const std::string err = opsim::CpuKernelLastError();
  EXPECT_EQ(err.find("no AI CPU kernel of op type 'Polar' is registered (registered: "), 0U) << err;
  EXPECT_NE(err.find("FixtureAttrDigest, FixtureAxpy, "), std::string::npos) << err;
  EXPECT_NE(err.find("RunTestCopy, RunTestFault"), std::string::npos) << err;
}

// The node the way opsim's runtime builds one for an OpDef's AI CPU kernel: every tensor and
// attribute through the API's setters, then RunCpuKernel on a fixture kernel of the dialect.
TEST(CpuKernelApi, ARuntimeBuiltNodeRunsAFixtureKernel) {
  double x[3] = {1, 2, 3}, y[3] = {10, 20, 30}, z[3] = {0, 0, 0};
  auto node = CpuKernelUtils::CreateNodeDef();
  node->SetOpType("FixtureAxpy");
  for (double* data : {x, y}) {
    auto t = node->AddInputs();
    t->SetDataType(aicpu::DT_DOUBLE);
    t->SetData(data);
    t->SetDataSize(sizeof x);
    t->GetTensorShape()->SetDimSizes({3});
  }
  auto out = node->AddOutputs();
  out->SetDataType(aicpu::DT_DOUBLE);
  out->SetData(z);
  out->SetDataSize(sizeof z);
  out->GetTensorShape()->SetDimSizes({3});
  auto alpha = CpuKernelUtils::CreateAttrValue();
  alpha->SetFloat(-2.0F);
  ASSERT_TRUE(node->AddAttrs("alpha", alpha.get()));
  CpuKernelContext ctx(aicpu::HOST);
  ASSERT_EQ(ctx.Init(node.get()), aicpu::KERNEL_STATUS_OK);
  ASSERT_EQ(CpuKernelRegister::Instance().RunCpuKernel(ctx), aicpu::KERNEL_STATUS_OK)
      << opsim::CpuKernelLastError();
  EXPECT_EQ(z[0], 8);
  EXPECT_EQ(z[1], 16);
  EXPECT_EQ(z[2], 24);
}

TEST(CpuKernelApi, TheLogPrintsAsCannsDoesWhenAsked) {
  opsim::ClearCpuKernelLastError();
  testing::internal::CaptureStdout();
  KERNEL_LOG_INFO("quiet %d", 1);
  KERNEL_LOG_ERROR("kept %s", "always");
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(opsim::CpuKernelLastError(), "kept always");
  setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 1);
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "1", 1);
  testing::internal::CaptureStdout();
  KERNEL_LOG_DEBUG("below the level");
  KERNEL_LOG_INFO("shown %d", 2);
  const std::string printed = testing::internal::GetCapturedStdout();
  unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  unsetenv("ASCEND_GLOBAL_LOG_LEVEL");
  EXPECT_EQ(printed.find("below"), std::string::npos) << printed;
  EXPECT_NE(printed.find("[INFO] AICPU ["), std::string::npos) << printed;
  EXPECT_NE(printed.find("]shown 2\n"), std::string::npos) << printed;
  EXPECT_EQ(opsim::CpuKernelLastError(), "kept always");
}

}  // namespace
}  // namespace cpu_kernel_api_run_test
