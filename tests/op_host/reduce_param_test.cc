// The three front doors: every rule that can refuse a request, with its code and message, and
// each door's reading of axes, keep_dims and empty axes. Shape results: reduce_infer_shape_test.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reduce/reduce_dtype_support.h"
#include "reduce/reduce_param.h"
#include "reduce/reduce_request.h"

namespace opsim {
namespace {

using infer::ReduceParam;
using Axes = std::vector<int64_t>;

ReduceParam Param(ReduceParam::ReduceType type, std::initializer_list<int64_t> axis) {
  ReduceParam p;
  p.reduceType = type;
  p.axis = axis;
  return p;
}

// The request a failing door must leave alone.
ReduceRequest Sentinel() {
  ReduceRequest r;
  r.kind = ReduceKind::kProd;
  r.dtype = DType::kInt8;
  r.input = Shape{7};
  r.axes = {0};
  r.output = Shape{1};
  return r;
}

void ExpectParamError(const Status& s, ErrorCode code, const std::string& message) {
  EXPECT_EQ(s.code(), code) << s.ToString();
  EXPECT_EQ(s.message(), message);
}

Status Atb(const ReduceParam& p, DType dtype, const Shape& in, bool strict = false,
           ReduceRequest* out = nullptr) {
  ReduceRequest local = Sentinel();
  ReduceRequest* target = out ? out : &local;
  Status s = LowerAtb(p, dtype, in, strict, target);
  if (!s.ok()) {
    EXPECT_EQ(*target, Sentinel()) << "failed lowering wrote the request";
  }
  return s;
}

Status Onnx(ReduceKind kind, DType dtype, const Shape& in, std::optional<Axes> axes,
            bool keepdims = true, bool noop = false, ReduceRequest* out = nullptr) {
  ReduceRequest local = Sentinel();
  ReduceRequest* target = out ? out : &local;
  std::optional<std::span<const int64_t>> span;
  if (axes) span = std::span<const int64_t>(*axes);
  Status s = LowerOnnx(kind, dtype, in, span, keepdims, noop, target);
  if (!s.ok()) {
    EXPECT_EQ(*target, Sentinel()) << "failed lowering wrote the request";
  }
  return s;
}

Status Ov(ReduceKind kind, DType dtype, const Shape& in, const Axes& axes, bool keep = false,
          ReduceRequest* out = nullptr) {
  ReduceRequest local = Sentinel();
  ReduceRequest* target = out ? out : &local;
  Status s = LowerOpenVino(kind, dtype, in, axes, keep, target);
  if (!s.ok()) {
    EXPECT_EQ(*target, Sentinel()) << "failed lowering wrote the request";
  }
  return s;
}

SVector<int64_t, kMaxRank> AxesOf(std::initializer_list<int64_t> a) { return a; }

// ---------------------------------------------------------------- ATB: parameters

TEST(LowerAtbTest, LowersEachReduceType) {
  const struct {
    ReduceParam::ReduceType type;
    ReduceKind kind;
  } cases[] = {{ReduceParam::REDUCE_MAX, ReduceKind::kMax},
               {ReduceParam::REDUCE_MIN, ReduceKind::kMin},
               {ReduceParam::REDUCE_SUM, ReduceKind::kSum},
               {ReduceParam::REDUCE_PROD, ReduceKind::kProd}};
  for (const auto& c : cases) {
    ReduceRequest r;
    ASSERT_TRUE(Atb(Param(c.type, {2, 0}), DType::kFloat32, Shape{2, 3, 4}, false, &r).ok());
    EXPECT_EQ(r.kind, c.kind);
    EXPECT_EQ(r.dtype, DType::kFloat32);
    EXPECT_EQ(r.input, (Shape{2, 3, 4}));
    EXPECT_EQ(r.axes, AxesOf({0, 2}));  // sorted
    EXPECT_FALSE(r.keep_dims);
    EXPECT_FALSE(r.identity);
    EXPECT_EQ(r.output, (Shape{3}));
  }
}

TEST(LowerAtbTest, RejectsUndefinedReduceType) {
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_UNDEFINED, {0}), DType::kFloat32, Shape{2}),
                   ErrorCode::kInvalidParam,
                   "ReduceOperation: reduceType = 0 (REDUCE_UNDEFINED) is not a reducer (expected "
                   "REDUCE_MAX=1, REDUCE_MIN=2, REDUCE_SUM=3 or REDUCE_PROD=4)");
}

