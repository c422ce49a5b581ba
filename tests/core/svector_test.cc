#include "opsim/core/svector.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace opsim {
namespace {

TEST(SVectorTest, DefaultIsEmptyWithFixedCapacity) {
  SVector<int64_t> v;
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.size(), 0u);
  EXPECT_EQ(v.capacity(), 64u);
  EXPECT_EQ((SVector<int64_t, 8>::capacity()), 8u);
  EXPECT_EQ(v.begin(), v.end());
  EXPECT_FALSE(v.overflowed());
}

TEST(SVectorTest, InitializerListKeepsOrder) {
  SVector<int64_t> v = {3, 1, 2};
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], 3);
  EXPECT_EQ(v[1], 1);
  EXPECT_EQ(v[2], 2);
  EXPECT_EQ(std::vector<int64_t>(v.begin(), v.end()), (std::vector<int64_t>{3, 1, 2}));
  EXPECT_FALSE(v.overflowed());
}

TEST(SVectorTest, CountValueConstructor) {
  SVector<int, 4> v(3, 7);
  EXPECT_EQ(v, (SVector<int, 4>{7, 7, 7}));
  SVector<int, 4> too_many(5, 7);
  EXPECT_TRUE(too_many.empty());
  EXPECT_TRUE(too_many.overflowed());
}

TEST(SVectorTest, PushBackBeyondCapacityIsRefusedAndMarked) {
  SVector<int, 3> v;
  EXPECT_TRUE(v.push_back(1));
  EXPECT_TRUE(v.push_back(2));
  EXPECT_TRUE(v.push_back(3));
  EXPECT_FALSE(v.overflowed());
  EXPECT_FALSE(v.push_back(4));
  EXPECT_FALSE(v.push_back(5));
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(v, (SVector<int, 3>{1, 2, 3}));
  EXPECT_TRUE(v.overflowed());
}

TEST(SVectorTest, LongInitializerListKeepsFirstNAndMarks) {
  SVector<int, 2> v = {1, 2, 3};
  EXPECT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 2);
  EXPECT_TRUE(v.overflowed());
}

TEST(SVectorTest, AtIsBoundsChecked) {
  SVector<int64_t> v = {10, 20};
  ASSERT_NE(v.at(1), nullptr);
  EXPECT_EQ(*v.at(1), 20);
  *v.at(0) = 11;
  EXPECT_EQ(v[0], 11);
  EXPECT_EQ(v.at(2), nullptr);
  EXPECT_EQ(v.at(63), nullptr);
  EXPECT_EQ(v.at(1000000), nullptr);
  const SVector<int64_t>& cv = v;
  EXPECT_EQ(cv.at(2), nullptr);
  ASSERT_NE(cv.at(0), nullptr);
  EXPECT_EQ(*cv.at(0), 11);
}

TEST(SVectorTest, ResizeGrowsWithValueAndShrinks) {
  SVector<int, 5> v = {1};
  EXPECT_TRUE(v.resize(3, 9));
  EXPECT_EQ(v, (SVector<int, 5>{1, 9, 9}));
  EXPECT_TRUE(v.resize(1));
  EXPECT_EQ(v, (SVector<int, 5>{1}));
  EXPECT_TRUE(v.resize(2));  // regrowth fills with T(), not the stale 9
  EXPECT_EQ(v, (SVector<int, 5>{1, 0}));
  EXPECT_FALSE(v.resize(6, 4));
  EXPECT_EQ(v, (SVector<int, 5>{1, 0}));
  EXPECT_TRUE(v.overflowed());
  EXPECT_TRUE(v.resize(5, 4));
  EXPECT_EQ(v.size(), 5u);
}

TEST(SVectorTest, ClearEmptiesAndResetsOverflow) {
  SVector<int, 1> v = {1, 2};
  ASSERT_TRUE(v.overflowed());
  v.clear();
  EXPECT_TRUE(v.empty());
  EXPECT_FALSE(v.overflowed());
  EXPECT_TRUE(v.push_back(5));
  EXPECT_EQ(v[0], 5);
}

TEST(SVectorTest, PopBackOnEmptyIsHarmless) {
  SVector<int, 2> v;
  v.pop_back();
  EXPECT_TRUE(v.empty());
  v.push_back(1);
  v.push_back(2);
  v.pop_back();
  EXPECT_EQ(v, (SVector<int, 2>{1}));
}

TEST(SVectorTest, EqualityComparesElementsOnly) {
  SVector<int64_t> a = {1, 2};
  SVector<int64_t> b;
  b.push_back(1);
  b.push_back(2);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, (SVector<int64_t>{1}));
  EXPECT_NE(a, (SVector<int64_t>{1, 3}));
  EXPECT_NE(a, (SVector<int64_t>{1, 2, 3}));
  SVector<int, 1> full = {1, 2};
  EXPECT_EQ(full, (SVector<int, 1>{1}));  // the overflow mark is not content
}

TEST(SVectorTest, IteratesWithRangeFor) {
  SVector<int64_t> v;
  for (int64_t i = 0; i < 64; ++i) ASSERT_TRUE(v.push_back(i));
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), int64_t{0}), 63 * 64 / 2);
  int64_t count = 0;
  for (int64_t x : v) count += x >= 0;
  EXPECT_EQ(count, 64);
  EXPECT_FALSE(v.push_back(64));
}

TEST(SVectorTest, CopiesAreIndependent) {
  SVector<int64_t> a = {1, 2};
  SVector<int64_t> b = a;
  b.push_back(3);
  b[0] = 9;
  EXPECT_EQ(a, (SVector<int64_t>{1, 2}));
  EXPECT_EQ(b, (SVector<int64_t>{9, 2, 3}));
}

TEST(SVectorTest, UsableInConstantExpressions) {
  constexpr SVector<int, 4> v = {1, 2, 3};
  static_assert(v.size() == 3);
  static_assert(v[2] == 3);
  static_assert(v.at(3) == nullptr);
  EXPECT_EQ(v.size(), 3u);
}

}  // namespace
}  // namespace opsim
