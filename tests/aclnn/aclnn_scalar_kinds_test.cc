// Two more kinds of a generated aclnn function (tests/aclnn/testdata/aclnn_kinds): an input the
// OpDef declares .Scalar() is a `const aclScalar *` (CANN's OpParamDef::Scalar reference: "the
// input's type in the generated aclnn API is aclScalar"), which the kernel reads as a one-element
// tensor of the scalar's type; and an op with no input picks its dtype column by its output's
// type (as ops-math's LogSpace needs); where two columns take the same input type, the output's
// type picks between them (as ops-math's CastV2 needs).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn_aclnn_kinds_convert.h"
#include "aclnn_aclnn_kinds_no_input.h"
#include "aclnn_aclnn_kinds_scalar.h"
#include "opdev/op_errno.h"

namespace aclnn_scalar_kinds_test {
namespace {

constexpr int64_t kEight = 8;

// An [8] tensor of `dtype` on device memory, read back as raw bytes.
struct Out {
  Out(aclDataType dtype, size_t element) : bytes(kEight * element) {
    EXPECT_EQ(aclrtMalloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    tensor = aclCreateTensor(&kEight, 1, dtype, nullptr, 0, ACL_FORMAT_ND, &kEight, 1, data);
  }
  ~Out() {
    aclDestroyTensor(tensor);
    aclrtFree(data);
  }
  template <typename T>
  std::vector<T> Read() const {
    std::vector<T> host(kEight);
    aclrtMemcpy(host.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    return host;
  }
  size_t bytes;
  void* data = nullptr;
  aclTensor* tensor = nullptr;
};

// The second stage in a workspace of the size asked (a scalar's constant lives there).
aclnnStatus RunIn(uint64_t size, aclOpExecutor* executor,
                  aclnnStatus (*second)(void*, uint64_t, aclOpExecutor*, aclrtStream)) {
  void* workspace = nullptr;
  if (size > 0 && aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    return ACLNN_ERR_INNER;
  }
  const aclnnStatus st = second(workspace, size, executor, nullptr);
  if (workspace != nullptr) aclrtFree(workspace);
  return st;
}

TEST(AclnnScalarKinds, AScalarInputIsAnAclScalarOfItsOwnType) {
  float f = 2.5f;
  aclScalar* value = aclCreateScalar(&f, ACL_FLOAT);
  Out y(ACL_FLOAT, sizeof(float));
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnAclnnKindsScalarGetWorkspaceSize(value, y.tensor, &size, &executor), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor, aclnnAclnnKindsScalar), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(y.Read<float>(), std::vector<float>(kEight, 2.5f));
  aclDestroyScalar(value);

  int32_t i = -7;  // the int32 column, chosen by the scalar's type
  value = aclCreateScalar(&i, ACL_INT32);
  Out yi(ACL_INT32, sizeof(int32_t));
  ASSERT_EQ(aclnnAclnnKindsScalarGetWorkspaceSize(value, yi.tensor, &size, &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor, aclnnAclnnKindsScalar), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(yi.Read<int32_t>(), std::vector<int32_t>(kEight, -7));
  aclDestroyScalar(value);
}

// CANN's single-operator API runs no InferShape (Ascend C's operator guide: it is needed for graph
// mode only): the kernel runs on the caller's output, here [2, 4] where InferShape says [8], and
// a warning on stderr names the difference (ops-math's ComplexV2 example passes such an output).
TEST(AclnnScalarKinds, TheCallersOutputStandsWhereInferShapeDisagrees) {
  float f = 1.5f;
  aclScalar* value = aclCreateScalar(&f, ACL_FLOAT);
  void* data = nullptr;
  ASSERT_EQ(aclrtMalloc(&data, kEight * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const int64_t dims[] = {2, 4};
  aclTensor* y = aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, data);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  testing::internal::CaptureStderr();
  const aclnnStatus st = aclnnAclnnKindsScalarGetWorkspaceSize(value, y, &size, &executor);
  const std::string err = testing::internal::GetCapturedStderr();
  ASSERT_EQ(st, ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_NE(err.find("warning: aclnnAclnnKindsScalarGetWorkspaceSize: AclnnKindsScalar's "
                     "InferShape gives "),
            std::string::npos)
      << err;
  EXPECT_NE(err.find(" [8] (the caller's [2,4]); CANN's single-operator API runs no InferShape"),
            std::string::npos)
      << err;
  ASSERT_EQ(RunIn(size, executor, aclnnAclnnKindsScalar), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  std::vector<float> host(kEight);
  ASSERT_EQ(aclrtMemcpy(host.data(), kEight * sizeof(float), data, kEight * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
  EXPECT_EQ(host, std::vector<float>(kEight, 1.5f));
  aclDestroyTensor(y);
  aclrtFree(data);
  aclDestroyScalar(value);
}

TEST(AclnnScalarKinds, ANullOrDeadScalarIsRefusedNamingIt) {
  Out y(ACL_FLOAT, sizeof(float));
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnAclnnKindsScalarGetWorkspaceSize(nullptr, y.tensor, &size, &executor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("value"), std::string::npos)
      << aclGetRecentErrMsg();
  float f = 1.0f;
  aclScalar* value = aclCreateScalar(&f, ACL_FLOAT);
  aclDestroyScalar(value);
  EXPECT_EQ(aclnnAclnnKindsScalarGetWorkspaceSize(value, y.tensor, &size, &executor),
            ACLNN_ERR_PARAM_INVALID);
}

TEST(AclnnScalarKinds, AnOpWithoutInputsTakesItsColumnFromItsOutput) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  Out half(ACL_FLOAT16, sizeof(uint16_t));  // the second column: a float kernel would overrun
  ASSERT_EQ(aclnnAclnnKindsNoInputGetWorkspaceSize(half.tensor, &size, &executor), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor, aclnnAclnnKindsNoInput), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(half.Read<uint16_t>(), std::vector<uint16_t>(kEight, 0x4000));  // 2.0 in float16

  Out single(ACL_FLOAT, sizeof(float));
  ASSERT_EQ(aclnnAclnnKindsNoInputGetWorkspaceSize(single.tensor, &size, &executor), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor, aclnnAclnnKindsNoInput), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(single.Read<float>(), std::vector<float>(kEight, 2.0f));

  Out ints(ACL_INT32, sizeof(int32_t));  // no column has it
  EXPECT_EQ(aclnnAclnnKindsNoInputGetWorkspaceSize(ints.tensor, &size, &executor),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg())
                .find("AclnnKindsNoInput: no dtype column fits the outputs y=int32 (the OpDef "
                      "allows float32, float16)"),
            std::string::npos)
      << aclGetRecentErrMsg();
}

TEST(AclnnScalarKinds, TheOutputsTypePicksAmongTheColumnsTheInputsFit) {
  // float16 1.5, -2, 0.25, 3, 0, 1, -0.5, 2.
  const std::vector<uint16_t> bits = {0x3E00, 0xC000, 0x3400, 0x4200,
                                      0x0000, 0x3C00, 0xB800, 0x4000};
  Out x(ACL_FLOAT16, sizeof(uint16_t));
  ASSERT_EQ(aclrtMemcpy(x.data, x.bytes, bits.data(), x.bytes, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  Out single(ACL_FLOAT, sizeof(float));  // the second column
  ASSERT_EQ(aclnnAclnnKindsConvertGetWorkspaceSize(x.tensor, single.tensor, &size, &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor, aclnnAclnnKindsConvert), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(single.Read<float>(),
            (std::vector<float>{1.5f, -2.0f, 0.25f, 3.0f, 0.0f, 1.0f, -0.5f, 2.0f}));

  Out half(ACL_FLOAT16, sizeof(uint16_t));  // the first column
  ASSERT_EQ(aclnnAclnnKindsConvertGetWorkspaceSize(x.tensor, half.tensor, &size, &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor, aclnnAclnnKindsConvert), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(half.Read<uint16_t>(), bits);

  // No column of the inputs' has an int32 output: refused, naming what those columns allow.
  Out ints(ACL_INT32, sizeof(int32_t));
  EXPECT_EQ(aclnnAclnnKindsConvertGetWorkspaceSize(x.tensor, ints.tensor, &size, &executor),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg())
                .find("with the output types the caller gives (y=int32); with these inputs the "
                      "OpDef allows y float16, float32"),
            std::string::npos)
      << aclGetRecentErrMsg();
}

}  // namespace
}  // namespace aclnn_scalar_kinds_test
