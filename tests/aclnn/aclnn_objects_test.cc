// The aclnn objects (aclnn/acl_meta.h) as an application uses them: tensors over a storage with
// views, scalars, arrays and lists, and every rule: a null argument is ACLNN_ERR_PARAM_NULLPTR,
// a bad value or a destroyed, foreign or wrong-kind handle ACLNN_ERR_PARAM_INVALID, each with
// aclGetRecentErrMsg naming the call, the value and the rule; nothing crashes.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "opdev/op_errno.h"

namespace aclnn_objects_test {

std::string RecentError() { return aclGetRecentErrMsg(); }

aclTensor* MakeTensor(const std::vector<int64_t>& view, const std::vector<int64_t>* strides,
                      int64_t offset, const std::vector<int64_t>& storage,
                      aclDataType dtype = ACL_FLOAT, aclFormat format = ACL_FORMAT_ND) {
  return aclCreateTensor(view.data(), view.size(), dtype,
                         strides != nullptr ? strides->data() : nullptr, offset, format,
                         storage.data(), storage.size(), nullptr);
}

// The tensor is refused (null) with a recent error holding every part.
void ExpectRefused(aclTensor* t, const std::vector<std::string>& parts) {
  EXPECT_EQ(t, nullptr);
  for (const std::string& part : parts) {
    EXPECT_NE(RecentError().find(part), std::string::npos) << RecentError();
  }
  aclDestroyTensor(t);
}

TEST(AclnnTensor, DescribesItsViewAndStorage) {
  const std::vector<int64_t> transposed{1, 4};  // CANN's documented example: x^T of a 2x4 x
  alignas(32) static float data[8];
  aclTensor* t =
      aclCreateTensor(std::vector<int64_t>{4, 2}.data(), 2, ACL_FLOAT16, transposed.data(), 0,
                      ACL_FORMAT_ND, std::vector<int64_t>{2, 4}.data(), 2, data);
  ASSERT_NE(t, nullptr) << RecentError();
  int64_t* dims = nullptr;
  uint64_t n = 0;
  ASSERT_EQ(aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), (std::vector<int64_t>{4, 2}));
  delete[] dims;
  ASSERT_EQ(aclGetViewStrides(t, &dims, &n), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), transposed);
  delete[] dims;
  ASSERT_EQ(aclGetStorageShape(t, &dims, &n), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), (std::vector<int64_t>{2, 4}));
  delete[] dims;
  int64_t offset = -1;
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_UNDEFINED;
  void* address = nullptr;
  EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
  EXPECT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
  EXPECT_EQ(aclGetFormat(t, &format), ACLNN_SUCCESS);
  EXPECT_EQ(aclGetRawTensorAddr(t, &address), ACLNN_SUCCESS);
  EXPECT_EQ(offset, 0);
  EXPECT_EQ(dtype, ACL_FLOAT16);
  EXPECT_EQ(format, ACL_FORMAT_ND);
  EXPECT_EQ(address, data);
  EXPECT_EQ(aclSetRawTensorAddr(t, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclGetRawTensorAddr(t, &address), ACLNN_SUCCESS);
  EXPECT_EQ(address, nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(AclnnTensor, NullStridesAreContiguousAndInitRedescribes) {
  aclTensor* t = MakeTensor({2, 3, 4}, nullptr, 0, {24});
  ASSERT_NE(t, nullptr) << RecentError();
  int64_t* strides = nullptr;
  uint64_t n = 0;
  ASSERT_EQ(aclGetViewStrides(t, &strides, &n), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(strides, strides + n), (std::vector<int64_t>{12, 4, 1}));
  delete[] strides;
  const std::vector<int64_t> dims{5};
  EXPECT_EQ(aclInitTensor(t, dims.data(), 1, ACL_INT32, nullptr, 19, ACL_FORMAT_ND,
                          std::vector<int64_t>{24}.data(), 1, nullptr),
            ACLNN_SUCCESS);
  int64_t offset = 0;
  EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
  EXPECT_EQ(offset, 19);
  // A refused re-description leaves the tensor as it was.
  EXPECT_EQ(aclInitTensor(t, dims.data(), 1, ACL_INT32, nullptr, 20, ACL_FORMAT_ND,
                          std::vector<int64_t>{24}.data(), 1, nullptr),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
  EXPECT_EQ(offset, 19);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(AclnnTensor, EachRuleRefusesNamingTheValue) {
  const std::vector<int64_t> negative_stride{-1};
  ExpectRefused(MakeTensor({4}, &negative_stride, 0, {4}),
                {"aclCreateTensor: stride[0] = -1 is negative"});
  ExpectRefused(MakeTensor({2, -3}, nullptr, 0, {6}),
                {"aclCreateTensor: viewDims[1] = -3 is negative"});
  ExpectRefused(MakeTensor({4}, nullptr, -1, {4}), {"offset -1 is negative"});
  ExpectRefused(MakeTensor({4}, nullptr, 1, {4}),
                {"reaches element 4, past the storage's 4 elements"});
  ExpectRefused(MakeTensor({1, 1, 1, 1, 1, 1, 1, 1, 1}, nullptr, 0, {1}),
                {"viewDimsNum 9 is more than the 8 dimensions"});
  ExpectRefused(MakeTensor({4}, nullptr, 0, {4}, ACL_STRING), {"dataType 13 is not a tensor"});
  ExpectRefused(MakeTensor({4}, nullptr, 0, {4}, ACL_FLOAT, static_cast<aclFormat>(99)),
                {"format 99 is not an aclFormat"});
  const std::vector<int64_t> huge{int64_t{1} << 62};
  ExpectRefused(MakeTensor({3}, &huge, 0, {4}), {"the view's extent overflows"});
  ExpectRefused(MakeTensor({4}, nullptr, 0, {int64_t{1} << 40, int64_t{1} << 40}),
                {"the storage's element count overflows"});
  // Found by the aclnn_objects fuzz target: null strides over dims whose product overflows.
  ExpectRefused(MakeTensor({2, int64_t{1} << 40, int64_t{1} << 40}, nullptr, 0, {1}),
                {"the view's contiguous strides overflow int64"});
  EXPECT_EQ(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr),
            nullptr);
  EXPECT_EQ(RecentError(), "aclCreateTensor: viewDims is null");
  // An empty view reads nothing, wherever it starts; a scalar has one element.
  aclTensor* empty = MakeTensor({0, 4}, nullptr, 100, {4});
  EXPECT_NE(empty, nullptr) << RecentError();
  aclTensor* scalar = MakeTensor({}, nullptr, 0, {});
  EXPECT_NE(scalar, nullptr) << RecentError();
  EXPECT_EQ(aclDestroyTensor(empty), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(scalar), ACLNN_SUCCESS);
}

TEST(AclnnHandles, DestroyedForeignAndWrongKindHandlesAreErrors) {
  aclTensor* t = MakeTensor({4}, nullptr, 0, {4});
  ASSERT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID);  // twice: an error, not a double free
  EXPECT_NE(RecentError().find("aclDestroyTensor: tensor 0x"), std::string::npos);
  EXPECT_NE(RecentError().find("is not a live aclTensor (destroyed already"), std::string::npos);
  aclDataType dtype;
  EXPECT_EQ(aclGetDataType(t, &dtype), ACLNN_ERR_PARAM_INVALID);
  int64_t foreign[4] = {};
  EXPECT_EQ(aclGetDataType(reinterpret_cast<aclTensor*>(foreign), &dtype), ACLNN_ERR_PARAM_INVALID);
  aclIntArray* array = aclCreateIntArray(foreign, 4);
  EXPECT_EQ(aclDestroyTensor(reinterpret_cast<const aclTensor*>(array)), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("is an aclIntArray, not an aclTensor"), std::string::npos)
      << RecentError();
  EXPECT_EQ(aclDestroyIntArray(array), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);  // as delete of null
  EXPECT_EQ(aclGetDataType(nullptr, &dtype), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(RecentError(), "aclGetDataType: tensor is null");
  int64_t* dims = nullptr;
  EXPECT_EQ(aclGetViewShape(nullptr, &dims, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(RecentError(), "aclGetViewShape: viewDimsNum is null");
}

TEST(AclnnValues, ScalarsAndArraysCopyTheirValues) {
  double value = 2.5;
  aclScalar* s = aclCreateScalar(&value, ACL_DOUBLE);
  ASSERT_NE(s, nullptr) << RecentError();
  EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
  EXPECT_EQ(RecentError(), "aclCreateScalar: value is null");
  EXPECT_EQ(aclCreateScalar(&value, ACL_INT4), nullptr);
  EXPECT_NE(RecentError().find("dataType 29 is not a data type a scalar can hold"),
            std::string::npos);
  const int64_t ints[3] = {1, -2, 3};
  const float floats[2] = {0.5f, 1.5f};
  const bool bools[1] = {true};
  aclIntArray* ia = aclCreateIntArray(ints, 3);
  aclFloatArray* fa = aclCreateFloatArray(floats, 2);
  aclBoolArray* ba = aclCreateBoolArray(bools, 1);
  aclIntArray* empty = aclCreateIntArray(nullptr, 0);  // "reduce over no axes" is an empty array
  ASSERT_NE(empty, nullptr) << RecentError();
  EXPECT_EQ(aclCreateIntArray(nullptr, 2), nullptr);
  uint64_t size = 0;
  EXPECT_EQ(aclGetIntArraySize(ia, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 3u);
  EXPECT_EQ(aclGetFloatArraySize(fa, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 2u);
  EXPECT_EQ(aclGetBoolArraySize(ba, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 1u);
  EXPECT_EQ(aclGetIntArraySize(empty, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(aclGetIntArraySize(ia, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclDestroyScalar(s), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(ia), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyFloatArray(fa), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyBoolArray(ba), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(empty), ACLNN_SUCCESS);
  EXPECT_EQ(aclGetIntArraySize(ia, &size), ACLNN_ERR_PARAM_INVALID);
}

TEST(AclnnValues, AListOwnsItsMembers) {
  aclTensor* a = MakeTensor({2}, nullptr, 0, {2});
  aclTensor* b = MakeTensor({3}, nullptr, 0, {3});
  const aclTensor* twice[2] = {a, a};
  EXPECT_EQ(aclCreateTensorList(twice, 2), nullptr);
  EXPECT_EQ(RecentError(), "aclCreateTensorList: value[1] is in the list twice");
  const aclTensor* with_null[2] = {a, nullptr};
  EXPECT_EQ(aclCreateTensorList(with_null, 2), nullptr);
  EXPECT_EQ(RecentError(), "aclCreateTensorList: value[1] is null");
  const aclTensor* members[2] = {a, b};
  aclTensorList* list = aclCreateTensorList(members, 2);
  ASSERT_NE(list, nullptr) << RecentError();
  EXPECT_EQ(aclCreateTensorList(members, 2), nullptr);
  EXPECT_EQ(RecentError(), "aclCreateTensorList: value[0] belongs to another list already");
  EXPECT_EQ(aclDestroyTensor(a), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("belongs to an aclTensorList"), std::string::npos);
  uint64_t size = 0;
  EXPECT_EQ(aclGetTensorListSize(list, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 2u);
  EXPECT_EQ(aclDestroyTensorList(list), ACLNN_SUCCESS);
  aclDataType dtype;
  EXPECT_EQ(aclGetDataType(a, &dtype), ACLNN_ERR_PARAM_INVALID);  // destroyed with the list
  float one = 1.0f;
  aclScalar* s = aclCreateScalar(&one, ACL_FLOAT);
  const aclScalar* scalars[1] = {s};
  aclScalarList* slist = aclCreateScalarList(scalars, 1);
  ASSERT_NE(slist, nullptr) << RecentError();
  EXPECT_EQ(aclDestroyScalar(s), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclGetScalarListSize(slist, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 1u);
  EXPECT_EQ(aclDestroyScalarList(slist), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalarList(slist), ACLNN_ERR_PARAM_INVALID);
}

// An executor's uses: aclnn_two_stage_test.cc.
TEST(AclnnExecutor, OnlyAFirstStagesExecutorIsTaken) {
  EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_PARAM_NULLPTR);
  int64_t not_an_executor[4] = {};
  auto* fake = reinterpret_cast<aclOpExecutor*>(not_an_executor);
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(fake), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("is not a live aclOpExecutor"), std::string::npos);
  EXPECT_EQ(AclSetInputTensorAddr(fake, 0, nullptr, nullptr), ACLNN_ERR_INNER_NULLPTR);
  aclTensor* t = MakeTensor({4}, nullptr, 0, {4});
  EXPECT_EQ(AclSetInputTensorAddr(fake, 0, t, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclSetDynamicTensorAddr(fake, 0, 0, nullptr, nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(AclnnInit, TheConfigurationIsReadAndChecked) {
  EXPECT_EQ(aclnnInit(nullptr), ACLNN_SUCCESS);
  const std::string path = ::testing::TempDir() + "aclnn_config.json";
  std::ofstream(path) << R"({"op_debug_config": {"enable_debug_kernel": "on"}})";
  EXPECT_EQ(aclnnInit(path.c_str()), ACLNN_SUCCESS) << RecentError();
  std::ofstream(path) << R"({"op_debug_config": {"enable_debug_kernel": "maybe"}})";
  EXPECT_EQ(aclnnInit(path.c_str()), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("enable_debug_kernel is \"on\" or \"off\""), std::string::npos);
  std::ofstream(path) << "{not json";
  EXPECT_EQ(aclnnInit(path.c_str()), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("is not a JSON object"), std::string::npos);
  EXPECT_EQ(aclnnInit("/nonexistent/acl.json"), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("/nonexistent/acl.json"), std::string::npos);
  std::remove(path.c_str());
  EXPECT_EQ(aclnnFinalize(), ACLNN_SUCCESS);
}

}  // namespace aclnn_objects_test
