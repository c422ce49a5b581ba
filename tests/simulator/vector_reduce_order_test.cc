// Pins the float Sum/Prod order documented in vector_reduce-inl.h and
// vector_accumulate-inl.h bit for bit against a plain scalar model of that order, and the
// NaN rules of Max/Min on every path (lanes-across-rows groups, strips, tails), per target.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "simulator/vector_test_util.h"

namespace opsim::sim::vec::testing {
namespace {

template <typename T>
T Op(bool prod, T a, T b) {
  return prod ? a * b : a + b;
}

// Scalar model of one leaf: 32 logical lanes, lane j sums elements i % 32 == j in order, a
// partial block padded with the identity; lanes j and j + w combine for w = 16 .. 1.
template <typename T>
T LeafModel(bool prod, const T* p, size_t n) {
  T lanes[32];
  const T id = prod ? T(1) : T(-0.0);
  if (n < 32) {
    std::memcpy(lanes, p, n * sizeof(T));
    size_t count = n;
    for (size_t w = 16; w >= 1; w /= 2) {
      for (size_t j = 0; j < w && j + w < count; ++j) lanes[j] = Op(prod, lanes[j], lanes[j + w]);
      count = std::min(count, w);
    }
    return lanes[0];
  }
  for (size_t j = 0; j < 32; ++j) lanes[j] = p[j];
  size_t i = 32;
  for (; i < n; i += 32) {
    for (size_t j = 0; j < 32; ++j) lanes[j] = Op(prod, lanes[j], i + j < n ? p[i + j] : id);
  }
  for (size_t w = 16; w >= 1; w /= 2) {
    for (size_t j = 0; j < w; ++j) lanes[j] = Op(prod, lanes[j], lanes[j + w]);
  }
  return lanes[0];
}

// Leaves of 1024 elements, split at the middle leaf, combined pairwise.
template <typename T>
T TreeModel(bool prod, const T* p, size_t n) {
  if (n == 0) return prod ? T(1) : T(0);
  if (n <= 1024) return LeafModel(prod, p, n);
  const size_t leaves = (n + 1023) / 1024;
  const size_t half = (leaves + 1) / 2 * 1024;
  return Op(prod, TreeModel(prod, p, half), TreeModel(prod, p + half, n - half));
}

// AccumulateRows: a binary counter of partial rows per column, then acc + result.
template <typename T>
T ColumnModel(bool prod, T acc, const T* p, size_t rows, size_t stride) {
  std::vector<T> stack;
  std::vector<size_t> weight;
  for (size_t r = 0; r < rows; ++r) {
    stack.push_back(p[r * stride]);
    weight.push_back(1);
    while (stack.size() >= 2 && weight[weight.size() - 1] == weight[weight.size() - 2]) {
      const T upper = stack.back();
      stack.pop_back();
      weight.pop_back();
      stack.back() = Op(prod, stack.back(), upper);
      weight.back() *= 2;
    }
  }
  T result = stack.back();
  for (size_t k = stack.size() - 1; k-- > 0;) result = Op(prod, stack[k], result);
  return Op(prod, acc, result);
}

template <typename T>
std::vector<T> Values(bool prod, size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    const double x = u(rng);
    v[i] = prod ? T(1.0 + x / 64) : T(x * std::ldexp(1.0, static_cast<int>(rng() % 40) - 20));
    if (!prod && rng() % 17 == 0) v[i] = T(-0.0);
  }
  return v;
}

template <typename T>
uint64_t Bits(T v) {
  if constexpr (sizeof(T) == 4) {
    return std::bit_cast<uint32_t>(v);
  } else {
    return std::bit_cast<uint64_t>(v);
  }
}

template <typename T>
constexpr DType kType = sizeof(T) == 4 ? DType::kFloat32 : DType::kFloat64;

class VectorReduceOrder : public PerTarget {};

template <typename T>
void CheckReduce() {
  for (const bool prod : {false, true}) {
    for (size_t n = 1; n <= 4200; n += (n < 80 ? 1 : 37)) {
      const auto v = Values<T>(prod, n, static_cast<uint32_t>(n));
      T got{};
      Reduce(prod ? ReduceOp::kProd : ReduceOp::kSum, kType<T>, &got, v.data(), n, nullptr);
      ASSERT_EQ(Bits(got), Bits(TreeModel(prod, v.data(), n))) << "prod=" << prod << " n=" << n;
    }
  }
  const std::vector<T> zeros(45, T(-0.0));  // -0 + -0 stays -0, also through the padding
  for (size_t n = 1; n <= zeros.size(); ++n) {
    T got{};
    Reduce(ReduceOp::kSum, kType<T>, &got, zeros.data(), n, nullptr);
    ASSERT_TRUE(std::signbit(got)) << n;
  }
}

TEST_P(VectorReduceOrder, ReduceFollowsTheDocumentedTree) {
  CheckReduce<float>();
  CheckReduce<double>();
}

template <typename T>
void CheckReduceRows() {
  for (const bool prod : {false, true}) {
    for (size_t cols = 0; cols <= 70; ++cols) {
      for (const size_t rows : {size_t{1}, size_t{15}, size_t{16}, size_t{37}}) {
        const size_t stride = cols + (cols % 3);
        const auto v = Values<T>(prod, rows * stride + cols, static_cast<uint32_t>(cols * 31));
        std::vector<T> got(rows);
        ReduceRows(prod ? ReduceOp::kProd : ReduceOp::kSum, kType<T>, got.data(), v.data(), rows,
                   cols, stride);
        for (size_t r = 0; r < rows; ++r) {
          ASSERT_EQ(Bits(got[r]), Bits(TreeModel(prod, v.data() + r * stride, cols)))
              << "prod=" << prod << " cols=" << cols << " rows=" << rows << " r=" << r;
        }
      }
    }
  }
}

TEST_P(VectorReduceOrder, ReduceRowsFollowsTheDocumentedTreeForShortAndLongRows) {
  CheckReduceRows<float>();
  CheckReduceRows<double>();
  // A row longer than one leaf, and a stride far beyond the row.
  const auto v = Values<float>(false, 3 * 5000, 3);
  std::vector<float> got(3);
  ReduceRows(ReduceOp::kSum, DType::kFloat32, got.data(), v.data(), 3, 2500, 5000);
  for (size_t r = 0; r < 3; ++r) {
    EXPECT_EQ(Bits(got[r]), Bits(TreeModel(false, v.data() + r * 5000, 2500)));
  }
}

template <typename T>
void CheckAccumulate() {
  for (const bool prod : {false, true}) {
    for (const size_t rows : {1, 2, 3, 5, 8, 9, 31, 63, 64, 65, 100, 128, 129, 191, 300}) {
      for (const size_t cols : {1, 3, 16, 17, 70, 600}) {
        const size_t stride = cols + 1;
        const auto v = Values<T>(prod, rows * stride, static_cast<uint32_t>(rows + cols));
        auto acc = Values<T>(prod, cols, 77);
        std::vector<T> want(cols);
        for (size_t c = 0; c < cols; ++c) {
          want[c] = ColumnModel(prod, acc[c], v.data() + c, rows, stride);
        }
        AccumulateRows(prod ? ReduceOp::kProd : ReduceOp::kSum, kType<T>, acc.data(), v.data(),
                       rows, cols, stride);
        for (size_t c = 0; c < cols; ++c) {
          ASSERT_EQ(Bits(acc[c]), Bits(want[c]))
              << "prod=" << prod << " rows=" << rows << " cols=" << cols << " c=" << c;
        }
      }
    }
  }
}

TEST_P(VectorReduceOrder, AccumulateRowsFollowsTheBinaryCounter) {
  CheckAccumulate<float>();
  CheckAccumulate<double>();
}

// Distinct NaN payloads show which NaN won.
float NaNWithPayload(uint32_t payload) { return std::bit_cast<float>(0x7FC00000u | payload); }

TEST_P(VectorReduceOrder, ReduceRowsMaxMinFindTheFirstNaNInEveryPosition) {
  for (const ReduceOp op : {ReduceOp::kMax, ReduceOp::kMin}) {
    for (size_t cols = 1; cols <= 40; cols += (cols < 20 ? 1 : 7)) {
      const size_t rows = 35;
      const size_t stride = cols + 2;
      for (size_t pos = 0; pos < cols; ++pos) {
        const auto base = Values<float>(false, rows * stride, static_cast<uint32_t>(cols));
        auto v = base;
        for (size_t r = 0; r < rows; r += 3) {
          v[r * stride + pos] = NaNWithPayload(static_cast<uint32_t>(r + 1));
          if (pos + 1 < cols) v[r * stride + cols - 1] = NaNWithPayload(0x1000);
        }
        std::vector<float> got(rows);
        ReduceRows(op, DType::kFloat32, got.data(), v.data(), rows, cols, stride);
        for (size_t r = 0; r < rows; ++r) {
          float want = 0;
          Reduce(op, DType::kFloat32, &want, v.data() + r * stride, cols, nullptr);
          ASSERT_EQ(Bits(got[r]), Bits(want)) << "cols=" << cols << " pos=" << pos << " r=" << r;
          if (r % 3 == 0) {
            ASSERT_EQ(Bits(got[r]), Bits(NaNWithPayload(static_cast<uint32_t>(r + 1))));
          } else {
            ASSERT_FALSE(std::isnan(got[r]));
          }
        }
      }
    }
  }
}

TEST_P(VectorReduceOrder, ReduceMaxMinFindTheFirstNaNInEveryLane) {
  for (const size_t n : {1, 5, 16, 17, 64, 67, 200}) {
    for (size_t pos = 0; pos < n; ++pos) {
      auto v = Values<float>(false, n, static_cast<uint32_t>(n));
      v[pos] = NaNWithPayload(7);
      if (pos + 1 < n) v[n - 1] = NaNWithPayload(9);
      for (const ReduceOp op : {ReduceOp::kMax, ReduceOp::kMin}) {
        float got = 0;
        uint32_t index = 0;
        Reduce(op, DType::kFloat32, &got, v.data(), n, &index);
        ASSERT_EQ(Bits(got), Bits(NaNWithPayload(7))) << n << " " << pos;
        ASSERT_EQ(index, pos);
      }
    }
  }
}

TEST_P(VectorReduceOrder, AccumulateRowsMaxMinNaNInAccAndRowsInEveryColumn) {
  for (const ReduceOp op : {ReduceOp::kMax, ReduceOp::kMin}) {
    for (const size_t cols : {1, 7, 16, 67, 130}) {
      for (const size_t rows : {1, 3, 70}) {
        for (size_t c = 0; c < cols; c += (cols > 20 ? 5 : 1)) {
          const size_t stride = cols + 3;
          auto v = Values<float>(false, rows * stride, static_cast<uint32_t>(rows * cols));
          auto acc = Values<float>(false, cols, 5);
          v[(rows - 1) * stride + c] = NaNWithPayload(2);
          if (rows > 1) v[(rows / 2) * stride + c] = NaNWithPayload(1);
          if (c % 2 == 1) acc[c] = NaNWithPayload(3);  // acc's NaN comes first
          std::vector<float> want(cols);
          for (size_t k = 0; k < cols; ++k) {
            want[k] = acc[k];
            for (size_t r = 0; r < rows; ++r) {
              const float x = v[r * stride + k];
              if (std::isnan(want[k])) break;
              if (std::isnan(x)) {
                want[k] = x;
                break;
              }
              const bool better = op == ReduceOp::kMax
                                      ? (x > want[k] || (x == want[k] && !std::signbit(x)))
                                      : (x < want[k] || (x == want[k] && std::signbit(x)));
              if (better) want[k] = x;
            }
          }
          AccumulateRows(op, DType::kFloat32, acc.data(), v.data(), rows, cols, stride);
          for (size_t k = 0; k < cols; ++k) {
            ASSERT_EQ(Bits(acc[k]), Bits(want[k]))
                << "cols=" << cols << " rows=" << rows << " c=" << c << " k=" << k;
          }
        }
      }
    }
  }
}

OPSIM_INSTANTIATE_PER_TARGET(VectorReduceOrder);

}  // namespace
}  // namespace opsim::sim::vec::testing
