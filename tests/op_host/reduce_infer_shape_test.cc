// Output shapes: every row of docs/SPEC.md §5, the seeds' examples by name, rank 0 and 8, zero
// dims, and InferReduceShape's own checks of a hand-built request.
#include "reduce/reduce_infer_shape.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "reduce/reduce_param.h"
#include "reduce/reduce_request.h"

namespace opsim {
namespace {

using infer::ReduceParam;
using Axes = std::vector<int64_t>;

Shape AtbShape(ReduceParam::ReduceType type, const Shape& in, std::initializer_list<int64_t> axis,
               DType dtype = DType::kFloat32, bool strict = false) {
  ReduceParam p;
  p.reduceType = type;
  p.axis = axis;
  ReduceRequest r;
  const Status s = LowerAtb(p, dtype, in, strict, &r);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return r.output;
}

ReduceRequest OnnxRequest(ReduceKind kind, const Shape& in, std::optional<Axes> axes, bool keepdims,
                          bool noop = false) {
  std::optional<std::span<const int64_t>> span;
  if (axes) span = std::span<const int64_t>(*axes);
  ReduceRequest r;
  const Status s = LowerOnnx(kind, DType::kFloat32, in, span, keepdims, noop, &r);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return r;
}

ReduceRequest OvRequest(const Shape& in, const Axes& axes, bool keep_dims) {
  ReduceRequest r;
  const Status s = LowerOpenVino(ReduceKind::kSum, DType::kFloat32, in, axes, keep_dims, &r);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return r;
}

// ---------------------------------------------------------------- docs/SPEC.md §5, row by row

TEST(ReduceShapeSpecTest, Row1_2x3_Axis0) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_SUM, Shape{2, 3}, {0}), (Shape{3}));
  EXPECT_EQ(OnnxRequest(ReduceKind::kSum, Shape{2, 3}, Axes{0}, false).output, (Shape{3}));
  EXPECT_EQ(OvRequest(Shape{2, 3}, {0}, false).output, (Shape{3}));
}

TEST(ReduceShapeSpecTest, Row2_2x3x2_Axes01) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_SUM, Shape{2, 3, 2}, {0, 1}), (Shape{2}));
  EXPECT_EQ(OnnxRequest(ReduceKind::kSum, Shape{2, 3, 2}, Axes{0, 1}, false).output, (Shape{2}));
  EXPECT_EQ(OvRequest(Shape{2, 3, 2}, {0, 1}, false).output, (Shape{2}));
}

TEST(ReduceShapeSpecTest, Row3_3x2x2_Axis1_KeepDims) {
  EXPECT_EQ(OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, Axes{1}, true).output, (Shape{3, 1, 2}));
  EXPECT_EQ(OvRequest(Shape{3, 2, 2}, {1}, true).output, (Shape{3, 1, 2}));
}

TEST(ReduceShapeSpecTest, Row4_3x2x2_AxisMinus2_KeepDims) {
  const ReduceRequest r = OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, Axes{-2}, true);
  EXPECT_EQ(r.axes, (SVector<int64_t, kMaxRank>{1}));
  EXPECT_EQ(r.output, (Shape{3, 1, 2}));
}

TEST(ReduceShapeSpecTest, Row5_3x2x2_NoAxes_ReduceAll) {
  const ReduceRequest r = OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, std::nullopt, true);
  EXPECT_FALSE(r.identity);
  EXPECT_EQ(r.output, (Shape{1, 1, 1}));
}

TEST(ReduceShapeSpecTest, Row6_3x2x2_EmptyAxesNoop_Identity) {
  const ReduceRequest r = OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, Axes{}, true, true);
  EXPECT_TRUE(r.identity);
  EXPECT_EQ(r.output, (Shape{3, 2, 2}));
}

TEST(ReduceShapeSpecTest, Row7_4x0x5_Axis1_ZeroSizedReducedDim) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_MAX, Shape{4, 0, 5}, {1}), (Shape{4, 5}));
  EXPECT_EQ(OvRequest(Shape{4, 0, 5}, {1}, false).output, (Shape{4, 5}));
}

