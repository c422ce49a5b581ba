// The reduce family's references (ReduceMean, ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum,
// ReduceLogSumExp; OpenVINO Mean, L1, L2, LogicalAnd, LogicalOr) through the registry: known
// answers, the attribute rules of each reading, and Judge refusing a wrong output.
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

// Computes op on one float32 input and returns output 0 (empty on error, which fails the test).
HostTensor ComputeF32(const std::string& op, const AttrMap& attrs, std::vector<int64_t> shape,
                      const std::vector<float>& x) {
  std::vector<HostTensor> in = {Make(DType::kFloat32, std::move(shape), x)}, out;
  const Status st = Find(op).Compute(attrs, in, &out);
  EXPECT_TRUE(st.ok()) << op << ": " << st.ToString();
  return st.ok() ? out[0] : HostTensor{};
}

const AttrMap kAxis1 = {{"axes", std::vector<int64_t>{1}}, {"keepdims", int64_t{0}}};

TEST(ReduceFamilyReference, OnnxReadingsComputeKnownAnswers) {
  const std::vector<float> x = {1, 2, 3, -4, 5, 7};
  EXPECT_EQ(Values<float>(ComputeF32("ReduceMean", kAxis1, {2, 3}, x)),
            (std::vector<float>{2.0f, static_cast<float>(8.0 / 3.0)}));
  EXPECT_EQ(Values<float>(ComputeF32("ReduceSumSquare", kAxis1, {2, 3}, x)),
            (std::vector<float>{14, 90}));
  EXPECT_EQ(Values<float>(ComputeF32("ReduceL1", kAxis1, {2, 3}, x)), (std::vector<float>{6, 16}));
  EXPECT_EQ(Values<float>(ComputeF32("ReduceL2", kAxis1, {2, 2}, {3, 4, -6, 8})),
            (std::vector<float>{5, 10}));
  EXPECT_EQ(Values<float>(ComputeF32("ReduceLogSum", kAxis1, {1, 3}, {0.5f, 0.5f, 1.0f})),
            (std::vector<float>{static_cast<float>(std::log(2.0))}));
  // Stable: exp(1000) overflows every type, the shift by the max does not.
  EXPECT_EQ(
      Values<float>(ComputeF32("ReduceLogSumExp", kAxis1, {2, 2}, {1000, 1000, -1000, -1000})),
      (std::vector<float>{static_cast<float>(1000 + std::log(2.0)),
                          static_cast<float>(-1000 + std::log(2.0))}));
  // keepdims (default 1) and axes absent: reduce all, rank kept.
  const HostTensor all = ComputeF32("ReduceL1", {}, {2, 3}, x);
  EXPECT_EQ(all.shape, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(Values<float>(all), std::vector<float>{22});
}

TEST(ReduceFamilyReference, EmptySlicesAndNonFiniteValues) {
  const AttrMap a = kAxis1;
  EXPECT_TRUE(std::isnan(Values<float>(ComputeF32("ReduceMean", a, {2, 0}, {}))[0]));
  EXPECT_EQ(Values<float>(ComputeF32("ReduceLogSum", a, {2, 0}, {}))[0],
            -std::numeric_limits<float>::infinity());
  EXPECT_EQ(Values<float>(ComputeF32("ReduceLogSumExp", a, {2, 0}, {}))[1],
            -std::numeric_limits<float>::infinity());
  EXPECT_EQ(Values<float>(ComputeF32("ReduceL2", a, {2, 0}, {}))[0], 0.0f);
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> lse =
      Values<float>(ComputeF32("ReduceLogSumExp", a, {3, 2}, {-inf, -inf, inf, 1, NAN, 1}));
  EXPECT_EQ(lse[0], -inf);
  EXPECT_EQ(lse[1], inf);
  EXPECT_TRUE(std::isnan(lse[2]));
}

TEST(ReduceFamilyReference, TheSumIsCompensated) {
  // A plain double sum of 1e16 + 1 - 1e16 loses the 1.
  std::vector<HostTensor> in = {Make<double>(DType::kFloat64, {3}, {1e16, 1.0, -1e16})}, out;
  ASSERT_TRUE(Find("ReduceMean").Compute({{"keepdims", int64_t{0}}}, in, &out).ok());
  EXPECT_EQ(Values<double>(out[0]), std::vector<double>{1.0 / 3.0});
}

TEST(ReduceFamilyReference, IntegersWrapAndMeanTruncatesTowardZero) {
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  constexpr int32_t kLowest = std::numeric_limits<int32_t>::lowest();
  std::vector<HostTensor> in = {Make<int32_t>(DType::kInt32, {3, 2}, {-7, 0, kMax, kMax, 7, 0})};
  std::vector<HostTensor> out;
  ASSERT_TRUE(Find("ReduceMean").Compute(kAxis1, in, &out).ok());
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{-3, -1, 3}));  // -2 / 2 after the wrap
  in = {Make<int32_t>(DType::kInt32, {2, 2}, {65536, 0, kLowest, 1})};
  ASSERT_TRUE(Find("ReduceSumSquare").Compute(kAxis1, in, &out).ok());
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{0, 1}));  // 2^32 and 2^62 + 1 wrap
  ASSERT_TRUE(Find("ReduceL1").Compute(kAxis1, in, &out).ok());
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{65536, kLowest + 1}));
  in = {Make<uint32_t>(DType::kUInt32, {1, 2}, {0xFFFFFFFFu, 3})};
  ASSERT_TRUE(Find("ReduceMean").Compute(kAxis1, in, &out).ok());
  EXPECT_EQ(Values<uint32_t>(out[0]), std::vector<uint32_t>{1});  // (2^32 + 2) mod 2^32 / 2
}

