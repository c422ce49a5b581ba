// Float Max/Min give exactly the bits (and Reduce's index) of the scalar rule on every compiled
// Highway target, for every float dtype and every form: Reduce, ReduceRows (narrow, lanes-across
// and long rows), AccumulateRows and the widening float16/bfloat16 forms. The rule, on bit
// patterns: the first NaN in order wins; else the total-order best (-0 < +0), first occurrence.
// The inputs stress what a shortcut around the total-order key could get wrong: signed zeros,
// one sign only, NaN of either sign (also only in the tail), repeated bests, all-equal, +-inf.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "simulator/vector_test_util.h"

namespace opsim::sim::vec::testing {
namespace {

constexpr DType kFloatTypes[] = {DType::kFloat32, DType::kFloat64, DType::kFloat16,
                                 DType::kBFloat16};
constexpr ReduceOp kMaxMin[] = {ReduceOp::kMax, ReduceOp::kMin};

// Bit layout of a float dtype: the sign bit and +inf's pattern.
struct Layout {
  uint64_t sign, inf;
};
Layout LayoutOf(DType t) {
  switch (t) {
    case DType::kFloat32: return {0x80000000u, 0x7F800000u};
    case DType::kFloat64: return {uint64_t{1} << 63, 0x7FF0000000000000u};
    case DType::kFloat16: return {0x8000u, 0x7C00u};
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:              // no test of these helpers passes a complex or int4 dtype
    default: return {0x8000u, 0x7F80u};  // bfloat16
  }
}

bool IsNaNBits(const Layout& l, uint64_t b) { return (b & (l.sign - 1)) > l.inf; }
// Total order of non-NaN patterns as a signed number: -0 < +0.
int64_t Order(const Layout& l, uint64_t b) {
  const auto mag = static_cast<int64_t>(b & (l.sign - 1));
  return (b & l.sign) != 0 ? -1 - mag : mag;
}

struct Want {
  uint64_t bits;
  uint32_t index;
};
// The scalar rule over `bits` (n >= 1).
Want Rule(const Layout& l, bool is_max, const std::vector<uint64_t>& bits) {
  Want w{bits[0], 0};
  for (size_t i = 0; i < bits.size(); ++i) {
    if (IsNaNBits(l, bits[i])) return {bits[i], static_cast<uint32_t>(i)};
    const int64_t o = Order(l, bits[i]), best = Order(l, w.bits);
    if (is_max ? o > best : o < best) w = {bits[i], static_cast<uint32_t>(i)};
  }
  return w;
}

// What a sequence holds; each shape targets one way a fast path could go wrong.
enum class Shape {
  kMixed,         // both signs, zeros, infinities, extremes, no NaN
  kNegativeOnly,  // every sign bit set (Max's best is the one nearest zero)
  kPositiveOnly,  // no sign bit set (Min's best is the one nearest zero)
  kZeros,         // -0 and +0 only
  kAllEqual,      // one pattern repeated (also a NaN or an infinity)
  kNaNs,          // mixed with NaNs of both signs and several payloads
  kNaNLast,       // mixed, the last element a NaN
  kNegNaNInPositives,
  kPosNaNInNegatives,
};
constexpr Shape kShapes[] = {Shape::kMixed,   Shape::kNegativeOnly,      Shape::kPositiveOnly,
                             Shape::kZeros,   Shape::kAllEqual,          Shape::kNaNs,
                             Shape::kNaNLast, Shape::kNegNaNInPositives, Shape::kPosNaNInNegatives};

class Patterns {
 public:
  Patterns(DType t, uint32_t seed) : l_(LayoutOf(t)), rng_(seed) {}

  std::vector<uint64_t> Make(Shape shape, size_t n) {
    std::vector<uint64_t> v(n);
    switch (shape) {
      case Shape::kMixed:
        for (auto& b : v) b = Number(Pick(2) != 0);
        break;
      case Shape::kNegativeOnly:
        for (auto& b : v) b = Number(false) | l_.sign;
        break;
      case Shape::kPositiveOnly:
        for (auto& b : v) b = Number(false);
        break;
      case Shape::kZeros:
        for (auto& b : v) b = Pick(2) != 0 ? l_.sign : 0;
        break;
      case Shape::kAllEqual: {
        const uint64_t one = Pick(4) == 0 ? NaN() : Number(Pick(2) != 0);
        for (auto& b : v) b = one;
        break;
      }
      case Shape::kNaNs:
        for (auto& b : v) b = Pick(8) == 0 ? NaN() : Number(Pick(2) != 0);
        break;
      case Shape::kNaNLast:
        for (auto& b : v) b = Number(Pick(2) != 0);
        v.back() = NaN();
        break;
      case Shape::kNegNaNInPositives:
      case Shape::kPosNaNInNegatives: {
        const bool neg_nan = shape == Shape::kNegNaNInPositives;
        for (auto& b : v) b = Number(false) | (neg_nan ? 0 : l_.sign);
        v[Pick(n)] = (NaN() & ~l_.sign) | (neg_nan ? l_.sign : 0);
        break;
      }
    }
    return v;
  }
  uint64_t Any() { return Pick(6) == 0 ? NaN() : Number(Pick(2) != 0); }