TEST(LowerAtbTest, RejectsReduceTypeOutOfList) {
  for (int v : {5, -1, 1000}) {
    ReduceParam p = Param(static_cast<ReduceParam::ReduceType>(v), {0});
    ExpectParamError(Atb(p, DType::kFloat32, Shape{2}), ErrorCode::kInvalidParam,
                     "ReduceOperation: reduceType = " + std::to_string(v) +
                         " is not a reducer (expected REDUCE_MAX=1, REDUCE_MIN=2, REDUCE_SUM=3 or "
                         "REDUCE_PROD=4)");
  }
}

TEST(LowerAtbTest, RejectsNonZeroRsv) {
  for (size_t i = 0; i < 8; ++i) {
    ReduceParam p = Param(ReduceParam::REDUCE_SUM, {0});
    p.rsv[i] = 7;
    ExpectParamError(Atb(p, DType::kFloat32, Shape{2}), ErrorCode::kInvalidParam,
                     "ReduceOperation: rsv[" + std::to_string(i) +
                         "] = 7 is not 0 (reserved bytes must be all zero)");
  }
}

TEST(LowerAtbTest, RejectsEmptyAxis) {
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_SUM, {}), DType::kFloat32, Shape{2, 3}),
      ErrorCode::kInvalidParam,
      "ReduceOperation: axis is empty (expected at least one axis; ATB has no reduce-all "
      "default)");
}

TEST(LowerAtbTest, RejectsAxisLongerThanRank) {
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_SUM, {0, 1, 0}), DType::kFloat32, Shape{2, 3}),
      ErrorCode::kInvalidParam,
      "ReduceOperation: axis has 3 entries for an input of rank 2 (expected at most 2)");
}

TEST(LowerAtbTest, RejectsOverflowedAxis) {
  ReduceParam p = Param(ReduceParam::REDUCE_SUM, {});
  for (int i = 0; i < 65; ++i) p.axis.push_back(0);
  ASSERT_TRUE(p.axis.overflowed());
  ExpectParamError(Atb(p, DType::kFloat32, Shape{2}), ErrorCode::kInvalidParam,
                   "ReduceOperation: axis overflowed its capacity of 64 entries, so some axes were "
                   "lost (expected at most 8 axes)");
}

TEST(LowerAtbTest, RejectsNegativeAxis) {
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_MAX, {0, -1}), DType::kInt32, Shape{2, 3, 4}),
      ErrorCode::kInvalidParam,
      "ReduceOperation: axis[1] = -1 is negative (expected 0 <= axis < 3; ATB does not "
      "accept negative axes)");
}

TEST(LowerAtbTest, RejectsAxisOutOfRange) {
  // The example of docs/SPEC.md §4, word for word.
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_SUM, {0, 5}), DType::kFloat32, Shape{2, 3, 4}),
      ErrorCode::kInvalidParam,
      "ReduceOperation: axis[1] = 5 is out of range for an input of rank 3 (expected 0 <= "
      "axis < 3)");
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_SUM, {3}), DType::kFloat32, Shape{2, 3, 4}),
      ErrorCode::kInvalidParam,
      "ReduceOperation: axis[0] = 3 is out of range for an input of rank 3 (expected 0 <= "
      "axis < 3)");
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_SUM, {std::numeric_limits<int64_t>::max()}),
                       DType::kFloat32, Shape{2}),
                   ErrorCode::kInvalidParam,
                   "ReduceOperation: axis[0] = 9223372036854775807 is out of range for an input of "
                   "rank 1 (expected 0 <= axis < 1)");
}

TEST(LowerAtbTest, RejectsDuplicateAxis) {
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_MIN, {1, 2, 1}), DType::kInt32, Shape{2, 3, 4}),
                   ErrorCode::kInvalidParam,
                   "ReduceOperation: axis[2] = 1 repeats axis[0] (expected unique axes)");
}

TEST(LowerAtbTest, RejectsAnyAxisOnRankZero) {
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_SUM, {0}), DType::kFloat32, Shape{}),
                   ErrorCode::kInvalidParam,
                   "ReduceOperation: axis has 1 entry for an input of rank 0 (expected at most 0)");
}

