// ExpFloat, LogSumExpRows and LogSumExpColumns give the same bits on every compiled Highway
// target: each runs once per supported target on the same inputs and every result is compared
// bit for bit with the first target's. Shapes cover rows and columns shorter than, equal to and
// past a vector of every target (tails), leaves of the row tree, and the scalar definition's
// inputs (NaN, infinities). Also ExpFloat's accuracy over a dense sample of [-104, 89].
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// Raw bytes of every result, so that -0/+0 and NaN payloads count too.
template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& v) {
  std::vector<uint8_t> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

// Runs `run` once per supported target and expects the same bytes from each as from the first.
template <class Run>
void ExpectSameOnEveryTarget(const std::string& what, const Run& run) {
  const std::vector<std::string> targets = SupportedTargets();
  ASSERT_FALSE(targets.empty());
  std::vector<uint8_t> first;
  for (const std::string& target : targets) {
    ForceTargetForTest(target);
    ASSERT_EQ(ActiveTarget(), target);
    const std::vector<uint8_t> got = run();
    ForceTargetForTest("");
    if (target == targets.front()) {
      first = got;
      continue;
    }
    ASSERT_EQ(got.size(), first.size()) << what << " on " << target;
    size_t differing = 0, first_diff = 0;
    for (size_t i = 0; i < got.size(); ++i) {
      if (got[i] != first[i] && differing++ == 0) first_diff = i;
    }
    EXPECT_EQ(differing, 0u) << what << ": " << target << " differs from " << targets.front()
                             << " first at byte " << first_diff << " (" << int{got[first_diff]}
                             << " against " << int{first[first_diff]} << ")";
  }
}

std::vector<float> RandomFloats(size_t n, uint32_t seed, float mean, float spread) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(mean, spread);
  std::vector<float> v(n);
  for (float& x : v) x = normal(rng);
  return v;
}

TEST(VectorExpSameBits, ExpFloatIsBitwiseTheSameOnEveryTarget) {
  // Every 997th float bit pattern in [-104, 89], plus the special values; lengths
  // that leave tails of every size.
  std::vector<float> x;
  for (int sign = 0; sign < 2; ++sign) {
    const float limit = sign ? 104.0f : 89.0f;
    uint32_t hi;
    std::memcpy(&hi, &limit, 4);
    for (uint32_t b = 0; b <= hi; b += 997) {
      const uint32_t u = b | (sign ? 0x80000000u : 0u);
      float v;
      std::memcpy(&v, &u, 4);
      x.push_back(v);
    }
  }
  for (float v :
       {0.0f, -0.0f, 88.72283935546875f, 88.72283172607422f, -104.0f, 1e30f, -1e30f, kInf, -kInf,
        std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::denorm_min()}) {
    x.push_back(v);
  }
  ASSERT_GT(x.size(), 100000u);
  for (size_t n : {x.size(), size_t{1}, size_t{3}, size_t{7}, size_t{15}, size_t{17}}) {
    ExpectSameOnEveryTarget("ExpFloat n=" + std::to_string(n), [&] {
      std::vector<float> y(n);
      ExpFloat(y.data(), x.data(), n);
      return Bytes(y);
    });
  }
}

// Whole vectors of lanes in [-87, 88] take ExpFloat's one-scale path; a call of one element takes
// the general one. Every 4999th float bit pattern in [-88, 88.8] (the moderate range and a
// little past both ends, so that mixed vectors come too), on every target, lane by lane.
TEST(VectorExpSameBits, ExpFloatModerateVectorsMatchTheGeneralPath) {
  std::vector<float> x;
  for (int sign = 0; sign < 2; ++sign) {
    const float limit = sign ? 88.0f : 88.8f;
    uint32_t hi;
    std::memcpy(&hi, &limit, 4);
    for (uint32_t b = 0; b <= hi; b += 4999) {
      const uint32_t u = b | (sign ? 0x80000000u : 0u);
      float v;
      std::memcpy(&v, &u, 4);
      x.push_back(v);
    }
  }
  for (const std::string& target : SupportedTargets()) {
    ForceTargetForTest(target);
    std::vector<float> whole(x.size()), one(x.size());
    ExpFloat(whole.data(), x.data(), x.size());
    for (size_t i = 0; i < x.size(); ++i) ExpFloat(&one[i], &x[i], 1);
    ForceTargetForTest("");
    ASSERT_EQ(0, std::memcmp(whole.data(), one.data(), x.size() * sizeof(float))) << target;
  }
}

// (max, sum) pairs after `chunks` updates of a rows x cols tile, as bytes.
template <typename A>
std::vector<uint8_t> Pairs(bool by_rows, DType src_type, DType acc_type, const void* src,
                           size_t elem, size_t rows, size_t cols, size_t stride, size_t chunks) {
  const size_t pairs = by_rows ? rows : cols;
  const size_t extent = by_rows ? cols : rows;
  std::vector<A> max(pairs, -std::numeric_limits<A>::infinity()), sum(pairs, A(0));
  const auto* bytes = static_cast<const uint8_t*>(src);
  for (size_t c = 0; c < chunks; ++c) {
    const size_t b = extent * c / chunks, e = extent * (c + 1) / chunks;
    if (by_rows) {
      LogSumExpRows(src_type, acc_type, max.data(), sum.data(), bytes + b * elem, rows, e - b,
                    stride);
    } else {
      LogSumExpColumns(src_type, acc_type, max.data(), sum.data(), bytes + b * stride * elem, e - b,
                       cols, stride);
    }
  }
  std::vector<uint8_t> out = Bytes(max);
  const std::vector<uint8_t> s = Bytes(sum);
  out.insert(out.end(), s.begin(), s.end());
  return out;
}

