// The chip-order tree sums (opsim/sim/vector_tree_sum.h) bit for bit against a scalar model of
// CANN's documented order, on every Highway target: adjacent pairs level by level, each add
// rounded to the element type (float16 saturating at +-65504), and ReduceSum's count form adding
// the repeat sums in order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/vector_tree_sum.h"
#include "simulator/vector_test_util.h"

namespace opsim::sim::vec::testing {
namespace {

// One add of the model, rounded as the chip rounds for `t`.
float ModelAdd(DType t, float a, float b) {
  float s = a + b;
  if (t == DType::kFloat16) {
    if (std::isfinite(s)) s = std::fmin(std::fmax(s, -65504.0f), 65504.0f);
    return HalfBitsToFloat(FloatToHalfBits(s));
  }
  if (t == DType::kBFloat16) return BFloat16BitsToFloat(FloatToBFloat16Bits(s));
  return s;
}

float Widen(DType t, uint16_t bits) {
  return t == DType::kFloat16 ? HalfBitsToFloat(bits) : BFloat16BitsToFloat(bits);
}

// Elements of t as float (t is float32 or a 16-bit float).
std::vector<float> AsFloats(DType t, const std::vector<uint8_t>& buf, size_t n) {
  std::vector<float> out(n);
  for (size_t i = 0; i < n; ++i) {
    if (t == DType::kFloat32) {
      std::memcpy(&out[i], buf.data() + 4 * i, 4);
    } else {
      uint16_t bits;
      std::memcpy(&bits, buf.data() + 2 * i, 2);
      out[i] = Widen(t, bits);
    }
  }
  return out;
}

float ModelTree(DType t, std::vector<float> lanes) {
  for (size_t n = lanes.size(); n > 1; n /= 2) {
    for (size_t i = 0; i < n / 2; ++i) lanes[i] = ModelAdd(t, lanes[2 * i], lanes[2 * i + 1]);
  }
  return lanes[0];
}

std::vector<uint8_t> RandomData(DType t, size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
  std::vector<uint8_t> buf(n * DTypeSize(t));
  for (size_t i = 0; i < n; ++i) {
    const float v = dist(rng) * std::ldexp(1.0f, static_cast<int>(rng() % 16) - 8);
    if (t == DType::kFloat32) {
      std::memcpy(buf.data() + 4 * i, &v, 4);
    } else {
      const uint16_t bits = t == DType::kFloat16 ? FloatToHalfBits(v) : FloatToBFloat16Bits(v);
      std::memcpy(buf.data() + 2 * i, &bits, 2);
    }
  }
  return buf;
}

uint32_t Bits(DType t, const std::vector<uint8_t>& buf, size_t i) {
  uint32_t bits = 0;
  std::memcpy(&bits, buf.data() + i * DTypeSize(t), DTypeSize(t));
  return bits;
}
uint32_t ModelBits(DType t, float v) {
  if (t == DType::kFloat32) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return bits;
  }
  return t == DType::kFloat16 ? FloatToHalfBits(v) : FloatToBFloat16Bits(v);
}

constexpr DType kTypes[] = {DType::kFloat32, DType::kFloat16, DType::kBFloat16};

class VectorTreeSum : public PerTarget {};

TEST_P(VectorTreeSum, GroupsMatchTheAdjacentPairTree) {
  for (const DType t : kTypes) {
    const size_t per_repeat = 256 / DTypeSize(t);
    for (size_t group = 2; group <= per_repeat; group *= 2) {
      // Group counts around the vector width and the chunk of 64 groups; 7 and 15 leave tails
      // of every narrower width (TreeGroupsTail).
      for (const size_t groups :
           {size_t{1}, size_t{3}, size_t{7}, size_t{15}, size_t{17}, size_t{64}, size_t{130}}) {
        const auto data = RandomData(t, groups * group, static_cast<uint32_t>(group + groups));
        std::vector<uint8_t> out(groups * DTypeSize(t));
        ASSERT_TRUE(TreeSums(t, out.data(), data.data(), groups, group));
        const auto values = AsFloats(t, data, groups * group);
        for (size_t g = 0; g < groups; ++g) {
          const std::vector<float> lanes(values.begin() + g * group,
                                         values.begin() + (g + 1) * group);
          ASSERT_EQ(Bits(t, out, g), ModelBits(t, ModelTree(t, lanes)))
              << DTypeName(t) << " group " << group << " of " << groups << " at " << g;
        }
      }
    }
  }
}

TEST_P(VectorTreeSum, AddsAdjacentLanesFirst) {
  // Adjacent pairs: (1e8 + 1) + (-1e8 + 1) == 1e8 - 1e8 == 0; in order it would be 1, and
  // pairing lanes j and j + 2 would give 2.
  const float x[4] = {1e8f, 1.0f, -1e8f, 1.0f};
  float sum = -1;
  ASSERT_TRUE(TreeSums(DType::kFloat32, &sum, x, 1, 4));
  EXPECT_EQ(sum, 0.0f);
}

TEST_P(VectorTreeSum, Float16SaturatesAsDocumented) {
  // CANN's BlockReduceSum page: [60000, 60000, -30000, 100] gives 65504 + -29900 = 35604, its
  // figure before float16 rounding: -29900 rounds to -29904, and 65504 - 29904 = 35600 to 35584
  // (a tie, to even). Without the saturation the sum would be inf.
  const uint16_t x[4] = {FloatToHalfBits(60000.0f), FloatToHalfBits(60000.0f),
                         FloatToHalfBits(-30000.0f), FloatToHalfBits(100.0f)};
  uint16_t sum = 0;
  ASSERT_TRUE(TreeSums(DType::kFloat16, &sum, x, 1, 4));
  EXPECT_EQ(HalfBitsToFloat(sum), 35584.0f);
}

TEST_P(VectorTreeSum, CountFormAddsRepeatSumsInOrder) {
  for (const DType t : kTypes) {
    const size_t per_repeat = 256 / DTypeSize(t);
    for (const size_t n : {size_t{1}, size_t{5}, per_repeat - 1, per_repeat, per_repeat + 1,
                           size_t{1000}, size_t{64 * 64 * 2 + 77}}) {
      const auto data = RandomData(t, n, static_cast<uint32_t>(n));
      const auto values = AsFloats(t, data, n);
      float model = 0;
      for (size_t r = 0; r * per_repeat < n; ++r) {
        std::vector<float> lanes(per_repeat, -0.0f);
        for (size_t k = 0; k < per_repeat && r * per_repeat + k < n; ++k) {
          lanes[k] = values[r * per_repeat + k];
        }
        const float s = ModelTree(t, lanes);
        model = r == 0 ? s : ModelAdd(t, model, s);
      }
      std::vector<uint8_t> out(DTypeSize(t));
      ASSERT_TRUE(RepeatSumsInOrder(t, out.data(), data.data(), n));
      EXPECT_EQ(Bits(t, out, 0), ModelBits(t, model)) << DTypeName(t) << " n " << n;
    }
  }
}

TEST_P(VectorTreeSum, WidenedCountFormGivesTheBitsOfTheWidenedCopy) {
  // float16/bfloat16 values summed as the float32 lanes a Cast makes of them: the bits of
  // RepeatSumsInOrder over that float32 copy, at every length shape (tails, one repeat, chunks).
  for (const DType t : {DType::kFloat16, DType::kBFloat16}) {
    for (const size_t n : {size_t{1}, size_t{63}, size_t{64}, size_t{65}, size_t{1000},
                           size_t{64 * 64 + 64}, size_t{64 * 64 * 2 + 77}}) {
      auto data = RandomData(t, n, static_cast<uint32_t>(n) + 17);
      if (n > 40) {  // an infinity and a subnormal among them
        const uint16_t inf = t == DType::kFloat16 ? 0x7c00 : 0x7f80;
        const uint16_t tiny = 0x0003;
        std::memcpy(data.data() + 2 * 7, &tiny, 2);
        if (n > 1000) std::memcpy(data.data() + 2 * 999, &inf, 2);
      }
      const std::vector<float> wide = AsFloats(t, data, n);
      float want = 0;
      float got = 0;
      ASSERT_TRUE(RepeatSumsInOrder(DType::kFloat32, &want, wide.data(), n));
      ASSERT_TRUE(RepeatSumsInOrderWidened(t, &got, data.data(), n));
      EXPECT_EQ(0, std::memcmp(&want, &got, 4)) << DTypeName(t) << " n " << n;
    }
  }
  float sum = 0;
  const float x[4] = {};
  EXPECT_FALSE(RepeatSumsInOrderWidened(DType::kFloat32, &sum, x, 4));
  EXPECT_FALSE(RepeatSumsInOrderWidened(DType::kFloat16, &sum, x, 0));
}

TEST_P(VectorTreeSum, BFloat16TreesKeepTheLeftNaN) {
  // Two NaNs of different payloads in one group: AVX2's trees add the left operand first at
  // every level, so the left one comes out, quieted (the bfloat16 first level is a shift and a
  // mask: a pair, two pairs of a block, the two blocks of a vector, two vectors of a group).
  // Eight repeats, so that the group sums go through the trees of a whole vector of groups.
  const size_t kPairs[][2] = {{2, 3}, {1, 2}, {0, 5}, {5, 40}, {9, 63}, {8, 40}, {39, 60}};
  for (const auto& pair : kPairs) {
    auto data = RandomData(DType::kBFloat16, 64 * 8, 5);
    const uint16_t left = 0x7f81;      // a signalling NaN, payload 1
    const uint16_t right = 0xffc2;     // a quiet negative NaN, payload 0x42
    const uint32_t want = 0x7fc10000;  // the left one as float32, quieted
    std::memcpy(data.data() + 2 * pair[0], &left, 2);
    std::memcpy(data.data() + 2 * pair[1], &right, 2);
    float got = 0;
    ASSERT_TRUE(RepeatSumsInOrderWidened(DType::kBFloat16, &got, data.data(), 64 * 8));
    uint32_t bits;
    std::memcpy(&bits, &got, 4);
    std::vector<uint8_t> sums(2 * 8);
    ASSERT_TRUE(TreeSums(DType::kBFloat16, sums.data(), data.data(), 8, 64));
    if (GetParam() != "AVX2") {  // the other targets leave the operands' order to the compiler
      EXPECT_TRUE(std::isnan(got));
      continue;
    }
    EXPECT_EQ(bits, want) << pair[0] << ", " << pair[1];
    EXPECT_EQ(Bits(DType::kBFloat16, sums, 0), want >> 16) << pair[0] << ", " << pair[1];
  }
}

TEST_P(VectorTreeSum, RefusesWhatItDoesNotTake) {
  int32_t ints[4] = {1, 2, 3, 4};
  int32_t out = 0;
  EXPECT_FALSE(TreeSums(DType::kInt32, &out, ints, 1, 4));
  EXPECT_FALSE(RepeatSumsInOrder(DType::kInt32, &out, ints, 4));
  float x[12] = {};
  float sum = 0;
  EXPECT_FALSE(TreeSums(DType::kFloat32, &sum, x, 1, 3));    // not a power of two
  EXPECT_FALSE(TreeSums(DType::kFloat32, &sum, x, 1, 1));    // no pair
  EXPECT_FALSE(TreeSums(DType::kFloat32, &sum, x, 1, 128));  // wider than a repeat
  EXPECT_FALSE(RepeatSumsInOrder(DType::kFloat32, &sum, x, 0));
}

OPSIM_INSTANTIATE_PER_TARGET(VectorTreeSum);

}  // namespace
}  // namespace opsim::sim::vec::testing