TEST(LowerAtbTest, RankEightAllAxes) {
  ReduceRequest r;
  ASSERT_TRUE(Atb(Param(ReduceParam::REDUCE_SUM, {7, 6, 5, 4, 3, 2, 1, 0}), DType::kFloat32,
                  Shape{1, 2, 1, 2, 1, 2, 1, 2}, false, &r)
                  .ok());
  EXPECT_EQ(r.axes, AxesOf({0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(r.output, Shape{});
  EXPECT_FALSE(r.identity);
}

// ---------------------------------------------------------------- ATB: dtypes

TEST(LowerAtbTest, PackageDTypesInNonStrictMode) {
  for (DType d : {DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64,
                  DType::kInt32, DType::kInt64, DType::kUInt32, DType::kUInt64}) {
    for (auto t : {ReduceParam::REDUCE_MAX, ReduceParam::REDUCE_MIN, ReduceParam::REDUCE_SUM,
                   ReduceParam::REDUCE_PROD}) {
      EXPECT_TRUE(Atb(Param(t, {0}), d, Shape{2}).ok()) << DTypeName(d) << " " << t;
    }
  }
  EXPECT_TRUE(Atb(Param(ReduceParam::REDUCE_MAX, {0}), DType::kInt8, Shape{2}).ok());
  EXPECT_TRUE(Atb(Param(ReduceParam::REDUCE_MIN, {0}), DType::kUInt8, Shape{2}).ok());
}

TEST(LowerAtbTest, RejectsInt8SumInNonStrictMode) {
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_SUM, {0}), DType::kInt8, Shape{2}),
                   ErrorCode::kInvalidTensorDtype,
                   "ReduceOperation: dtype int8 is not supported by the SUM reducer (supported: "
                   "float32, float16, bfloat16, float64, int32, int64, uint32, uint64)");
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_PROD, {0}), DType::kUInt8, Shape{2}),
                   ErrorCode::kInvalidTensorDtype,
                   "ReduceOperation: dtype uint8 is not supported by the PROD reducer (supported: "
                   "float32, float16, bfloat16, float64, int32, int64, uint32, uint64)");
}

TEST(LowerAtbTest, RejectsBoolAndUnknownDType) {
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_MAX, {0}), DType::kBool, Shape{2}),
      ErrorCode::kInvalidTensorDtype,
      "ReduceOperation: dtype bool is not supported by the MAX reducer (supported: "
      "float32, float16, bfloat16, float64, int32, int64, uint32, uint64, int8, uint8)");
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_MAX, {0}), static_cast<DType>(99), Shape{2}),
                   ErrorCode::kInvalidTensorDtype,
                   "ReduceOperation: dtype = 99 is not a known dtype");
}

TEST(LowerAtbTest, StrictModeAcceptsExactlyAtbsTable) {
  const auto accepts = [](ReduceParam::ReduceType t, DType d) {
    return Atb(Param(t, {0}), d, Shape{2}, /*strict=*/true).ok();
  };
  for (DType d : AllDTypes()) {
    const bool max_min = d == DType::kInt32 || d == DType::kBFloat16;
    const bool sum = d == DType::kFloat16 || d == DType::kBFloat16;
    EXPECT_EQ(accepts(ReduceParam::REDUCE_MAX, d), max_min) << DTypeName(d);
    EXPECT_EQ(accepts(ReduceParam::REDUCE_MIN, d), max_min) << DTypeName(d);
    EXPECT_EQ(accepts(ReduceParam::REDUCE_SUM, d), sum) << DTypeName(d);
    EXPECT_FALSE(accepts(ReduceParam::REDUCE_PROD, d)) << DTypeName(d);
  }
}

