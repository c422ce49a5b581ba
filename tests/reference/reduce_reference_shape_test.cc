// Output shapes (docs/SPEC.md section 5) and the checks that run before any output is written.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "opsim/reference/reduce_reference.h"
#include "reference/reduce_test_util.h"

namespace opsim::ref {
namespace {

using testing::FromValues;
using testing::MakeBuffer;
using testing::RunReduce;

Shape Reduced(const Shape& in, std::vector<int64_t> axes, bool keep) {
  return ReducedShape(in, axes, keep);
}

// The rows of docs/SPEC.md section 5 that reach the reference (front doors have already normalised
// negative axes, defaults and noop_with_empty_axes into sorted non-negative axes).
TEST(ReducedShape, SpecTable) {
  EXPECT_EQ(Reduced(Shape{2, 3}, {0}, false), (Shape{3}));
  EXPECT_EQ(Reduced(Shape{2, 3, 2}, {0, 1}, false), (Shape{2}));
  EXPECT_EQ(Reduced(Shape{3, 2, 2}, {1}, true), (Shape{3, 1, 2}));        // also ONNX axes [-2]
  EXPECT_EQ(Reduced(Shape{3, 2, 2}, {0, 1, 2}, true), (Shape{1, 1, 1}));  // ONNX, no axes
  EXPECT_EQ(Reduced(Shape{3, 2, 2}, {}, true), (Shape{3, 2, 2}));         // ONNX noop 1
  EXPECT_EQ(Reduced(Shape{4, 0, 5}, {1}, false), (Shape{4, 5}));
  EXPECT_EQ(Reduced(Shape{}, {}, true), Shape{});
  EXPECT_EQ(Reduced(Shape{2, 3, 4}, {0, 1, 2}, false), Shape{});
}

TEST(ReducedShape, RankEight) {
  const Shape in{2, 1, 3, 1, 2, 2, 1, 2};
  EXPECT_EQ(Reduced(in, {0, 2, 7}, false), (Shape{1, 1, 2, 2, 1}));
  EXPECT_EQ(Reduced(in, {0, 2, 7}, true), (Shape{1, 1, 1, 1, 2, 2, 1, 1}));
}

struct BadAxes {
  std::vector<int64_t> axes;
  const char* needle;
};

TEST(ReduceChecks, AxesMustBeSortedUniqueInRange) {
  const BadAxes cases[] = {
      {{3}, "axis[0] = 3 is out of range for an input of rank 3 (expected 0 <= axis < 3)"},
      {{-1}, "axis[0] = -1 is out of range"},
      {{0, 5}, "axis[1] = 5 is out of range"},
      {{1, 0}, "axis[1] = 0 is smaller than axis[0] = 1 (expected sorted, unique axes)"},
      {{1, 1}, "axis[1] = 1 repeats axis[0] = 1"},
  };
  const auto in = FromValues(DType::kFloat32, {1, 2, 3, 4, 5, 6});
  for (const BadAxes& c : cases) {
    auto out = MakeBuffer(DType::kFloat32, 6, 0xCD);
    const Status s = Reduce(Reducer::kSum, DType::kFloat32, Shape{1, 2, 3}, c.axes, false,
                            in.data(), out.data());
    EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
    EXPECT_NE(s.message().find(c.needle), std::string::npos) << s.message();
    EXPECT_EQ(out.bytes, MakeBuffer(DType::kFloat32, 6, 0xCD).bytes) << "output was written";
    EXPECT_FALSE(ValidateAxes(Shape{1, 2, 3}, c.axes).ok());
  }
  const std::vector<int64_t> any = {0};
  EXPECT_EQ(ValidateAxes(Shape{}, any).code(), ErrorCode::kInvalidParam);  // rank 0 has no axes
}

TEST(ReduceChecks, UnsupportedDtypes) {
  const std::vector<int64_t> axes = {0};
  uint8_t in[4] = {1, 2, 3, 4};
  uint8_t out[4] = {};
  Status s = Reduce(Reducer::kMax, DType::kBool, Shape{4}, axes, false, in, out);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_NE(s.message().find("bool"), std::string::npos) << s.message();
  s = Reduce(Reducer::kSum, DType::kInt8, Shape{4}, axes, false, in, out);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_NE(s.message().find("int8"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("SUM"), std::string::npos) << s.message();
  s = Reduce(Reducer::kProd, DType::kUInt8, Shape{4}, axes, false, in, out);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorDtype);
  s = Reduce(Reducer::kMax, static_cast<DType>(99), Shape{4}, axes, false, in, out);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ((std::vector<uint8_t>(out, out + 4)), (std::vector<uint8_t>{0, 0, 0, 0}));
}

TEST(ReduceChecks, UnknownReducer) {
  const std::vector<int64_t> axes = {0};
  float in[2] = {1, 2};
  float out[1] = {};
  const Status s = Reduce(static_cast<Reducer>(7), DType::kFloat32, Shape{2}, axes, false, in, out);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(s.message().find("reducer = 7"), std::string::npos) << s.message();
  EXPECT_EQ(ReducerName(static_cast<Reducer>(7)), "UNKNOWN");
  EXPECT_FALSE(IsSupported(static_cast<Reducer>(7), DType::kFloat32));
}

TEST(ReduceChecks, BadShapes) {
  const std::vector<int64_t> axes = {0};
  float buf[4] = {};
  Status s = Reduce(Reducer::kSum, DType::kFloat32, Shape{-2, 2}, axes, false, buf, buf);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorDim) << s.ToString();
  const int64_t big = int64_t{1} << 40;
  s = Reduce(Reducer::kSum, DType::kFloat32, Shape{big, big}, axes, false, buf, buf);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorSize) << s.ToString();
  // 2^62 elements fit int64 but their bytes do not.
  s = Reduce(Reducer::kSum, DType::kFloat32, Shape{int64_t{1} << 31, int64_t{1} << 31}, axes, false,
             buf, buf);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorSize) << s.ToString();
}

