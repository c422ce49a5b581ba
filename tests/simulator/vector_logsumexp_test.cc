// ReduceLogSumExp's one-pass updates (vec::LogSumExpRows / LogSumExpColumns, then LogAddShift)
// and the float32 exp (vec::ExpFloat), on every Highway target: against a double reference, by
// chunks as well as whole, and with NaN, infinities and values far beyond exp's range.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"
#include "simulator/vector_test_util.h"

namespace opsim::sim::vec {
namespace {

using testing::PerTarget;

constexpr float kPosInf = std::numeric_limits<float>::infinity();

// Elements of `type` (float32, float16, bfloat16) from float values, and their exact values.
struct Source {
  DType type;
  std::vector<uint8_t> bytes;
  std::vector<double> exact;
};

Source MakeSource(DType type, const std::vector<float>& values) {
  Source s{type, std::vector<uint8_t>(values.size() * DTypeSize(type)), {}};
  for (size_t i = 0; i < values.size(); ++i) {
    if (type == DType::kFloat32) {
      std::memcpy(s.bytes.data() + i * 4, &values[i], 4);
      s.exact.push_back(values[i]);
    } else {
      const bool half = type == DType::kFloat16;
      const uint16_t b = half ? FloatToHalfBits(values[i]) : FloatToBFloat16Bits(values[i]);
      std::memcpy(s.bytes.data() + i * 2, &b, 2);
      s.exact.push_back(half ? HalfBitsToFloat(b) : BFloat16BitsToFloat(b));
    }
  }
  return s;
}

// LogSumExp in double, max first.
double Reference(const std::vector<double>& xs) {
  double m = -INFINITY;
  for (double x : xs) m = std::isnan(x) || std::isnan(m) ? NAN : std::max(m, x);
  if (std::isnan(m)) return NAN;
  const double shift = std::isfinite(m) ? m : 0;
  double sum = 0;
  for (double x : xs) sum += std::exp(x - shift);
  return std::log(sum) + shift;
}

// Runs rows (or columns) updates of a rows x cols tile with row stride `stride`, `chunks` updates
// along the reduced extent, and the finish; returns one result per pair.
std::vector<float> RunPairs(bool by_rows, const Source& s, size_t rows, size_t cols, size_t stride,
                            size_t chunks) {
  const size_t pairs = by_rows ? rows : cols;
  const size_t extent = by_rows ? cols : rows;
  std::vector<float> max(pairs, -kPosInf), sum(pairs, 0.0f);
  const size_t es = DTypeSize(s.type);
  const size_t per = (extent + chunks - 1) / chunks;
  for (size_t b = 0; b < extent; b += per) {
    const size_t n = std::min(per, extent - b);
    if (by_rows) {
      LogSumExpRows(s.type, DType::kFloat32, max.data(), sum.data(), s.bytes.data() + b * es, rows,
                    n, stride);
    } else {
      LogSumExpColumns(s.type, DType::kFloat32, max.data(), sum.data(),
                       s.bytes.data() + b * stride * es, n, cols, stride);
    }
  }
  LogAddShift(DType::kFloat32, sum.data(), max.data(), pairs);
  return sum;
}

std::vector<double> Slice(const Source& s, bool by_rows, size_t k, size_t rows, size_t cols,
                          size_t stride) {
  std::vector<double> xs;
  if (by_rows) {
    for (size_t c = 0; c < cols; ++c) xs.push_back(s.exact[k * stride + c]);
  } else {
    for (size_t r = 0; r < rows; ++r) xs.push_back(s.exact[r * stride + k]);
  }
  return xs;
}

// Within a few float32 roundings of the reference (the sum is >= 1 and has no cancellation, so
// its relative error becomes the log's absolute error, plus the rounding of the result).
void ExpectClose(double want, float got, size_t n, const char* what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what;
    return;
  }
  if (std::isinf(want)) {
    EXPECT_EQ(got, want) << what;
    return;
  }
  const double u = std::ldexp(1.0, -24);
  const double bound = u * (std::abs(want) + 8 + std::log2(static_cast<double>(n) + 1));
  EXPECT_NEAR(got, want, bound) << what << " over " << n;
}

class VectorLogSumExp : public PerTarget {};

TEST_P(VectorLogSumExp, RandomTilesWholeAndInChunksMatchTheReference) {
  std::mt19937 rng(11);
  std::normal_distribution<float> normal(0.0f, 20.0f);
  for (DType type : {DType::kFloat32, DType::kFloat16, DType::kBFloat16}) {
    for (const auto& [rows, cols, stride] : {std::tuple<size_t, size_t, size_t>{1, 1, 1},
                                             {3, 5, 8},
                                             {4, 37, 40},
                                             {2, 5000, 5000},
                                             {40, 33, 48},
                                             {17, 100, 104}}) {
      std::vector<float> values(rows * stride);
      for (float& v : values) v = normal(rng) + 500.0f;  // exp(500) overflows float32
      const Source s = MakeSource(type, values);
      for (bool by_rows : {true, false}) {
        for (size_t chunks : {size_t{1}, size_t{3}}) {
          SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) +
                       (by_rows ? " rows" : " columns") + " chunks " + std::to_string(chunks) +
                       " type " + std::to_string(static_cast<int>(type)));
          const std::vector<float> got = RunPairs(by_rows, s, rows, cols, stride, chunks);
          for (size_t k = 0; k < got.size(); ++k) {
            const std::vector<double> xs = Slice(s, by_rows, k, rows, cols, stride);
            ExpectClose(Reference(xs), got[k], xs.size(), "pair");
          }
        }
      }
    }
  }
}

