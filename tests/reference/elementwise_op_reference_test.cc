// The elementwise operators' references through the registry: known answers for every op,
// broadcasting, Cast's `to` and CastLike's target, the dtypes each covers, `data: auto`, and
// Judge: bitwise, NaN matches NaN, Exp / Log within 1 ulp and no more.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "op_reference_test_util.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {
namespace {

using testing::Find;
using testing::Make;
using testing::Values;

std::vector<float> Unary(const std::string& op, const std::vector<float>& x) {
  std::vector<HostTensor> in = {Make(DType::kFloat32, {static_cast<int64_t>(x.size())}, x)}, out;
  const Status st = Find(op).Compute({}, in, &out);
  EXPECT_TRUE(st.ok()) << op << ": " << st.ToString();
  return st.ok() ? Values<float>(out[0]) : std::vector<float>{};
}

TEST(ElementwiseOpReference, UnaryOpsComputeKnownAnswers) {
  EXPECT_EQ(Unary("Abs", {-2, 3}), (std::vector<float>{2, 3}));
  EXPECT_EQ(Unary("Neg", {-2, 3}), (std::vector<float>{2, -3}));
  EXPECT_EQ(Unary("Exp", {0, 1}), (std::vector<float>{1, static_cast<float>(std::exp(1.0))}));
  EXPECT_EQ(Unary("Log", {1, 0}), (std::vector<float>{0, -INFINITY}));
  EXPECT_EQ(Unary("Sqrt", {4, 2}), (std::vector<float>{2, static_cast<float>(std::sqrt(2.0))}));
  EXPECT_EQ(Unary("Reciprocal", {4, -0.0f}), (std::vector<float>{0.25f, -INFINITY}));
  // Integers wrap: Abs and Neg of the lowest value give the lowest value.
  constexpr int8_t kLowest = std::numeric_limits<int8_t>::lowest();
  std::vector<HostTensor> in = {Make<int8_t>(DType::kInt8, {2}, {kLowest, 5})}, out;
  ASSERT_TRUE(Find("Neg").Compute({}, in, &out).ok());
  EXPECT_EQ(Values<int8_t>(out[0]), (std::vector<int8_t>{kLowest, -5}));
}

TEST(ElementwiseOpReference, BinaryOpsBroadcast) {
  std::vector<HostTensor> in = {Make<float>(DType::kFloat32, {2, 1}, {1, 2}),
                                Make<float>(DType::kFloat32, {3}, {10, 20, 40})};
  std::vector<HostTensor> out;
  ASSERT_TRUE(Find("Add").Compute({}, in, &out).ok());
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{11, 21, 41, 12, 22, 42}));
  ASSERT_TRUE(Find("Sub").Compute({}, in, &out).ok());
  EXPECT_EQ(Values<float>(out[0])[5], -38.0f);
  ASSERT_TRUE(Find("Mul").Compute({}, in, &out).ok());
  EXPECT_EQ(Values<float>(out[0])[4], 40.0f);
  ASSERT_TRUE(Find("Div").Compute({}, in, &out).ok());
  EXPECT_EQ(Values<float>(out[0])[2], 1.0f / 40.0f);
  // Integer Div truncates toward zero; a zero divisor is an error; A and B must be alike.
  in = {Make<int32_t>(DType::kInt32, {2}, {-7, 7}), Make<int32_t>(DType::kInt32, {}, {2})};
  ASSERT_TRUE(Find("Div").Compute({}, in, &out).ok());
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{-3, 3}));
  in[1] = Make<int32_t>(DType::kInt32, {}, {0});
  EXPECT_FALSE(Find("Div").Compute({}, in, &out).ok());
  in[1] = Make<float>(DType::kFloat32, {}, {2});
  EXPECT_FALSE(Find("Add").Compute({}, in, &out).ok());
  in[1] = Make<int32_t>(DType::kInt32, {3}, {1, 2, 3});  // [2] and [3] do not broadcast
  EXPECT_FALSE(Find("Add").Compute({}, in, &out).ok());
  EXPECT_FALSE(Find("Add").Compute({}, std::span(in).first(1), &out).ok());
}