TEST(ReduceFamilyReference, OpenVinoReadingsAndTheAxesInput) {
  std::vector<HostTensor> in = {Make<float>(DType::kFloat32, {2, 2}, {1, 2, 3, 4})}, out;
  ASSERT_TRUE(
      Find("OpenVINO.ReduceMean")
          .Compute({{"reduction_axes", std::vector<int64_t>{0}}, {"keep_dims", true}}, in, &out)
          .ok());
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{2, 3}));
  EXPECT_FALSE(Find("OpenVINO.ReduceL2").Compute({}, in, &out).ok());  // no axes at all
  in.push_back(Make<int64_t>(DType::kInt64, {1}, {-1}));
  ASSERT_TRUE(Find("ReduceL1").Compute({{"keepdims", int64_t{0}}}, in, &out).ok());
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{3, 7}));
  // The axes both as attribute and input, and a keepdims that is not a flag, are refused.
  EXPECT_FALSE(Find("ReduceL1").Compute({{"axes", std::vector<int64_t>{0}}}, in, &out).ok());
  in.pop_back();
  EXPECT_FALSE(Find("ReduceMean").Compute({{"keepdims", int64_t{3}}}, in, &out).ok());
  EXPECT_FALSE(Find("ReduceMean").Compute({{"axes", std::vector<int64_t>{2}}}, in, &out).ok());
  // L2, LogSum and LogSumExp take the floating types only.
  in = {Make<int32_t>(DType::kInt32, {2}, {1, 2})};
  EXPECT_FALSE(Find("ReduceL2").Compute({}, in, &out).ok());
  EXPECT_FALSE(Find("ReduceLogSum").Compute({}, in, &out).ok());
}

TEST(ReduceFamilyReference, LogicalAndOrOnBool) {
  std::vector<HostTensor> in = {Make<uint8_t>(DType::kBool, {3, 2}, {1, 1, 1, 0, 0, 0})}, out;
  const AttrMap axes = {{"reduction_axes", std::vector<int64_t>{1}}};
  ASSERT_TRUE(Find("OpenVINO.ReduceLogicalAnd").Compute(axes, in, &out).ok());
  EXPECT_EQ(out[0].dtype, DType::kBool);
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{1, 0, 0}));
  ASSERT_TRUE(Find("OpenVINO.ReduceLogicalOr").Compute(axes, in, &out).ok());
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{1, 1, 0}));
  in = {Make<uint8_t>(DType::kBool, {2, 0}, {})};
  ASSERT_TRUE(Find("OpenVINO.ReduceLogicalAnd").Compute(axes, in, &out).ok());
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{1, 1}));  // all of nothing
  ASSERT_TRUE(Find("OpenVINO.ReduceLogicalOr").Compute(axes, in, &out).ok());
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{0, 0}));
  in = {Make<float>(DType::kFloat32, {2}, {1, 0})};
  EXPECT_FALSE(Find("OpenVINO.ReduceLogicalOr").Compute(axes, in, &out).ok());
}

