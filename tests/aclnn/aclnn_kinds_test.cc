// Every kind of parameter a generated aclnn function takes, through AclnnKinds' generated API
// (tests/aclnn/testdata/aclnn_kinds): a DYNAMIC input as an aclTensorList, an OPTIONAL input given
// or null, and each attribute type (int64_t, double, bool, char*, aclIntArray, aclFloatArray,
// aclBoolArray), the optional ones null for the OpDef's default; ValueDepend inputs as arrays
// (and as tensors through the ...TensorGetWorkspaceSize form); a list's tensor re-pointed by
// aclSetDynamicInputTensorAddr; an empty or null list refused. A DYNAMIC output as an
// aclTensorList too (AclnnKindsForeach, ops-nn's foreach form).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opapi_test_util.h"
#include "aclnn_aclnn_kinds.h"
#include "aclnn_aclnn_kinds_foreach.h"
#include "opdev/op_errno.h"

namespace aclnn_kinds_test {
namespace {

constexpr int64_t kN = 64;

struct Vec {
  explicit Vec(float value) {
    EXPECT_EQ(aclrtMalloc(&data, kN * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::vector<float> host(kN, value);
    aclrtMemcpy(data, kN * sizeof(float), host.data(), kN * sizeof(float),
                ACL_MEMCPY_HOST_TO_DEVICE);
    tensor = aclCreateTensor(&kN, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &kN, 1, data);
  }
  ~Vec() { aclrtFree(data); }  // the tensor: its list's, or destroyed by the test
  float First() const {
    float v = 0;
    aclrtMemcpy(&v, sizeof v, data, sizeof v, ACL_MEMCPY_DEVICE_TO_HOST);
    return v;
  }
  void* data = nullptr;
  aclTensor* tensor = nullptr;
};

// The second stage in a workspace of the size asked (the arrays' constants live there).
aclnnStatus RunIn(uint64_t size, aclOpExecutor* executor) {
  return opapi_test::Second(ACLNN_SUCCESS, size, executor, aclnnAclnnKinds);
}

// ValueDepend inputs' arrays: scales (FLOAT), shifts (INT64), mask (BOOL).
struct Depends {
  Depends(std::vector<float> s, std::vector<int64_t> i, std::vector<char> m) {
    scales = aclCreateFloatArray(s.data(), s.size());
    if (!i.empty()) shifts = aclCreateIntArray(i.data(), i.size());
    if (!m.empty()) {
      std::vector<bool> flags(m.begin(), m.end());
      bool b[8] = {};
      for (size_t k = 0; k < flags.size() && k < 8; ++k) b[k] = flags[k];
      mask = aclCreateBoolArray(b, flags.size());
    }
  }
  ~Depends() {
    aclDestroyFloatArray(scales);
    if (shifts != nullptr) aclDestroyIntArray(shifts);
    if (mask != nullptr) aclDestroyBoolArray(mask);
  }
  aclFloatArray* scales = nullptr;
  aclIntArray* shifts = nullptr;
  aclBoolArray* mask = nullptr;
};

TEST(AclnnKinds, EveryParameterKindArrives) {
  Vec x0(1), x1(2), x2(4), bias(8), y(0);
  Depends d({1.0f, 0.5f}, {2, 3}, {1, 0, 1});
  const aclTensor* members[] = {x0.tensor, x1.tensor, x2.tensor};
  aclTensorList* x = aclCreateTensorList(members, 3);
  const int64_t ints[] = {3, 4};
  const float floats[] = {0.5f, 0.25f};
  const bool bools[] = {true, true, false};
  aclIntArray* int_array = aclCreateIntArray(ints, 2);
  aclFloatArray* float_array = aclCreateFloatArray(floats, 2);
  aclBoolArray* bool_array = aclCreateBoolArray(bools, 3);
  char label[] = "xyz";
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnAclnnKindsGetWorkspaceSize(x, bias.tensor, d.scales, d.shifts, d.mask, 2, 1.5,
                                            true, label, int_array, float_array, bool_array,
                                            y.tensor, &size, &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  ASSERT_EQ(RunIn(size, executor), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  // 1 + 2 + 4 + 8, plus c = 2 + 1.5 + 1 + 3 ("xyz") + 7 + 0.75 + 2, plus the ValueDepend
  // inputs 1.5 (scales) + 5 (shifts) + 2 (mask).
  EXPECT_EQ(y.First(), 15.0f + 17.25f + 8.5f);
  // The list's second tensor now reads bias's memory (8 instead of 2).
  EXPECT_EQ(aclSetDynamicInputTensorAddr(executor, 0, 1, x, bias.data), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor), ACLNN_SUCCESS);
  EXPECT_EQ(y.First(), 21.0f + 17.25f + 8.5f);
  EXPECT_EQ(aclSetDynamicInputTensorAddr(executor, 0, 3, x, bias.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("relativeIndex 3 is past the list's 3"),
            std::string::npos)
      << aclGetRecentErrMsg();
  EXPECT_EQ(aclSetDynamicInputTensorAddr(executor, 1, 0, x, bias.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  aclDestroyTensorList(x);
  aclDestroyIntArray(int_array);
  aclDestroyFloatArray(float_array);
  aclDestroyBoolArray(bool_array);
  aclDestroyTensor(bias.tensor);
  aclDestroyTensor(y.tensor);
}

TEST(AclnnKinds, NullOptionalsTakeTheOpDefsDefaults) {
  Vec x0(1), y(0);
  const aclTensor* members[] = {x0.tensor};
  aclTensorList* x = aclCreateTensorList(members, 1);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  Depends d({0.25f}, {}, {});
  ASSERT_EQ(aclnnAclnnKindsGetWorkspaceSize(x, nullptr, d.scales, nullptr, nullptr, 5, 0.5, false,
                                            nullptr, nullptr, nullptr, nullptr, y.tensor, &size,
                                            &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  // 1, plus c = 5 + 0.5 + 0 + 2 ("ab") + 3 ({1, 2}) + 0.25 + 1 ({true, false}), plus scales.
  EXPECT_EQ(y.First(), 1.0f + 11.75f + 0.25f);
  aclDestroyTensorList(x);
  aclDestroyTensor(y.tensor);
}

TEST(AclnnKinds, AnEmptyOrNullListIsRefused) {
  Vec y(0);
  Depends d({1.0f}, {}, {});
  aclTensorList* empty = aclCreateTensorList(nullptr, 0);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnAclnnKindsGetWorkspaceSize(empty, nullptr, d.scales, nullptr, nullptr, 1, 0.5,
                                            false, nullptr, nullptr, nullptr, nullptr, y.tensor,
                                            &size, &executor),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()),
            "aclnnAclnnKindsGetWorkspaceSize: x is an empty tensor list");
  EXPECT_EQ(aclnnAclnnKindsGetWorkspaceSize(nullptr, nullptr, d.scales, nullptr, nullptr, 1, 0.5,
                                            false, nullptr, nullptr, nullptr, nullptr, y.tensor,
                                            &size, &executor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()), "aclnnAclnnKindsGetWorkspaceSize: x is null");
  aclDestroyTensorList(empty);
  aclDestroyTensor(y.tensor);
}

// The tensor form of the same function takes the ValueDepend inputs as device tensors; a null
// required array is 161001 and a destroyed one 161002, each naming the parameter.
TEST(AclnnKinds, ValueDependInputsAsTensorsAndTheirRefusals) {
  Vec x0(1), y(0);
  const aclTensor* members[] = {x0.tensor};
  aclTensorList* x = aclCreateTensorList(members, 1);
  const int64_t two = 2;
  void* scale_data = nullptr;
  ASSERT_EQ(aclrtMalloc(&scale_data, 2 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const float scale_values[] = {3.0f, 4.0f};
  aclrtMemcpy(scale_data, sizeof scale_values, scale_values, sizeof scale_values,
              ACL_MEMCPY_HOST_TO_DEVICE);
  aclTensor* scales =
      aclCreateTensor(&two, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &two, 1, scale_data);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnAclnnKindsTensorGetWorkspaceSize(x, nullptr, scales, nullptr, nullptr, 5, 0.5,
                                                  false, nullptr, nullptr, nullptr, nullptr,
                                                  y.tensor, &size, &executor),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunIn(size, executor), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(y.First(), 1.0f + 11.75f + 7.0f);

  EXPECT_EQ(
      aclnnAclnnKindsGetWorkspaceSize(x, nullptr, nullptr, nullptr, nullptr, 5, 0.5, false, nullptr,
                                      nullptr, nullptr, nullptr, y.tensor, &size, &executor),
      ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()), "aclnnAclnnKindsGetWorkspaceSize: scales is null");
  const float one = 1.0f;
  aclFloatArray* dead = aclCreateFloatArray(&one, 1);
  aclDestroyFloatArray(dead);
  EXPECT_EQ(
      aclnnAclnnKindsGetWorkspaceSize(x, nullptr, dead, nullptr, nullptr, 5, 0.5, false, nullptr,
                                      nullptr, nullptr, nullptr, y.tensor, &size, &executor),
      ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("scales"), std::string::npos)
      << aclGetRecentErrMsg();
  aclDestroyTensor(scales);
  aclrtFree(scale_data);
  aclDestroyTensorList(x);
  aclDestroyTensor(y.tensor);
}

aclnnStatus RunForeachIn(uint64_t size, aclOpExecutor* executor) {
  return opapi_test::Second(ACLNN_SUCCESS, size, executor, aclnnAclnnKindsForeach);
}

// y[i] = 2 * x[i]: the output list is the caller's, each tensor its own buffer.
aclnnStatus RunForeach(const aclTensorList* x, const aclTensorList* y) {
  return OPAPI_RUN(AclnnKindsForeach, x, y);
}

TEST(AclnnKinds, ADynamicOutputIsTheCallersTensorList) {
  Vec x0(1), x1(3), x2(-2), y0(0), y1(0), y2(0);
  const aclTensor* in[] = {x0.tensor, x1.tensor, x2.tensor};
  const aclTensor* out[] = {y0.tensor, y1.tensor, y2.tensor};
  aclTensorList* x = aclCreateTensorList(in, 3);
  aclTensorList* y = aclCreateTensorList(out, 3);
  ASSERT_EQ(RunForeach(x, y), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(y0.First(), 2.0f);
  EXPECT_EQ(y1.First(), 6.0f);
  EXPECT_EQ(y2.First(), -4.0f);
  // Two outputs for three inputs: the op's InferShape refuses the call, as ops-nn's foreach
  // InferShape does; a null list is named.
  Vec z0(0), z1(0);
  const aclTensor* two[] = {z0.tensor, z1.tensor};
  aclTensorList* short_y = aclCreateTensorList(two, 2);
  EXPECT_EQ(RunForeach(x, short_y), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("InferShape"), std::string::npos)
      << aclGetRecentErrMsg();
  EXPECT_EQ(RunForeach(x, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()),
            "aclnnAclnnKindsForeachGetWorkspaceSize: yOut is null");
  aclDestroyTensorList(x);  // and its tensors, as for the other lists
  aclDestroyTensorList(y);
  aclDestroyTensorList(short_y);
}

// A repeatable executor's output list re-pointed, tensor by tensor: output parameter 0 by
// aclSetDynamicOutputTensorAddr, and by aclSetDynamicTensorAddr as parameter 1 (after the one
// input), as CANN's pages number them.
TEST(AclnnKinds, ADynamicOutputListIsRepointedOnARepeatableExecutor) {
  Vec x0(1), x1(3), y0(0), y1(0), moved0(0), moved1(0);
  const aclTensor* in[] = {x0.tensor, x1.tensor};
  const aclTensor* out[] = {y0.tensor, y1.tensor};
  aclTensorList* x = aclCreateTensorList(in, 2);
  aclTensorList* y = aclCreateTensorList(out, 2);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnAclnnKindsForeachGetWorkspaceSize(x, y, &size, &executor), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  ASSERT_EQ(RunForeachIn(size, executor), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(y1.First(), 6.0f);
  EXPECT_EQ(aclSetDynamicOutputTensorAddr(executor, 0, 1, y, moved1.data), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(aclSetDynamicTensorAddr(executor, 1, 0, y, moved0.data), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunForeachIn(size, executor), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(moved0.First(), 2.0f);
  EXPECT_EQ(moved1.First(), 6.0f);
  // Output 1 does not exist, the list has two tensors, and input 0 is x, not y.
  EXPECT_EQ(aclSetDynamicOutputTensorAddr(executor, 1, 0, y, y0.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("output 1 of the"), std::string::npos)
      << aclGetRecentErrMsg();
  EXPECT_EQ(aclSetDynamicOutputTensorAddr(executor, 0, 2, y, y0.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclSetDynamicInputTensorAddr(executor, 0, 0, y, y0.data), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  aclDestroyTensorList(x);
  aclDestroyTensorList(y);
}

}  // namespace
}  // namespace aclnn_kinds_test
