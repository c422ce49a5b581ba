// ge::Shape (graph/tensor.h) as CANN's graph library defines it: dims, unknown ranks and dims,
// the size of a scalar and of an overflowing product, and copies that share their dims.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "graph/tensor.h"
#include "tiling/tiling_api.h"  // brings ge::Shape, as CANN's does

namespace {

TEST(GeShape, HoldsItsDims) {
  ge::Shape shape(std::vector<int64_t>{4, 3, 2});
  EXPECT_EQ(shape.GetDimNum(), 3u);
  EXPECT_EQ(shape.GetDims(), (std::vector<int64_t>{4, 3, 2}));
  EXPECT_EQ(shape.GetDim(1), 3);
  EXPECT_EQ(shape.GetDim(3), 0);  // past the dims
  EXPECT_EQ(shape.GetShapeSize(), 24);
  EXPECT_EQ(shape.SetDim(2, 5), ge::GRAPH_SUCCESS);
  EXPECT_EQ(shape.GetShapeSize(), 60);
  EXPECT_EQ(shape.SetDim(3, 5), ge::GRAPH_FAILED);
  EXPECT_EQ(shape.GetDims(), (std::vector<int64_t>{4, 3, 5}));
}

TEST(GeShape, ScalarsEmptyTensorsAndUnknowns) {
  const ge::Shape scalar;
  EXPECT_EQ(scalar.GetDimNum(), 0u);
  EXPECT_TRUE(scalar.GetDims().empty());
  EXPECT_EQ(scalar.GetShapeSize(), 0);
  EXPECT_EQ(ge::Shape(std::vector<int64_t>{8, 0}).GetShapeSize(), 0);
  const ge::Shape unknown_dim(std::vector<int64_t>{8, ge::UNKNOWN_DIM});
  EXPECT_EQ(unknown_dim.GetDimNum(), 2u);
  EXPECT_EQ(unknown_dim.GetShapeSize(), -1);
  const ge::Shape unknown_rank(std::vector<int64_t>{ge::UNKNOWN_DIM_NUM});
  EXPECT_EQ(unknown_rank.GetDimNum(), 0u);  // while GetDims() holds the -2
  EXPECT_EQ(unknown_rank.GetDims().size(), 1u);
  EXPECT_EQ(unknown_rank.GetShapeSize(), -1);
  const int64_t big = int64_t{1} << 32;
  EXPECT_EQ(ge::Shape(std::vector<int64_t>{big, big}).GetShapeSize(), 0);  // overflow
  EXPECT_EQ(ge::Shape(std::vector<int64_t>{big, big / 4}).GetShapeSize(), int64_t{1} << 62);
}

TEST(GeShape, CopiesShareTheirDimsAsInCann) {
  ge::Shape a(std::vector<int64_t>{2, 2});
  ge::Shape b = a;
  ASSERT_EQ(b.SetDim(0, 7), ge::GRAPH_SUCCESS);
  EXPECT_EQ(a.GetDim(0), 7);
  a = ge::Shape(std::vector<int64_t>{1});  // assigning a new shape does not touch b
  EXPECT_EQ(b.GetDims(), (std::vector<int64_t>{7, 2}));
}

}  // namespace