TEST(LowerAtbTest, StrictModeRejectionsUseIniMatch) {
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_SUM, {0}), DType::kFloat32, Shape{2}, true),
      ErrorCode::kInvalidTensorIniMatch,
      "ReduceOperation: dtype float32 is not shipped by ATB for REDUCE_SUM (strict ATB "
      "dtype mode; ATB ships: float16, bfloat16)");
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_MAX, {0}), DType::kFloat16, Shape{2}, true),
      ErrorCode::kInvalidTensorIniMatch,
      "ReduceOperation: dtype float16 is not shipped by ATB for REDUCE_MAX (strict ATB "
      "dtype mode; ATB ships: bfloat16, int32)");
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_PROD, {0}), DType::kFloat16, Shape{2}, true),
      ErrorCode::kInvalidTensorIniMatch,
      "ReduceOperation: reduceType REDUCE_PROD (4) is an opsim extension that ATB does "
      "not ship, so strict ATB dtype mode rejects it for every dtype (float16 given)");
  // ATB's CSV row wrongParam4 (reduce.csv row 8): reduceType 4 on int32 is a parameter error.
  ExpectParamError(
      Atb(Param(ReduceParam::REDUCE_PROD, {0}), DType::kInt32, Shape{2}, true),
      ErrorCode::kInvalidParam,
      "ReduceOperation: reduceType = 4 (opsim's REDUCE_PROD) is outside ATB's ReduceType "
      "(strict ATB mode; expected REDUCE_MAX=1, REDUCE_MIN=2 or REDUCE_SUM=3)");
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_MAX, {0}), static_cast<DType>(99), Shape{2}, true),
                   ErrorCode::kInvalidTensorIniMatch,
                   "ReduceOperation: dtype = 99 is not a known dtype");
}

// ---------------------------------------------------------------- input tensor (all doors)

TEST(ReduceInputTest, RejectsNegativeDimInEveryDoor) {
  const Shape in{2, -3};
  const std::string rule = "input dim[1] = -3 is negative (expected dim >= 0)";
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_SUM, {0}), DType::kFloat32, in),
                   ErrorCode::kInvalidTensorDim, "ReduceOperation: " + rule);
  ExpectParamError(Onnx(ReduceKind::kProd, DType::kFloat32, in, Axes{0}),
                   ErrorCode::kInvalidTensorDim, "ONNX ReduceProd: " + rule);
  ExpectParamError(Ov(ReduceKind::kSum, DType::kFloat32, in, {0}), ErrorCode::kInvalidTensorDim,
                   "OpenVINO ReduceSum: " + rule);
}

TEST(ReduceInputTest, RejectsElementCountOverflow) {
  const Shape in{int64_t{1} << 32, int64_t{1} << 32};
  const std::string rule = "input shape [4294967296,4294967296] has more than 2^63-1 elements";
  ExpectParamError(Atb(Param(ReduceParam::REDUCE_SUM, {0}), DType::kFloat32, in),
                   ErrorCode::kInvalidTensorSize, "ReduceOperation: " + rule);
  ExpectParamError(Onnx(ReduceKind::kMax, DType::kFloat32, in, std::nullopt),
                   ErrorCode::kInvalidTensorSize, "ONNX ReduceMax: " + rule);
  ExpectParamError(Ov(ReduceKind::kMin, DType::kFloat32, in, {}), ErrorCode::kInvalidTensorSize,
                   "OpenVINO ReduceMin: " + rule);
}

TEST(ReduceInputTest, RejectsByteSizeOverflow) {
  // 2^62 elements fit int64; 2^62 float32s are 2^64 bytes, which does not.
  const Shape in{int64_t{1} << 31, int64_t{1} << 31};
  ExpectParamError(Ov(ReduceKind::kSum, DType::kFloat32, in, {1}), ErrorCode::kInvalidTensorSize,
                   "OpenVINO ReduceSum: input shape [2147483648,2147483648] of float32 needs more "
                   "than 2^63-1 bytes");
  // One byte per element fits.
  ReduceRequest r;
  ASSERT_TRUE(Ov(ReduceKind::kMax, DType::kInt8, in, {1}, false, &r).ok());
  EXPECT_EQ(r.output, (Shape{int64_t{1} << 31}));
}

TEST(ReduceInputTest, ZeroDimIsLegalAndDefusesOverflow) {
  ReduceRequest r;
  const int64_t big = std::numeric_limits<int64_t>::max();
  ASSERT_TRUE(Ov(ReduceKind::kSum, DType::kFloat64, Shape{big, 0, big}, {1}, false, &r).ok());
  EXPECT_EQ(r.output, (Shape{big, big}));
}