struct Shape {
  size_t rows, cols, stride;
};
constexpr Shape kShapes[] = {{1, 1, 1},       {3, 3, 4},      {2, 7, 7},   {5, 15, 16},
                             {4, 17, 20},     {3, 33, 33},    {9, 40, 41}, {2, 1025, 1025},
                             {1, 5000, 5000}, {37, 100, 100}, {40, 23, 24}};

TEST(VectorExpSameBits, LogSumExpFloat32AndWidenedSourcesAreBitwiseTheSameOnEveryTarget) {
  for (DType type : {DType::kFloat32, DType::kFloat16, DType::kBFloat16}) {
    for (const Shape& sh : kShapes) {
      const std::vector<float> values = RandomFloats(sh.rows * sh.stride, 7, 3.0f, 8.0f);
      std::vector<uint8_t> src(values.size() * DTypeSize(type));
      for (size_t i = 0; i < values.size(); ++i) {
        if (type == DType::kFloat32) {
          std::memcpy(src.data() + 4 * i, &values[i], 4);
        } else {
          const uint16_t b =
              type == DType::kFloat16 ? FloatToHalfBits(values[i]) : FloatToBFloat16Bits(values[i]);
          std::memcpy(src.data() + 2 * i, &b, 2);
        }
      }
      for (bool by_rows : {true, false}) {
        for (size_t chunks : {size_t{1}, size_t{3}}) {
          const std::string what = std::string(by_rows ? "rows " : "columns ") +
                                   std::to_string(sh.rows) + "x" + std::to_string(sh.cols) +
                                   " type " + std::to_string(static_cast<int>(type)) + " chunks " +
                                   std::to_string(chunks);
          ExpectSameOnEveryTarget(what, [&] {
            return Pairs<float>(by_rows, type, DType::kFloat32, src.data(), DTypeSize(type),
                                sh.rows, sh.cols, sh.stride, chunks);
          });
        }
      }
    }
  }
}

TEST(VectorExpSameBits, LogSumExpFloat64IsBitwiseTheSameOnEveryTarget) {
  for (const Shape& sh : kShapes) {
    std::mt19937 rng(3);
    std::normal_distribution<double> normal(0.0, 30.0);
    std::vector<double> values(sh.rows * sh.stride);
    for (double& v : values) v = normal(rng);
    for (bool by_rows : {true, false}) {
      ExpectSameOnEveryTarget(std::string(by_rows ? "rows " : "columns ") +
                                  std::to_string(sh.rows) + "x" + std::to_string(sh.cols),
                              [&] {
                                return Pairs<double>(by_rows, DType::kFloat64, DType::kFloat64,
                                                     values.data(), 8, sh.rows, sh.cols, sh.stride,
                                                     2);
                              });
    }
  }
}

TEST(VectorExpSameBits, LogSumExpWithSpecialValuesAndSignedZerosIsTheSameOnEveryTarget) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // One special value among ordinary ones in a 6 x 19 tile (rows and columns past every vector
  // width), a tile of zeros of both signs (whose max is +0 or -0 by target unless normalised),
  // and huge values.
  for (float special : {nan, kInf, -kInf, 1e30f, -1e30f, 0.0f}) {
    std::vector<float> tile = RandomFloats(6 * 19, 5, 0.0f, 4.0f);
    if (special == 0.0f) {
      for (size_t i = 0; i < tile.size(); ++i) tile[i] = i % 2 ? -0.0f : 0.0f;
    } else {
      tile[2 * 19 + 17] = special;
    }
    for (bool by_rows : {true, false}) {
      ExpectSameOnEveryTarget("special " + std::to_string(special) + (by_rows ? " rows" : " cols"),
                              [&] {
                                return Pairs<float>(by_rows, DType::kFloat32, DType::kFloat32,
                                                    tile.data(), 4, 6, 19, 19, 2);
                              });
    }
  }
}

// Max error against the double exp rounded to float, in float ulps of the exact value: every
// 61st float bit pattern in [-104, 89] (about 36 million inputs over all targets).
TEST(VectorExpSameBits, ExpFloatIsWithinOneUlpOverADenseSample) {
  // 36 million samples: sized once and walked through raw pointers, since push_back and
  // operator[] are calls at the sanitizer preset's -O0 (a third of the test's time there).
  constexpr uint32_t kStep = 61;
  const float limits[2] = {89.0f, 104.0f};
  uint32_t his[2];
  std::memcpy(his, limits, sizeof(his));
  std::vector<float> x(his[0] / kStep + 1 + his[1] / kStep + 1);
  float* out = x.data();
  for (int sign = 0; sign < 2; ++sign) {
    for (uint32_t b = 0; b <= his[sign]; b += kStep) {
      const uint32_t u = b | (sign ? 0x80000000u : 0u);
      std::memcpy(out++, &u, 4);
    }
  }
  ASSERT_EQ(out, x.data() + x.size());
  std::vector<float> y(x.size());
  ExpFloat(y.data(), x.data(), x.size());
  const float* xs = x.data();
  const float* ys = y.data();
  double worst = 0;
  float worst_x = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double want = std::exp(static_cast<double>(xs[i]));
    const float rounded = static_cast<float>(want);
    if (std::isinf(rounded) || rounded == 0.0f) {
      ASSERT_EQ(ys[i], rounded) << xs[i];
      continue;
    }
    int e = 0;
    std::frexp(want, &e);
    const double ulp = std::ldexp(1.0, std::max(e - 24, -149));
    const double err = std::abs(static_cast<double>(ys[i]) - want) / ulp;
    if (err > worst) {
      worst = err;
      worst_x = xs[i];
    }
  }
  EXPECT_LT(worst, 1.0) << "at " << worst_x;
}

}  // namespace
}  // namespace opsim::sim::vec
