// The worked examples of the three seed documents (/work/shared/seeds): ATB ReduceOperation,
// OpenVINO ReduceSum, ONNX ReduceProd.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "opsim/reference/compare.h"
#include "opsim/reference/reduce_reference.h"
#include "reference/reduce_test_util.h"

namespace opsim::ref {
namespace {

using testing::FromValues;
using testing::RunReduce;

void ExpectNear(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "index " << i;
}

// ATB ships MAX/MIN for int32 and bf16: run the integer examples in both.
TEST(AtbSeed, ReduceMaxExample1) {
  for (DType dtype : {DType::kInt32, DType::kBFloat16}) {
    const auto run =
        RunReduce(Reducer::kMax, FromValues(dtype, {1, 18, 17, 16, 10, 1}), Shape{2, 3}, {0});
    ASSERT_TRUE(run.status.ok());
    EXPECT_EQ(run.shape, (Shape{3}));
    EXPECT_EQ(run.out.Values(), (std::vector<double>{16, 18, 17})) << DTypeName(dtype);
  }
}

TEST(AtbSeed, ReduceMaxExample2) {
  for (DType dtype : {DType::kInt32, DType::kBFloat16}) {
    const auto run =
        RunReduce(Reducer::kMax, FromValues(dtype, {17, 3, 19, 6, 1, 18, 4, 5, 8, 1, 14, 18}),
                  Shape{2, 3, 2}, {0, 1});
    ASSERT_TRUE(run.status.ok());
    EXPECT_EQ(run.shape, (Shape{2}));
    EXPECT_EQ(run.out.Values(), (std::vector<double>{19, 18})) << DTypeName(dtype);
  }
}

TEST(AtbSeed, ReduceMinExample1) {
  for (DType dtype : {DType::kInt32, DType::kBFloat16}) {
    const auto run =
        RunReduce(Reducer::kMin, FromValues(dtype, {16, 2, 7, 18, 16, 17}), Shape{2, 3}, {0});
    ASSERT_TRUE(run.status.ok());
    EXPECT_EQ(run.out.Values(), (std::vector<double>{16, 2, 7})) << DTypeName(dtype);
  }
}

TEST(AtbSeed, ReduceMinExample2) {
  for (DType dtype : {DType::kInt32, DType::kBFloat16}) {
    const auto run =
        RunReduce(Reducer::kMin, FromValues(dtype, {9, 4, 11, 0, 2, 6, 2, 7, 8, 16, 5, 3}),
                  Shape{2, 3, 2}, {0, 1});
    ASSERT_TRUE(run.status.ok());
    EXPECT_EQ(run.out.Values(), (std::vector<double>{2, 0})) << DTypeName(dtype);
  }
}

// The page prints 4 decimals: float32 agrees to within their rounding; float16 (what ATB ships
// for SUM) within input plus output rounding. In float16 the result must also be exactly the
// once-rounded sum of the float16-rounded inputs.
TEST(AtbSeed, ReduceSumExample1) {
  const std::vector<double> x = {-0.9701, -0.8059, 0.2919, -0.1444, -2.3023, 1.2257};
  const std::vector<double> want = {-1.1145, -3.1082, 1.5176};
  const auto f32 = RunReduce(Reducer::kSum, FromValues(DType::kFloat32, x), Shape{2, 3}, {0});
  ASSERT_TRUE(f32.status.ok());
  ExpectNear(f32.out.Values(), want, 1.5e-4);
  for (DType dtype : {DType::kFloat16, DType::kBFloat16}) {
    const auto in = FromValues(dtype, x);
    const auto run = RunReduce(Reducer::kSum, in, Shape{2, 3}, {0});
    ASSERT_TRUE(run.status.ok());
    ExpectNear(run.out.Values(), want, dtype == DType::kFloat16 ? 4e-3 : 4e-2);
    for (int64_t j = 0; j < 3; ++j) {
      auto once = FromValues(dtype, {in.Value(j) + in.Value(3 + j)});
      EXPECT_EQ(run.out.Value(j), once.Value(0)) << DTypeName(dtype) << " column " << j;
    }
  }
}

TEST(AtbSeed, ReduceSumExample2) {
  const std::vector<double> x = {1.4630, -0.3619, -0.4526, -1.0142, -0.2883, 0.9334,
                                 0.7801, -0.1580, 0.4843,  1.8145,  0.9706,  -1.8114};
  const auto run = RunReduce(Reducer::kSum, FromValues(DType::kFloat32, x), Shape{2, 3, 2}, {0, 1});
  ASSERT_TRUE(run.status.ok());
  EXPECT_EQ(run.shape, (Shape{2}));
  ExpectNear(run.out.Values(), {2.9571, -0.5976}, 1.5e-4);
  const auto f16 = RunReduce(Reducer::kSum, FromValues(DType::kFloat16, x), Shape{2, 3, 2}, {0, 1});
  ExpectNear(f16.out.Values(), {2.9571, -0.5976}, 5e-3);
}

// OpenVINO ReduceSum on [[1,2],[3,4],[5,6]].
TEST(OpenVinoSeed, ReduceSumExamples) {
  const auto in = FromValues(DType::kInt64, {1, 2, 3, 4, 5, 6});
  auto run = RunReduce(Reducer::kSum, in, Shape{3, 2}, {0});
  EXPECT_EQ(run.out.Values(), (std::vector<double>{9, 12}));
  run = RunReduce(Reducer::kSum, in, Shape{3, 2}, {1});
  EXPECT_EQ(run.out.Values(), (std::vector<double>{3, 7, 11}));
  run = RunReduce(Reducer::kSum, in, Shape{3, 2}, {0, 1}, false);
  EXPECT_EQ(run.shape, Shape{});
  EXPECT_EQ(run.out.Values(), (std::vector<double>{21}));
  run = RunReduce(Reducer::kSum, in, Shape{3, 2}, {0, 1}, true);
  EXPECT_EQ(run.shape, (Shape{1, 1}));
  EXPECT_EQ(run.out.Values(), (std::vector<double>{21}));
}

std::vector<double> OneToTwelve() {
  std::vector<double> v;
  for (int i = 1; i <= 12; ++i) v.push_back(i);
  return v;
}

TEST(OnnxSeed, ReduceProdDoNotKeepdimsExample) {
  const auto run =
      RunReduce(Reducer::kProd, FromValues(DType::kFloat32, OneToTwelve()), Shape{3, 2, 2}, {1});
  ASSERT_TRUE(run.status.ok());
  EXPECT_EQ(run.shape, (Shape{3, 2}));
  EXPECT_EQ(run.out.Values(), (std::vector<double>{3, 8, 35, 48, 99, 120}));
}

// keepdims=1 with axes [1], and the negative-axes example ([-2] normalises to [1]).
TEST(OnnxSeed, ReduceProdKeepdimsAndNegativeAxesExample) {
  for (DType dtype : {DType::kFloat32, DType::kFloat64, DType::kInt32, DType::kUInt64,
                      DType::kFloat16, DType::kBFloat16}) {
    const auto run =
        RunReduce(Reducer::kProd, FromValues(dtype, OneToTwelve()), Shape{3, 2, 2}, {1}, true);
    ASSERT_TRUE(run.status.ok());
    EXPECT_EQ(run.shape, (Shape{3, 1, 2}));
    EXPECT_EQ(run.out.Values(), (std::vector<double>{3, 8, 35, 48, 99, 120})) << DTypeName(dtype);
  }
}

TEST(OnnxSeed, ReduceProdDefaultAxesKeepdimsExample) {
  const auto run = RunReduce(Reducer::kProd, FromValues(DType::kFloat32, OneToTwelve()),
                             Shape{3, 2, 2}, {0, 1, 2}, true);
  ASSERT_TRUE(run.status.ok());
  EXPECT_EQ(run.shape, (Shape{1, 1, 1}));
  EXPECT_EQ(run.out.As<float>(0), 4.790016e+08f);  // 12!, exact in float32
  const auto i32 = RunReduce(Reducer::kProd, FromValues(DType::kInt32, OneToTwelve()),
                             Shape{3, 2, 2}, {0, 1, 2}, true);
  EXPECT_EQ(i32.out.As<int32_t>(0), 479001600);
  // float16 overflows: 12! > 65504.
  const auto f16 = RunReduce(Reducer::kProd, FromValues(DType::kFloat16, OneToTwelve()),
                             Shape{3, 2, 2}, {0, 1, 2}, true);
  EXPECT_EQ(f16.out.Value(0), INFINITY);
}

}  // namespace
}  // namespace opsim::ref
