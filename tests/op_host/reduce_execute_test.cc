// ReduceOperation::Execute refuses bad buffers before anything is written.
#include <gtest/gtest.h>

#include <vector>

#include "op_host/reduce_case_runner.h"

namespace opsim {
namespace {

class ReduceExecute : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::vector<int64_t> axes = {0};
    ASSERT_TRUE(LowerOnnx(ReduceKind::kSum, DType::kFloat32, {300000, 2},
                          std::span<const int64_t>(axes), false, false, &req_)
                    .ok());
    x_.assign(600000, 1.0f);
    y_.assign(2, -5.0f);
  }
  Status Exec(ReduceOperation& op, const void* x, uint64_t xb, void* y, uint64_t yb, void* ws,
              uint64_t wsb) {
    return op.Execute(x, xb, y, yb, ws, wsb, ReduceExecOptions{});
  }
  void ExpectUntouched() {
    EXPECT_EQ(y_[0], -5.0f);
    EXPECT_EQ(y_[1], -5.0f);
  }
  ReduceRequest req_;
  std::vector<float> x_;
  std::vector<float> y_;
};

TEST_F(ReduceExecute, BeforeSetupIsRefused) {
  ReduceOperation op(req_);
  const Status st = Exec(op, x_.data(), 2400000, y_.data(), 8, nullptr, 0);
  EXPECT_EQ(st.code(), ErrorCode::kOperationNullRunner);
  EXPECT_NE(st.message().find("Setup has not been called"), std::string::npos);
  ExpectUntouched();
}

TEST_F(ReduceExecute, WrongSizesNullPointersAndShortWorkspaceAreRefused) {
  ReduceOperation op(req_);
  uint64_t ws_bytes = 0;
  ASSERT_TRUE(op.Setup(testing::Device("ascend910b"), &ws_bytes).ok());
  ASSERT_GT(ws_bytes, 0u);  // the reduced extent is split over cores
  std::vector<uint8_t> ws(ws_bytes);

  Status st = Exec(op, x_.data(), 2399996, y_.data(), 8, ws.data(), ws.size());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorSize);
  EXPECT_NE(st.message().find("input holds 2399996 B but shape [300000,2] of float32 needs "
                              "2400000 B"),
            std::string::npos)
      << st.message();

  st = Exec(op, x_.data(), 2400000, y_.data(), 4, ws.data(), ws.size());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorSize);
  EXPECT_NE(st.message().find("output holds 4 B but shape [2] needs 8 B"), std::string::npos);

  st = Exec(op, nullptr, 2400000, y_.data(), 8, ws.data(), ws.size());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorAddr);

  st = Exec(op, x_.data(), 2400000, y_.data(), 8, ws.data(), ws_bytes - 1);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidWorkspaceSize);
  EXPECT_NE(st.message().find("smaller than the " + std::to_string(ws_bytes) + " B"),
            std::string::npos);

  st = Exec(op, x_.data(), 2400000, y_.data(), 8, nullptr, ws_bytes);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidWorkspaceSize);
  ExpectUntouched();

  ASSERT_TRUE(Exec(op, x_.data(), 2400000, y_.data(), 8, ws.data(), ws.size()).ok());
  EXPECT_EQ(y_[0], 300000.0f);
  EXPECT_EQ(y_[1], 300000.0f);
}

TEST_F(ReduceExecute, EmptyOutputNeedsNoBuffers) {
  ReduceRequest req;
  const std::vector<int64_t> axes = {1};
  ASSERT_TRUE(LowerOnnx(ReduceKind::kMax, DType::kFloat16, {0, 4}, std::span<const int64_t>(axes),
                        false, false, &req)
                  .ok());
  ReduceOperation op(req);
  uint64_t ws_bytes = 1;
  ASSERT_TRUE(op.Setup(testing::Device("ascend310p"), &ws_bytes).ok());
  EXPECT_EQ(ws_bytes, 0u);
  EXPECT_TRUE(op.Execute(nullptr, 0, nullptr, 0, nullptr, 0, ReduceExecOptions{}).ok());
}

}  // namespace
}  // namespace opsim
