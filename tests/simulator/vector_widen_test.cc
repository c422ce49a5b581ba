// The widening forms ReduceRowsWiden / AccumulateRowsWiden against their definition: Cast the
// float16/bfloat16 source to float32, then the float32 ReduceRows / AccumulateRows. Bitwise, on
// every Highway target, over row lengths around the vector, block and leaf sizes, padded and
// sparse row strides, and data with NaN (quiet and signalling), infinities, signed zeros and
// subnormals.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "opsim/sim/vector_widened.h"
#include "simulator/vector_test_util.h"
#include "test_random.h"

namespace opsim::sim::vec::testing {
namespace {

constexpr ReduceOp kWidenOps[] = {ReduceOp::kSum, ReduceOp::kMax, ReduceOp::kMin, ReduceOp::kProd};
constexpr DType kSources[] = {DType::kFloat16, DType::kBFloat16};
constexpr size_t kCols[] = {1, 2, 3, 15, 16, 17, 31, 32, 33, 1023, 1024, 1025, 5000};

enum class Mix {
  kSparse,  // values in [-1, 1), a rare special: sums and products mostly stay finite
  kDense,   // one element in four special: Max/Min meet NaN, infinities and zeros often
  kZeros    // only +-0 and subnormals: signed-zero sums and the -0 < +0 order
};

// 16-bit patterns of the special values of the source type.
std::vector<uint16_t> Specials(DType t) {
  if (t == DType::kFloat16) {
    return {0x7E00, 0x7C01, 0xFE00, 0xFD55, 0x7C00, 0xFC00, 0x8000,
            0x0000, 0x0001, 0x83FF, 0x7BFF, 0xFBFF, 0x0400};
  }
  return {0x7FC0, 0x7F81, 0xFFC0, 0xFF95, 0x7F80, 0xFF80, 0x8000,
          0x0000, 0x0001, 0x807F, 0x7F7F, 0xFF7F, 0x0080};
}

// One SplitMix64 draw an element: its low bits pick the kind, its top 24 bits the value (the
// mt19937 and uniform_real_distribution it replaced were half of the test's time under ASan).
std::vector<uint16_t> Data(DType t, Mix mix, size_t n, uint32_t seed) {
  uint64_t state = seed;
  const std::vector<uint16_t> specials = Specials(t);
  const uint16_t zeros[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x0003, 0x8002};
  std::vector<uint16_t> v(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t bits = ::opsim::testing::NextRandom(&state);
    const uint32_t r = static_cast<uint32_t>(bits);
    if (mix == Mix::kZeros) {
      v[i] = zeros[r % 6];
      continue;
    }
    const bool special = mix == Mix::kDense ? r % 4 == 0 : r % 2003 == 0;
    if (special) {
      v[i] = specials[(r >> 8) % specials.size()];
    } else {
      const float x = static_cast<float>(bits >> 40) * 0x1p-23f - 1.0f;  // [-1, 1)
      v[i] = t == DType::kFloat16 ? FloatToHalfBits(x) : FloatToBFloat16Bits(x);
    }
  }
  return v;
}

// Row pitches: dense, padded to 32 bytes (the kernels' tiles), sparse.
std::vector<size_t> Strides(size_t cols) {
  return {cols, (cols + 15) / 16 * 16 + 16, 3 * cols + 5};
}

std::vector<size_t> RowsFor(size_t cols, bool accumulate) {
  if (cols > 64) return {1, 2, 3, 5, 66};
  if (accumulate) return {1, 2, 3, 7, 63, 64, 65, 130, 257, 1000};
  return {1, 2, 3, 7, 16, 17, 65, 300};
}

std::vector<float> Widened(DType t, const std::vector<uint16_t>& src) {
  std::vector<float> wide(src.size());
  Cast(DType::kFloat32, wide.data(), t, src.data(), Round::kNone, src.size());
  return wide;
}

std::string Describe(DType t, ReduceOp op, Mix mix, size_t rows, size_t cols, size_t stride) {
  return std::string(DTypeName(t)) + " op=" + std::to_string(static_cast<int>(op)) +
         " mix=" + std::to_string(static_cast<int>(mix)) + " rows=" + std::to_string(rows) +
         " cols=" + std::to_string(cols) + " stride=" + std::to_string(stride);
}

// The result bits. Max/Min return an input element, so all bits count, NaN payloads too. A
// Sum/Prod NaN's payload and sign are not part of the contract (docs/SPEC.md: only NaN-ness; x86
// keeps the first operand's NaN and compilers commute additions freely), so there every NaN
// compares as one pattern; all other bits, signed zeros included, must agree.
std::vector<uint32_t> Bits(const std::vector<float>& v, ReduceOp op = ReduceOp::kMax) {
  const bool any_nan = op == ReduceOp::kSum || op == ReduceOp::kProd;
  std::vector<uint32_t> b(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    b[i] = any_nan && std::isnan(v[i]) ? 0x7FC00000u : std::bit_cast<uint32_t>(v[i]);
  }
  return b;
}

class VectorWiden : public PerTarget {};

TEST_P(VectorWiden, ReduceRowsEqualsCastThenFloat32Bitwise) {
  uint32_t seed = 1;
  for (const DType t : kSources) {
    for (const Mix mix : {Mix::kSparse, Mix::kDense, Mix::kZeros}) {
      for (const size_t cols : kCols) {
        for (const size_t rows : RowsFor(cols, false)) {
          for (const size_t stride : Strides(cols)) {
            const auto src = Data(t, mix, (rows - 1) * stride + cols, ++seed);
            const auto wide = Widened(t, src);
            for (const ReduceOp op : kWidenOps) {
              std::vector<float> want(rows, 7.0f), got(rows, 7.0f);
              ReduceRows(op, DType::kFloat32, want.data(), wide.data(), rows, cols, stride);
              ReduceRowsWiden(op, t, got.data(), src.data(), rows, cols, stride);
              ASSERT_EQ(Bits(got, op), Bits(want, op)) << Describe(t, op, mix, rows, cols, stride);
            }
          }
        }
      }
    }
  }
}

TEST_P(VectorWiden, AccumulateRowsEqualsCastThenFloat32Bitwise) {
  uint32_t seed = 1000;
  for (const DType t : kSources) {
    for (const Mix mix : {Mix::kSparse, Mix::kDense, Mix::kZeros}) {
      for (const size_t cols : kCols) {
        for (const size_t rows : RowsFor(cols, true)) {
          for (const size_t stride : Strides(cols)) {
            const auto src = Data(t, mix, (rows - 1) * stride + cols, ++seed);
            const auto wide = Widened(t, src);
            // The accumulators hold earlier results: the same mix, widened.
            const auto start = Widened(t, Data(t, mix, cols, ++seed));
            for (const ReduceOp op : kWidenOps) {
              std::vector<float> want = start, got = start;
              AccumulateRows(op, DType::kFloat32, want.data(), wide.data(), rows, cols, stride);
              AccumulateRowsWiden(op, t, got.data(), src.data(), rows, cols, stride);
              ASSERT_EQ(Bits(got, op), Bits(want, op)) << Describe(t, op, mix, rows, cols, stride);
            }
          }
        }
      }
    }
  }
}

TEST_P(VectorWiden, EmptyShapesMatchTheFloat32Forms) {
  const std::vector<uint16_t> src(8, 0x3C00);
  for (const ReduceOp op : kWidenOps) {
    // cols == 0: every row gets the reducer's identity.
    std::vector<float> want(3, 5.0f), got(3, 5.0f);
    const std::vector<float> wide(8, 1.0f);
    ReduceRows(op, DType::kFloat32, want.data(), wide.data(), 3, 0, 4);
    ReduceRowsWiden(op, DType::kFloat16, got.data(), src.data(), 3, 0, 4);
    EXPECT_EQ(Bits(got), Bits(want));
    // rows == 0 or cols == 0: the accumulators stay as they are.
    std::vector<float> acc(4, 5.0f);
    AccumulateRowsWiden(op, DType::kBFloat16, acc.data(), src.data(), 0, 4, 4);
    AccumulateRowsWiden(op, DType::kBFloat16, acc.data(), src.data(), 2, 0, 4);
    EXPECT_EQ(acc, std::vector<float>(4, 5.0f));
  }
}

TEST_P(VectorWiden, OtherSourceTypesAreAPreconditionAndWriteNothing) {
  const std::vector<float> src(16, 1.0f);
  std::vector<float> dst(4, 5.0f);
  ReduceRowsWiden(ReduceOp::kSum, DType::kFloat32, dst.data(), src.data(), 2, 8, 8);
  AccumulateRowsWiden(ReduceOp::kSum, DType::kFloat32, dst.data(), src.data(), 2, 4, 8);
  EXPECT_EQ(dst, std::vector<float>(4, 5.0f));
}

// A known value: float16 ones sum exactly in float32 (2^12 of them), bfloat16 -0 rows give -0.
TEST_P(VectorWiden, KnownValues) {
  std::vector<uint16_t> ones(4096 * 3, 0x3C00);
  std::vector<float> sums(3);
  ReduceRowsWiden(ReduceOp::kSum, DType::kFloat16, sums.data(), ones.data(), 3, 4096, 4096);
  EXPECT_EQ(sums, std::vector<float>(3, 4096.0f));
  std::vector<uint16_t> neg_zeros(40, 0x8000);
  std::vector<float> acc(4, -0.0f);
  AccumulateRowsWiden(ReduceOp::kSum, DType::kBFloat16, acc.data(), neg_zeros.data(), 10, 4, 4);
  for (const float a : acc) EXPECT_EQ(std::bit_cast<uint32_t>(a), 0x80000000u);
}

// BinaryWidened (a deferred widening Cast's source read by a float32 Add/Sub/Max: the ARA folds)
// against its definition: Cast the 16-bit operands to float32, then Binary. Either operand or
// both 16-bit, dst over the float32 operand or apart, lengths around lines and chunks, and lines
// ending in whole vectors and a few lanes (56, 61; 2352, a float16 outermost row's columns);
// every bit, the NaN an add of two NaNs returns included.
TEST_P(VectorWiden, BinaryWidenedEqualsCastThenBinaryBitwise) {
  uint32_t seed = 7;
  for (const DType t : kSources) {
    for (const Mix mix : {Mix::kSparse, Mix::kDense, Mix::kZeros}) {
      for (const size_t n : {size_t{1}, size_t{31}, size_t{32}, size_t{33}, size_t{56}, size_t{61},
                             size_t{545}, size_t{2048}, size_t{2352}}) {
        const auto a16 = Data(t, mix, n, ++seed);
        const auto b16 = Data(t, mix, n, ++seed);
        const auto a = Widened(t, a16);
        const auto b = Widened(t, b16);
        for (const BinaryOp op : {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMax}) {
          std::vector<float> want(n);
          Binary(op, DType::kFloat32, want.data(), a.data(), b.data(), n);
          const std::string what = std::string(DTypeName(t)) + " n=" + std::to_string(n) +
                                   " op=" + std::to_string(static_cast<int>(op)) +
                                   " mix=" + std::to_string(static_cast<int>(mix));
          std::vector<float> got(n, 5.0f);
          BinaryWidened(op, got.data(), a16.data(), t, b16.data(), t, n);
          EXPECT_EQ(Bits(got), Bits(want)) << what << " both 16-bit";
          std::vector<float> in_place = a;  // dst is the float32 operand
          BinaryWidened(op, in_place.data(), in_place.data(), DType::kFloat32, b16.data(), t, n);
          EXPECT_EQ(Bits(in_place), Bits(want)) << what << " a float32, in place";
          BinaryWidened(op, got.data(), a16.data(), t, b.data(), DType::kFloat32, n);
          EXPECT_EQ(Bits(got), Bits(want)) << what << " b float32";
        }
      }
    }
  }
}

// The widened Add tests its sums for NaN: infinities of both signs in one lane, with no NaN
// operand anywhere, must still give Binary's NaN for that lane and the plain sums around it,
// in a whole line, a line's last vectors and the tail (lanes 3, 40, 58 of 61).
TEST_P(VectorWiden, AddOfOppositeInfinitiesIsTheCastThenAddsNaN) {
  for (const DType t : kSources) {
    const uint16_t inf = t == DType::kFloat16 ? 0x7C00 : 0x7F80;
    for (const size_t lane : {size_t{3}, size_t{40}, size_t{58}}) {
      constexpr size_t n = 61;
      auto a16 = Data(t, Mix::kSparse, n, 11);
      auto b16 = Data(t, Mix::kSparse, n, 12);
      a16[lane] = inf;
      b16[lane] = static_cast<uint16_t>(inf | 0x8000);
      const auto a = Widened(t, a16);
      const auto b = Widened(t, b16);
      std::vector<float> want(n);
      Binary(BinaryOp::kAdd, DType::kFloat32, want.data(), a.data(), b.data(), n);
      ASSERT_TRUE(std::isnan(want[lane]));
      const std::string what = std::string(DTypeName(t)) + " lane=" + std::to_string(lane);
      std::vector<float> got(n, 5.0f);
      BinaryWidened(BinaryOp::kAdd, got.data(), a16.data(), t, b16.data(), t, n);
      EXPECT_EQ(Bits(got), Bits(want)) << what << " both 16-bit";
      std::vector<float> in_place = a;
      BinaryWidened(BinaryOp::kAdd, in_place.data(), in_place.data(), DType::kFloat32, b16.data(),
                    t, n);
      EXPECT_EQ(Bits(in_place), Bits(want)) << what << " a float32, in place";
    }
  }
}

OPSIM_INSTANTIATE_PER_TARGET(VectorWiden);

}  // namespace
}  // namespace opsim::sim::vec::testing
