// The reference registry (by registry op name) and the Reduce readings' entries: its names,
// what `data: auto` means per reducer, which dtypes each covers, Compute through each reading's
// attribute rules, and Judge with ref::Compare's tolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "op_reference_test_util.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {
namespace {

using testing::Find;
using testing::Make;
using testing::Values;

HostTensor F32(std::vector<int64_t> shape, const std::vector<float>& values) {
  HostTensor t;
  t.dtype = DType::kFloat32;
  t.shape = std::move(shape);
  t.bytes.resize(values.size() * sizeof(float));
  std::memcpy(t.bytes.data(), values.data(), t.bytes.size());
  return t;
}

std::vector<float> Floats(const HostTensor& t) {
  std::vector<float> v(t.bytes.size() / sizeof(float));
  std::memcpy(v.data(), t.bytes.data(), t.bytes.size());
  return v;
}

// Which names are registered follows OPSIM_OPERATORS: CaseSuites.EveryFileHoldsCasesAnd...
// (tests/op_host/reduce_cases_test.cc) checks them against the OpDefs of opsim_ops, so adding an
// operator edits no list here.
TEST(ReferenceRegistry, NamesAreSortedUniqueAndEachFindsItsReference) {
  const std::vector<std::string> names = ReferenceRegistry::Global().Names();
  ASSERT_FALSE(names.empty());
  EXPECT_TRUE(std::adjacent_find(names.begin(), names.end(), std::greater_equal<>()) ==
              names.end());
  for (const std::string& name : names) {
    EXPECT_NE(ReferenceRegistry::Global().Find(name), nullptr) << name;
  }
  EXPECT_EQ(ReferenceRegistry::Global().Find("AddCustom"), nullptr);
}

TEST(ReferenceRegistry, RefusesEmptyNamesNullReferencesAndSecondRegistrations) {
  ReferenceRegistry registry;
  const std::shared_ptr<const OpReference> sum = ReferenceRegistry::Global().Find("ReduceSum");
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(registry.Register("", sum).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(registry.Register("X", nullptr).code(), ErrorCode::kInvalidParam);
  ASSERT_TRUE(registry.Register("X", sum).ok());
  const Status again = registry.Register("X", sum);
  EXPECT_EQ(again.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(again.message().find("'X' already has a reference"), std::string::npos);
  EXPECT_EQ(registry.Names(), std::vector<std::string>{"X"});
}

TEST(ReduceReference, AutoDataKeepsSumsAndProductsMeaningful) {
  AutoData a;
  ASSERT_TRUE(Find("ReduceProd").Auto({}, 0, DType::kFloat16, &a).ok());
  EXPECT_EQ(a.kind, AutoData::Kind::kUniform);
  EXPECT_EQ(a.low, 0.9);
  EXPECT_EQ(a.high, 1.1);
  ASSERT_TRUE(Find("OpenVINO.ReduceSum").Auto({}, 0, DType::kFloat32, &a).ok());
  EXPECT_EQ(a.kind, AutoData::Kind::kUniform);
  EXPECT_EQ(a.low, -1.0);
  ASSERT_TRUE(Find("ReduceSum").Auto({}, 0, DType::kInt32, &a).ok());
  EXPECT_EQ(a.kind, AutoData::Kind::kIntRange);
  EXPECT_EQ(a.int_low, -3);
  EXPECT_EQ(a.int_high, 3);
  ASSERT_TRUE(Find("Reduce").Auto({{"reduceType", std::string("max")}}, 0, DType::kInt8, &a).ok());
  EXPECT_EQ(a.kind, AutoData::Kind::kBits);
  // The axes input's values must be written; ATB's Reduce without a reducer has no rule.
  EXPECT_EQ(Find("ReduceSum").Auto({}, 1, DType::kInt64, &a).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(Find("Reduce").Auto({}, 0, DType::kFloat32, &a).code(), ErrorCode::kInvalidParam);
}

TEST(ReduceReference, DTypesAreThePackagesPerReducer) {
  const std::vector<DType> sum = Find("ReduceSum").DTypes({});
  const std::vector<DType> max = Find("OpenVINO.ReduceMax").DTypes({});
  EXPECT_EQ(std::count(sum.begin(), sum.end(), DType::kInt8), 0);
  EXPECT_EQ(std::count(max.begin(), max.end(), DType::kInt8), 1);
  EXPECT_EQ(Find("Reduce").DTypes({{"reduceType", std::string("REDUCE_MAX")}}), max);
  EXPECT_EQ(Find("Reduce").DTypes({{"reduceType", std::string("sum")}}), sum);
  EXPECT_TRUE(Find("Reduce").DTypes({}).empty());
}

TEST(ReduceReference, ComputeAppliesEachReadingsAttributeRules) {
  const std::vector<HostTensor> x = {F32({2, 3}, {1, 2, 3, 4, 5, 6})};
  std::vector<HostTensor> out;
  // ONNX: keepdims defaults to 1, negative axes count from the back.
  ASSERT_TRUE(Find("ReduceSum").Compute({{"axes", std::vector<int64_t>{-1}}}, x, &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(Floats(out[0]), (std::vector<float>{6, 15}));
  // ONNX opset 13+: the axes as input 1 (int64).
  HostTensor axes;
  axes.dtype = DType::kInt64;
  axes.shape = {1};
  const int64_t zero = 0;
  axes.bytes.resize(8);
  std::memcpy(axes.bytes.data(), &zero, 8);
  ASSERT_TRUE(Find("ReduceMax")
                  .Compute({{"keepdims", int64_t{0}}}, std::vector<HostTensor>{x[0], axes}, &out)
                  .ok());
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{3}));
  EXPECT_EQ(Floats(out[0]), (std::vector<float>{4, 5, 6}));
  EXPECT_EQ(
      Find("ReduceMax")
          .Compute({{"axes", std::vector<int64_t>{0}}}, std::vector<HostTensor>{x[0], axes}, &out)
          .code(),
      ErrorCode::kInvalidParam);
  // OpenVINO: keep_dims defaults to false, repeated axes are a set.
  ASSERT_TRUE(Find("OpenVINO.ReduceProd")
                  .Compute({{"reduction_axes", std::vector<int64_t>{0, -2}}}, x, &out)
                  .ok());
  EXPECT_EQ(Floats(out[0]), (std::vector<float>{4, 10, 18}));
  // ATB: reduceType by name, never keeps dims.
  ASSERT_TRUE(
      Find("Reduce")
          .Compute({{"reduceType", std::string("min")}, {"axis", std::vector<int64_t>{1}}}, x, &out)
          .ok());
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{2}));
  EXPECT_EQ(Floats(out[0]), (std::vector<float>{1, 4}));
  // The reading's own rules refuse what the operation refuses.
  EXPECT_FALSE(Find("ReduceSum").Compute({{"axes", std::vector<int64_t>{2}}}, x, &out).ok());
  EXPECT_FALSE(Find("ReduceSum").Compute({{"keepdims", int64_t{2}}}, x, &out).ok());
  EXPECT_FALSE(Find("Reduce").Compute({{"axis", std::vector<int64_t>{0}}}, x, &out).ok());
  HostTensor short_input = x[0];
  short_input.bytes.pop_back();
  EXPECT_FALSE(Find("ReduceSum").Compute({}, std::vector<HostTensor>{short_input}, &out).ok());
}

TEST(ReduceReference, JudgeUsesCompareTolerance) {
  const std::vector<HostTensor> x = {F32({2, 2}, {1, -1, 1e-3f, 2})};
  const AttrMap attrs = {{"axes", std::vector<int64_t>{0}}, {"keepdims", int64_t{0}}};
  std::vector<HostTensor> want;
  ASSERT_TRUE(Find("ReduceSum").Compute(attrs, x, &want).ok());
  HostTensor close = want[0];
  std::vector<float> v = Floats(close);
  v[0] *= 1.0f + 1e-7f;
  std::memcpy(close.bytes.data(), v.data(), close.bytes.size());
  Judgement j = Find("ReduceSum").Judge(attrs, x, 0, want[0], close);
  EXPECT_TRUE(j.ok) << j.message;
  v[1] += 0.01f;
  std::memcpy(close.bytes.data(), v.data(), close.bytes.size());
  j = Find("ReduceSum").Judge(attrs, x, 0, want[0], close);
  EXPECT_FALSE(j.ok);
  EXPECT_NE(j.message.find("index 1"), std::string::npos) << j.message;
  EXPECT_GT(j.max_abs_err, 0.009);
  // Not the output it judges: a message, not a crash.
  HostTensor wrong = want[0];
  wrong.bytes.pop_back();
  j = Find("ReduceSum").Judge(attrs, x, 0, want[0], wrong);
  EXPECT_FALSE(j.ok);
  EXPECT_NE(j.message.find("is not the float32 output"), std::string::npos) << j.message;
}

TEST(ArgMaxReference, ComputesIndicesAndJudgesThemExactly) {
  const std::vector<HostTensor> x = {F32({2, 3}, {1, 7, 7, 4, -2, 4})};
  std::vector<HostTensor> out;
  ASSERT_TRUE(
      Find("ArgMax").Compute({{"axis", int64_t{1}}, {"keepdims", int64_t{0}}}, x, &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dtype, DType::kInt64);
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{2}));
  std::vector<int64_t> idx(2);
  std::memcpy(idx.data(), out[0].bytes.data(), 16);
  EXPECT_EQ(idx, (std::vector<int64_t>{1, 0}));  // ties: the first index
  ASSERT_TRUE(Find("ArgMin")
                  .Compute({{"axis", int64_t{1}}, {"select_last_index", int64_t{1}}}, x, &out)
                  .ok());
  EXPECT_EQ(out[0].shape, (std::vector<int64_t>{2, 1}));
  std::memcpy(idx.data(), out[0].bytes.data(), 16);
  EXPECT_EQ(idx, (std::vector<int64_t>{0, 1}));
  // The op's rules: axis out of range, keepdims not 0/1.
  EXPECT_FALSE(Find("ArgMax").Compute({{"axis", int64_t{2}}}, x, &out).ok());
  EXPECT_FALSE(Find("ArgMax").Compute({{"keepdims", int64_t{3}}}, x, &out).ok());
  // Judge: exact.
  ASSERT_TRUE(Find("ArgMax").Compute({}, x, &out).ok());
  HostTensor wrong = out[0];
  wrong.bytes[8] ^= 1;
  const Judgement j = Find("ArgMax").Judge({}, x, 0, out[0], wrong);
  EXPECT_FALSE(j.ok);
  EXPECT_NE(j.message.find("index 1"), std::string::npos) << j.message;
  EXPECT_TRUE(Find("ArgMax").Judge({}, x, 0, out[0], out[0]).ok);
  AutoData a;
  ASSERT_TRUE(Find("ArgMax").Auto({}, 0, DType::kInt8, &a).ok());
  EXPECT_EQ(a.kind, AutoData::Kind::kBits);
  EXPECT_EQ(Find("ArgMin").Auto({}, 1, DType::kInt64, &a).code(), ErrorCode::kInvalidParam);
}

}  // namespace
}  // namespace opsim::ref