TEST_P(VectorLogSumExp, NanInfinitiesAndHugeValuesGiveWhatTheReferenceGives) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float big = 1e30f;
  const float mx = std::numeric_limits<float>::max();
  // Rows of 20 (wider than any target's float32 vector, so both the vector and the scalar paths
  // see them): one special value placed among ordinary ones, or a row of it.
  const std::vector<std::vector<float>> specials = {
      {nan}, {kPosInf},           {-kPosInf},     {big},           {-big},
      {mx},  {kPosInf, -kPosInf}, {nan, kPosInf}, {-kPosInf, 3.0f}};
  for (const std::vector<float>& special : specials) {
    for (bool whole_row : {false, true}) {
      std::vector<float> values(20);
      for (size_t i = 0; i < values.size(); ++i) {
        values[i] = whole_row ? special[i % special.size()] : static_cast<float>(i % 7) - 3.0f;
      }
      if (!whole_row) {
        for (size_t i = 0; i < special.size(); ++i) values[5 + 6 * i] = special[i];
      }
      const Source s = MakeSource(DType::kFloat32, values);
      const double want = Reference(s.exact);
      for (size_t chunks : {size_t{1}, size_t{2}, size_t{20}}) {
        SCOPED_TRACE(std::to_string(special[0]) + (whole_row ? " whole row" : " among others") +
                     " chunks " + std::to_string(chunks));
        ExpectClose(want, RunPairs(true, s, 1, 20, 20, chunks)[0], 20, "row");
        // The same values as one column of 20 rows, beside 16 ordinary columns.
        std::vector<float> tile(20 * 17, 1.0f);
        for (size_t r = 0; r < 20; ++r) tile[r * 17 + 3] = values[r];
        const Source t = MakeSource(DType::kFloat32, tile);
        const std::vector<float> cols = RunPairs(false, t, 20, 17, 17, chunks);
        ExpectClose(want, cols[3], 20, "column");
        ExpectClose(1.0 + std::log(20.0), cols[0], 20, "ordinary column");
      }
    }
  }
}

TEST_P(VectorLogSumExp, EmptyUpdatesKeepThePairsAndNothingIsMinusInfinity) {
  std::vector<float> max = {-kPosInf, 2.0f}, sum = {0.0f, 3.0f};
  const float x = 1.0f;
  LogSumExpRows(DType::kFloat32, DType::kFloat32, max.data(), sum.data(), &x, 2, 0, 0);
  LogSumExpColumns(DType::kFloat32, DType::kFloat32, max.data(), sum.data(), &x, 0, 2, 2);
  EXPECT_EQ(max, (std::vector<float>{-kPosInf, 2.0f}));
  EXPECT_EQ(sum, (std::vector<float>{0.0f, 3.0f}));
  LogAddShift(DType::kFloat32, sum.data(), max.data(), 2);
  EXPECT_EQ(sum[0], -kPosInf);
  EXPECT_FLOAT_EQ(sum[1], 2.0f + std::log(3.0f));
}

TEST_P(VectorLogSumExp, Float64PairsMatchTheReference) {
  std::vector<double> values(3 * 300);
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 50.0);
  for (double& v : values) v = normal(rng) + 900.0;  // exp(900) overflows float64
  std::vector<double> max(3, -INFINITY), sum(3, 0.0);
  LogSumExpRows(DType::kFloat64, DType::kFloat64, max.data(), sum.data(), values.data(), 3, 300,
                300);
  LogAddShift(DType::kFloat64, sum.data(), max.data(), 3);
  for (size_t r = 0; r < 3; ++r) {
    const std::vector<double> row(values.begin() + r * 300, values.begin() + (r + 1) * 300);
    EXPECT_NEAR(sum[r], Reference(row), 1e-12 * Reference(row));
  }
}

// ExpFloat (ExpSameBits) within 1 ulp of the exact value, and its special values.
TEST_P(VectorLogSumExp, ExpFloatIsWithinOneUlpAndHandlesSpecialValues) {
  std::vector<float> x;
  for (float v = -104.0f; v <= 89.0f; v += 0.0137f) x.push_back(v);
  for (float v : {0.0f, -0.0f, 1.0f, -1.0f, 88.72f, 88.73f, 100.0f, -103.9f, -104.5f, -1e30f, 1e30f,
                  kPosInf, -kPosInf, std::numeric_limits<float>::quiet_NaN(),
                  std::numeric_limits<float>::denorm_min()}) {
    x.push_back(v);
  }
  std::vector<float> y(x.size());
  ExpFloat(y.data(), x.data(), x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const double want = std::exp(static_cast<double>(x[i]));
    const float rounded = static_cast<float>(want);
    if (std::isnan(x[i])) {
      EXPECT_TRUE(std::isnan(y[i]));
    } else if (std::isinf(rounded) || rounded == 0.0f || x[i] == 0.0f) {
      EXPECT_EQ(y[i], rounded) << x[i];
    } else if (std::fpclassify(rounded) == FP_SUBNORMAL) {
      EXPECT_NEAR(y[i], rounded, std::numeric_limits<float>::denorm_min()) << x[i];
    } else {
      const double ulp = std::nextafter(rounded, kPosInf) - rounded;
      EXPECT_LE(std::abs(y[i] - want), ulp) << x[i];
    }
  }
}

OPSIM_INSTANTIATE_PER_TARGET(VectorLogSumExp);

}  // namespace
}  // namespace opsim::sim::vec
