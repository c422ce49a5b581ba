#include "opsim/core/nearest_name.h"

#include <gtest/gtest.h>

#include <array>

namespace opsim {
namespace {

TEST(NearestName, EditDistanceIgnoresCase) {
  EXPECT_EQ(EditDistance("", ""), 0u);
  EXPECT_EQ(EditDistance("abc", ""), 3u);
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(EditDistance("Axes", "axes"), 0u);
}

TEST(NearestName, PicksTheClosestAndTheFirstOnATie) {
  constexpr std::array<std::string_view, 3> kKeys = {"vector_cores", "ub_bytes", "clock_ghz"};
  EXPECT_EQ(NearestName("vector_core", kKeys), "vector_cores");
  EXPECT_EQ(NearestName("ub_byte", kKeys), "ub_bytes");
  constexpr std::array<std::string_view, 2> kTie = {"ab", "ba"};
  EXPECT_EQ(NearestName("aa", kTie), "ab");
  EXPECT_EQ(NearestName("x", std::span<const std::string_view>()), "");
}

}  // namespace
}  // namespace opsim
