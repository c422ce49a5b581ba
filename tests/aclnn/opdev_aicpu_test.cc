// ADD_TO_LAUNCHER_LIST_AICPU: an op-API layer of our own written as ops-math's Less, Equal and
// BitwiseAnd layers are (tests/aclnn/testdata/opdev_layer/opdev_aicpu.cpp) sends DOUBLE and int64
// to CANN's built-in AI CPU kernels, which opsim runs as steps of the executor's chain (aicpu/):
// broadcasting, a strided input made contiguous first, TensorFlow's attributes, and the refusal of
// an op type opsim has no AI CPU kernel of, naming it and the inputs' types.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "aclnn/opapi_test_util.h"
#include "aclnn_opdev_aicpu.h"

namespace opdev_aicpu_test {
namespace {

using opapi_test::RecentError;
using opapi_test::Tensor;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(OpdevAicpu, LessOfDoublesBroadcastsOnTheAiCpu) {
  Tensor<double> self(ACL_DOUBLE, {2, 3}, {1, 5, kNaN, -2, 3, 9});
  Tensor<double> other(ACL_DOUBLE, {3}, {2, 5, 0});
  Tensor<uint8_t> out(ACL_BOOL, {2, 3}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other.tensor, 0, out.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<uint8_t>{1, 0, 0, 1, 1, 0}));
}

TEST(OpdevAicpu, AStridedInputIsMadeContiguousBeforeTheKernel) {
  // other: the 3 x 2 transpose of a 2 x 3 row-major buffer (element (i, j) at i + 3 j).
  Tensor<double> base(ACL_DOUBLE, {6}, {0, 1, 2, 3, 4, 5});
  const int64_t dims[] = {3, 2};
  const int64_t strides[] = {1, 3};
  const int64_t storage[] = {6};
  aclTensor* other =
      aclCreateTensor(dims, 2, ACL_DOUBLE, strides, 0, ACL_FORMAT_ND, storage, 1, base.data);
  Tensor<double> self(ACL_DOUBLE, {2}, {2, 2});  // broadcast to every row
  Tensor<uint8_t> out(ACL_BOOL, {3, 2}, {});
  // other as read: [[0, 3], [1, 4], [2, 5]]; 2 < each.
  ASSERT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other, 0, out.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<uint8_t>{0, 1, 0, 1, 0, 1}));
  aclDestroyTensor(other);
}

TEST(OpdevAicpu, TensorFlowsEqualTakesItsAttributes) {
  Tensor<int64_t> self(ACL_INT64, {4}, {int64_t{1} << 40, -7, 0, 3});
  Tensor<int64_t> other(ACL_INT64, {4}, {int64_t{1} << 40, 7, 0, 4});
  Tensor<uint8_t> out(ACL_BOOL, {4}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other.tensor, 1, out.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<uint8_t>{1, 0, 1, 0}));
}

TEST(OpdevAicpu, BitwiseAndOfInt64KeepsTheInputsType) {
  Tensor<int64_t> self(ACL_INT64, {2, 2}, {-6, 12, int64_t{0x7f} << 48, -1});
  Tensor<int64_t> other(ACL_INT64, {1, 2}, {3, int64_t{0x0f} << 48});
  Tensor<int64_t> out(ACL_INT64, {2, 2}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other.tensor, 2, out.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<int64_t>{2, 0, 0, int64_t{0x0f} << 48}));
}

// The code is the layer's, as above; the message says why.
TEST(OpdevAicpu, AnOpTypeWithoutAnAiCpuKernelIsRefusedNamingItAndTheTypes) {
  Tensor<double> self(ACL_DOUBLE, {2}, {1, 2});
  Tensor<double> other(ACL_DOUBLE, {2}, {3, 4});
  Tensor<uint8_t> out(ACL_BOOL, {2}, {});
  EXPECT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other.tensor, 3, out.tensor), ACLNN_ERR_INNER);
  EXPECT_NE(RecentError().find("the layer launches Polar on the AI CPU (inputs float64, "
                               "float64), and opsim has no AI CPU kernel of Polar (it has: "),
            std::string::npos)
      << RecentError();
}

TEST(OpdevAicpu, AKernelRefusesATypeItDoesNotTake) {
  Tensor<uint8_t> self(ACL_BOOL, {2}, {1, 0});
  Tensor<uint8_t> other(ACL_BOOL, {2}, {1, 1});
  Tensor<uint8_t> out(ACL_BOOL, {2}, {});
  // The code is the layer's (a failed level-0 call is its ACLNN_ERR_INNER); the message the
  // launch's.
  EXPECT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other.tensor, 0, out.tensor), ACLNN_ERR_INNER);
  EXPECT_NE(RecentError().find("Less (AI CPU): opsim's kernel takes no bool inputs"),
            std::string::npos)
      << RecentError();
}

// ADD_TO_LAUNCHER_LIST_AICORE(BitwiseAnd) with int64, as ops-math's layer launches it on the
// 910B: no loaded OpDef of the type takes it, so CANN's built-in AI Core kernel runs
// (aicore_builtin/), on the same run path.
TEST(OpdevAicpu, TheBuiltinAiCoreBitwiseAndTakesWhatNoOpDefOfItsTypeTakes) {
  Tensor<int64_t> self(ACL_INT64, {2, 2}, {-6, 12, int64_t{0x7f} << 48, -1});
  Tensor<int64_t> other(ACL_INT64, {2}, {3, int64_t{0x0f} << 48});
  Tensor<int64_t> out(ACL_INT64, {2, 2}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other.tensor, 5, out.tensor), ACLNN_SUCCESS)
      << RecentError();
  EXPECT_EQ(out.Read(), (std::vector<int64_t>{2, 0, 0, int64_t{0x0f} << 48}));
  Tensor<uint16_t> a(ACL_UINT16, {3}, {0xffff, 0x0f0f, 0});
  Tensor<uint16_t> b(ACL_UINT16, {3}, {0x1234, 0xffff, 0xffff});
  Tensor<uint16_t> c(ACL_UINT16, {3}, {});
  ASSERT_EQ(OPAPI_RUN(OpdevAicpu, a.tensor, b.tensor, 5, c.tensor), ACLNN_SUCCESS) << RecentError();
  EXPECT_EQ(c.Read(), (std::vector<uint16_t>{0x1234, 0x0f0f, 0}));
}

// The built-in AI Core kernel takes the 910B's AI Core types (int16, uint16, int32, int64);
// int8 is refused naming the kernel and what it takes.
TEST(OpdevAicpu, TheBuiltinAiCoreKernelRefusesATypeItDoesNotTake) {
  Tensor<int8_t> self(ACL_INT8, {2}, {1, 3});
  Tensor<int8_t> other(ACL_INT8, {2}, {1, 1});
  Tensor<int8_t> out(ACL_INT8, {2}, {});
  EXPECT_EQ(OPAPI_RUN(OpdevAicpu, self.tensor, other.tensor, 5, out.tensor), ACLNN_ERR_INNER);
  EXPECT_NE(RecentError().find("BitwiseAnd (AI Core): opsim's kernel takes no int8 inputs"),
            std::string::npos)
      << RecentError();
}

}  // namespace
}  // namespace opdev_aicpu_test