TEST(ReduceInputTest, MakeInputShapeRejectsRankAboveEight) {
  const std::vector<int64_t> nine(9, 1);
  Shape s;
  ExpectParamError(MakeReduceInputShape("ReduceOperation", nine, &s),
                   ErrorCode::kInvalidTensorDimNum,
                   "ReduceOperation: input: rank 9 exceeds the maximum rank 8");
  const std::vector<int64_t> eight(8, 2);
  ASSERT_TRUE(MakeReduceInputShape("ReduceOperation", eight, &s).ok());
  EXPECT_EQ(s.rank(), 8);
  const std::vector<int64_t> negative = {1, -1};
  EXPECT_EQ(MakeReduceInputShape("ONNX ReduceSum", negative, &s).code(),
            ErrorCode::kInvalidTensorDim);
  EXPECT_EQ(MakeReduceInputShape("ONNX ReduceSum", eight, nullptr).code(),
            ErrorCode::kInvalidParam);
}

TEST(ReduceInputTest, NullRequestIsAnErrorNotACrash) {
  const Axes a{0};
  ExpectParamError(
      LowerAtb(Param(ReduceParam::REDUCE_SUM, {0}), DType::kFloat32, Shape{2}, false, nullptr),
      ErrorCode::kInvalidParam, "ReduceOperation: request is null");
  ExpectParamError(LowerOnnx(ReduceKind::kSum, DType::kFloat32, Shape{2},
                             std::span<const int64_t>(a), true, false, nullptr),
                   ErrorCode::kInvalidParam, "ONNX ReduceSum: request is null");
  ExpectParamError(LowerOpenVino(ReduceKind::kSum, DType::kFloat32, Shape{2}, a, false, nullptr),
                   ErrorCode::kInvalidParam, "OpenVINO ReduceSum: request is null");
}

// ---------------------------------------------------------------- ONNX

TEST(LowerOnnxTest, AbsentAxesReduceAll) {
  ReduceRequest r;
  ASSERT_TRUE(
      Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2, 2}, std::nullopt, true, false, &r).ok());
  EXPECT_EQ(r.axes, AxesOf({0, 1, 2}));
  EXPECT_TRUE(r.keep_dims);
  EXPECT_FALSE(r.identity);
  EXPECT_EQ(r.output, (Shape{1, 1, 1}));
}

TEST(LowerOnnxTest, EmptyAxesReduceAllUnlessNoop) {
  ReduceRequest r;
  ASSERT_TRUE(Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2}, Axes{}, false, false, &r).ok());
  EXPECT_EQ(r.axes, AxesOf({0, 1}));
  EXPECT_EQ(r.output, Shape{});
  ASSERT_TRUE(Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2}, Axes{}, false, true, &r).ok());
  EXPECT_TRUE(r.axes.empty());
  EXPECT_TRUE(r.identity);
  EXPECT_EQ(r.output, (Shape{3, 2}));
  ASSERT_TRUE(
      Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2}, std::nullopt, true, true, &r).ok());
  EXPECT_TRUE(r.identity);
  EXPECT_EQ(r.output, (Shape{3, 2}));
}

TEST(LowerOnnxTest, NoopIgnoredWhenAxesGiven) {
  ReduceRequest r;
  ASSERT_TRUE(Onnx(ReduceKind::kMin, DType::kInt64, Shape{3, 2}, Axes{1}, false, true, &r).ok());
  EXPECT_FALSE(r.identity);
  EXPECT_EQ(r.output, (Shape{3}));
}

TEST(LowerOnnxTest, NegativeAxesNormalised) {
  ReduceRequest r;
  ASSERT_TRUE(
      Onnx(ReduceKind::kProd, DType::kFloat32, Shape{2, 3, 4, 5}, Axes{-1, -4, 1}, true, false, &r)
          .ok());
  EXPECT_EQ(r.axes, AxesOf({0, 1, 3}));
  EXPECT_EQ(r.output, (Shape{1, 1, 4, 1}));
}

TEST(LowerOnnxTest, RejectsAxesOutOfRange) {
  const std::string rule = " is out of range for an input of rank 3 (expected -3 <= axis < 3)";
  ExpectParamError(Onnx(ReduceKind::kProd, DType::kFloat32, Shape{3, 2, 2}, Axes{0, 3}),
                   ErrorCode::kInvalidParam, "ONNX ReduceProd: axes[1] = 3" + rule);
  ExpectParamError(Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2, 2}, Axes{-4}),
                   ErrorCode::kInvalidParam, "ONNX ReduceSum: axes[0] = -4" + rule);
  ExpectParamError(Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2, 2},
                        Axes{std::numeric_limits<int64_t>::min()}),
                   ErrorCode::kInvalidParam,
                   "ONNX ReduceSum: axes[0] = -9223372036854775808" + rule);
}

