// libopapi's aclnnSign (aclnn/ops/sign) against numpy's sign (the values below, computed with
// numpy), and the data types CANN documents that opsim's Sign lacks, refused.
#include <cmath>
#include <limits>
#include <vector>

#include "aclnn/opapi_test_util.h"
#include "aclnnop/aclnn_sign.h"

namespace opapi_sign_test {

using opapi_test::RecentError;
using opapi_test::Tensor;

TEST(AclnnOpapiSign, FloatAndInt32AsNumpy) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  Tensor<float> x(ACL_FLOAT, {6}, {-2.5f, 0.0f, -0.0f, 3.0f, nan, -inf});
  Tensor<float> y(ACL_FLOAT, {6}, {});
  ASSERT_EQ(OPAPI_RUN(Sign, x.tensor, y.tensor), ACLNN_SUCCESS) << RecentError();
  const std::vector<float> got = y.Read();
  const std::vector<float> want = {-1, 0, 0, 1, nan, -1};  // np.sign
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << i;
    } else {
      EXPECT_EQ(got[i], want[i]) << i;
    }
  }
  Tensor<int32_t> xi(ACL_INT32, {3}, {-7, 0, 9});
  Tensor<int32_t> yi(ACL_INT32, {3}, {});
  ASSERT_EQ(OPAPI_RUN(Sign, xi.tensor, yi.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yi.Read(), (std::vector<int32_t>{-1, 0, 1}));
}

TEST(AclnnOpapiSign, RefusesTypesItLacksAndMixedTypes) {
  Tensor<int64_t> x64(ACL_INT64, {2}, {-1, 1});
  Tensor<int64_t> y64(ACL_INT64, {2}, {});
  EXPECT_EQ(OPAPI_RUN(Sign, x64.tensor, y64.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find(
                "aclnnSignGetWorkspaceSize: Sign: input 0 (input) dtype int64 is not supported"),
            std::string::npos)
      << RecentError();
  Tensor<float> y(ACL_FLOAT, {2}, {});
  EXPECT_EQ(OPAPI_RUN(Sign, x64.tensor, y.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("self is INT64 and result is FLOAT"), std::string::npos)
      << RecentError();
  EXPECT_EQ(OPAPI_RUN(Sign, x64.tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
}

}  // namespace opapi_sign_test
