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
  const Status st =
      LowerOnnx(kind, dtype, shape, std::span<const int64_t>(axes), keep, false, &req);
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

namespace opsim {
namespace {

struct Pattern {
  const char* name;
  Shape shape;
  std::vector<int64_t> axes;
};

std::vector<Pattern> Patterns() {
  return {
      {"all", {3, 5, 7}, {0, 1, 2}},
      {"innermost", {6, 33}, {1}},
      {"outermost", {33, 6}, {0}},
      {"middle", {4, 9, 5}, {1}},
      {"outer_inner", {4, 5, 6}, {0, 2}},
      {"alternating", {2, 3, 4, 5, 3}, {1, 3}},
      {"size1_dims", {1, 7, 1, 9}, {0, 3}},
      {"zero_reduced", {3, 0, 4}, {1}},
      {"zero_kept", {0, 5}, {1}},
      {"rank0", {}, {}},
      {"rank8", {2, 1, 3, 2, 1, 2, 3, 2}, {1, 3, 6}},
      {"long_rows", {3, 70001}, {1}},
      {"tall_cols", {5000, 3}, {0}},
      {"wide_split", {2, 50000}, {0}},
  };
}

// The AI Core's types; the others run on the AI CPU kernel (tests/framework/
// reduce_opdefs_aicpu_test.cc), and the tiling refuses them (ReduceTiling.AiCpuTypesAreRefused).
std::vector<DType> DTypesFor(ReduceKind) {
  return {DType::kFloat32, DType::kFloat16, DType::kBFloat16};
}

TEST(ReduceOperation, SweepEveryReducerDtypePatternDevice) {
  int cases = 0;
  for (ReduceKind kind :
       {ReduceKind::kSum, ReduceKind::kMax, ReduceKind::kMin, ReduceKind::kProd}) {
    for (DType dtype : DTypesFor(kind)) {
      for (const Pattern& p : Patterns()) {
        for (bool keep : {false, true}) {
          for (const std::string& dev : testing::DeviceNames()) {
            ReduceRequest req;
            const Status st = LowerOnnx(kind, dtype, p.shape, std::span<const int64_t>(p.axes),
                                        keep, false, &req);
            ASSERT_TRUE(st.ok()) << st.ToString();
            const auto in = MakeInput(kind, dtype, *p.shape.NumElements(), 7 + cases);
            const auto r = RunReduceCase(req, dev, in);
            ASSERT_TRUE(r.status.ok()) << ReduceKindName(kind) << " " << DTypeName(dtype) << " "
                                       << p.name << " " << dev << ": " << r.status.ToString();
            ASSERT_EQ(r.mismatch, "") << ReduceKindName(kind) << " " << DTypeName(dtype) << " "
                                      << p.name << " " << dev << "\n"
                                      << (r.plan ? DescribePlan(*r.plan) : "");
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_GT(cases, 1000);
}

}  // namespace
}  // namespace opsim
