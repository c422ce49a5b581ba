// The mapped row reductions (vec::ReduceRowsMapped / AccumulateRowsMapped): the
// maps fused into the Highway loops give the bits of mapping the rows first (in the accumulator
// type) and then the plain row reductions, for every source type and shape.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {
namespace {

struct Rows {
  DType type;
  std::vector<uint8_t> bytes;
  std::vector<float> as_float;  // the exact value of every element (f64 rows: see as_double)
  std::vector<double> as_double;
};

Rows MakeRows(DType type, size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> real(-3.0f, 3.0f);
  Rows r{type, std::vector<uint8_t>(n * DTypeSize(type)), {}, {}};
  for (size_t i = 0; i < n; ++i) {
    const float v = real(rng);
    if (type == DType::kFloat64) {
      const double d = static_cast<double>(v) / 3.0;
      std::memcpy(r.bytes.data() + i * 8, &d, 8);
      r.as_double.push_back(d);
    } else if (type == DType::kFloat32) {
      std::memcpy(r.bytes.data() + i * 4, &v, 4);
      r.as_float.push_back(v);
    } else {
      const uint16_t b = type == DType::kFloat16 ? FloatToHalfBits(v) : FloatToBFloat16Bits(v);
      std::memcpy(r.bytes.data() + i * 2, &b, 2);
      r.as_float.push_back(type == DType::kFloat16 ? HalfBitsToFloat(b) : BFloat16BitsToFloat(b));
    }
  }
  return r;
}

// The staged computation: the rows mapped into a contiguous array of the accumulator type.
template <typename A>
std::vector<A> Staged(const std::vector<A>& values, size_t rows, size_t cols, size_t stride,
                      RowMap map) {
  std::vector<A> out(rows * cols);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) {
      const A v = values[r * stride + c];
      out[r * cols + c] = map == RowMap::kSquare ? v * v : std::fabs(v);
    }
  }
  return out;
}

// Bitwise equality, element by element (so a failure shows the values).
template <typename A>
void ExpectSameBits(const std::vector<A>& want, const std::vector<A>& got, const char* what) {
  ASSERT_EQ(want.size(), got.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::memcmp(&want[i], &got[i], sizeof(A)) != 0) {
      ADD_FAILURE() << what << " element " << i << ": staged " << want[i] << ", fused " << got[i];
      return;
    }
  }
}

template <typename A>
void CheckShapes(DType src, const std::vector<A>& (*values)(const Rows&)) {
  const DType acc = std::is_same_v<A, double> ? DType::kFloat64 : DType::kFloat32;
  for (const auto& [rows, cols, stride] : {std::tuple<size_t, size_t, size_t>{1, 1, 1},
                                           {3, 5, 8},
                                           {16, 20, 20},
                                           {7, 1500, 1504},
                                           {2, 5000, 5000},
                                           {300, 33, 40},
                                           {1, 70000, 70000}}) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " stride " +
                 std::to_string(stride));
    const Rows in = MakeRows(src, rows * stride, rows * 131 + cols);
    const std::vector<A>& v = values(in);
    for (RowMap map : {RowMap::kSquare, RowMap::kAbs}) {
      std::vector<A> want(rows), got(rows);
      const std::vector<A> staged = Staged<A>(v, rows, cols, stride, map);
      ReduceRows(ReduceOp::kSum, acc, want.data(), staged.data(), rows, cols, cols);
      ReduceRowsMapped(map, ReduceOp::kSum, src, acc, got.data(), in.bytes.data(), rows, cols,
                       stride);
      ExpectSameBits(want, got, "rows");
      std::vector<A> acc_want(cols, A(1)), acc_got(cols, A(1));
      AccumulateRows(ReduceOp::kSum, acc, acc_want.data(), staged.data(), rows, cols, cols);
      AccumulateRowsMapped(map, ReduceOp::kSum, src, acc, acc_got.data(), in.bytes.data(), rows,
                           cols, stride);
      ExpectSameBits(acc_want, acc_got, "columns");
    }
  }
}

TEST(VectorMapped, FusedMapsGiveTheStagedBits) {
  for (DType src : {DType::kFloat32, DType::kFloat16, DType::kBFloat16}) {
    SCOPED_TRACE(static_cast<int>(src));
    CheckShapes<float>(src, [](const Rows& r) -> const std::vector<float>& { return r.as_float; });
  }
  CheckShapes<double>(DType::kFloat64,
                      [](const Rows& r) -> const std::vector<double>& { return r.as_double; });
}

TEST(VectorMapped, IntegersWrap) {
  const std::vector<int32_t> x = {46341, -46341, INT32_MIN, 3};
  std::vector<int32_t> sq(1), ab(1);
  ReduceRowsMapped(RowMap::kSquare, ReduceOp::kSum, DType::kInt32, DType::kInt32, sq.data(),
                   x.data(), 1, 4, 4);
  ReduceRowsMapped(RowMap::kAbs, ReduceOp::kSum, DType::kInt32, DType::kInt32, ab.data(), x.data(),
                   1, 4, 4);
  const uint32_t s = 46341u * 46341u;
  const uint32_t want_sq = s + s + 0u + 9u;  // INT32_MIN squared wraps to 0
  EXPECT_EQ(static_cast<uint32_t>(sq[0]), want_sq);
  EXPECT_EQ(static_cast<uint32_t>(ab[0]),
            46341u + 46341u + static_cast<uint32_t>(INT32_MIN) + 3u);  // |INT32_MIN| wraps
}

}  // namespace
}  // namespace opsim::sim::vec