TEST(ReduceFamilyReference, JudgeAcceptsRoundingAndRefusesAWrongValue) {
  const std::vector<float> x = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f};
  const std::vector<HostTensor> in = {Make(DType::kFloat32, {2, 3}, x)};
  for (const char* op : {"ReduceMean", "ReduceSumSquare", "ReduceL1", "ReduceL2", "ReduceLogSum",
                         "ReduceLogSumExp"}) {
    SCOPED_TRACE(op);
    std::vector<HostTensor> out;
    ASSERT_TRUE(Find(op).Compute(kAxis1, in, &out).ok());
    EXPECT_TRUE(Find(op).Judge(kAxis1, in, 0, out[0], out[0]).ok);
    HostTensor near = out[0], wrong = out[0];
    std::vector<float> v = Values<float>(out[0]);
    std::vector<float> n = v, w = v;
    n[1] = std::nextafter(v[1], 10.0f);  // one float32 ulp: an accumulation's rounding
    w[1] = v[1] * 1.001f;
    std::memcpy(near.bytes.data(), n.data(), near.bytes.size());
    std::memcpy(wrong.bytes.data(), w.data(), wrong.bytes.size());
    EXPECT_TRUE(Find(op).Judge(kAxis1, in, 0, out[0], near).ok);
    const Judgement j = Find(op).Judge(kAxis1, in, 0, out[0], wrong);
    EXPECT_FALSE(j.ok);
    EXPECT_NE(j.message.find("index 1"), std::string::npos) << j.message;
  }
  // Integers and bools exactly.
  const std::vector<HostTensor> ints = {Make<int64_t>(DType::kInt64, {1, 2}, {5, 6})};
  std::vector<HostTensor> out;
  ASSERT_TRUE(Find("ReduceL1").Compute(kAxis1, ints, &out).ok());
  HostTensor off = Make<int64_t>(DType::kInt64, {1}, {12});
  EXPECT_FALSE(Find("ReduceL1").Judge(kAxis1, ints, 0, out[0], off).ok);
  const AttrMap axes = {{"reduction_axes", std::vector<int64_t>{1}}};
  const std::vector<HostTensor> bools = {Make<uint8_t>(DType::kBool, {1, 2}, {1, 0})};
  ASSERT_TRUE(Find("OpenVINO.ReduceLogicalAnd").Compute(axes, bools, &out).ok());
  const HostTensor flipped = Make<uint8_t>(DType::kBool, {1}, {1});
  EXPECT_FALSE(Find("OpenVINO.ReduceLogicalAnd").Judge(axes, bools, 0, out[0], flipped).ok);
}

TEST(ReduceFamilyReference, DTypesAndAutoData) {
  EXPECT_EQ(Find("ReduceL2").DTypes({}), (std::vector<DType>{DType::kFloat32, DType::kFloat16,
                                                             DType::kBFloat16, DType::kFloat64}));
  EXPECT_EQ(Find("ReduceMean").DTypes({}).size(), 8u);
  EXPECT_EQ(Find("OpenVINO.ReduceLogicalOr").DTypes({}), std::vector<DType>{DType::kBool});
  AutoData a;
  ASSERT_TRUE(Find("ReduceLogSum").Auto({}, 0, DType::kFloat32, &a).ok());
  EXPECT_EQ(a.low, 0.0);  // positive sums: a finite log
  ASSERT_TRUE(Find("OpenVINO.ReduceLogicalAnd").Auto({}, 0, DType::kBool, &a).ok());
  EXPECT_EQ(a.kind, AutoData::Kind::kIntRange);
  EXPECT_EQ(a.int_high, 1);
  EXPECT_FALSE(Find("ReduceMean").Auto({}, 1, DType::kInt64, &a).ok());  // the axes input
}

}  // namespace
}  // namespace opsim::ref
