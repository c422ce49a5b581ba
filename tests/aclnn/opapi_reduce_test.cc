// libopapi's reductions (aclnn/ops/reduce: aclnnReduceSum, aclnnMean, aclnnAmax, aclnnAmin,
// aclnnLogSumExp, aclnnProd, aclnnProdDim) against numpy's (the values below, computed with numpy
// on x = [[1, 5, 3], [4, 2, 6]]), and the documented cases opsim refuses.
#include <cstdint>
#include <vector>

#include "aclnn/opapi_test_util.h"
#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_prod.h"
#include "aclnnop/aclnn_reduce_sum.h"

namespace opapi_reduce_test {

using opapi_test::RecentError;
using opapi_test::Tensor;

const std::vector<float> kX = {1, 5, 3, 4, 2, 6};

struct Dims {
  explicit Dims(const std::vector<int64_t>& v) : array(aclCreateIntArray(v.data(), v.size())) {}
  ~Dims() { aclDestroyIntArray(array); }
  aclIntArray* array;
};

TEST(AclnnOpapiReduce, ReduceSumOverDimsAndOverAll) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, kX);
  Tensor<float> rows(ACL_FLOAT, {2}, {});
  Dims last({-1});
  ASSERT_EQ(OPAPI_RUN(ReduceSum, x.tensor, last.array, false, ACL_FLOAT, rows.tensor),
            ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(rows.Read(), (std::vector<float>{9, 12}));  // x.sum(axis=1)
  Tensor<float> all(ACL_FLOAT, {}, {});
  Dims none({});
  ASSERT_EQ(OPAPI_RUN(ReduceSum, x.tensor, none.array, false, ACL_FLOAT, all.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(all.Read(), (std::vector<float>{21}));  // x.sum()
}

TEST(AclnnOpapiReduce, MeanAmaxAminLogSumExp) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, kX);
  Dims d0({0});
  Dims d1({1});
  Tensor<float> cols(ACL_FLOAT, {3}, {});
  ASSERT_EQ(OPAPI_RUN(Mean, x.tensor, d0.array, false, ACL_FLOAT, cols.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(cols.Read(), (std::vector<float>{2.5f, 3.5f, 4.5f}));
  Tensor<float> kept(ACL_FLOAT, {1, 3}, {});
  ASSERT_EQ(OPAPI_RUN(Amax, x.tensor, d0.array, true, kept.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(kept.Read(), (std::vector<float>{4, 5, 6}));
  Tensor<float> rows(ACL_FLOAT, {2}, {});
  ASSERT_EQ(OPAPI_RUN(Amin, x.tensor, d1.array, false, rows.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(rows.Read(), (std::vector<float>{1, 2}));
  ASSERT_EQ(OPAPI_RUN(LogSumExp, x.tensor, d1.array, false, rows.tensor), ACLNN_SUCCESS)
      << RecentError();
  const std::vector<float> lse = rows.Read();  // numpy, in float64, rounded to float32
  EXPECT_FLOAT_EQ(lse[0], 5.1429314613342285f);
  EXPECT_FLOAT_EQ(lse[1], 6.1429314613342285f);
}

TEST(AclnnOpapiReduce, IntegerAmaxKeepsItsType) {
  Tensor<int32_t> x(ACL_INT32, {2, 2}, {-5, 7, 3, -9});
  Tensor<int32_t> y(ACL_INT32, {2}, {});
  Dims d1({1});
  ASSERT_EQ(OPAPI_RUN(Amax, x.tensor, d1.array, false, y.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(y.Read(), (std::vector<int32_t>{7, 3}));
}

TEST(AclnnOpapiReduce, ProdOverAllAndAlongADim) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, kX);
  Tensor<float> all(ACL_FLOAT, {}, {});
  ASSERT_EQ(OPAPI_RUN(Prod, x.tensor, ACL_FLOAT, all.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(all.Read(), (std::vector<float>{720}));  // x.prod()
  Tensor<float> rows(ACL_FLOAT, {2}, {});
  ASSERT_EQ(OPAPI_RUN(ProdDim, x.tensor, 1, false, ACL_FLOAT, rows.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(rows.Read(), (std::vector<float>{15, 48}));
  Tensor<float> kept(ACL_FLOAT, {1, 3}, {});
  ASSERT_EQ(OPAPI_RUN(ProdDim, x.tensor, -2, true, ACL_FLOAT, kept.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(kept.Read(), (std::vector<float>{4, 10, 18}));
  // np.prod([65536, 65536], dtype=np.int32) wraps to 0, as a product of any width truncated does.
  Tensor<int32_t> xi(ACL_INT32, {2}, {65536, 65536});
  Tensor<int32_t> yi(ACL_INT32, {}, {});
  ASSERT_EQ(OPAPI_RUN(Prod, xi.tensor, ACL_INT32, yi.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yi.Read(), (std::vector<int32_t>{0}));
  EXPECT_EQ(OPAPI_RUN(Prod, x.tensor, ACL_DOUBLE, all.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("aclnnProdGetWorkspaceSize: out is FLOAT and dtype is DOUBLE: out "
                               "must be of dtype"),
            std::string::npos)
      << RecentError();
}

// A product of every dim into an out of shape [1] (what CANN's examples pass), and self cast to
// dtype first: INT32 values multiplied in FLOAT do not wrap.
TEST(AclnnOpapiReduce, ProdIntoShapeOneAndInDType) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, kX);
  Tensor<float> one(ACL_FLOAT, {1}, {});
  ASSERT_EQ(OPAPI_RUN(Prod, x.tensor, ACL_FLOAT, one.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(one.Read(), (std::vector<float>{720}));
  Tensor<int32_t> xi(ACL_INT32, {2}, {65536, 65536});
  Tensor<float> yf(ACL_FLOAT, {1, 1}, {});
  ASSERT_EQ(OPAPI_RUN(Prod, xi.tensor, ACL_FLOAT, yf.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(yf.Read(), (std::vector<float>{4294967296.0f}));
  Tensor<float> two(ACL_FLOAT, {2}, {});
  EXPECT_EQ(OPAPI_RUN(Prod, x.tensor, ACL_FLOAT, two.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("ReduceProd's output 0"), std::string::npos) << RecentError();
}

TEST(AclnnOpapiReduce, RefusedCases) {
  Tensor<float> x(ACL_FLOAT, {2, 3}, kX);
  Tensor<float> rows(ACL_FLOAT, {2}, {});
  Dims d1({1});
  // CANN sums in dtype (self cast to it), which out must have.
  EXPECT_EQ(OPAPI_RUN(ReduceSum, x.tensor, d1.array, false, ACL_DOUBLE, rows.tensor),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("out is FLOAT and dtype is DOUBLE: out must be of dtype"),
            std::string::npos)
      << RecentError();
  EXPECT_EQ(OPAPI_RUN(ReduceSum, x.tensor, nullptr, false, ACL_FLOAT, rows.tensor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(RecentError(), "aclnnReduceSumGetWorkspaceSize: dims is null");
  Tensor<double> rows64(ACL_DOUBLE, {2}, {});
  EXPECT_EQ(OPAPI_RUN(Amax, x.tensor, d1.array, false, rows64.tensor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("out is DOUBLE and self is FLOAT: out must be of self"),
            std::string::npos)
      << RecentError();
  Tensor<int32_t> xi(ACL_INT32, {2, 2}, {1, 2, 3, 4});
  Tensor<int32_t> yi(ACL_INT32, {2}, {});
  EXPECT_EQ(OPAPI_RUN(Mean, xi.tensor, d1.array, false, ACL_INT32, yi.tensor),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(RecentError().find("dtype is INT32: a mean is computed in a float type"),
            std::string::npos)
      << RecentError();
  // The mean of INT32 in FLOAT: self cast first.
  Tensor<float> mean(ACL_FLOAT, {2}, {});
  ASSERT_EQ(OPAPI_RUN(Mean, xi.tensor, d1.array, false, ACL_FLOAT, mean.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(mean.Read(), (std::vector<float>{1.5f, 3.5f}));
  Dims out_of_range({2});
  EXPECT_EQ(OPAPI_RUN(Amin, x.tensor, out_of_range.array, false, rows.tensor),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(
      RecentError().find("aclnnAminGetWorkspaceSize: ONNX ReduceMin: axes[0] = 2 is out of range"),
      std::string::npos)
      << RecentError();
}

}  // namespace opapi_reduce_test
