// FixtureAxpy's unit tests, written as CANN operator repositories write their AI CPU kernels'
// (NodeDefBuilder, a RUN_KERNEL macro), run against opsim's AI CPU kernel API.
#include <cmath>
#include <vector>

#include "Eigen/Core"
#include "cpu_kernel_utils.h"
#include "gtest/gtest.h"
#include "node_def_builder.h"
#include "utils/aicpu_fixture_ut.h"

using namespace std;
using namespace aicpu;

TEST_F(TEST_AICPU_FIXTURE_UT, AxpyDoubleShardedOverTheCores) {
  vector<int64_t> shape{2, 5};  // 10 elements: more than the kernel's 8, so ParallelFor shards
  double x[10], y[10], z[10] = {0};
  for (int k = 0; k < 10; ++k) {
    x[k] = k * 0.5 - 2;
    y[k] = 100 + k;
  }
  auto node_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(node_def.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_DOUBLE, shape, x})
      .Input({"y", DT_DOUBLE, shape, y})
      .Output({"z", DT_DOUBLE, shape, z})
      .Attr("alpha", 3.0);
  RUN_FIXTURE_KERNEL(node_def, HOST, KERNEL_STATUS_OK);
  for (int k = 0; k < 10; ++k) EXPECT_EQ(z[k], 3.0 * x[k] + y[k]) << k;
}

TEST_F(TEST_AICPU_FIXTURE_UT, AxpyFloatWithoutAlphaAddsX) {
  vector<int64_t> shape{3};
  float x[3] = {1.5F, -2.0F, 4.0F}, y[3] = {0.25F, 0.5F, 8.0F}, z[3] = {0};
  auto node_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(node_def.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_FLOAT, shape, x})
      .Input({"y", DT_FLOAT, shape, y})
      .Output({"z", DT_FLOAT, shape, z});
  RUN_FIXTURE_KERNEL(node_def, HOST, KERNEL_STATUS_OK);
  EXPECT_EQ(z[0], 1.75F);
  EXPECT_EQ(z[1], -1.5F);
  EXPECT_EQ(z[2], 12.0F);
}

TEST_F(TEST_AICPU_FIXTURE_UT, AxpyHalfAndInt32) {
  vector<int64_t> shape{2};
  Eigen::half hx[2] = {Eigen::half(1.5F), Eigen::half(-3.0F)};
  Eigen::half hy[2] = {Eigen::half(1.0F), Eigen::half(0.5F)};
  Eigen::half hz[2];
  auto half_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(half_def.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_FLOAT16, shape, hx})
      .Input({"y", DT_FLOAT16, shape, hy})
      .Output({"z", DT_FLOAT16, shape, hz})
      .Attr("alpha", 2.0F);
  { RUN_FIXTURE_KERNEL(half_def, HOST, KERNEL_STATUS_OK); }
  EXPECT_EQ(static_cast<float>(hz[0]), 4.0F);
  EXPECT_EQ(static_cast<float>(hz[1]), -5.5F);
  int32_t ix[2] = {7, -4}, iy[2] = {1, 1}, iz[2] = {0, 0};
  auto int_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(int_def.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_INT32, shape, ix})
      .Input({"y", DT_INT32, shape, iy})
      .Output({"z", DT_INT32, shape, iz})
      .Attr("alpha", 3.0);
  RUN_FIXTURE_KERNEL(int_def, HOST, KERNEL_STATUS_OK);
  EXPECT_EQ(iz[0], 22);
  EXPECT_EQ(iz[1], -11);
}

TEST_F(TEST_AICPU_FIXTURE_UT, AxpyMismatchedTypesAreRefusedNamingThem) {
  vector<int64_t> shape{2};
  double x[2] = {1, 2}, z[2] = {0, 0};
  float y[2] = {1, 2};
  auto node_def = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(node_def.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_DOUBLE, shape, x})
      .Input({"y", DT_FLOAT, shape, y})
      .Output({"z", DT_DOUBLE, shape, z});
  RUN_FIXTURE_KERNEL(node_def, HOST, KERNEL_STATUS_PARAM_INVALID);
  EXPECT_NE(opsim::CpuKernelLastError().find("x is DT_DOUBLE, y DT_FLOAT and z DT_DOUBLE"),
            string::npos)
      << opsim::CpuKernelLastError();
  EXPECT_EQ(z[0], 0);
}

TEST_F(TEST_AICPU_FIXTURE_UT, AxpyMismatchedShapesAndUnsupportedTypesAreRefused) {
  double x[4] = {1, 2, 3, 4}, y[4] = {1, 2, 3, 4}, z[4] = {0};
  auto shapes = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(shapes.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_DOUBLE, {4}, x})
      .Input({"y", DT_DOUBLE, {2, 2}, y})
      .Output({"z", DT_DOUBLE, {4}, z});
  {
    RUN_FIXTURE_KERNEL(shapes, HOST, KERNEL_STATUS_PARAM_INVALID);
    EXPECT_NE(opsim::CpuKernelLastError().find("x is [4], y [2, 2] and z [4]"), string::npos)
        << opsim::CpuKernelLastError();
  }
  int8_t bx[2] = {1, 2}, by[2] = {1, 2}, bz[2] = {0, 0};
  auto int8 = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(int8.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_INT8, {2}, bx})
      .Input({"y", DT_INT8, {2}, by})
      .Output({"z", DT_INT8, {2}, bz});
  RUN_FIXTURE_KERNEL(int8, HOST, KERNEL_STATUS_PARAM_INVALID);
  EXPECT_NE(opsim::CpuKernelLastError().find("x of type DT_INT8 is not supported"), string::npos)
      << opsim::CpuKernelLastError();
}

TEST_F(TEST_AICPU_FIXTURE_UT, AxpyAMissingInputOrDataIsRefused) {
  double x[2] = {1, 2}, z[2] = {0, 0};
  auto one_input = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(one_input.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_DOUBLE, {2}, x})
      .Output({"z", DT_DOUBLE, {2}, z});
  {
    RUN_FIXTURE_KERNEL(one_input, HOST, KERNEL_STATUS_PARAM_INVALID);
    EXPECT_NE(opsim::CpuKernelLastError().find("FixtureAxpy: 1 inputs, the kernel takes 2"),
              string::npos)
        << opsim::CpuKernelLastError();
  }
  auto no_data = CpuKernelUtils::CreateNodeDef();
  NodeDefBuilder(no_data.get(), "FixtureAxpy", "FixtureAxpy")
      .Input({"x", DT_DOUBLE, {2}, x})
      .Input({"y", DT_DOUBLE, {2}, nullptr})
      .Output({"z", DT_DOUBLE, {2}, z});
  // The builder gives a tensor of no buffer 0 bytes, as CANN's: the kernel's own check refuses it.
  RUN_FIXTURE_KERNEL(no_data, HOST, KERNEL_STATUS_PARAM_INVALID);
  EXPECT_NE(opsim::CpuKernelLastError().find("FixtureAxpy: input 1 has no data (2 elements)"),
            string::npos)
      << opsim::CpuKernelLastError();
}