TEST(LowerOnnxTest, RejectsAnyAxisOnRankZero) {
  ExpectParamError(Onnx(ReduceKind::kMax, DType::kFloat32, Shape{}, Axes{0}),
                   ErrorCode::kInvalidParam,
                   "ONNX ReduceMax: axes[0] = 0 is out of range for an input of rank 0 (a rank-0 "
                   "input has no axes)");
}

TEST(LowerOnnxTest, RejectsDuplicates) {
  ExpectParamError(
      Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2, 2}, Axes{0, 1, 1}),
      ErrorCode::kInvalidParam,
      "ONNX ReduceSum: axes[2] = 1 repeats axes[1] = 1 (both name axis 1; expected unique "
      "axes)");
  // A duplicate can hide behind a negative spelling.
  ExpectParamError(
      Onnx(ReduceKind::kSum, DType::kFloat32, Shape{3, 2, 2}, Axes{1, -2}),
      ErrorCode::kInvalidParam,
      "ONNX ReduceSum: axes[1] = -2 repeats axes[0] = 1 (both name axis 1; expected unique "
      "axes)");
}

TEST(LowerOnnxTest, DTypes) {
  for (DType d : {DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64,
                  DType::kInt32, DType::kInt64, DType::kUInt32, DType::kUInt64}) {
    for (ReduceKind k : {ReduceKind::kSum, ReduceKind::kMax, ReduceKind::kMin, ReduceKind::kProd}) {
      EXPECT_TRUE(Onnx(k, d, Shape{2}, Axes{0}).ok()) << DTypeName(d);
    }
  }
  EXPECT_TRUE(Onnx(ReduceKind::kMax, DType::kInt8, Shape{2}, Axes{0}).ok());
  EXPECT_TRUE(Onnx(ReduceKind::kMin, DType::kUInt8, Shape{2}, Axes{0}).ok());
  ExpectParamError(Onnx(ReduceKind::kProd, DType::kInt8, Shape{2}, Axes{0}),
                   ErrorCode::kInvalidTensorDtype,
                   "ONNX ReduceProd: dtype int8 is not supported by the PROD reducer (supported: "
                   "float32, float16, bfloat16, float64, int32, int64, uint32, uint64)");
}

TEST(LowerOnnxTest, BoolRejectedWithOpset20Hint) {
  ExpectParamError(
      Onnx(ReduceKind::kMax, DType::kBool, Shape{2}, Axes{0}), ErrorCode::kInvalidTensorDtype,
      "ONNX ReduceMax: dtype bool is not supported by the MAX reducer (supported: "
      "float32, float16, bfloat16, float64, int32, int64, uint32, uint64, int8, uint8); "
      "ONNX opset 20 allows bool for ReduceMax/ReduceMin, this package does not");
  ExpectParamError(Onnx(ReduceKind::kSum, DType::kBool, Shape{2}, Axes{0}),
                   ErrorCode::kInvalidTensorDtype,
                   "ONNX ReduceSum: dtype bool is not supported by the SUM reducer (supported: "
                   "float32, float16, bfloat16, float64, int32, int64, uint32, uint64)");
}

TEST(LowerOnnxTest, RejectsUnknownReduceKind) {
  ExpectParamError(
      Onnx(static_cast<ReduceKind>(7), DType::kFloat32, Shape{2}, Axes{0}),
      ErrorCode::kInvalidParam,
      "ONNX Reduce: reducer = 7 is not a ReduceKind (expected kSum=0, kMax=1, kMin=2 or "
      "kProd=3)");
}

// ---------------------------------------------------------------- OpenVINO

TEST(LowerOpenVinoTest, EmptyAxesIsIdentity) {
  for (bool keep : {false, true}) {
    ReduceRequest r;
    ASSERT_TRUE(Ov(ReduceKind::kSum, DType::kFloat32, Shape{3, 2}, {}, keep, &r).ok());
    EXPECT_TRUE(r.identity);
    EXPECT_TRUE(r.axes.empty());
    EXPECT_EQ(r.output, (Shape{3, 2}));
  }
}

