// libopapi's aclnnArgMax and aclnnArgMin (aclnn/ops/argmax) against numpy's argmax/argmin (the
// values below, computed with numpy on y = [[3, 1, 3], [0, 7, 7]]: ties give the first index),
// and the INT32 out CANN documents, refused.
#include <cstdint>
#include <vector>

#include "aclnn/opapi_test_util.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_argmin.h"

namespace opapi_argmax_test {

using opapi_test::RecentError;
using opapi_test::Tensor;

const std::vector<float> kY = {3, 1, 3, 0, 7, 7};

TEST(AclnnOpapiArgMax, FirstIndexOfTheExtreme) {
  Tensor<float> y(ACL_FLOAT, {2, 3}, kY);
  Tensor<int64_t> rows(ACL_INT64, {2}, {});
  ASSERT_EQ(OPAPI_RUN(ArgMax, y.tensor, 1, false, rows.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(rows.Read(), (std::vector<int64_t>{0, 1}));
  Tensor<int64_t> kept(ACL_INT64, {2, 1}, {});
  ASSERT_EQ(OPAPI_RUN(ArgMin, y.tensor, -1, true, kept.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(kept.Read(), (std::vector<int64_t>{1, 0}));
  Tensor<int64_t> cols(ACL_INT64, {3}, {});
  ASSERT_EQ(OPAPI_RUN(ArgMin, y.tensor, 0, false, cols.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(cols.Read(), (std::vector<int64_t>{1, 0, 0}));
}

// An INT32 out takes the INT64 indices through a Cast; other types are refused.
TEST(AclnnOpapiArgMax, Int32OutAndTheRefusals) {
  Tensor<float> y(ACL_FLOAT, {2, 3}, kY);
  Tensor<int32_t> rows32(ACL_INT32, {2}, {});
  ASSERT_EQ(OPAPI_RUN(ArgMax, y.tensor, 1, false, rows32.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(rows32.Read(), (std::vector<int32_t>{0, 1}));
  ASSERT_EQ(OPAPI_RUN(ArgMin, y.tensor, 1, false, rows32.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(rows32.Read(), (std::vector<int32_t>{1, 0}));
  Tensor<float> rows_f(ACL_FLOAT, {2}, {});
  EXPECT_EQ(OPAPI_RUN(ArgMax, y.tensor, 1, false, rows_f.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("out is FLOAT: the indices are INT64 or INT32"), std::string::npos)
      << RecentError();
  Tensor<int64_t> rows(ACL_INT64, {2}, {});
  EXPECT_EQ(OPAPI_RUN(ArgMax, y.tensor, 2, false, rows.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find(
                "aclnnArgMaxGetWorkspaceSize: ArgMax: attribute 'axis' = 2 is out of range"),
            std::string::npos)
      << RecentError();
  EXPECT_EQ(OPAPI_RUN(ArgMin, nullptr, 0, false, rows.tensor), ACLNN_ERR_PARAM_NULLPTR);
}

}  // namespace opapi_argmax_test
