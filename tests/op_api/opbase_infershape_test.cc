// CANN's op-base InferShape helpers (infershape_{elewise,broadcast,reduce}_util.h) on opsim's
// gert contexts, and the dialect fixture (testdata/opbase_dialect/op_host: an InferShape and a
// tiling function written as an ops-math host file is), compiled into this binary.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "exe_graph/runtime/tiling_context.h"
#include "infershape_broadcast_util.h"
#include "infershape_elewise_util.h"
#include "infershape_reduce_util.h"
#include "opbase_call.h"
#include "opsim/op_api/op_error.h"

namespace ops {
ge::graphStatus InferShapeForFixtureAdd(gert::InferShapeContext* context);
}
namespace optiling {
ge::graphStatus TilingForFixtureAdd(gert::TilingContext* context);
}

namespace {

using opsim::op_api::TakeOpError;

using Call = opsim::testing::OpBaseCall;

TEST(OpBaseInferShape, ElewiseCopiesInputZero) {
  Call call;
  call.Input({2, 3}).Input({7});
  gert::InferShapeContext context(&call.data);
  ASSERT_EQ(Ops::Base::InferShape4Elewise(&context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(call.Out(), (gert::Shape{2, 3}));
  Call unknown;
  unknown.Input({-2});
  gert::InferShapeContext unknown_context(&unknown.data);
  ASSERT_EQ(Ops::Base::InferShape4Elewise(&unknown_context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(unknown.Out(), (gert::Shape{-2}));
}

TEST(OpBaseInferShape, ElewiseWithoutInputFails) {
  (void)TakeOpError();
  Call call;
  gert::InferShapeContext context(&call.data);
  EXPECT_EQ(Ops::Base::InferShape4Elewise(&context), ge::GRAPH_FAILED);
  EXPECT_EQ(TakeOpError().message(), "node1: in is nullptr!");
}

// Output of InferShape4Broadcast over `shapes`; `ok` says whether it succeeded.
gert::Shape Broadcast(const std::vector<gert::Shape>& shapes, bool* ok) {
  Call call;
  for (const gert::Shape& s : shapes) call.Input(s);
  gert::InferShapeContext context(&call.data);
  *ok = (shapes.size() == 2
             ? Ops::Base::InferShape4Broadcast(&context)
             : Ops::Base::InferShape4Broadcast(&context, shapes.size())) == ge::GRAPH_SUCCESS;
  (void)TakeOpError();
  return call.Out();
}

TEST(OpBaseInferShape, BroadcastRules) {
  bool ok = false;
  EXPECT_EQ(Broadcast({{2, 1, 3}, {4, 1}}, &ok), (gert::Shape{2, 4, 3}));
  EXPECT_TRUE(ok);
  EXPECT_EQ(Broadcast({{}, {2, 3}}, &ok), (gert::Shape{2, 3}));  // a scalar
  EXPECT_TRUE(ok);
  EXPECT_EQ(Broadcast({{-1, 3}, {5, 1}}, &ok), (gert::Shape{5, 3}));  // unknown dim, known other
  EXPECT_TRUE(ok);
  EXPECT_EQ(Broadcast({{1}, {-1}}, &ok), (gert::Shape{-1}));
  EXPECT_TRUE(ok);
  EXPECT_EQ(Broadcast({{0, 3}, {1, 3}}, &ok), (gert::Shape{0, 3}));
  EXPECT_TRUE(ok);
  EXPECT_EQ(Broadcast({{-2}, {2, 3}}, &ok), (gert::Shape{-2}));  // unknown rank wins
  EXPECT_TRUE(ok);
  EXPECT_EQ(Broadcast({{2, 3}, {3}, {4, 1, 1}}, &ok), (gert::Shape{4, 2, 3}));
  EXPECT_TRUE(ok);
  Broadcast({{2, 3}, {3, 3}}, &ok);
  EXPECT_FALSE(ok);
  Broadcast({{0}, {2}}, &ok);
  EXPECT_FALSE(ok);
}

TEST(OpBaseInferShape, BroadcastFailuresAreReported) {
  (void)TakeOpError();
  Call call;
  call.Input({2}).Input({3});
  gert::InferShapeContext context(&call.data);
  EXPECT_EQ(Ops::Base::InferShape4Broadcast(&context), ge::GRAPH_FAILED);
  const std::string message = TakeOpError().message();
  EXPECT_NE(message.find("BroadcastShape: 2 and 3 cannot broadcast!"), std::string::npos)
      << message;
  EXPECT_NE(message.find("Fixture:node1: BroadcastShape failed!"), std::string::npos) << message;
  EXPECT_EQ(Ops::Base::InferShape4Broadcast(&context, 0), ge::GRAPH_FAILED);
  EXPECT_EQ(Ops::Base::InferShape4Broadcast(&context, 3), ge::GRAPH_FAILED);  // no third input
  gert::Shape out;
  EXPECT_FALSE(Ops::Base::BroadcastShape(std::vector<const gert::Shape*>{}, &out));
  const gert::Shape a{2, 1}, b{5};
  EXPECT_TRUE(Ops::Base::BroadcastShape(&a, &b, &out));
  EXPECT_EQ(out, (gert::Shape{2, 5}));
  (void)TakeOpError();
}

// Output of InferShape4Reduce of x over `axes` (int32, or int64 when `wide`).
ge::graphStatus Reduce(gert::Shape x, const std::vector<int64_t>& axes, bool keep, gert::Shape* out,
                       bool wide = false) {
  std::vector<int32_t> narrow(axes.begin(), axes.end());
  Call call;
  call.Input(x);
  const void* data = wide ? static_cast<const void*>(axes.data()) : narrow.data();
  call.Input({static_cast<int64_t>(axes.size())}, wide ? ge::DT_INT64 : ge::DT_INT32, data);
  call.KeepDims(keep);
  gert::InferShapeContext context(&call.data);
  const ge::graphStatus rc = Ops::Base::InferShape4Reduce(&context);
  *out = call.Out();
  (void)TakeOpError();
  return rc;
}

TEST(OpBaseInferShape, ReduceKeepsOrDropsAxes) {
  gert::Shape out;
  ASSERT_EQ(Reduce({2, 3, 4}, {1, -1}, true, &out), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out, (gert::Shape{2, 1, 1}));
  ASSERT_EQ(Reduce({2, 3, 4}, {1, -1}, false, &out), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out, (gert::Shape{2}));
  ASSERT_EQ(Reduce({2, 3, 4}, {0, 0}, false, &out, true), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out, (gert::Shape{3, 4}));
  ASSERT_EQ(Reduce({2, 3, 4}, {}, false, &out), ge::GRAPH_SUCCESS);  // empty axes: unchanged
  EXPECT_EQ(out, (gert::Shape{2, 3, 4}));
  ASSERT_EQ(Reduce({}, {-1}, true, &out), ge::GRAPH_SUCCESS);  // a scalar stays one
  EXPECT_TRUE(out.IsScalar());
  ASSERT_EQ(Reduce({}, {5}, false, &out), ge::GRAPH_SUCCESS);
  EXPECT_TRUE(out.IsScalar());
  EXPECT_EQ(Reduce({}, {1}, true, &out), ge::GRAPH_FAILED);
  EXPECT_EQ(Reduce({2, 3}, {2}, true, &out), ge::GRAPH_FAILED);
  EXPECT_EQ(Reduce({2, 3}, {-3}, false, &out), ge::GRAPH_FAILED);
}

TEST(OpBaseInferShape, ReduceDimsWithAndWithoutKeepDimsFromAnAxesArray) {
  // What ops-math's ArgMaxWithValue InferShape calls with its `dim` attribute.
  const gert::Shape x{2, 3, 4};
  gert::Shape out;
  const int64_t last = -1;
  ASSERT_EQ(Ops::Base::ReduceDimsWithKeepDims<int64_t>(&x, &last, 1, &out), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out, (gert::Shape{2, 3, 1}));
  const int32_t twice[] = {1, -2};
  ASSERT_EQ(Ops::Base::ReduceDimsWithoutKeepDims<int32_t>(&x, twice, 2, &out), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out, (gert::Shape{2, 4}));
  const gert::Shape scalar{};
  const int64_t zero = 0, five = 5;
  ASSERT_EQ(Ops::Base::ReduceDimsWithKeepDims<int64_t>(&scalar, &zero, 1, &out), ge::GRAPH_SUCCESS);
  EXPECT_TRUE(out.IsScalar());
  ASSERT_EQ(Ops::Base::ReduceDimsWithoutKeepDims<int64_t>(&scalar, &five, 1, &out),
            ge::GRAPH_SUCCESS);
  EXPECT_TRUE(out.IsScalar());
  (void)TakeOpError();
  EXPECT_EQ(Ops::Base::ReduceDimsWithKeepDims<int64_t>(&x, &five, 1, &out), ge::GRAPH_FAILED);
  EXPECT_EQ(Ops::Base::ReduceDimsWithoutKeepDims<int64_t>(&x, &five, 1, &out), ge::GRAPH_FAILED);
  EXPECT_NE(TakeOpError().message().find("axis 5 is out of range for rank 3"), std::string::npos);
  gert::Shape unknown;
  Ops::Base::SetUnknownRank(unknown);
  ASSERT_EQ(Ops::Base::ReduceDimsWithKeepDims<int64_t>(&unknown, &zero, 1, &out),
            ge::GRAPH_SUCCESS);
  EXPECT_TRUE(Ops::Base::IsUnknownRank(out));
}

TEST(OpBaseInferShape, ReduceNeedsAxesValueDtypeAndKeepDims) {
  const float axes_f[] = {0.0f};
  const int32_t axes_i[] = {0};
  Call wrong_dtype;
  wrong_dtype.Input({2, 3}).Input({1}, ge::DT_FLOAT, axes_f).KeepDims(true);
  gert::InferShapeContext c1(&wrong_dtype.data);
  (void)TakeOpError();
  EXPECT_EQ(Ops::Base::InferShape4Reduce(&c1), ge::GRAPH_FAILED);
  EXPECT_EQ(TakeOpError().message(), "node1: axes datatype DT_FLOAT must in (int32, int64)");
  Call no_keep;
  no_keep.Input({2, 3}).Input({1}, ge::DT_INT32, axes_i);
  gert::InferShapeContext c2(&no_keep.data);
  EXPECT_EQ(Ops::Base::InferShape4Reduce(&c2), ge::GRAPH_FAILED);
  EXPECT_EQ(TakeOpError().message(), "node1: keep_dims is nullptr!");
  Call no_axes;
  no_axes.Input({2, 3}).KeepDims(false);
  gert::InferShapeContext c3(&no_axes.data);
  EXPECT_EQ(Ops::Base::InferShape4Reduce(&c3), ge::GRAPH_FAILED);
  EXPECT_EQ(TakeOpError().message(), "node1: axes is nullptr!");
}

TEST(OpBaseDialectFixture, InferShapeInTheDialect) {
  Call call;
  call.Input({8, 1}).Input({5});
  gert::InferShapeContext context(&call.data);
  ASSERT_EQ(ops::InferShapeForFixtureAdd(&context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(call.Out(), (gert::Shape{8, 5}));
  Call unknown;
  unknown.Input({-2}).Input({5});
  gert::InferShapeContext unknown_context(&unknown.data);
  ASSERT_EQ(ops::InferShapeForFixtureAdd(&unknown_context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(unknown.Out(), (gert::Shape{-2}));
  Call bad;
  bad.Input({2}).Input({3});
  gert::InferShapeContext bad_context(&bad.data);
  (void)TakeOpError();
  EXPECT_EQ(ops::InferShapeForFixtureAdd(&bad_context), ge::GRAPH_FAILED);
  EXPECT_NE(TakeOpError().message().find("Fixture:node1: x1 [2] and x2 [3] do not broadcast"),
            std::string::npos);
}

struct FixtureTiling {
  int64_t totalLength;
  int64_t perCoreLength;
  int64_t tailCoreLength;
  int64_t ubLoopLength;
  uint32_t usedCoreNum;
  uint32_t regbase;
};

// Runs the fixture's tiling for one output shape and dtype; the tiling struct it wrote.
ge::graphStatus Tile(Call& call, gert::Shape shape, ge::DataType dtype, FixtureTiling* out) {
  call.Input(shape, dtype).Input(shape, dtype);
  call.data.output_shapes[0] = gert::StorageShape();
  call.data.output_shapes[0].MutableOriginShape() = shape;
  call.data.output_shapes[0].MutableStorageShape() = shape;
  std::vector<uint8_t> buffer(256, 0xAB);
  gert::TilingData raw(buffer.data(), buffer.size());
  call.data.tiling = &raw;
  gert::TilingContext context(&call.data);
  const ge::graphStatus rc = optiling::TilingForFixtureAdd(&context);
  call.data.tiling = nullptr;
  if (rc == ge::GRAPH_SUCCESS && raw.GetDataSize() == sizeof(FixtureTiling)) {
    std::memcpy(out, buffer.data(), sizeof(FixtureTiling));
  }
  return rc;
}

TEST(OpBaseDialectFixture, TilingInTheDialect) {
  Call call;
  FixtureTiling t{};
  ASSERT_EQ(Tile(call, {1000}, ge::DT_FLOAT, &t), ge::GRAPH_SUCCESS);
  EXPECT_EQ(t.totalLength, 1000);
  EXPECT_EQ(t.perCoreLength, 32);  // CeilAlign(CeilDiv(1000, 40), 8)
  EXPECT_EQ(t.usedCoreNum, 32u);
  EXPECT_EQ(t.tailCoreLength, 8);
  EXPECT_EQ(t.ubLoopLength, 16360);  // FloorAlign((196608 - 256) / 12, 8): CANN's 910B UB
  EXPECT_EQ(t.regbase, 0u);
  EXPECT_EQ(call.data.block_dim, 32u);
  EXPECT_EQ(call.data.tiling_key, 0u);

  Call scalar;
  ASSERT_EQ(Tile(scalar, {}, ge::DT_FLOAT16, &t), ge::GRAPH_SUCCESS);  // EnsureNotScalar
  EXPECT_EQ(t.totalLength, 1);
  EXPECT_EQ(t.perCoreLength, 16);
  EXPECT_EQ(t.usedCoreNum, 1u);
  EXPECT_EQ(t.tailCoreLength, 1);
  EXPECT_EQ(scalar.data.tiling_key, 1u);
}

TEST(OpBaseDialectFixture, TilingErrorsReachTheOperation) {
  FixtureTiling t{};
  Call no_platform;
  no_platform.data.platform = nullptr;
  (void)TakeOpError();
  EXPECT_EQ(Tile(no_platform, {64}, ge::DT_FLOAT, &t), ge::GRAPH_FAILED);
  EXPECT_EQ(TakeOpError().message(),
            "GetAivCoreNum: platformInfoPtr is nullptr; Fixture:node1: core num is 0");
  Call int8;
  EXPECT_EQ(Tile(int8, {64}, ge::DT_INT8, &t), ge::GRAPH_FAILED);
  EXPECT_EQ(TakeOpError().message(), "Fixture:node1: dtype DT_INT8 is not supported");
}

}  // namespace