TEST(LowerOpenVinoTest, DuplicatesAreASet) {
  ReduceRequest r;
  ASSERT_TRUE(
      Ov(ReduceKind::kSum, DType::kFloat32, Shape{2, 3, 4}, {2, -1, 0, 2, -3}, false, &r).ok());
  EXPECT_EQ(r.axes, AxesOf({0, 2}));
  EXPECT_EQ(r.output, (Shape{3}));
  // More entries than any rank allows, all naming the same axis.
  const Axes many(100, -1);
  ASSERT_TRUE(Ov(ReduceKind::kMax, DType::kFloat32, Shape{2, 3}, many, true, &r).ok());
  EXPECT_EQ(r.axes, AxesOf({1}));
  EXPECT_EQ(r.output, (Shape{2, 1}));
}

TEST(LowerOpenVinoTest, KeepDimsDefaultsFalse) {
  ReduceRequest r;
  ASSERT_TRUE(
      LowerOpenVino(ReduceKind::kSum, DType::kFloat32, Shape{3, 2}, Axes{0}, false, &r).ok());
  EXPECT_FALSE(r.keep_dims);
  EXPECT_EQ(r.output, (Shape{2}));
}

TEST(LowerOpenVinoTest, RejectsAxesOutOfRange) {
  ExpectParamError(
      Ov(ReduceKind::kSum, DType::kFloat32, Shape{3, 2}, {0, 2}), ErrorCode::kInvalidParam,
      "OpenVINO ReduceSum: reduction_axes[1] = 2 is out of range for an input of rank 2 "
      "(expected -2 <= axis < 2)");
  ExpectParamError(
      Ov(ReduceKind::kProd, DType::kFloat32, Shape{3, 2}, {-3}), ErrorCode::kInvalidParam,
      "OpenVINO ReduceProd: reduction_axes[0] = -3 is out of range for an input of rank 2 "
      "(expected -2 <= axis < 2)");
  // OpenVINO's normalize_axis: [0, 0] on a rank-0 input.
  ExpectParamError(
      Ov(ReduceKind::kSum, DType::kFloat32, Shape{}, {-1}), ErrorCode::kInvalidParam,
      "OpenVINO ReduceSum: reduction_axes[0] = -1 is out of range for an input of rank 0 "
      "(a rank-0 input takes axis 0 only)");
  ExpectParamError(
      Ov(ReduceKind::kSum, DType::kFloat32, Shape{}, {0, 1}), ErrorCode::kInvalidParam,
      "OpenVINO ReduceSum: reduction_axes[1] = 1 is out of range for an input of rank 0 "
      "(a rank-0 input takes axis 0 only)");
}

TEST(LowerOpenVinoTest, AxisZeroOfARankZeroInputIsTheScalar) {
  for (bool keep : {false, true}) {
    ReduceRequest with_axis, without;
    ASSERT_TRUE(
        LowerOpenVino(ReduceKind::kMax, DType::kInt32, Shape{}, Axes{0}, keep, &with_axis).ok());
    ASSERT_TRUE(
        LowerOpenVino(ReduceKind::kMax, DType::kInt32, Shape{}, Axes{}, keep, &without).ok());
    EXPECT_EQ(with_axis.output.rank(), 0);
    EXPECT_EQ(with_axis.output, without.output);
    EXPECT_EQ(with_axis.input, without.input);
  }
}

TEST(LowerOpenVinoTest, DTypes) {
  ExpectParamError(
      Ov(ReduceKind::kSum, DType::kUInt8, Shape{2}, {0}), ErrorCode::kInvalidTensorDtype,
      "OpenVINO ReduceSum: dtype uint8 is not supported by the SUM reducer (supported: "
      "float32, float16, bfloat16, float64, int32, int64, uint32, uint64)");
  ExpectParamError(
      Ov(ReduceKind::kMin, DType::kBool, Shape{2}, {0}), ErrorCode::kInvalidTensorDtype,
      "OpenVINO ReduceMin: dtype bool is not supported by the MIN reducer (supported: "
      "float32, float16, bfloat16, float64, int32, int64, uint32, uint64, int8, uint8)");
  EXPECT_TRUE(Ov(ReduceKind::kMin, DType::kUInt8, Shape{2}, {0}).ok());
}