TEST(ElementwiseOpReference, CastFollowsToAndCastLikeItsTarget) {
  std::vector<HostTensor> in = {Make<float>(DType::kFloat32, {4}, {300, -1, 2.9f, NAN})}, out;
  ASSERT_TRUE(Find("Cast").Compute({{"to", int64_t{2}}}, in, &out).ok());  // uint8
  EXPECT_EQ(out[0].dtype, DType::kUInt8);
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{44, 255, 2, 0}));
  ASSERT_TRUE(Find("Cast").Compute({{"to", int64_t{9}}}, in, &out).ok());  // bool: NaN is true
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{1, 1, 1, 1}));
  EXPECT_FALSE(Find("Cast").Compute({{"to", int64_t{4}}}, in, &out).ok());  // uint16: not held
  EXPECT_FALSE(Find("Cast").Compute({}, in, &out).ok());
  in.push_back(Make<int32_t>(DType::kInt32, {1}, {0}));
  ASSERT_TRUE(Find("CastLike").Compute({}, in, &out).ok());
  EXPECT_EQ(out[0].dtype, DType::kInt32);
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{4}));
  EXPECT_EQ(Values<int32_t>(out[0]),
            (std::vector<int32_t>{300, -1, 2, std::numeric_limits<int32_t>::lowest()}));
}

TEST(ElementwiseOpReference, JudgeIsBitwiseWithNanAndOneUlpForExpAndLog) {
  const std::vector<HostTensor> in = {Make<float>(DType::kFloat32, {3}, {0.5f, 1.5f, NAN})};
  for (const char* op : {"Exp", "Log", "Sqrt", "Reciprocal"}) {
    SCOPED_TRACE(op);
    std::vector<HostTensor> out;
    ASSERT_TRUE(Find(op).Compute({}, in, &out).ok());
    std::vector<float> v = Values<float>(out[0]);
    ASSERT_TRUE(std::isnan(v[2]));
    HostTensor other_nan = out[0], one_ulp = out[0], two_ulps = out[0];
    const uint32_t payload = 0x7FC00123u;  // another quiet NaN
    std::memcpy(other_nan.bytes.data() + 8, &payload, 4);
    EXPECT_TRUE(Find(op).Judge({}, in, 0, out[0], other_nan).ok);
    const float up1 = std::nextafter(v[1], 100.0f), up2 = std::nextafter(up1, 100.0f);
    std::memcpy(one_ulp.bytes.data() + 4, &up1, 4);
    std::memcpy(two_ulps.bytes.data() + 4, &up2, 4);
    const bool approximate = std::string(op) == "Exp" || std::string(op) == "Log";
    EXPECT_EQ(Find(op).Judge({}, in, 0, out[0], one_ulp).ok, approximate);
    const Judgement j = Find(op).Judge({}, in, 0, out[0], two_ulps);
    EXPECT_FALSE(j.ok);
    EXPECT_NE(j.message.find("element 1"), std::string::npos) << j.message;
  }
  // A NaN where a number is expected, and a wrong integer, fail.
  std::vector<HostTensor> out;
  ASSERT_TRUE(Find("Exp").Compute({}, in, &out).ok());
  HostTensor nan_in_place = out[0];
  std::memcpy(nan_in_place.bytes.data(), out[0].bytes.data() + 8, 4);
  EXPECT_FALSE(Find("Exp").Judge({}, in, 0, out[0], nan_in_place).ok);
  const std::vector<HostTensor> ints = {Make<int64_t>(DType::kInt64, {1}, {-4})};
  ASSERT_TRUE(Find("Abs").Compute({}, ints, &out).ok());
  EXPECT_FALSE(Find("Abs").Judge({}, ints, 0, out[0], Make<int64_t>(DType::kInt64, {1}, {5})).ok);
  EXPECT_FALSE(
      Find("Abs").Judge({}, ints, 0, out[0], Make<int32_t>(DType::kInt32, {2}, {4, 0})).ok);
}

TEST(ElementwiseOpReference, DTypesAndAutoData) {
  const std::vector<DType> floats = {DType::kFloat32, DType::kFloat16, DType::kBFloat16,
                                     DType::kFloat64};
  EXPECT_EQ(Find("Exp").DTypes({}), floats);
  EXPECT_EQ(Find("Neg").DTypes({}).size(), 7u);    // the floats, int8/32/64
  EXPECT_EQ(Find("Div").DTypes({}).size(), 10u);   // and the unsigned ones
  EXPECT_EQ(Find("Cast").DTypes({}).size(), 11u);  // and bool
  EXPECT_EQ(Find("Cast").DTypes({}).back(), DType::kBool);
  AutoData a;
  ASSERT_TRUE(Find("Div").Auto({}, 1, DType::kInt32, &a).ok());
  EXPECT_EQ(a.kind, AutoData::Kind::kIntRange);
  EXPECT_GE(a.int_low, 1);  // no integer division by zero
  ASSERT_TRUE(Find("Log").Auto({}, 0, DType::kFloat16, &a).ok());
  EXPECT_GE(a.low, 0.0);
  ASSERT_TRUE(Find("Cast").Auto({}, 0, DType::kBool, &a).ok());
  EXPECT_EQ(a.int_high, 1);
}

}  // namespace
}  // namespace opsim::ref
