// The public sample operator projects (unmodified), built with opsim_add_op_library and loaded as
// a user's library: their ops run through the registry against a scalar model, and loading
// errors are clear.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "op_api/sample_libraries.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"

#if defined(OPSIM_SAMPLE_ADD_LIBRARY)

namespace opsim {
namespace {

using testing::Desc;
using testing::HostTensor;

class SampleLibraries : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { testing::LoadSampleLibraries(); }

  void SetUp() override {
    ContextOptions options;
    options.checked = true;
    ASSERT_TRUE(Context::Create(options, &context_).ok());
  }

  Status Run(Operation& op, std::vector<HostTensor*> in, std::vector<HostTensor*> out) {
    VariantPack pack = testing::Pack(in, out);
    uint64_t ws = 0;
    OPSIM_RETURN_IF_ERROR(op.Setup(pack, ws, context_.get()));
    std::vector<uint8_t> workspace(ws);
    return op.Execute(pack, workspace.data(), ws, context_.get());
  }

  std::unique_ptr<Context> context_;
};

TEST_F(SampleLibraries, AddCustomFloat16MatchesScalarModel) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("AddCustom", {}, &op).ok());
  HostTensor x(Desc(ACL_FLOAT16, {8, 2048})), y(Desc(ACL_FLOAT16, {8, 2048}));
  testing::Fill(x, 1);
  testing::Fill(y, 2);
  SVector<TensorDesc> out_descs;
  ASSERT_TRUE(op->InferShape({x.desc, y.desc}, out_descs).ok());
  ASSERT_EQ(out_descs.size(), 1u);
  HostTensor z(out_descs[0]);
  const Status st = Run(*op, {&x, &y}, {&z});
  ASSERT_TRUE(st.ok()) << st.ToString();
  const auto xs = x.As<uint16_t>(), ys = y.As<uint16_t>(), zs = z.As<uint16_t>();
  for (size_t i = 0; i < zs.size(); ++i) {
    const uint16_t want = FloatToHalfBits(HalfBitsToFloat(xs[i]) + HalfBitsToFloat(ys[i]));
    ASSERT_EQ(zs[i], want) << "element " << i;
  }
  EXPECT_EQ(context_->launches(), 1u);
}

TEST_F(SampleLibraries, LeakyReluTakesItsFloatAttribute) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(
      OperationRegistry::Global().Create("LeakyReluCustom", {{"negative_slope", 0.1}}, &op).ok());
  HostTensor x(Desc(ACL_FLOAT, {8, 2048})), y(Desc(ACL_FLOAT, {8, 2048}));
  testing::Fill(x, 3);
  const Status st = Run(*op, {&x}, {&y});
  ASSERT_TRUE(st.ok()) << st.ToString();
  const auto xs = x.As<float>(), ys = y.As<float>();
  for (size_t i = 0; i < ys.size(); ++i) {
    const float want = std::max(xs[i], 0.0f) + std::min(xs[i], 0.0f) * 0.1f;
    ASSERT_EQ(ys[i], want) << "element " << i;
  }
}

TEST_F(SampleLibraries, AttributeDefaultsAndUnknownNames) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("LeakyReluCustom", {}, &op).ok());
  const Status typo =
      OperationRegistry::Global().Create("LeakyReluCustom", {{"negative_slop", 0.1}}, &op);
  EXPECT_EQ(typo.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(typo.message().find("did you mean 'negative_slope'"), std::string::npos)
      << typo.message();
  const Status type = OperationRegistry::Global().Create(
      "LeakyReluCustom", {{"negative_slope", std::string("steep")}}, &op);
  EXPECT_EQ(type.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(type.message().find("is a string (the OpDef declares float)"), std::string::npos)
      << type.message();
}

TEST_F(SampleLibraries, DtypeOutsideTheOpDefIsRefusedNamingTheInput) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("AddCustom", {}, &op).ok());
  SVector<TensorDesc> out;
  const Status st = op->InferShape({Desc(ACL_FLOAT, {8, 2048}), Desc(ACL_FLOAT16, {8, 2048})}, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(st.message(),
            "AddCustom: input 0 (x) dtype float32 is not supported (the OpDef allows float16)");
  const Status count = op->InferShape({Desc(ACL_FLOAT16, {8})}, out);
  EXPECT_EQ(count.code(), ErrorCode::kInvalidInTensorNum);
  const Status format =
      op->InferShape({Desc(ACL_FLOAT16, {8}, ACL_FORMAT_NCHW), Desc(ACL_FLOAT16, {8})}, out);
  EXPECT_EQ(format.code(), ErrorCode::kInvalidTensorFormat) << format.message();
}

TEST_F(SampleLibraries, OutputsThatDisagreeWithInferShapeAreRefusedAtSetup) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("AddCustom", {}, &op).ok());
  HostTensor x(Desc(ACL_FLOAT16, {8, 2048})), y(Desc(ACL_FLOAT16, {8, 2048}));
  HostTensor z(Desc(ACL_FLOAT16, {8, 1024}));
  VariantPack pack = testing::Pack({&x, &y}, {&z});
  uint64_t ws = 0;
  const Status st = op->Setup(pack, ws, context_.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDim) << st.message();
}

TEST_F(SampleLibraries, LoadingErrorsAreClear) {
  const Status missing = op_api::LoadOpLibrary("/nonexistent/libops.so");
  EXPECT_EQ(missing.code(), ErrorCode::kIoError);
  EXPECT_NE(missing.message().find("/nonexistent/libops.so"), std::string::npos);
  // Loaded already: dlopen hands back the same library, which adds no operator.
  const Status again = op_api::LoadOpLibrary(OPSIM_SAMPLE_ADD_LIBRARY);
  EXPECT_EQ(again.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(again.message().find("defines no operator"), std::string::npos) << again.message();
  // A text file is no library.
  const std::string text = ::testing::TempDir() + "/not_a_library.so";
  std::FILE* f = std::fopen(text.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("not an ELF file\n", f);
  std::fclose(f);
  EXPECT_EQ(op_api::LoadOpLibrary(text).code(), ErrorCode::kIoError);
}

TEST_F(SampleLibraries, SecondDefinitionOfAnOpTypeIsRefusedAndLeavesTheRegistry) {
  // The host-only module of the same project defines AddCustom again.
  std::string opdefs = OPSIM_SAMPLE_ADD_LIBRARY;
  opdefs.replace(opdefs.rfind(".so"), 3, "_opdefs.so");
  const Status st = op_api::LoadOpLibrary(opdefs);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("op type AddCustom is already defined by the library " +
                              std::string(OPSIM_SAMPLE_ADD_LIBRARY) +
                              " loaded before; the op types of loaded libraries must be unique"),
            std::string::npos)
      << st.message();
  EXPECT_NE(op_api::FindKernel("AddCustom", 0), nullptr);
}

TEST(KernelName, FollowsCannsRule) {
  EXPECT_EQ(op_api::KernelName("AddCustom"), "add_custom");
  EXPECT_EQ(op_api::KernelName("LeakyReluCustom"), "leaky_relu_custom");
  EXPECT_EQ(op_api::KernelName("AddN"), "add_n");
  EXPECT_EQ(op_api::KernelName("ReduceSum"), "reduce_sum");
  EXPECT_EQ(op_api::KernelName("Conv2D"), "conv2_d");
}

}  // namespace
}  // namespace opsim

#endif
