// Op-base's DimensionCollapse ("tiling/broadcast/broadcast_tiling.h"): merged axes and strides of
// broadcasts worked by hand, and each refused shape.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "tiling/broadcast/broadcast_tiling.h"

namespace {

using Dims = std::vector<std::vector<int64_t>>;

struct Collapsed {
  ge::graphStatus status;
  Dims dims;
  Dims strides;
};

Collapsed Collapse(const std::vector<gert::Shape>& in, const gert::Shape& out) {
  Collapsed c;
  c.status = Ops::Base::DimensionCollapse(in, out, c.dims, c.strides);
  return c;
}

TEST(OpbaseBroadcastCollapse, MergesAxesEveryInputTreatsAlike) {
  // [2,3,4] + [3,4] -> [2,3,4]: the second input repeats along axis 0 only, so axes 1 and 2 merge.
  const Collapsed c = Collapse({gert::Shape{2, 3, 4}, gert::Shape{3, 4}}, gert::Shape{2, 3, 4});
  ASSERT_EQ(c.status, ge::GRAPH_SUCCESS);
  EXPECT_EQ(c.dims, (Dims{{2, 12}, {1, 12}, {2, 12}}));
  EXPECT_EQ(c.strides, (Dims{{12, 1}, {0, 1}, {12, 1}}));
}

TEST(OpbaseBroadcastCollapse, KeepsAlternatingRepeats) {
  // [4,1,5] + [1,3,1] -> [4,3,5]: the patterns alternate, nothing merges.
  const Collapsed c = Collapse({gert::Shape{4, 1, 5}, gert::Shape{1, 3, 1}}, gert::Shape{4, 3, 5});
  ASSERT_EQ(c.status, ge::GRAPH_SUCCESS);
  EXPECT_EQ(c.dims, (Dims{{4, 1, 5}, {1, 3, 1}, {4, 3, 5}}));
  EXPECT_EQ(c.strides, (Dims{{5, 0, 1}, {0, 1, 0}, {15, 5, 1}}));
}

TEST(OpbaseBroadcastCollapse, DropsAxesOfOneEverywhere) {
  // [2,1,1,6] + [2,1,1,6] -> [2,1,1,6]: the size-1 axes fold away; same shapes are one axis.
  const Collapsed c =
      Collapse({gert::Shape{2, 1, 1, 6}, gert::Shape{2, 1, 1, 6}}, gert::Shape{2, 1, 1, 6});
  ASSERT_EQ(c.status, ge::GRAPH_SUCCESS);
  EXPECT_EQ(c.dims, (Dims{{12}, {12}, {12}}));
  EXPECT_EQ(c.strides, (Dims{{1}, {1}, {1}}));
  // A leading axis of 1 everywhere merges into the next one.
  const Collapsed lead =
      Collapse({gert::Shape{1, 4, 5}, gert::Shape{1, 1, 5}}, gert::Shape{1, 4, 5});
  ASSERT_EQ(lead.status, ge::GRAPH_SUCCESS);
  EXPECT_EQ(lead.dims, (Dims{{4, 5}, {1, 5}, {4, 5}}));
  EXPECT_EQ(lead.strides, (Dims{{5, 1}, {0, 1}, {5, 1}}));
}

TEST(OpbaseBroadcastCollapse, RefusesWhatDoesNotBroadcast) {
  EXPECT_EQ(Collapse({gert::Shape{3}}, gert::Shape{4}).status, ge::GRAPH_FAILED);        // 3 vs 4
  EXPECT_EQ(Collapse({gert::Shape{2, 4}}, gert::Shape{4}).status, ge::GRAPH_FAILED);     // rank
  EXPECT_EQ(Collapse({gert::Shape{0, 4}}, gert::Shape{0, 4}).status, ge::GRAPH_FAILED);  // empty
  EXPECT_EQ(Collapse({}, gert::Shape{4}).status, ge::GRAPH_FAILED);                      // no input
  EXPECT_EQ(Collapse({gert::Shape{4}}, gert::Shape{}).status, ge::GRAPH_FAILED);  // scalar out
}

TEST(OpbaseBroadcastCollapse, EnsureNotScalarComesAlong) {
  EXPECT_EQ(Ops::Base::EnsureNotScalar(gert::Shape{}), gert::Shape{1});
  EXPECT_EQ(Ops::Base::EnsureNotScalar(gert::Shape{2, 3}), (gert::Shape{2, 3}));
}

}  // namespace