TEST(ReduceChecks, NullPointers) {
  const std::vector<int64_t> axes = {1};
  float in[4] = {1, 2, 3, 4};
  float out[2] = {};
  Status s = Reduce(Reducer::kSum, DType::kFloat32, Shape{2, 2}, axes, false, nullptr, out);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorAddr);
  s = Reduce(Reducer::kSum, DType::kFloat32, Shape{2, 2}, axes, false, in, nullptr);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorAddr);
  // An empty reduced dim reads nothing but still writes identities, so out must exist.
  s = Reduce(Reducer::kSum, DType::kFloat32, Shape{2, 0}, axes, false, nullptr, nullptr);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorAddr);
}

TEST(AbsSum, SumsMagnitudes) {
  const auto in = FromValues(DType::kFloat16, {-1, 2, -3, 4, -5, 6});
  std::vector<double> out(2);
  const std::vector<int64_t> axes = {1};
  ASSERT_TRUE(AbsSum(DType::kFloat16, Shape{2, 3}, axes, in.data(), out).ok());
  EXPECT_EQ(out, (std::vector<double>{6, 15}));
  const auto ints = FromValues(DType::kInt32, {-1, 2, -3, 4, -5, 6});
  const std::vector<int64_t> first = {0};
  std::vector<double> cols(3);
  ASSERT_TRUE(AbsSum(DType::kInt32, Shape{2, 3}, first, ints.data(), cols).ok());
  EXPECT_EQ(cols, (std::vector<double>{5, 7, 9}));
  std::vector<double> wrong(3);
  EXPECT_EQ(AbsSum(DType::kFloat16, Shape{2, 3}, axes, in.data(), wrong).code(),
            ErrorCode::kInvalidTensorSize);
  EXPECT_EQ(AbsSum(DType::kInt8, Shape{2, 3}, axes, in.data(), out).code(),
            ErrorCode::kInvalidTensorDtype);
}

}  // namespace
}  // namespace opsim::ref