TEST(ReduceShapeSpecTest, Row8_Scalar_NoAxes) {
  const ReduceRequest r = OnnxRequest(ReduceKind::kSum, Shape{}, std::nullopt, true);
  EXPECT_EQ(r.output, Shape{});
  EXPECT_TRUE(r.axes.empty());
  EXPECT_TRUE(r.identity);  // one element reduced over no axis is itself
}

// ---------------------------------------------------------------- seeds: ATB ReduceOperation

TEST(ReduceShapeSeedTest, AtbMaxExample1_2x3_Axis0) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_MAX, Shape{2, 3}, {0}, DType::kInt32, true), (Shape{3}));
}
TEST(ReduceShapeSeedTest, AtbMaxExample2_2x3x2_Axes01) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_MAX, Shape{2, 3, 2}, {0, 1}, DType::kInt32, true),
            (Shape{2}));
}
TEST(ReduceShapeSeedTest, AtbMinExample1_2x3_Axis0) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_MIN, Shape{2, 3}, {0}, DType::kInt32, true), (Shape{3}));
}
TEST(ReduceShapeSeedTest, AtbMinExample2_2x3x2_Axes01) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_MIN, Shape{2, 3, 2}, {0, 1}, DType::kInt32, true),
            (Shape{2}));
}
TEST(ReduceShapeSeedTest, AtbSumExample1_2x3_Axis0) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_SUM, Shape{2, 3}, {0}, DType::kFloat16, true), (Shape{3}));
}
TEST(ReduceShapeSeedTest, AtbSumExample2_2x3x2_Axes01) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_SUM, Shape{2, 3, 2}, {0, 1}, DType::kFloat16, true),
            (Shape{2}));
}

// ---------------------------------------------------------------- seeds: ONNX ReduceProd-18

TEST(ReduceShapeSeedTest, OnnxProdDoNotKeepdims) {
  EXPECT_EQ(OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, Axes{1}, false).output, (Shape{3, 2}));
}
TEST(ReduceShapeSeedTest, OnnxProdKeepdims) {
  EXPECT_EQ(OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, Axes{1}, true).output, (Shape{3, 1, 2}));
}
TEST(ReduceShapeSeedTest, OnnxProdDefaultAxesKeepdims) {
  EXPECT_EQ(OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, std::nullopt, true).output,
            (Shape{1, 1, 1}));
}
TEST(ReduceShapeSeedTest, OnnxProdNegativeAxesKeepdims) {
  EXPECT_EQ(OnnxRequest(ReduceKind::kProd, Shape{3, 2, 2}, Axes{-2}, true).output,
            (Shape{3, 1, 2}));
}

// ---------------------------------------------------------------- seeds: OpenVINO ReduceSum-1

TEST(ReduceShapeSeedTest, OpenVinoSum3x2_Axis0) {
  EXPECT_EQ(OvRequest(Shape{3, 2}, {0}, false).output, (Shape{2}));
}
TEST(ReduceShapeSeedTest, OpenVinoSum3x2_Axis1) {
  EXPECT_EQ(OvRequest(Shape{3, 2}, {1}, false).output, (Shape{3}));
}
TEST(ReduceShapeSeedTest, OpenVinoSum3x2_Axes01) {
  EXPECT_EQ(OvRequest(Shape{3, 2}, {0, 1}, false).output, Shape{});
}

// ---------------------------------------------------------------- ranks, zero dims, keep_dims

TEST(ReduceShapeTest, RankZeroOpenVinoEmptyAxesIsIdentity) {
  const ReduceRequest r = OvRequest(Shape{}, {}, true);
  EXPECT_TRUE(r.identity);
  EXPECT_EQ(r.output, Shape{});
}

TEST(ReduceShapeTest, RankZeroOnnxWithoutKeepdims) {
  EXPECT_EQ(OnnxRequest(ReduceKind::kMax, Shape{}, Axes{}, false).output, Shape{});
}

TEST(ReduceShapeTest, RankEightEveryOtherAxis) {
  const Shape in{2, 3, 4, 5, 6, 7, 8, 9};
  EXPECT_EQ(OvRequest(in, {1, 3, 5, 7}, false).output, (Shape{2, 4, 6, 8}));
  EXPECT_EQ(OvRequest(in, {-1, -3, -5, -7}, true).output, (Shape{2, 1, 4, 1, 6, 1, 8, 1}));
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_SUM, in, {0, 2, 4, 6}), (Shape{3, 5, 7, 9}));
}

