// A hand-written op-API layer on opsim's opdev framework (tests/aclnn/testdata/opdev_layer, in
// the style of the open operator repositories): level-0 launches with and without attributes,
// Contiguous, Cast and ViewCopy steps, an empty input, the checks' messages, a repeatable
// executor; and the framework's accessors and type rules.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "aclnn/opapi_test_util.h"
#include "aclnn_opdev_exp.h"
#include "opdev/data_type_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_executor.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"

namespace opdev_layer_test {
namespace {

using opapi_test::RecentError;
using opapi_test::Tensor;

TEST(OpdevLayer, ExpComputesInFloatAndCastsToOut) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, {0, 1, -1, 0.5f, 2, -3});
  Tensor<float> y(ACL_FLOAT, {2, 3}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevExp, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  const std::vector<float> got = y.Read();
  const float in[] = {0, 1, -1, 0.5f, 2, -3};
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], std::exp(in[i]), 1e-6 * got[i]);

  // INT32 in, FLOAT16 out: a Cast to FLOAT before the Exp, one to FLOAT16 after.
  Tensor<int32_t> xi(ACL_INT32, {3}, {0, 1, 2});
  Tensor<uint16_t> yh(ACL_FLOAT16, {3}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevExp, xi.tensor, yh.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yh.Read(), (std::vector<uint16_t>{0x3C00, 0x4170, 0x4764}));  // 1, 2.719, 7.391
}

TEST(OpdevLayer, ViewsGoThroughContiguousAndViewCopy) {
  // self: the transpose of a 2 x 3 row-major buffer; out: a 3 x 2 view with strides {1, 3}.
  const std::vector<float> buffer = {0, 1, 2, 3, 4, 5};
  Tensor<float> base(ACL_FLOAT, {6}, buffer);
  const int64_t dims[] = {3, 2};
  const int64_t transposed[] = {1, 3};
  const int64_t storage[] = {6};
  aclTensor* self =
      aclCreateTensor(dims, 2, ACL_FLOAT, transposed, 0, ACL_FORMAT_ND, storage, 1, base.data);
  Tensor<float> out_base(ACL_FLOAT, {6}, std::vector<float>(6, -1.0f));
  aclTensor* out =
      aclCreateTensor(dims, 2, ACL_FLOAT, transposed, 0, ACL_FORMAT_ND, storage, 1, out_base.data);
  ASSERT_EQ(OPAPI_RUN(OpdevExp, self, out), ACLNN_SUCCESS) << RecentError();
  // out's view element (i, j) sits at i + 3 j, the place self's (i, j) read: exp of the buffer.
  const std::vector<float> got = out_base.Read();
  for (size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], std::exp(buffer[k]), 1e-6 * got[k]);
  aclDestroyTensor(self);
  aclDestroyTensor(out);
}

TEST(OpdevLayer, TheLaunchTakesTheOutputAsAllocated) {
  // Exp's InferShape gives y the shape [2, 3]; the layer allocated [6], and the kernel runs on it.
  Tensor<float> x(ACL_FLOAT, {2, 3}, {0, 1, -1, 0.5f, 2, -3});
  Tensor<float> y(ACL_FLOAT, {6}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevExpFlat, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  const std::vector<float> got = y.Read();
  const float in[] = {0, 1, -1, 0.5f, 2, -3};
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], std::exp(in[i]), 1e-6 * got[i]);
}

