// The ArgMax/ArgMin oracle on hand-computed cases: ties, NaN (ONNX Runtime's and numpy's answers),
// every axis of a 3-D tensor, keepdims both ways, integer extremes, and its refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "argmax/argmax_reference.h"
#include "opsim/core/float16.h"

namespace opsim::ref {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

std::vector<int64_t> ArgOf(ArgReduceSpec spec, DType dtype, const Shape& shape, const void* data) {
  Shape out_shape;
  EXPECT_TRUE(ArgReducedShape(spec, shape, &out_shape).ok());
  std::vector<int64_t> out(static_cast<size_t>(*out_shape.NumElements()), -7);
  const Status st = ArgReduce(spec, dtype, shape, data, out.data());
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

std::vector<int64_t> Floats(bool min, bool last, std::vector<float> x) {
  return ArgOf({min, last, 0, false}, DType::kFloat32, {static_cast<int64_t>(x.size())}, x.data());
}

TEST(ArgMaxReference, TiesGiveTheFirstOrTheLastIndex) {
  EXPECT_EQ(Floats(false, false, {1, 5, 2, 5, 0}), std::vector<int64_t>{1});
  EXPECT_EQ(Floats(false, true, {1, 5, 2, 5, 0}), std::vector<int64_t>{3});
  EXPECT_EQ(Floats(true, false, {3, 0, 2, 0, 9}), std::vector<int64_t>{1});
  EXPECT_EQ(Floats(true, true, {3, 0, 2, 0, 9}), std::vector<int64_t>{3});
}

// The cases ONNX Runtime 1.23 was reported to answer (apache/tvm#19558, #19540,
// openvinotoolkit/openvino#35886): the first NaN wins, for ArgMax and ArgMin alike.
TEST(ArgMaxReference, TheFirstNanWinsAsOnnxRuntimeAnswers) {
  EXPECT_EQ(Floats(false, false, {2, kNaN, 7, 4, 1}), std::vector<int64_t>{1});
  EXPECT_EQ(Floats(false, false, {kNaN, 2, 7, 4, 1}), std::vector<int64_t>{0});
  EXPECT_EQ(Floats(false, false, {2, 4, 7, 1, kNaN}), std::vector<int64_t>{4});
  EXPECT_EQ(Floats(true, false, {8, kNaN, 3, 1, 5}), std::vector<int64_t>{1});
  EXPECT_EQ(Floats(true, false, {4, 2, kNaN, 6, 1, 3}), std::vector<int64_t>{2});
  EXPECT_EQ(Floats(false, false, {kNaN, kNaN, kNaN}), std::vector<int64_t>{0});
}

TEST(ArgMaxReference, WithSelectLastIndexTheLastNanWins) {
  EXPECT_EQ(Floats(false, true, {2, kNaN, 7, kNaN, 1}), std::vector<int64_t>{3});
  EXPECT_EQ(Floats(true, true, {kNaN, 2, -7, 4, kNaN, 1}), std::vector<int64_t>{4});
  EXPECT_EQ(Floats(false, true, {-INFINITY, -INFINITY}), std::vector<int64_t>{1});
}

TEST(ArgMaxReference, EveryAxisOfA3DTensorKeepdimsBothWays) {
  // x[i][j][k] = values below, shape [2, 3, 2].
  const std::vector<int32_t> x = {5, 1, 0, 7, 5, 2,  //
                                  9, 9, 4, 3, 9, 8};
  const Shape shape = {2, 3, 2};
  EXPECT_EQ(ArgOf({false, false, 0, true}, DType::kInt32, shape, x.data()),
            (std::vector<int64_t>{1, 1, 1, 0, 1, 1}));
  EXPECT_EQ(ArgOf({false, false, 1, false}, DType::kInt32, shape, x.data()),
            (std::vector<int64_t>{0, 1, 0, 0}));
  EXPECT_EQ(ArgOf({false, true, -2, true}, DType::kInt32, shape, x.data()),
            (std::vector<int64_t>{2, 1, 2, 0}));
  EXPECT_EQ(ArgOf({true, false, -1, false}, DType::kInt32, shape, x.data()),
            (std::vector<int64_t>{1, 0, 1, 0, 1, 1}));
  Shape out;
  ASSERT_TRUE(ArgReducedShape({false, false, 1, true}, shape, &out).ok());
  EXPECT_EQ(out, (Shape{2, 1, 2}));
  ASSERT_TRUE(ArgReducedShape({false, false, 1, false}, shape, &out).ok());
  EXPECT_EQ(out, (Shape{2, 2}));
}

TEST(ArgMaxReference, IntegersCompareExactlyAtTheirExtremes) {
  const std::vector<uint64_t> u = {std::numeric_limits<uint64_t>::max() - 1,
                                   std::numeric_limits<uint64_t>::max(), 0};
  EXPECT_EQ(ArgOf({false, false, 0, false}, DType::kUInt64, {3}, u.data()),
            std::vector<int64_t>{1});
  const std::vector<int64_t> s = {std::numeric_limits<int64_t>::min() + 1,
                                  std::numeric_limits<int64_t>::min(), 0};
  EXPECT_EQ(ArgOf({true, false, 0, false}, DType::kInt64, {3}, s.data()), std::vector<int64_t>{1});
  const std::vector<int8_t> b = {-128, 127, 127};
  EXPECT_EQ(ArgOf({false, true, 0, false}, DType::kInt8, {3}, b.data()), std::vector<int64_t>{2});
}

TEST(ArgMaxReference, SixteenBitFloatsAreReadAsTheirValues) {
  const std::vector<uint16_t> h = {Half(0.5f).bits(), Half(65504.0f).bits(), Half(-1.0f).bits()};
  EXPECT_EQ(ArgOf({false, false, 0, false}, DType::kFloat16, {3}, h.data()),
            std::vector<int64_t>{1});
  const std::vector<uint16_t> bf = {BFloat16(3.0f).bits(), BFloat16(-3.0e38f).bits(),
                                    BFloat16(2.0f).bits()};
  EXPECT_EQ(ArgOf({true, false, 0, false}, DType::kBFloat16, {3}, bf.data()),
            std::vector<int64_t>{1});
}

TEST(ArgMaxReference, RefusesScalarsEmptyAxesBadAxesAndBool) {
  const float x = 1.0f;
  int64_t out = -1;
  EXPECT_EQ(ArgReduce({}, DType::kFloat32, Shape{}, &x, &out).code(),
            ErrorCode::kInvalidTensorDimNum);
  EXPECT_EQ(ArgReduce({false, false, 1, true}, DType::kFloat32, {3, 0}, &x, &out).code(),
            ErrorCode::kInvalidTensorDim);
  EXPECT_EQ(ArgReduce({false, false, 2, true}, DType::kFloat32, {3, 1}, &x, &out).code(),
            ErrorCode::kInvalidParam);
  EXPECT_EQ(ArgReduce({false, false, -3, true}, DType::kFloat32, {3, 1}, &x, &out).code(),
            ErrorCode::kInvalidParam);
  const bool flag = true;
  EXPECT_EQ(ArgReduce({}, DType::kBool, {1}, &flag, &out).code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(out, -1);  // nothing written on a refusal
}

}  // namespace
}  // namespace opsim::ref