// ---------------------------------------------------------------- check order and the table

TEST(ReduceCheckOrderTest, ParameterBeforeDTypeBeforeShapeBeforeAxes) {
  ReduceParam p = Param(ReduceParam::REDUCE_UNDEFINED, {9});
  p.rsv[0] = 1;
  EXPECT_EQ(Atb(p, DType::kBool, Shape{-1}).code(), ErrorCode::kInvalidParam);
  p.reduceType = ReduceParam::REDUCE_SUM;
  EXPECT_NE(Atb(p, DType::kBool, Shape{-1}).message().find("rsv[0]"), std::string::npos);
  p.rsv[0] = 0;
  EXPECT_EQ(Atb(p, DType::kBool, Shape{-1}).code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(Atb(p, DType::kFloat32, Shape{-1}).code(), ErrorCode::kInvalidTensorDim);
  EXPECT_EQ(Atb(p, DType::kFloat32, Shape{1}).code(), ErrorCode::kInvalidParam);
}

TEST(ReduceDTypeTableTest, OneRowPerKnownDType) {
  const auto table = ReduceDTypeTable();
  ASSERT_EQ(table.size(), AllDTypes().size());
  for (DType d : AllDTypes()) {
    int rows = 0;
    for (const auto& row : table) rows += row.dtype == d;
    EXPECT_EQ(rows, 1) << DTypeName(d);
  }
}

TEST(ReduceDTypeTableTest, AtbShipsOnlyWhatThePackageRuns) {
  for (const auto& row : ReduceDTypeTable()) {
    EXPECT_EQ(row.atb & ~row.package, 0) << DTypeName(row.dtype);
  }
}

TEST(ReduceDTypeTableTest, ListsAndQueries) {
  EXPECT_EQ(ReduceDTypeList(ReduceKind::kProd, true), "none");
  EXPECT_EQ(ReduceDTypeList(ReduceKind::kSum, true), "float16, bfloat16");
  EXPECT_EQ(ReduceDTypeList(ReduceKind::kMin, true), "bfloat16, int32");
  EXPECT_TRUE(PackageSupportsReduce(ReduceKind::kMax, DType::kInt8));
  EXPECT_FALSE(PackageSupportsReduce(ReduceKind::kSum, DType::kInt8));
  EXPECT_FALSE(PackageSupportsReduce(ReduceKind::kMax, DType::kBool));
  EXPECT_FALSE(PackageSupportsReduce(ReduceKind::kMax, static_cast<DType>(99)));
  EXPECT_TRUE(AtbShipsReduce(ReduceKind::kSum, DType::kFloat16));
  EXPECT_FALSE(AtbShipsReduce(ReduceKind::kSum, DType::kFloat32));
}

TEST(ReduceRequestTest, LoaderDefaultsMatchTheSeeds) {
  // ONNX: keepdims default 1, noop_with_empty_axes default 0; OpenVINO: keep_dims = false.
  ReduceRequest r;
  ASSERT_TRUE(Onnx(ReduceKind::kProd, DType::kFloat32, Shape{3, 2, 2}, std::nullopt,
                   kOnnxDefaultKeepdims, kOnnxDefaultNoopWithEmptyAxes, &r)
                  .ok());
  EXPECT_EQ(r.output, (Shape{1, 1, 1}));
  ASSERT_TRUE(
      Ov(ReduceKind::kSum, DType::kFloat32, Shape{3, 2}, {0}, kOpenVinoDefaultKeepDims, &r).ok());
  EXPECT_EQ(r.output, (Shape{2}));
}

TEST(ReduceRequestTest, ToStringNamesEverything) {
  ReduceRequest r;
  ASSERT_TRUE(
      Onnx(ReduceKind::kProd, DType::kFloat16, Shape{3, 2, 2}, Axes{-2}, true, false, &r).ok());
  EXPECT_EQ(ToString(r), "PROD [3,2,2] float16 axes=[1] keep_dims=1 -> [3,1,2]");
  ASSERT_TRUE(Ov(ReduceKind::kSum, DType::kFloat32, Shape{4}, {}, false, &r).ok());
  EXPECT_EQ(ToString(r), "SUM [4] float32 axes=[] keep_dims=0 identity -> [4]");
}

}  // namespace
}  // namespace opsim
