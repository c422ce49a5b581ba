// Complex tensors through the aclnn door (docs/ACLNN.md, session 26): opsim carries complex64 and
// complex32 as bytes (CANN's layout: interleaved (real, imaginary) pairs of float32 or float16),
// matches them against an OpDef's DT_COMPLEX64/DT_COMPLEX32 columns, and refuses them by name
// where an operator computes on values. Also: a launch's warnings reach the application's stderr.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_device_tensor.h"
#include "aclnn_aclnn_kinds_complex.h"
#include "aclnn_aclnn_kinds_held.h"
#include "aclnnop/aclnn_abs.h"
#include "opdev/op_errno.h"

namespace aclnn_complex_test {
namespace {

constexpr int64_t kFour = 4;

// A [4] tensor of `dtype` (element bytes `element`) on device memory, filled from `host`.
struct Dev : aclnn_test_util::DeviceTensor {
  Dev(aclDataType dtype, size_t element, const void* host = nullptr)
      : DeviceTensor(dtype, kFour, kFour * element, host) {}
};

aclnnStatus RunComplexIn(uint64_t size, aclOpExecutor* executor,
                         aclnnStatus (*second)(void*, uint64_t, aclOpExecutor*, aclrtStream)) {
  void* workspace = nullptr;
  if (size > 0 && aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    return ACLNN_ERR_INNER;
  }
  const aclnnStatus st = second(workspace, size, executor, nullptr);
  if (workspace != nullptr) aclrtFree(workspace);
  return st;
}

TEST(AclnnComplex, ComplexTensorsAreMadeAndCopiedAsTheirBytes) {
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX32), 4u);
  const std::vector<float> pairs = {1.0f, -2.0f, 0.5f, 3.0f, -1.5f, 0.0f, 7.0f, 8.0f};
  Dev c64(ACL_COMPLEX64, 8, pairs.data());
  ASSERT_NE(c64.tensor, nullptr) << aclGetRecentErrMsg();
  EXPECT_EQ(c64.Read<float>(), pairs);
  const std::vector<uint16_t> halves = {0x3C00, 0xC000, 0x3800, 0x4200,
                                        0xBE00, 0x0000, 0x4700, 0x4800};
  Dev c32(ACL_COMPLEX32, 4, halves.data());
  ASSERT_NE(c32.tensor, nullptr) << aclGetRecentErrMsg();
  EXPECT_EQ(c32.Read<uint16_t>(), halves);
}

// The kernel writes (re, im) pairs into the caller's complex output; the output's type is matched
// against the OpDef's DT_COMPLEX64 (float column) or DT_COMPLEX32 (float16 column).
TEST(AclnnComplex, AKernelWritesPairsIntoAComplexOutputOfItsColumn) {
  const std::vector<float> re = {1.0f, 2.5f, -3.0f, 0.0f};
  const std::vector<float> im = {-1.0f, 0.25f, 4.0f, 9.0f};
  Dev r(ACL_FLOAT, 4, re.data());
  Dev i(ACL_FLOAT, 4, im.data());
  Dev y(ACL_COMPLEX64, 8);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnAclnnKindsComplexGetWorkspaceSize(r.tensor, i.tensor, y.tensor, &size, &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunComplexIn(size, executor, aclnnAclnnKindsComplex), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(y.Read<float>(),
            (std::vector<float>{1.0f, -1.0f, 2.5f, 0.25f, -3.0f, 4.0f, 0.0f, 9.0f}));

  // float16 1, 2, -2, 0.5 and 3, -1, 0, 1.5: the complex32 column.
  const std::vector<uint16_t> hre = {0x3C00, 0x4000, 0xC000, 0x3800};
  const std::vector<uint16_t> him = {0x4200, 0xBC00, 0x0000, 0x3E00};
  Dev hr(ACL_FLOAT16, 2, hre.data());
  Dev hi(ACL_FLOAT16, 2, him.data());
  Dev hy(ACL_COMPLEX32, 4);
  ASSERT_EQ(
      aclnnAclnnKindsComplexGetWorkspaceSize(hr.tensor, hi.tensor, hy.tensor, &size, &executor),
      ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunComplexIn(size, executor, aclnnAclnnKindsComplex), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(hy.Read<uint16_t>(), (std::vector<uint16_t>{0x3C00, 0x4200, 0x4000, 0xBC00, 0xC000,
                                                        0x0000, 0x3800, 0x3E00}));
}

TEST(AclnnComplex, AComplexOutputOfAnotherColumnIsRefusedNamingIt) {
  const std::vector<float> zeros(4, 0.0f);
  Dev r(ACL_FLOAT, 4, zeros.data());
  Dev i(ACL_FLOAT, 4, zeros.data());
  Dev y(ACL_COMPLEX32, 4);  // the float16 column's output under float inputs
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnAclnnKindsComplexGetWorkspaceSize(r.tensor, i.tensor, y.tensor, &size, &executor),
            ACLNN_ERR_PARAM_INVALID);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("y=complex32"), std::string::npos) << msg;
  EXPECT_NE(msg.find("allows y complex64"), std::string::npos) << msg;
}

// An operator that computes on values takes no complex tensor: its OpDef has no complex column,
// and the refusal names the type.
TEST(AclnnComplex, AnOperatorComputingOnValuesRefusesComplexByName) {
  Dev x(ACL_COMPLEX64, 8);
  Dev out(ACL_COMPLEX64, 8);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnAbsGetWorkspaceSize(x.tensor, out.tensor, &size, &executor),
            ACLNN_ERR_PARAM_INVALID);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("complex64"), std::string::npos) << msg;
}

// A launch's warnings (here a queue tile still held when the kernel's TPipe ends: legal on the
// chip) reach the application's stderr as `opsim exec` prints them, once per launch.
TEST(AclnnComplex, ALaunchsWarningsReachStderrOnce) {
  const std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8};
  const int64_t eight = 8;
  void* xd = nullptr;
  void* yd = nullptr;
  ASSERT_EQ(aclrtMalloc(&xd, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&yd, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(xd, 32, x.data(), 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclTensor* xt = aclCreateTensor(&eight, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &eight, 1, xd);
  aclTensor* yt = aclCreateTensor(&eight, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &eight, 1, yd);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnAclnnKindsHeldGetWorkspaceSize(xt, yt, &size, &executor), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  testing::internal::CaptureStderr();
  const aclnnStatus st = RunComplexIn(size, executor, aclnnAclnnKindsHeld);
  const std::string err = testing::internal::GetCapturedStderr();
  ASSERT_EQ(st, ACLNN_SUCCESS) << aclGetRecentErrMsg();
  const std::string head = "warning: AclnnKindsHeld: core 0: TPipe::Destroy: ";
  const size_t at = err.find(head);
  ASSERT_NE(at, std::string::npos) << err;
  EXPECT_NE(err.find("[buffer_leak]", at), std::string::npos) << err;
  EXPECT_EQ(err.find("warning:", at + head.size()), std::string::npos) << "printed twice: " << err;
  std::vector<float> y(8);
  ASSERT_EQ(aclrtMemcpy(y.data(), 32, yd, 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(y, (std::vector<float>{2, 4, 6, 8, 10, 12, 14, 16}));
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclrtFree(xd);
  aclrtFree(yd);
}

}  // namespace
}  // namespace aclnn_complex_test
