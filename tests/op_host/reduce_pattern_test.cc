// Normalisation before tiling: size-1 dims dropped, neighbours of one kind merged, named.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "reduce/reduce_pattern.h"

namespace opsim {
namespace {

struct Row {
  Shape shape;
  std::vector<int64_t> axes;
  const char* pattern;
  std::vector<int64_t> dims;
  int64_t outputs;
};

TEST(ReducePattern, Table) {
  const std::vector<Row> rows = {
      {{64}, {0}, "R", {64}, 1},
      {{8, 16}, {1}, "AR", {8, 16}, 8},
      {{8, 16}, {0}, "RA", {8, 16}, 16},
      {{4, 5, 6}, {1}, "ARA", {4, 5, 6}, 24},
      {{4, 5, 6}, {0, 2}, "RAR", {4, 5, 6}, 5},
      {{2, 3, 4, 5}, {2, 3}, "AR", {6, 20}, 6},   // adjacent reduced dims merge
      {{2, 3, 4, 5}, {0, 1}, "RA", {6, 20}, 20},  // adjacent kept dims merge
      {{1, 7, 1, 9}, {0, 3}, "AR", {7, 9}, 7},    // size-1 dims vanish, reduced or not
      {{2, 1, 3}, {1}, "A", {6}, 6},              // only a size-1 dim reduced: a copy
      {{}, {}, "A", {}, 1},                       // rank 0
      {{2, 3, 4, 5, 3}, {1, 3}, "ARARA", {2, 3, 4, 5, 3}, 24},
      {{2, 1, 3, 2, 1, 2, 3, 2}, {1, 3, 6}, "ARARA", {6, 2, 2, 3, 2}, 24},
  };
  for (const Row& r : rows) {
    const ReducePattern p = SimplifyReduce(r.shape, r.axes);
    EXPECT_EQ(p.Name(), r.pattern) << r.shape.ToString();
    EXPECT_EQ(std::vector<int64_t>(p.dims.begin(), p.dims.end()), r.dims) << r.shape.ToString();
    EXPECT_EQ(p.outputs, r.outputs) << r.shape.ToString();
    EXPECT_FALSE(p.empty_output);
    EXPECT_FALSE(p.empty_reduce);
  }
}

TEST(ReducePattern, ZeroSizedReducedDimFillsEveryOutputWithTheIdentity) {
  const ReducePattern p = SimplifyReduce({4, 0, 5}, std::vector<int64_t>{1});
  EXPECT_TRUE(p.empty_reduce);
  EXPECT_FALSE(p.empty_output);
  EXPECT_EQ(p.outputs, 20);
  EXPECT_EQ(p.Name(), "AR");
  EXPECT_EQ(p.dims[1], 0);
}

TEST(ReducePattern, ZeroSizedKeptDimMeansNoOutput) {
  const ReducePattern p = SimplifyReduce({0, 3, 0}, std::vector<int64_t>{1});
  EXPECT_TRUE(p.empty_output);
  EXPECT_EQ(p.outputs, 0);
}

// Kept dims whose product overflows before a kept 0 (UBSan stopped the opdef_setup fuzz target on
// 14 * (2^63-1)): the output is empty, and nothing is multiplied.
TEST(ReducePattern, ZeroSizedKeptDimAfterHugeOnesMeansNoOutput) {
  const int64_t huge = std::numeric_limits<int64_t>::max();
  Shape shape;
  const int64_t dims[] = {14, huge, 0, 5};
  ASSERT_TRUE(Shape::Make(dims, 4, &shape, "x").ok());
  const ReducePattern p = SimplifyReduce(shape, std::vector<int64_t>{3});
  EXPECT_TRUE(p.empty_output);
  EXPECT_EQ(p.outputs, 0);
}

}  // namespace
}  // namespace opsim
