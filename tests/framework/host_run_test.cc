// HostRun, the run path every door shares: inputs bound in order, outputs inferred and sized,
// Setup and a repeatable Execute, the errors that name the subject, and the padding option.
#include "opsim/framework/host_run.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"

namespace opsim {
namespace {

TensorDesc Float32(std::vector<int64_t> dims) {
  TensorDesc d;
  d.dtype = ACL_FLOAT;
  d.format = ACL_FORMAT_ND;
  d.shape.dimNum = dims.size();
  for (size_t k = 0; k < dims.size(); ++k) d.shape.dims[k] = dims[k];
  return d;
}

std::unique_ptr<Operation> ReduceSumOverRows() {
  std::unique_ptr<Operation> op;
  const AttrMap attrs = {{"axes", std::vector<int64_t>{0}}, {"keepdims", int64_t{0}}};
  EXPECT_TRUE(OperationRegistry::Global().Create("ReduceSum", attrs, &op).ok());
  return op;
}

TEST(HostRun, RunsAndRepeatsWithTheOutputsInferred) {
  std::unique_ptr<Operation> op = ReduceSumOverRows();
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  const std::vector<HostRunInput> inputs = {
      {Float32({2, 3}), {reinterpret_cast<const uint8_t*>(x.data()), x.size() * sizeof(float)}}};
  std::unique_ptr<HostRun> run;
  ASSERT_TRUE(HostRun::Prepare(*op, inputs, {}, &run).ok());
  ASSERT_EQ(run->pack().outTensors.size(), 1u);
  EXPECT_EQ(ToString(run->pack().outTensors[0].desc), ToString(Float32({3})));
  for (int repeat = 0; repeat < 2; ++repeat) {
    ASSERT_TRUE(repeat == 0 ? run->Run().ok() : run->Execute().ok());
    std::vector<float> y(3);
    ASSERT_EQ(run->output(0).size(), sizeof(float) * 3);
    std::memcpy(y.data(), run->output(0).data(), sizeof(float) * 3);
    EXPECT_EQ(y, (std::vector<float>{5, 7, 9}));
  }
  EXPECT_GT(run->context().device_ns(), 0);
}

TEST(HostRun, AnInputWithoutBytesIsFilledByTheCaller) {
  std::unique_ptr<Operation> op = ReduceSumOverRows();
  std::unique_ptr<HostRun> run;
  ASSERT_TRUE(HostRun::Prepare(*op, {{Float32({2, 1}), {}}}, {}, &run).ok());
  const float x[2] = {1.5f, 2.0f};
  std::memcpy(run->input_data(0), x, sizeof(x));
  ASSERT_TRUE(run->Run().ok());
  float y = 0;
  std::memcpy(&y, run->output(0).data(), sizeof(y));
  EXPECT_EQ(y, 3.5f);
}

TEST(HostRun, BuffersArePaddedWhenTheContextSaysSo) {
  std::unique_ptr<Operation> op = ReduceSumOverRows();
  HostRunOptions options;
  options.context_options.padded_device_buffers = true;
  std::unique_ptr<HostRun> run;
  ASSERT_TRUE(HostRun::Prepare(*op, {{Float32({1, 3}), {}}}, options, &run).ok());
  // The padding is there to read: a 12 B tensor sits in PaddedDeviceBytes(12) = 64 B, zeroed.
  EXPECT_EQ(run->pack().inTensors[0].dataSize, 12u);
  for (size_t k = 12; k < PaddedDeviceBytes(12); ++k) EXPECT_EQ(run->input_data(0)[k], 0) << k;
  EXPECT_TRUE(run->Run().ok());
}

TEST(HostRun, ErrorsNameTheSubjectAndTheRule) {
  std::unique_ptr<Operation> op = ReduceSumOverRows();
  HostRunOptions options;
  options.subject = "the thing";
  std::unique_ptr<HostRun> run;
  const std::vector<uint8_t> short_bytes(8);
  Status st = HostRun::Prepare(*op, {{Float32({2, 3}), short_bytes}}, options, &run);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorSize);
  EXPECT_NE(st.message().find("the thing's input 0 float32 ND [2,3] is 24 B, given 8"),
            std::string::npos)
      << st.message();

  st = HostRun::Prepare(*op, {{Float32({0, int64_t{1} << 40}), {}}}, options, &run);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorSize);
  EXPECT_NE(st.message().find("the thing's inputs and outputs would take 4398.0 GB"),
            std::string::npos)
      << st.message();

  // The operation's own refusal comes through unchanged.
  EXPECT_FALSE(HostRun::Prepare(*op, {}, options, &run).ok());

  ASSERT_TRUE(HostRun::Prepare(*op, {{Float32({2, 3}), {}}}, options, &run).ok());
  st = run->Execute();
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("the thing: Execute before Setup"), std::string::npos);

  options.context_options.device = "ascend999";
  EXPECT_EQ(HostRun::Prepare(*op, {{Float32({2, 3}), {}}}, options, &run).code(),
            ErrorCode::kConfigError);
}

}  // namespace
}  // namespace opsim