TEST(OpdevLayer, InferShapeLaysOutATensorAllocatedWithoutAShape) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, {0, 1, -1, 0.5f, 2, -3});
  Tensor<float> y(ACL_FLOAT, {2, 3}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevExpLazy, x.tensor, int64_t{0}, y.tensor), ACLNN_SUCCESS)
      << RecentError();
  const std::vector<float> got = y.Read();
  const float in[] = {0, 1, -1, 0.5f, 2, -3};
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], std::exp(in[i]), 1e-6 * got[i]);

  // The layer returns its own code (ACLNN_ERR_PARAM_INVALID); the message says why.
  EXPECT_EQ(OPAPI_RUN(OpdevExpLazy, x.tensor, int64_t{1}, y.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("INFER_SHAPE(OpdevNoSuchOp): no loaded operator library "
                               "defines OpdevNoSuchOp (OP_ADD)"),
            std::string::npos)
      << RecentError();
  EXPECT_EQ(OPAPI_RUN(OpdevExpLazy, x.tensor, int64_t{2}, y.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("was allocated without a shape (AllocTensor(dataType, "
                               "storageFormat, originFormat)) and no INFER_SHAPE laid it out"),
            std::string::npos)
      << RecentError();
}

TEST(OpdevLayer, AnEmptyInputRunsNothing) {
  Tensor<float> x(ACL_FLOAT, {0, 4}, {});
  Tensor<float> y(ACL_FLOAT, {0, 4}, {});
  uint64_t size = 1;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnOpdevExpGetWorkspaceSize(x.tensor, y.tensor, &size, &executor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(aclnnOpdevExp(nullptr, 0, executor, nullptr), ACLNN_SUCCESS) << RecentError();
}

TEST(OpdevLayer, TheLayersChecksReachTheApplication) {
  Tensor<float> y(ACL_FLOAT, {2}, {});
  EXPECT_EQ(OPAPI_RUN(OpdevExp, nullptr, y.tensor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(RecentError().find("CheckExpParams: self is null."), std::string::npos)
      << RecentError();
  Tensor<uint8_t> xb(ACL_BOOL, {2}, {1, 0});
  EXPECT_EQ(OPAPI_RUN(OpdevExp, xb.tensor, y.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("self is DT_BOOL and out is DT_FLOAT; self takes [DT_FLOAT, "
                               "DT_FLOAT16, DT_INT32, DT_INT64]"),
            std::string::npos)
      << RecentError();
  Tensor<float> x3(ACL_FLOAT, {3}, {1, 2, 3});
  EXPECT_EQ(OPAPI_RUN(OpdevExp, x3.tensor, y.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("self's shape [3] is not out's [2]."), std::string::npos)
      << RecentError();
  uint64_t size = 0;
  EXPECT_EQ(aclnnOpdevExpGetWorkspaceSize(x3.tensor, y.tensor, &size, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
}

TEST(OpdevLayer, ArgMaxTakesItsAttributesInTheOpDefsOrder) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, {3, 1, 3, 0, 7, 7});
  Tensor<int64_t> rows(ACL_INT64, {2}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevArgMax, x.tensor, 1, false, rows.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(rows.Read(), (std::vector<int64_t>{0, 1}));
  Tensor<int32_t> cols(ACL_INT32, {1, 3}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevArgMax, x.tensor, 0, true, cols.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(cols.Read(), (std::vector<int32_t>{0, 1, 1}));
  EXPECT_EQ(OPAPI_RUN(OpdevArgMax, x.tensor, 5, false, rows.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("ArgMax: attribute 'axis' = 5 is out of range"), std::string::npos)
      << RecentError();
}

TEST(OpdevLayer, ARepeatableExecutorRunsInNewWorkspaces) {
  Tensor<int32_t> x(ACL_INT32, {2}, {0, 1});
  Tensor<float> y(ACL_FLOAT, {2}, {});
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnOpdevExpGetWorkspaceSize(x.tensor, y.tensor, &size, &executor), ACLNN_SUCCESS)
      << RecentError();
  ASSERT_GE(size, 2 * 512u);  // x as FLOAT and exp of it, 512 B apart
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  for (int run = 0; run < 2; ++run) {
    void* workspace = nullptr;
    ASSERT_EQ(aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclnnOpdevExp(workspace, size, executor, nullptr), ACLNN_SUCCESS) << RecentError();
    EXPECT_NEAR(y.Read()[1], std::exp(1.0f), 1e-6);
    aclrtFree(workspace);
  }
  EXPECT_EQ(aclnnOpdevExp(nullptr, 0, executor, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
}

TEST(OpdevFramework, AccessorsAndTypeRules) {
  const int64_t dims[] = {2, 3};
  aclTensor* t = aclCreateTensor(dims, 2, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, dims, 2, nullptr);
  EXPECT_EQ(op::ToString(t->GetViewShape()).GetString(), std::string("[2,3]"));
  EXPECT_EQ(op::ToString(t->GetViewStrides()).GetString(), std::string("[3,1]"));
  EXPECT_EQ(t->GetDataType(), op::DataType::DT_FLOAT16);
  EXPECT_EQ(t->Numel(), 6);
  EXPECT_FALSE(t->IsEmpty());
  aclDestroyTensor(t);
  const double big = 1e10;
  aclScalar* s = aclCreateScalar(const_cast<double*>(&big), ACL_DOUBLE);
  EXPECT_TRUE(s->CheckOverflows<int32_t>());
  EXPECT_FALSE(s->CheckOverflows<int64_t>());
  EXPECT_EQ(s->ToInt64(), 10000000000);
  aclDestroyScalar(s);
  using op::DataType;
  EXPECT_EQ(op::PromoteType(DataType::DT_FLOAT16, DataType::DT_BF16), DataType::DT_FLOAT);
  EXPECT_EQ(op::PromoteType(DataType::DT_UINT8, DataType::DT_INT8), DataType::DT_INT16);
  EXPECT_EQ(op::PromoteType(DataType::DT_BOOL, DataType::DT_INT32), DataType::DT_INT32);
  EXPECT_EQ(op::PromoteType(DataType::DT_INT64, DataType::DT_FLOAT16), DataType::DT_FLOAT16);
  EXPECT_EQ(op::PromoteType(DataType::DT_UINT32, DataType::DT_INT8), DataType::DT_UNDEFINED);
  EXPECT_FALSE(op::CanCast(DataType::DT_FLOAT, DataType::DT_INT32));
  EXPECT_TRUE(op::CanCast(DataType::DT_INT32, DataType::DT_FLOAT));
  // FVector<bool> keeps bool storage (data()), which host values are converted from.
  op::FVector<bool> flags{true, false, true};
  UniqueExecutor executor("AccessorsAndTypeRules");
  const aclTensor* mask = executor->ConvertToTensor(flags.data(), flags.size(), DataType::DT_BOOL);
  ASSERT_NE(mask, nullptr) << RecentError();
  EXPECT_EQ(mask->Numel(), 3);
  EXPECT_EQ(static_cast<const uint8_t*>(mask->GetData())[2], 1);
  EXPECT_EQ(op::GetCurrentPlatformInfo().GetSocVersion(), op::SocVersion::ASCEND910B);
  EXPECT_GT(op::GetCurrentPlatformInfo().GetVectorCoreNum(), 0u);
}

TEST(OpdevLayer, CreateViewReadsTheTensorsStorageAtEveryRun) {
  Tensor<float> x(ACL_FLOAT, {3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  Tensor<float> y(ACL_FLOAT, {4}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevExpRow, x.tensor, int64_t{1}, y.tensor), ACLNN_SUCCESS) << RecentError();
  const std::vector<float> got = y.Read();
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i], std::exp(4.0f + static_cast<float>(i)), 1e-6 * got[i]) << i;
  }
  // Row 3 of three: the view leaves the storage, refused at the first stage.
  EXPECT_EQ(OPAPI_RUN(OpdevExpRow, x.tensor, int64_t{3}, y.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("aclOpExecutor::CreateView"), std::string::npos) << RecentError();
  EXPECT_NE(RecentError().find("past the storage's 12 elements"), std::string::npos)
      << RecentError();
}

TEST(OpdevExecutor, CreateViewAndTheRestOfCannsAllocationsCheckTheirArguments) {
  auto executor = CREATE_EXECUTOR();
  Tensor<float> x(ACL_FLOAT, {3, 4}, std::vector<float>(12, 1.0f));
  aclTensor* strided =
      executor->CreateView(x.tensor, op::Shape{2, 2}, op::Shape{3, 4}, op::Strides{4, 2}, 1);
  ASSERT_NE(strided, nullptr) << RecentError();
  EXPECT_EQ(strided->GetViewOffset(), 1);
  EXPECT_EQ(strided->GetViewStrides(), (op::Strides{4, 2}));
  EXPECT_EQ(strided->GetStorageShape(), (op::Shape{3, 4}));
  EXPECT_EQ(executor->CreateView(x.tensor, op::Shape{2, 2}, op::Shape{3, 4}, op::Strides{1}, 0),
            nullptr);
  EXPECT_NE(RecentError().find("1 strides for a view of rank 2"), std::string::npos)
      << RecentError();
  EXPECT_EQ(executor->CreateView(x.tensor, op::Shape{4}, op::Shape{4, 4}, op::Strides{1}, 0),
            nullptr);
  EXPECT_NE(RecentError().find("more than the tensor's storage (12)"), std::string::npos)
      << RecentError();
  EXPECT_EQ(executor->CreateView(nullptr, op::Shape{4}, 0), nullptr);

  const aclScalar* s16 = executor->AllocScalar(int16_t{-3});
  ASSERT_NE(s16, nullptr);
  EXPECT_EQ(s16->GetDataType(), op::DataType::DT_INT16);
  EXPECT_EQ(s16->ToInt64(), -3);
  EXPECT_EQ(executor->AllocScalar(true)->GetDataType(), op::DataType::DT_BOOL);
  EXPECT_EQ(executor->AllocScalar(uint64_t{7})->ToInt64(), 7);
  const uint8_t bytes[] = {1, 200};
  const aclTensor* wide = executor->AllocHostTensor(bytes, 2, op::DataType::DT_INT32);
  ASSERT_NE(wide, nullptr) << RecentError();
  EXPECT_EQ(static_cast<const int32_t*>(wide->data)[1], 200);
  const int16_t negative[] = {-1};
  EXPECT_EQ(executor->AllocHostTensor(negative, 1, op::DataType::DT_UINT8), nullptr);
  const aclTensor* zeros = executor->AllocHostTensor(op::Shape{2, 3}, op::DataType::DT_FLOAT);
  ASSERT_NE(zeros, nullptr) << RecentError();
  EXPECT_EQ(zeros->GetViewShape(), (op::Shape{2, 3}));
  EXPECT_EQ(static_cast<const float*>(zeros->data)[5], 0.0f);
  // A shape whose element count overflows is refused before any memory is taken.
  EXPECT_EQ(executor->AllocHostTensor(op::Shape{int64_t{1} << 40, int64_t{1} << 40},
                                      op::DataType::DT_FLOAT),
            nullptr);
  EXPECT_FALSE(RecentError().empty());
}

}  // namespace
}  // namespace opdev_layer_test
