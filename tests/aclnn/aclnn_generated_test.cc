// A generated single-operator API (opsim_add_op_library ... OPAPI, docs/ACLNN.md): the unmodified
// LeakyReluCustom sample project's aclnnLeakyReluCustomGetWorkspaceSize(x, negative_slope, yOut,
// ...) and aclnnLeakyReluCustom, called as an application calls them, against plain C++; its float
// attribute arrives as the OpDef's; a dtype outside the OpDef is refused naming it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#ifdef OPSIM_ACLNN_LEAKY_RELU
#include "acl/acl.h"
#include "aclnn_leaky_relu_custom.h"
#include "opdev/op_errno.h"

namespace aclnn_generated_test {
namespace {

aclTensor* DeviceTensor(std::vector<float>* host, void** device, int64_t n,
                        aclDataType dtype = ACL_FLOAT) {
  const size_t bytes = static_cast<size_t>(n) * sizeof(float);
  EXPECT_EQ(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(*device, bytes, host->data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
  return aclCreateTensor(&n, 1, dtype, nullptr, 0, ACL_FORMAT_ND, &n, 1, *device);
}

TEST(AclnnGenerated, LeakyReluCustomRunsWithItsAttribute) {
  const int64_t n = 2048;
  std::vector<float> x(n), y(n, 0.0f);
  for (int64_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 17) - 8.0f;
  void* x_dev = nullptr;
  void* y_dev = nullptr;
  aclTensor* xt = DeviceTensor(&x, &x_dev, n);
  aclTensor* yt = DeviceTensor(&y, &y_dev, n);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnLeakyReluCustomGetWorkspaceSize(xt, 0.25, yt, &workspace_size, &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  void* workspace = nullptr;
  if (workspace_size > 0) aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST);
  ASSERT_EQ(aclnnLeakyReluCustom(workspace, workspace_size, executor, nullptr), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(
      aclrtMemcpy(y.data(), n * sizeof(float), y_dev, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST),
      ACL_SUCCESS);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(y[i], x[i] >= 0 ? x[i] : x[i] * 0.25f) << "element " << i;
  }
  aclrtFree(workspace);
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclrtFree(x_dev);
  aclrtFree(y_dev);
}

TEST(AclnnGenerated, ADtypeOutsideTheOpDefIsRefused) {
  std::vector<float> x(64, 1.0f);
  void* x_dev = nullptr;
  void* y_dev = nullptr;
  aclTensor* xt = DeviceTensor(&x, &x_dev, 64, ACL_INT32);
  aclTensor* yt = DeviceTensor(&x, &y_dev, 64, ACL_INT32);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnLeakyReluCustomGetWorkspaceSize(xt, 0.25, yt, &workspace_size, &executor),
            ACLNN_ERR_PARAM_INVALID);
  const std::string message = aclGetRecentErrMsg();
  EXPECT_NE(message.find("aclnnLeakyReluCustomGetWorkspaceSize: "), std::string::npos) << message;
  EXPECT_NE(message.find("int32"), std::string::npos) << message;
  EXPECT_EQ(aclnnLeakyReluCustomGetWorkspaceSize(nullptr, 0.25, yt, &workspace_size, &executor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()), "aclnnLeakyReluCustomGetWorkspaceSize: x is null");
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclrtFree(x_dev);
  aclrtFree(y_dev);
}

}  // namespace
}  // namespace aclnn_generated_test
#endif
