// Reduce, ReduceRows and AccumulateRows against plain scalar code, once per Highway target,
// plus the accuracy and determinism contracts of docs/SPEC.md section 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "simulator/vector_test_util.h"

namespace opsim::sim::vec::testing {
namespace {

constexpr ReduceOp kOps[] = {ReduceOp::kSum, ReduceOp::kMax, ReduceOp::kMin, ReduceOp::kProd};

// Order key of a float for Max/Min: -0 < +0.
bool FloatLess(double a, double b) {
  return a < b || (a == b && std::signbit(a) && !std::signbit(b));
}

struct Expected {
  uint64_t bits = 0;  // exact result (integers, Max/Min)
  double value = 0;   // float Sum/Prod reference computed in double
  bool exact = true;
  uint32_t index = 0;
};

Expected Reference(ReduceOp op, DType t, const std::vector<uint8_t>& buf, size_t begin, size_t n) {
  Expected e;
  const bool is_max = op == ReduceOp::kMax;
  if (op == ReduceOp::kMax || op == ReduceOp::kMin) {
    if (IsFloating(t)) {
      std::vector<uint8_t> one(DTypeSize(t));
      SetF(t, one, 0, is_max ? -INFINITY : INFINITY);
      e.bits = GetBits(t, one, 0);
      double best = is_max ? -INFINITY : INFINITY;
      bool first = true;
      for (size_t i = 0; i < n; ++i) {
        const double v = GetF(t, buf, begin + i);
        if (std::isnan(v)) {
          e.bits = GetBits(t, buf, begin + i);
          e.index = static_cast<uint32_t>(i);
          return e;
        }
        if (first || (is_max ? FloatLess(best, v) : FloatLess(v, best))) {
          best = v;
          e.bits = GetBits(t, buf, begin + i);
          e.index = static_cast<uint32_t>(i);
          first = false;
        }
      }
      return e;
    }
    const bool sgn = IsSigned(t);
    const int shift = 64 - static_cast<int>(DTypeSize(t) * 8);
    auto val = [&](size_t i) -> __int128 {
      const uint64_t b = GetBits(t, buf, begin + i);
      return sgn ? static_cast<__int128>(static_cast<int64_t>(b << shift) >> shift) : b;
    };
    __int128 best = 0;
    if (n == 0) {
      best = is_max ? (sgn ? -(static_cast<__int128>(1) << (63 - shift)) : 0)
                    : (sgn ? (static_cast<__int128>(1) << (63 - shift)) - 1
                           : static_cast<__int128>(WidthMask(t)));
    }
    for (size_t i = 0; i < n; ++i) {
      const __int128 v = val(i);
      if (i == 0 || (is_max ? v > best : v < best)) {
        best = v;
        e.index = static_cast<uint32_t>(i);
      }
    }
    e.bits = static_cast<uint64_t>(best) & WidthMask(t);
    return e;
  }
  const bool prod = op == ReduceOp::kProd;
  if (IsFloating(t)) {
    e.exact = false;
    double acc = prod ? 1.0 : 0.0;
    for (size_t i = 0; i < n; ++i) {
      const double v = GetF(t, buf, begin + i);
      acc = prod ? acc * v : acc + v;
    }
    e.value = acc;
    return e;
  }
  uint64_t acc = prod ? 1 : 0;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t v = GetBits(t, buf, begin + i);
    acc = prod ? acc * v : acc + v;
  }
  e.bits = acc & WidthMask(t);
  return e;
}

// Relative tolerance of a float Sum/Prod (accumulated in float32 for all but float64).
double Tolerance(DType t) {
  switch (t) {
    case DType::kFloat64: return 1e-12;
    case DType::kFloat32: return 1e-5;
    case DType::kFloat16: return 2e-3;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
    default: return 1.6e-2;
  }
}

void CheckResult(ReduceOp op, DType t, const Expected& e, const std::vector<uint8_t>& got, size_t i,
                 const std::string& what) {
  if (e.exact) {
    ASSERT_EQ(GetBits(t, got, i), e.bits) << what;
    return;
  }
  const double v = GetF(t, got, i);
  if (std::isnan(e.value)) {
    ASSERT_TRUE(std::isnan(v)) << what;
  } else if (std::isinf(e.value)) {
    ASSERT_EQ(v, e.value) << what;
  } else {
    const double scale = op == ReduceOp::kSum ? 1.0 : std::fabs(e.value);
    ASSERT_NEAR(v, e.value, Tolerance(t) * std::max(scale, std::fabs(e.value)) + 1e-30) << what;
  }
}

// Data for the op: Sum in [-1, 1) plus specials, Prod near 1, Max/Min with specials.
std::vector<uint8_t> DataFor(ReduceOp op, DType t, size_t n, uint32_t seed) {
  if (!IsFloating(t) || op == ReduceOp::kMax || op == ReduceOp::kMin) {
    return RandomData(t, n, seed);
  }
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<uint8_t> buf(n * DTypeSize(t) + 1);
  for (size_t i = 0; i < n; ++i) {
    SetF(t, buf, i, op == ReduceOp::kProd ? 1.0 + u(rng) / 512 : u(rng));
  }
  return buf;
}

class VectorReduce : public PerTarget {};

TEST_P(VectorReduce, EveryOpAndDtypeMatchesScalar) {
  for (const DType t : kNumericTypes) {
    for (const ReduceOp op : kOps) {
      for (const size_t n : kLengths) {
        const auto data = DataFor(op, t, n, static_cast<uint32_t>(n * 7 + 1));
        std::vector<uint8_t> got(8);
        uint32_t index = 12345;
        Reduce(op, t, got.data(), data.data(), n, &index);
        const Expected e = Reference(op, t, data, 0, n);
        const std::string what = std::string(DTypeName(t)) + " op " +
                                 std::to_string(static_cast<int>(op)) + " n=" + std::to_string(n);
        CheckResult(op, t, e, got, 0, what);
        if (op == ReduceOp::kMax || op == ReduceOp::kMin) {
          ASSERT_EQ(index, e.index) << what;
        }
      }
    }
  }
}

TEST_P(VectorReduce, EmptyInputGivesTheIdentity) {
  for (const DType t : kNumericTypes) {
    for (const ReduceOp op : kOps) {
      std::vector<uint8_t> got(8, 0xCD);
      Reduce(op, t, got.data(), nullptr, 0, nullptr);
      const Expected e = Reference(op, t, got, 0, 0);
      if (e.exact) {
        EXPECT_EQ(GetBits(t, got, 0), e.bits) << DTypeName(t);
      } else {
        EXPECT_EQ(GetF(t, got, 0), op == ReduceOp::kProd ? 1.0 : 0.0) << DTypeName(t);
      }
    }
  }
}

TEST_P(VectorReduce, SpecialValuesFollowIeeeAndNaNWins) {
  const float with_nan[] = {1.0f, -INFINITY, NAN, 5.0f, NAN};
  float r = 0;
  uint32_t index = 0;
  Reduce(ReduceOp::kMax, DType::kFloat32, &r, with_nan, 5, &index);
  EXPECT_TRUE(std::isnan(r));
  EXPECT_EQ(index, 2u);
  Reduce(ReduceOp::kSum, DType::kFloat32, &r, with_nan, 2, nullptr);
  EXPECT_EQ(r, -INFINITY);
  const float zeros[] = {-0.0f, -0.0f, -0.0f};
  Reduce(ReduceOp::kSum, DType::kFloat32, &r, zeros, 3, nullptr);
  EXPECT_TRUE(std::signbit(r));  // -0 + -0 == -0
  const float mixed[] = {-0.0f, 0.0f};
  Reduce(ReduceOp::kMax, DType::kFloat32, &r, mixed, 2, &index);
  EXPECT_FALSE(std::signbit(r));
  EXPECT_EQ(index, 1u);
  const int32_t big[] = {INT32_MAX, 1};
  int32_t s = 0;
  Reduce(ReduceOp::kSum, DType::kInt32, &s, big, 2, nullptr);
  EXPECT_EQ(s, INT32_MIN);  // wraps
  // float16 accumulates in float32: 4096 + 1 + ... would stall in half precision.
  std::vector<uint16_t> h(3000, FloatToHalfBits(1.0f));
  uint16_t hr = 0;
  Reduce(ReduceOp::kSum, DType::kFloat16, &hr, h.data(), h.size(), nullptr);
  EXPECT_EQ(HalfBitsToFloat(hr), 3000.0f);
}

TEST_P(VectorReduce, TenMillionUniformFloatsWithinOnePpmOfDouble) {
  std::mt19937 rng(2024);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::vector<float> v(10'000'000);
  double ref = 0;
  for (float& x : v) {
    x = u(rng);
    ref += x;
  }
  float got = 0;
  Reduce(ReduceOp::kSum, DType::kFloat32, &got, v.data(), v.size(), nullptr);
  EXPECT_LE(std::fabs(got - ref) / ref, 1e-6) << got << " vs " << ref;
}

TEST_P(VectorReduce, ReduceRowsMatchesReducePerRowBitwise) {
  for (const DType t : kNumericTypes) {
    for (const ReduceOp op : kOps) {
      for (const size_t cols :
           {size_t{0}, size_t{1}, size_t{3}, size_t{17}, size_t{64}, size_t{1500}}) {
        const size_t rows = cols > 100 ? 5 : 40;
        const size_t stride = cols + 3;
        const auto data = DataFor(op, t, rows * stride, static_cast<uint32_t>(cols));
        std::vector<uint8_t> got(rows * 8), one(8);
        ReduceRows(op, t, got.data(), data.data(), rows, cols, stride);
        for (size_t r = 0; r < rows; ++r) {
          Reduce(op, t, one.data(), data.data() + r * stride * DTypeSize(t), cols, nullptr);
          ASSERT_EQ(GetBits(t, got, r), GetBits(t, one, 0)) << DTypeName(t) << " row " << r;
          CheckResult(op, t, Reference(op, t, data, r * stride, cols), got, r,
                      std::string(DTypeName(t)) + " cols=" + std::to_string(cols));
        }
      }
    }
  }
}

TEST_P(VectorReduce, AccumulateRowsMatchesScalar) {
  for (const DType t : kNumericTypes) {
    if (t == DType::kFloat16 || t == DType::kBFloat16) continue;
    for (const ReduceOp op : kOps) {
      for (const size_t rows :
           {size_t{1}, size_t{2}, size_t{3}, size_t{7}, size_t{64}, size_t{100}}) {
        for (const size_t cols : {size_t{1}, size_t{5}, size_t{33}, size_t{700}}) {
          const size_t stride = cols + 2;
          const auto data = DataFor(op, t, rows * stride, static_cast<uint32_t>(rows * cols));
          auto acc = DataFor(op, t, cols, 99);
          // Expected: acc[c] combined with the column of the rows (row 0 = acc).
          std::vector<uint8_t> column((rows + 1) * DTypeSize(t));
          std::vector<Expected> want(cols);
          for (size_t c = 0; c < cols; ++c) {
            SetBits(t, column, 0, GetBits(t, acc, c));
            for (size_t r = 0; r < rows; ++r)
              SetBits(t, column, r + 1, GetBits(t, data, r * stride + c));
            want[c] = Reference(op, t, column, 0, rows + 1);
          }
          AccumulateRows(op, t, acc.data(), data.data(), rows, cols, stride);
          for (size_t c = 0; c < cols; ++c) {
            CheckResult(op, t, want[c], acc, c,
                        std::string(DTypeName(t)) + " rows=" + std::to_string(rows) +
                            " cols=" + std::to_string(cols) + " c=" + std::to_string(c));
          }
        }
      }
    }
  }
}

TEST_P(VectorReduce, AccumulateRowsOfFloat16IsAPreconditionAndLeavesAccUntouched) {
  // Kernels widen float16/bfloat16 to float32 before accumulating; the unit refuses them
  // without writing (there is no status to return).
  std::vector<uint16_t> acc(8, 0x3C00), src(16, 0x3C00);
  for (const DType t : {DType::kFloat16, DType::kBFloat16}) {
    AccumulateRows(ReduceOp::kSum, t, acc.data(), src.data(), 2, 8, 8);
    for (const uint16_t a : acc) EXPECT_EQ(a, 0x3C00);
  }
}

OPSIM_INSTANTIATE_PER_TARGET(VectorReduce);

// Bitwise determinism: repeated calls, and every target, give the same bits (the float sum
// order is fixed by a 32-lane block independent of the vector width).
TEST(VectorReduceDeterminism, SameBitsOnRepeatAndAcrossTargets) {
  const auto targets = SupportedTargets();
  std::vector<std::vector<uint8_t>> per_target;
  for (const auto& target : targets) {
    ForceTargetForTest(target);
    std::vector<uint8_t> results;
    for (const DType t : kNumericTypes) {
      for (const ReduceOp op : kOps) {
        const size_t n = 50'001;
        const auto data = DataFor(op, t, n, 5);
        std::vector<uint8_t> a(8), b(8);
        Reduce(op, t, a.data(), data.data(), n, nullptr);
        Reduce(op, t, b.data(), data.data(), n, nullptr);
        ASSERT_EQ(a, b) << target << " " << DTypeName(t);
        results.insert(results.end(), a.begin(), a.end());
        if (t == DType::kFloat16 || t == DType::kBFloat16) continue;
        auto acc = DataFor(op, t, 300, 6);
        AccumulateRows(op, t, acc.data(), data.data(), 150, 300, 333);
        results.insert(results.end(), acc.begin(), acc.end());
      }
    }
    per_target.push_back(results);
  }
  ForceTargetForTest("");
  for (size_t i = 1; i < per_target.size(); ++i) {
    EXPECT_EQ(per_target[i], per_target[0]) << targets[i] << " vs " << targets[0];
  }
}

// 2^27 float32 ones sum to exactly 2^27 (a single float accumulator would stop at 2^24).
TEST(VectorReduceAccuracy, TwoToThe27OnesSumExactly) {
  std::vector<float> ones(size_t{1} << 27, 1.0f);
  float got = 0;
  Reduce(ReduceOp::kSum, DType::kFloat32, &got, ones.data(), ones.size(), nullptr);
  EXPECT_EQ(got, 134217728.0f);
}

}  // namespace
}  // namespace opsim::sim::vec::testing
