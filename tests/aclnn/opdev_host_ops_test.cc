// The level-0 BroadcastTo and Fill that opsim's op-API layer runs itself when no operator
// library defines them (aclnn/src/l0op_host_ops.h), called as an op_api layer calls them
// (tests/aclnn/testdata/opdev_layer/opdev_broadcast.cpp): INFER_SHAPE from the shape's values,
// numpy's broadcasting of a contiguous, a size-1 and a transposed input, Fill of each type, and
// every refusal with its code and message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "aclnn/opapi_test_util.h"
#include "aclnn_opdev_broadcast.h"

namespace opdev_host_ops_test {
namespace {

using opapi_test::RecentError;
using opapi_test::Tensor;

// aclnnOpdevExpand of `self` to `shape`, into `out`.
aclnnStatus Expand(const aclTensor* self, const std::vector<int64_t>& shape, aclTensor* out) {
  aclIntArray* array = aclCreateIntArray(shape.data(), shape.size());
  const aclnnStatus st = OPAPI_RUN(OpdevExpand, self, array, out);
  aclDestroyIntArray(array);
  return st;
}

TEST(OpdevHostOps, BroadcastToRepeatsTheDimsOfOneAndTheMissingOnes) {
  Tensor<float> row(ACL_FLOAT, {3}, {1, 2, 3});
  Tensor<float> out(ACL_FLOAT, {2, 3}, {});
  ASSERT_EQ(Expand(row.tensor, {2, 3}, out.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<float>{1, 2, 3, 1, 2, 3}));

  Tensor<int32_t> column(ACL_INT32, {2, 1}, {5, 7});
  Tensor<int32_t> wide(ACL_INT32, {2, 3}, {});
  ASSERT_EQ(Expand(column.tensor, {2, 3}, wide.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(wide.Read(), (std::vector<int32_t>{5, 5, 5, 7, 7, 7}));
}

TEST(OpdevHostOps, BroadcastToReadsAStridedInputThroughItsView) {
  // self: the 3 x 2 transpose of a 2 x 3 row-major buffer (element (i, j) at i + 3 j).
  Tensor<float> base(ACL_FLOAT, {6}, {0, 1, 2, 3, 4, 5});
  const int64_t dims[] = {3, 2};
  const int64_t strides[] = {1, 3};
  const int64_t storage[] = {6};
  aclTensor* self =
      aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, base.data);
  Tensor<float> out(ACL_FLOAT, {2, 3, 2}, {});
  ASSERT_EQ(Expand(self, {2, 3, 2}, out.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<float>{0, 3, 1, 4, 2, 5, 0, 3, 1, 4, 2, 5}));
  aclDestroyTensor(self);
}

TEST(OpdevHostOps, BroadcastToRefusesWhatNumpyRefuses) {
  Tensor<float> two(ACL_FLOAT, {2}, {1, 2});
  Tensor<float> out(ACL_FLOAT, {3}, {});
  EXPECT_EQ(Expand(two.tensor, {3}, out.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("BroadcastTo: "), std::string::npos) << RecentError();
  EXPECT_NE(RecentError().find("does not broadcast to [3] (dim 0: 2 to 3; numpy's rule: equal, "
                               "or 1)"),
            std::string::npos)
      << RecentError();

  EXPECT_EQ(Expand(two.tensor, {-1, 2}, out.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("BroadcastTo's shape[0] = -1 is negative"), std::string::npos)
      << RecentError();

  Tensor<float> wide(ACL_FLOAT, {2, 2}, {1, 2, 3, 4});
  EXPECT_EQ(Expand(wide.tensor, {2}, out.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("(it has more dims)"), std::string::npos) << RecentError();
}

TEST(OpdevHostOps, FillWritesTheValueEverywhere) {
  int32_t seven = 7;
  aclScalar* s = aclCreateScalar(&seven, ACL_INT32);
  Tensor<int32_t> out(ACL_INT32, {2, 2}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevFill, s, int64_t{0}, out.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<int32_t>{7, 7, 7, 7}));

  Tensor<float> floats(ACL_FLOAT, {3}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevFill, s, int64_t{0}, floats.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(floats.Read(), (std::vector<float>{7, 7, 7}));
  aclDestroyScalar(s);
}

TEST(OpdevHostOps, FillRefusesDimsOtherThanTheOutputsAndAValueOfAnotherType) {
  float half = 0.5f;
  aclScalar* s = aclCreateScalar(&half, ACL_FLOAT);
  Tensor<float> out(ACL_FLOAT, {2, 2}, {});
  EXPECT_EQ(OPAPI_RUN(OpdevFill, s, int64_t{1}, out.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("Fill's dims input says [3,2]; the output is"), std::string::npos)
      << RecentError();

  int32_t one = 1;
  aclScalar* i = aclCreateScalar(&one, ACL_INT32);
  EXPECT_EQ(OPAPI_RUN(OpdevFill, i, int64_t{2}, out.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("Fill: the output"), std::string::npos) << RecentError();
  EXPECT_NE(RecentError().find("is not of the input's type"), std::string::npos) << RecentError();
  aclDestroyScalar(s);
  aclDestroyScalar(i);
}

}  // namespace
}  // namespace opdev_host_ops_test
