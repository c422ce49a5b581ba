// ArgMax/ArgMin's attribute and input rules (one test per rule, each message naming the value and
// the rule), and the tiling's invariants over shapes and devices.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "argmax/argmax_request.h"
#include "argmax/argmax_tiling.h"
#include "op_host/reduce_case_runner.h"

namespace opsim {
namespace {

Status Lower(std::vector<int64_t> dims, int64_t axis, int64_t keepdims = 1, int64_t last = 0,
             DType dtype = DType::kFloat32, ArgMaxRequest* out = nullptr) {
  ArgMaxRequest request;
  return LowerArgMax("ArgMax", false, dtype, dims, axis, keepdims, last, out ? out : &request);
}

void ExpectError(const Status& st, ErrorCode code, const std::string& text) {
  EXPECT_EQ(st.code(), code) << st.ToString();
  EXPECT_NE(st.message().find(text), std::string::npos) << st.message();
}

TEST(ArgMaxRequest, NegativeAxesCountFromTheEndAndKeepdimsShapesTheOutput) {
  ArgMaxRequest r;
  ASSERT_TRUE(Lower({2, 3, 4}, -1, 1, 0, DType::kFloat32, &r).ok());
  EXPECT_EQ(r.axis, 2);
  EXPECT_EQ(r.output, (Shape{2, 3, 1}));
  ASSERT_TRUE(Lower({2, 3, 4}, -3, 0, 1, DType::kFloat32, &r).ok());
  EXPECT_EQ(r.axis, 0);
  EXPECT_TRUE(r.select_last);
  EXPECT_EQ(r.output, (Shape{3, 4}));
  ASSERT_TRUE(Lower({5}, 0, 0, 0, DType::kFloat32, &r).ok());
  EXPECT_EQ(r.output, Shape{});  // a 1-D input without keepdims gives a scalar
}

TEST(ArgMaxRequest, AxisOutOfRangeIsRefused) {
  ExpectError(Lower({2, 3}, 2), ErrorCode::kInvalidParam,
              "ArgMax: attribute 'axis' = 2 is out of range [-2, 1] for rank 2");
  ExpectError(Lower({2, 3}, -3), ErrorCode::kInvalidParam, "'axis' = -3 is out of range");
}

TEST(ArgMaxRequest, ARank0InputIsRefused) {
  ExpectError(Lower({}, 0), ErrorCode::kInvalidTensorDimNum, "the input is a scalar (rank 0)");
}

TEST(ArgMaxRequest, AnEmptyReducedAxisIsRefusedAndAnEmptyKeptAxisIsNot) {
  ExpectError(Lower({3, 0}, 1), ErrorCode::kInvalidTensorDim,
              "axis 1 of input [3,0] has size 0: an empty slice has no index to return");
  ArgMaxRequest r;
  ASSERT_TRUE(Lower({0, 4}, 1, 1, 0, DType::kFloat32, &r).ok());
  EXPECT_EQ(r.output, (Shape{0, 1}));
}

TEST(ArgMaxRequest, KeepdimsAndSelectLastIndexMustBe0Or1) {
  ExpectError(Lower({2}, 0, 2), ErrorCode::kInvalidParam, "attribute 'keepdims' = 2 is not 0 or 1");
  ExpectError(Lower({2}, 0, 1, -1), ErrorCode::kInvalidParam,
              "attribute 'select_last_index' = -1 is not 0 or 1");
}

TEST(ArgMaxRequest, BoolIsNotADtypeArgMaxOrders) {
  ExpectError(Lower({2}, 0, 1, 0, DType::kBool), ErrorCode::kInvalidTensorDtype,
              "input dtype bool is not supported");
}

TEST(ArgMaxRequest, NegativeDimsAndRankAbove8AreRefused) {
  EXPECT_FALSE(Lower({2, -1}, 0).ok());
  EXPECT_FALSE(Lower({1, 1, 1, 1, 1, 1, 1, 1, 1}, 0).ok());
}

// Every unit is owned by exactly one block, tiles fit the UB, and copies respect the DMA limits.
TEST(ArgMaxTiling, UnitsCoverTheOutputOnceAndTilesFitEveryDevice) {
  const std::vector<std::vector<int64_t>> shapes = {
      {1},        {7},          {100000},      {3, 5}, {1000, 3},
      {3, 70000}, {2, 5000, 3}, {64, 2, 4099}, {0, 5}, {9, 1, 9}};
  for (const std::string& name : testing::DeviceNames()) {
    const sim::DeviceProfile& device = testing::Device(name);
    ASSERT_GT(device.vector_cores, 0u) << name;
    for (const auto& dims : shapes) {
      for (int64_t axis = 0; axis < static_cast<int64_t>(dims.size()); ++axis) {
        for (DType dtype : {DType::kInt8, DType::kFloat16, DType::kFloat64}) {
          SCOPED_TRACE(name + " " + DimsToString(dims) + " axis " + std::to_string(axis));
          ArgMaxRequest r;
          if (!LowerArgMax("ArgMax", false, dtype, dims, axis, 1, 0, &r).ok()) continue;
          ::op_kernel::ArgMaxTilingData t;
          uint32_t blocks = 0;
          ASSERT_TRUE(ComputeArgMaxTiling(r, device, &t, &blocks).ok());
          EXPECT_GE(blocks, 1u);
          EXPECT_LE(blocks, device.vector_cores);
          EXPECT_EQ(t.outer * t.r * t.inner, static_cast<uint64_t>(*r.input.NumElements()));
          const uint64_t parts = t.inner == 1 ? t.r_split : t.col_chunks;
          EXPECT_EQ(t.units, t.outer * parts);
          if (t.r_split > 1) {
            EXPECT_EQ(t.inner, 1u);
            EXPECT_LT(uint64_t{t.r_split - 1} * t.r_per_split, t.r);  // no empty part
            EXPECT_GE(uint64_t{t.r_split} * t.r_per_split, t.r);
            EXPECT_GE(ArgMaxWorkspaceBytes(t), 16 * t.units);
          } else {
            EXPECT_EQ(ArgMaxWorkspaceBytes(t), 0u);
          }
          if (t.units > 0) {
            EXPECT_GE(uint64_t{blocks} * t.units_per_block, t.units);
            EXPECT_LT(uint64_t{blocks - 1} * t.units_per_block, t.units);  // no idle block
          }
          EXPECT_LE(ArgMaxUbBytes(t), device.ub_bytes);
          EXPECT_GE(t.rows, 1u);
          EXPECT_LE(t.rows, 4095u);
          if (t.inner > 1) {
            EXPECT_GE(uint64_t{t.cols} * t.col_chunks, t.inner);
          }
        }
      }
    }
  }
}

// One long row is split over the blocks; many rows are not.
TEST(ArgMaxTiling, OnlyLongRowsTooFewForTheBlocksSplitTheirScan) {
  const sim::DeviceProfile& device = testing::Device("ascend910b");
  ::op_kernel::ArgMaxTilingData t;
  uint32_t blocks = 0;
  ArgMaxRequest r;
  ASSERT_TRUE(
      LowerArgMax("ArgMax", false, DType::kFloat32, std::vector<int64_t>{1000000}, 0, 1, 0, &r)
          .ok());
  ASSERT_TRUE(ComputeArgMaxTiling(r, device, &t, &blocks).ok());
  EXPECT_GT(t.r_split, 1u);
  EXPECT_GT(blocks, 1u);
  ASSERT_TRUE(
      LowerArgMax("ArgMax", false, DType::kFloat32, std::vector<int64_t>{4096, 4096}, 1, 1, 0, &r)
          .ok());
  ASSERT_TRUE(ComputeArgMaxTiling(r, device, &t, &blocks).ok());
  EXPECT_EQ(t.r_split, 1u);
  EXPECT_EQ(blocks, device.vector_cores);
}

}  // namespace
}  // namespace opsim
