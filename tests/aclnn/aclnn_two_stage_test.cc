// The two stages of the single-operator API (opsim/aclnn/two_stage.h) on the registry's
// operators, as an operator's aclnn<Op>GetWorkspaceSize / aclnn<Op> call them: results against
// plain C++, every argument rule with its code and message, executors single-use unless made
// repeatable, their addresses re-pointed, and the workspace checked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "opdev/op_errno.h"
#include "opsim/aclnn/two_stage.h"

namespace aclnn_two_stage_test {

using opsim::aclnn::FirstStage;

std::string RecentError() { return aclGetRecentErrMsg(); }

// A float32 tensor on device memory (aclrtMalloc), filled with `values`, of `dims`.
struct DeviceTensor {
  DeviceTensor(const std::vector<int64_t>& dims, const std::vector<float>& values) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    bytes = static_cast<size_t>(n) * sizeof(float);
    EXPECT_EQ(aclrtMalloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    if (!values.empty()) {
      EXPECT_EQ(aclrtMemcpy(data, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
                ACL_SUCCESS);
    }
    tensor = aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                             dims.data(), dims.size(), data);
  }
  ~DeviceTensor() {
    aclDestroyTensor(tensor);
    aclrtFree(data);
  }
  std::vector<float> Read() const {
    std::vector<float> host(bytes / sizeof(float));
    EXPECT_EQ(aclrtMemcpy(host.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return host;
  }
  void* data = nullptr;
  size_t bytes = 0;
  aclTensor* tensor = nullptr;
};

FirstStage AddStage(const aclTensor* a, const aclTensor* b, const aclTensor* out) {
  return FirstStage{
      "aclnnOpsimAddGetWorkspaceSize", "Add", {{"self", a}, {"other", b}}, {}, {{"out", out}}};
}

// Both stages; the status of the first that fails.
aclnnStatus RunBoth(const FirstStage& stage) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  if (aclnnStatus st = opsim::aclnn::GetWorkspaceSize(stage, &workspace_size, &executor);
      st != ACLNN_SUCCESS) {
    return st;
  }
  void* workspace = nullptr;
  if (workspace_size > 0) aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST);
  const aclnnStatus st =
      opsim::aclnn::Run("aclnnOpsimAdd", workspace, workspace_size, executor, nullptr);
  aclrtFree(workspace);
  return st;
}

TEST(AclnnTwoStage, AddBroadcastsAsPlainCppDoes) {
  DeviceTensor a({2, 3}, {1, 2, 3, 4, 5, 6});
  DeviceTensor b({3}, {10, 20, 30});
  DeviceTensor out({2, 3}, {});
  ASSERT_EQ(RunBoth(AddStage(a.tensor, b.tensor, out.tensor)), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<float>{11, 22, 33, 14, 25, 36}));
}

TEST(AclnnTwoStage, ReduceSumTakesItsAttributes) {
  DeviceTensor x({2, 3}, {1, 2, 3, 4, 5, 6});
  DeviceTensor y({2}, {});
  FirstStage stage{"aclnnOpsimReduceSumGetWorkspaceSize",
                   "ReduceSum",
                   {{"self", x.tensor}},
                   {{"axes", std::vector<int64_t>{1}}, {"keepdims", int64_t{0}}},
                   {{"out", y.tensor}}};
  ASSERT_EQ(RunBoth(stage), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<float>{6, 15}));
}

TEST(AclnnTwoStage, EachArgumentRuleHasItsCodeAndMessage) {
  DeviceTensor a({2, 3}, {1, 2, 3, 4, 5, 6});
  DeviceTensor wrong({3, 2}, {});
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  const FirstStage bad_out = AddStage(a.tensor, a.tensor, wrong.tensor);
  EXPECT_EQ(opsim::aclnn::GetWorkspaceSize(bad_out, &size, &executor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("aclnnOpsimAddGetWorkspaceSize: Add's output 0 is float32 ND "
                               "[3,2]; for these inputs it is float32 ND [2,3]"),
            std::string::npos)
      << RecentError();
  EXPECT_EQ(executor, nullptr);
  EXPECT_EQ(opsim::aclnn::GetWorkspaceSize(AddStage(a.tensor, nullptr, a.tensor), &size, &executor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(RecentError(), "aclnnOpsimAddGetWorkspaceSize: other is null");
  EXPECT_EQ(
      opsim::aclnn::GetWorkspaceSize(AddStage(a.tensor, a.tensor, a.tensor), nullptr, &executor),
      ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(RecentError(), "aclnnOpsimAddGetWorkspaceSize: workspaceSize is null");
  int64_t foreign[4] = {};
  EXPECT_EQ(
      opsim::aclnn::GetWorkspaceSize(
          AddStage(a.tensor, reinterpret_cast<aclTensor*>(foreign), a.tensor), &size, &executor),
      ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("other 0x"), std::string::npos) << RecentError();
  FirstStage unknown = AddStage(a.tensor, a.tensor, a.tensor);
  unknown.op_type = "NoSuchOp";
  EXPECT_EQ(opsim::aclnn::GetWorkspaceSize(unknown, &size, &executor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("NoSuchOp"), std::string::npos) << RecentError();
}

TEST(AclnnTwoStage, AnExecutorIsSingleUseUnlessMadeRepeatable) {
  DeviceTensor a({4}, {1, 2, 3, 4});
  DeviceTensor b({4}, {10, 20, 30, 40});
  DeviceTensor out({4}, {});
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(
      opsim::aclnn::GetWorkspaceSize(AddStage(a.tensor, b.tensor, out.tensor), &size, &executor),
      ACLNN_SUCCESS)
      << RecentError();
  ASSERT_EQ(size, 0u);
  EXPECT_EQ(opsim::aclnn::Run("aclnnOpsimAdd", nullptr, 0, executor, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(opsim::aclnn::Run("aclnnOpsimAdd", nullptr, 0, executor, nullptr),
            ACLNN_ERR_PARAM_INVALID);  // used up and destroyed: an error, not a crash
  EXPECT_NE(RecentError().find("is not a live aclOpExecutor"), std::string::npos);

  ASSERT_EQ(
      opsim::aclnn::GetWorkspaceSize(AddStage(a.tensor, b.tensor, out.tensor), &size, &executor),
      ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  EXPECT_EQ(opsim::aclnn::Run("aclnnOpsimAdd", nullptr, 0, executor, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<float>{11, 22, 33, 44}));
  // The second input now reads other memory: the same executor computes a + a.
  EXPECT_EQ(aclSetInputTensorAddr(executor, 1, b.tensor, a.data), ACLNN_SUCCESS);
  EXPECT_EQ(opsim::aclnn::Run("aclnnOpsimAdd", nullptr, 0, executor, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ(aclSetTensorAddr(executor, 3, out.tensor, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("index 1 is past the 1 output tensors of the Add call"),
            std::string::npos)
      << RecentError();
  EXPECT_EQ(aclSetInputTensorAddr(executor, 0, b.tensor, a.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("input 0 is another tensor than the one given"), std::string::npos);
  EXPECT_EQ(aclSetInputTensorAddr(executor, 0, nullptr, a.data), ACLNN_ERR_INNER_NULLPTR);
  aclSetRawTensorAddr(b.tensor, b.data);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_ERR_PARAM_INVALID);
}

}  // namespace aclnn_two_stage_test