TEST(ReduceShapeTest, RankEightReduceAll) {
  const Shape in{1, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(OnnxRequest(ReduceKind::kSum, in, std::nullopt, false).output, Shape{});
  EXPECT_EQ(OnnxRequest(ReduceKind::kSum, in, std::nullopt, true).output, in);
}

TEST(ReduceShapeTest, ZeroDimsKeptAndReduced) {
  // A kept zero dim stays zero; a reduced one becomes 1 (keep_dims) or disappears.
  EXPECT_EQ(OvRequest(Shape{0, 3}, {1}, false).output, (Shape{0}));
  EXPECT_EQ(OvRequest(Shape{0, 3}, {0}, true).output, (Shape{1, 3}));
  EXPECT_EQ(OnnxRequest(ReduceKind::kSum, Shape{0, 0}, std::nullopt, true).output, (Shape{1, 1}));
  EXPECT_EQ(OnnxRequest(ReduceKind::kSum, Shape{0}, std::nullopt, false).output, Shape{});
}

TEST(ReduceShapeTest, AtbNeverKeepsDims) {
  EXPECT_EQ(AtbShape(ReduceParam::REDUCE_PROD, Shape{3, 2, 2}, {1}), (Shape{3, 2}));
}

TEST(ReduceShapeTest, OutputShapeHelper) {
  const Shape in{2, 3, 4};
  const int64_t axes[] = {0, 2};
  EXPECT_EQ(ReduceOutputShape(in, axes, false), (Shape{3}));
  EXPECT_EQ(ReduceOutputShape(in, axes, true), (Shape{1, 3, 1}));
  EXPECT_EQ(ReduceOutputShape(in, {}, true), in);
}

// ---------------------------------------------------------------- InferReduceShape's checks

ReduceRequest HandBuilt(const Shape& in, std::initializer_list<int64_t> axes, bool identity) {
  ReduceRequest r;
  r.input = in;
  r.axes = axes;
  r.identity = identity;
  r.output = Shape{42};
  return r;
}

TEST(InferReduceShapeTest, FillsOutput) {
  ReduceRequest r = HandBuilt(Shape{2, 3}, {1}, false);
  r.keep_dims = true;
  ASSERT_TRUE(InferReduceShape(&r).ok());
  EXPECT_EQ(r.output, (Shape{2, 1}));
  r = HandBuilt(Shape{2, 3}, {}, true);
  ASSERT_TRUE(InferReduceShape(&r).ok());
  EXPECT_EQ(r.output, (Shape{2, 3}));
}

TEST(InferReduceShapeTest, RejectsUnnormalisedAxes) {
  ReduceRequest r = HandBuilt(Shape{2, 3}, {-1}, false);
  Status s = InferReduceShape(&r);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(s.message(),
            "InferReduceShape: axes[0] = -1 is out of range for an input of rank 2 (expected 0 "
            "<= axis < 2)");
  EXPECT_EQ(r.output, (Shape{42}));

  r = HandBuilt(Shape{2, 3}, {1, 0}, false);
  s = InferReduceShape(&r);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(s.message(),
            "InferReduceShape: axes[1] = 0 follows axes[0] = 1 (expected sorted unique axes)");

  r = HandBuilt(Shape{2, 3}, {1, 1}, false);
  EXPECT_EQ(InferReduceShape(&r).message(),
            "InferReduceShape: axes[1] = 1 follows axes[0] = 1 (expected sorted unique axes)");
  EXPECT_EQ(r.output, (Shape{42}));
}

TEST(InferReduceShapeTest, RejectsIdentityMismatch) {
  ReduceRequest r = HandBuilt(Shape{2, 3}, {0}, true);
  Status s = InferReduceShape(&r);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(s.message(),
            "InferReduceShape: identity = true with 1 axes (expected identity exactly when there "
            "are no axes)");
  r = HandBuilt(Shape{2, 3}, {}, false);
  EXPECT_EQ(InferReduceShape(&r).message(),
            "InferReduceShape: identity = false with 0 axes (expected identity exactly when there "
            "are no axes)");
  EXPECT_EQ(InferReduceShape(nullptr).code(), ErrorCode::kInvalidParam);
}

}  // namespace
}  // namespace opsim
