// FixtureFault's unit tests (CANN repositories' AI CPU test style): a kernel that fails, throws,
// throws from a ParallelFor shard or misuses ParallelFor gives an error status and a message,
// and never takes the process down.
#include <string>
#include <vector>

#include "cpu_kernel_utils.h"
#include "gtest/gtest.h"
#include "node_def_builder.h"
#include "utils/aicpu_fixture_ut.h"

using namespace std;
using namespace aicpu;

class TEST_FIXTURE_FAULT_UT : public testing::Test {
 protected:
  // Runs FixtureFault in mode on 5 floats; returns the status and the output.
  uint32_t RunMode(const string& mode, vector<float>& out) {
    in_ = {1, 2, 3, 4, 5};
    out.assign(5, 0.0F);
    auto node_def = CpuKernelUtils::CreateNodeDef();
    NodeDefBuilder(node_def.get(), "fault", "FixtureFault")
        .Input({"x", DT_FLOAT, {5}, in_.data()})
        .Output({"y", DT_FLOAT, {5}, out.data()})
        .Attr("mode", mode);
    CpuKernelContext ctx(HOST);
    EXPECT_EQ(ctx.Init(node_def.get()), KERNEL_STATUS_OK);
    return CpuKernelRegister::Instance().RunCpuKernel(ctx);
  }
  vector<float> in_;
};

TEST_F(TEST_FIXTURE_FAULT_UT, CopyRunsEveryShard) {
  vector<float> out;
  EXPECT_EQ(RunMode("copy", out), KERNEL_STATUS_OK) << opsim::CpuKernelLastError();
  EXPECT_EQ(out, in_);
  EXPECT_EQ(opsim::CpuKernelLastError(), "");
}

TEST_F(TEST_FIXTURE_FAULT_UT, AFailingKernelsStatusAndLogAreKept) {
  vector<float> out;
  EXPECT_EQ(RunMode("fail", out), KERNEL_STATUS_INNER_ERROR);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "FixtureFault: failing as asked\n"
            "the AI CPU kernel of FixtureFault returned KERNEL_STATUS_INNER_ERROR");
}

TEST_F(TEST_FIXTURE_FAULT_UT, AThrowingKernelIsAnInnerError) {
  vector<float> out;
  EXPECT_EQ(RunMode("throw", out), KERNEL_STATUS_INNER_ERROR);
  EXPECT_EQ(opsim::CpuKernelLastError(),
            "the AI CPU kernel of FixtureFault threw: FixtureFault throws as asked");
}

TEST_F(TEST_FIXTURE_FAULT_UT, AThrowingShardStopsParallelFor) {
  vector<float> out;
  EXPECT_EQ(RunMode("shard_throw", out), KERNEL_STATUS_INNER_ERROR);
  EXPECT_NE(opsim::CpuKernelLastError().find(
                "FixtureFault: ParallelFor: a shard threw: FixtureFault's shard 2 throws"),
            string::npos)
      << opsim::CpuKernelLastError();
  EXPECT_EQ(out, (vector<float>{1, 2, 0, 0, 0}));  // the shards run in order: [0, 2) ran
}

TEST_F(TEST_FIXTURE_FAULT_UT, ANegativeTotalIsRefusedByParallelFor) {
  vector<float> out;
  EXPECT_EQ(RunMode("bad_for", out), KERNEL_STATUS_PARAM_INVALID);
  EXPECT_NE(opsim::CpuKernelLastError().find("FixtureFault: ParallelFor: total -1 is negative"),
            string::npos)
      << opsim::CpuKernelLastError();
}

TEST_F(TEST_FIXTURE_FAULT_UT, AnUnknownOpTypeNamesItAndTheRegisteredOnes) {
  auto node_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(node_def.get(), "polar", "Polar");
  RUN_FIXTURE_KERNEL(node_def, HOST, KERNEL_STATUS_PARAM_INVALID);
  const string err = opsim::CpuKernelLastError();
  EXPECT_NE(err.find("no AI CPU kernel of op type 'Polar' is registered (registered: "),
            string::npos)
      << err;
  EXPECT_NE(err.find("FixtureAttrDigest, FixtureAxpy, FixtureFault"), string::npos) << err;
}