 private:
  size_t Pick(size_t k) { return std::uniform_int_distribution<size_t>(0, k - 1)(rng_); }
  // A non-NaN pattern, sign-clear unless `negative`: few distinct values, so bests repeat.
  uint64_t Number(bool negative) {
    const uint64_t low_exp = l_.inf & (~l_.inf + 1);  // the exponent's lowest bit
    const uint64_t specials[] = {0, 1, low_exp, l_.inf - 1, l_.inf, l_.inf >> 1, l_.inf >> 2};
    uint64_t mag = specials[Pick(std::size(specials))];
    if (Pick(3) == 0) mag = std::uniform_int_distribution<uint64_t>(0, l_.inf - 1)(rng_);
    return mag | (negative ? l_.sign : 0);
  }
  uint64_t NaN() {
    const uint64_t quiet = (l_.inf & (~l_.inf + 1)) >> 1;
    const uint64_t payloads[] = {1, quiet, quiet | 1, l_.sign - 1 - l_.inf};
    return l_.inf | payloads[Pick(4)] | (Pick(2) != 0 ? l_.sign : 0);
  }

  Layout l_;
  std::mt19937_64 rng_;
};

std::vector<uint8_t> Pack(DType t, const std::vector<uint64_t>& bits) {
  std::vector<uint8_t> buf(bits.size() * DTypeSize(t));
  for (size_t i = 0; i < bits.size(); ++i) SetBits(t, buf, i, bits[i]);
  return buf;
}

// float32 bits of a float16/bfloat16 pattern (the exact widening the widening forms apply).
uint64_t Widened(DType t, uint64_t b) {
  const auto h = static_cast<uint16_t>(b);
  const float f = t == DType::kFloat16 ? HalfBitsToFloat(h) : BFloat16BitsToFloat(h);
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

std::string Name(DType t, ReduceOp op, Shape s, size_t n) {
  return std::string(DTypeName(t)) + (op == ReduceOp::kMax ? " Max" : " Min") +
         " shape=" + std::to_string(static_cast<int>(s)) + " n=" + std::to_string(n);
}

using VectorMaxMinSameBits = PerTarget;

TEST_P(VectorMaxMinSameBits, ReduceGivesTheRulesBitsAndFirstIndex) {
  const size_t lengths[] = {1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 129, 1000, 4133};
  for (const DType t : kFloatTypes) {
    const Layout l = LayoutOf(t);
    Patterns gen(t, 11);
    for (const ReduceOp op : kMaxMin) {
      for (const Shape s : kShapes) {
        for (const size_t n : lengths) {
          const auto bits = gen.Make(s, n);
          const auto src = Pack(t, bits);
          std::vector<uint8_t> got(8, 0xCD);
          uint32_t index = 12345;
          Reduce(op, t, got.data(), src.data(), n, &index);
          const Want w = Rule(l, op == ReduceOp::kMax, bits);
          ASSERT_EQ(GetBits(t, got, 0), w.bits) << Name(t, op, s, n);
          ASSERT_EQ(index, w.index) << Name(t, op, s, n);
        }
      }
    }
  }
}

TEST_P(VectorMaxMinSameBits, ReduceRowsGivesTheRulesBitsPerRow) {
  // Narrow rows (one vector each), lanes-across gathers (<= 16), and long rows; row r takes
  // shape r % 9, so one group of rows mixes NaN rows with clean ones.
  const size_t widths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 64, 300};
  const size_t rows = 37;
  for (const DType t : kFloatTypes) {
    const Layout l = LayoutOf(t);
    Patterns gen(t, 12);
    for (const ReduceOp op : kMaxMin) {
      for (const size_t cols : widths) {
        for (const size_t stride : {cols, cols + 3}) {
          std::vector<std::vector<uint64_t>> row_bits(rows);
          std::vector<uint64_t> all(rows * stride, 0);
          for (size_t r = 0; r < rows; ++r) {
            row_bits[r] = gen.Make(kShapes[r % std::size(kShapes)], cols);
            std::copy(row_bits[r].begin(), row_bits[r].end(), all.begin() + r * stride);
          }
          const auto src = Pack(t, all);
          std::vector<uint8_t> got(rows * DTypeSize(t));
          ReduceRows(op, t, got.data(), src.data(), rows, cols, stride);
          for (size_t r = 0; r < rows; ++r) {
            const Shape s = kShapes[r % std::size(kShapes)];
            ASSERT_EQ(GetBits(t, got, r), Rule(l, op == ReduceOp::kMax, row_bits[r]).bits)
                << Name(t, op, s, cols) << " stride=" << stride << " row " << r;
          }
          if (t != DType::kFloat16 && t != DType::kBFloat16) continue;
          // The widening form: Cast to float32 first, then the float32 rule.
          std::vector<float> wide(rows);
          ReduceRowsWiden(op, t, wide.data(), src.data(), rows, cols, stride);
          for (size_t r = 0; r < rows; ++r) {
            std::vector<uint64_t> w32(cols);
            for (size_t c = 0; c < cols; ++c) w32[c] = Widened(t, row_bits[r][c]);
            uint32_t u;
            std::memcpy(&u, &wide[r], 4);
            ASSERT_EQ(u, Rule(LayoutOf(DType::kFloat32), op == ReduceOp::kMax, w32).bits)
                << Name(t, op, kShapes[r % std::size(kShapes)], cols) << " widened row " << r;
          }
        }
      }
    }
  }
}

TEST_P(VectorMaxMinSameBits, LongWidenedRowsGiveTheRulesBits) {
  // Rows longer than the widening chunk (4096) combine chunk results.
  for (const DType t : {DType::kFloat16, DType::kBFloat16}) {
    Patterns gen(t, 13);
    for (const ReduceOp op : kMaxMin) {
      for (const Shape s : kShapes) {
        for (const size_t cols : {size_t{4097}, size_t{9000}}) {
          const auto bits = gen.Make(s, 2 * cols);
          const auto src = Pack(t, bits);
          float wide[2];
          ReduceRowsWiden(op, t, wide, src.data(), 2, cols, cols);
          for (size_t r = 0; r < 2; ++r) {
            std::vector<uint64_t> w32(cols);
            for (size_t c = 0; c < cols; ++c) w32[c] = Widened(t, bits[r * cols + c]);
            uint32_t u;
            std::memcpy(&u, &wide[r], 4);
            ASSERT_EQ(u, Rule(LayoutOf(DType::kFloat32), op == ReduceOp::kMax, w32).bits)
                << Name(t, op, s, cols) << " row " << r;
          }
        }
      }
    }
  }
}

TEST_P(VectorMaxMinSameBits, AccumulateRowsGivesTheRulesBitsPerColumn) {
  // Column c's sequence is acc[c] then the rows in order (acc's NaN comes first).
  for (const DType t : kFloatTypes) {
    const bool widen = t == DType::kFloat16 || t == DType::kBFloat16;
    const Layout l = LayoutOf(widen ? DType::kFloat32 : t);
    Patterns gen(t, 14);
    for (const ReduceOp op : kMaxMin) {
      for (const size_t rows : {size_t{1}, size_t{2}, size_t{5}, size_t{64}, size_t{65}}) {
        for (const size_t cols : {size_t{1}, size_t{3}, size_t{8}, size_t{16}, size_t{33}}) {
          const size_t stride = cols + 1;
          // Column c has shape c % 9 down its rows.
          std::vector<uint64_t> all(rows * stride, 0), acc_bits(cols);
          for (size_t c = 0; c < cols; ++c) {
            const auto column = gen.Make(kShapes[c % std::size(kShapes)], rows);
            for (size_t r = 0; r < rows; ++r) all[r * stride + c] = column[r];
            acc_bits[c] = gen.Any();
          }
          std::vector<uint64_t> acc_in(cols);
          for (size_t c = 0; c < cols; ++c)
            acc_in[c] = widen ? Widened(t, acc_bits[c]) : acc_bits[c];
          const DType acc_type = widen ? DType::kFloat32 : t;
          auto acc = Pack(acc_type, acc_in);
          const auto src = Pack(t, all);
          if (widen) {
            AccumulateRowsWiden(op, t, reinterpret_cast<float*>(acc.data()), src.data(), rows, cols,
                                stride);
          } else {
            AccumulateRows(op, t, acc.data(), src.data(), rows, cols, stride);
          }
          for (size_t c = 0; c < cols; ++c) {
            std::vector<uint64_t> seq{acc_in[c]};
            for (size_t r = 0; r < rows; ++r) {
              const uint64_t b = all[r * stride + c];
              seq.push_back(widen ? Widened(t, b) : b);
            }
            ASSERT_EQ(GetBits(acc_type, acc, c), Rule(l, op == ReduceOp::kMax, seq).bits)
                << Name(t, op, kShapes[c % std::size(kShapes)], rows) << " cols=" << cols
                << " c=" << c;
          }
        }
      }
    }
  }
}

OPSIM_INSTANTIATE_PER_TARGET(VectorMaxMinSameBits);

}  // namespace
}  // namespace opsim::sim::vec::testing
