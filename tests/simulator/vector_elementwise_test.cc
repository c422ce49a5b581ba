// Binary, Scalar, Unary and Fill against plain scalar code, once per Highway target.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "simulator/vector_test_util.h"

namespace opsim::sim::vec::testing {
namespace {

// Max/Min contract: NaN if either is NaN (a's first), -0 < +0, else the usual order.
double RefMaxMin(bool is_max, double a, double b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  const bool a_less = a < b || (a == b && std::signbit(a) && !std::signbit(b));
  const bool b_less = b < a || (a == b && std::signbit(b) && !std::signbit(a));
  if (is_max) return a_less ? b : a;
  return b_less ? b : a;
}

double RefFloat(BinaryOp op, DType t, double a, double b) {
  switch (op) {
    case BinaryOp::kMax: return RefMaxMin(true, a, b);
    case BinaryOp::kMin: return RefMaxMin(false, a, b);
    default: break;
  }
  if (t == DType::kFloat64) {
    switch (op) {
      case BinaryOp::kAdd: return a + b;
      case BinaryOp::kSub: return a - b;
      case BinaryOp::kMul: return a * b;
      default: return a / b;
    }
  }
  const float x = static_cast<float>(a), y = static_cast<float>(b);
  switch (op) {
    case BinaryOp::kAdd: return x + y;
    case BinaryOp::kSub: return x - y;
    case BinaryOp::kMul: return x * y;
    default: return x / y;
  }
}

uint64_t RefInt(BinaryOp op, DType t, uint64_t ua, uint64_t ub) {
  const uint64_t mask = WidthMask(t);
  const bool sgn = IsSigned(t);
  const int shift = 64 - static_cast<int>(DTypeSize(t) * 8);
  const int64_t a = sgn ? static_cast<int64_t>(ua << shift) >> shift : static_cast<int64_t>(ua);
  const int64_t b = sgn ? static_cast<int64_t>(ub << shift) >> shift : static_cast<int64_t>(ub);
  switch (op) {
    case BinaryOp::kAdd: return (ua + ub) & mask;
    case BinaryOp::kSub: return (ua - ub) & mask;
    case BinaryOp::kMul: return (ua * ub) & mask;
    case BinaryOp::kDiv:
      if (ub == 0) return 0;
      if (!sgn) return (ua / ub) & mask;
      if (b == -1) return (0 - ua) & mask;
      return static_cast<uint64_t>(a / b) & mask;
    case BinaryOp::kMax:
      if (sgn) return static_cast<uint64_t>(std::max(a, b)) & mask;
      return std::max(ua, ub);
    case BinaryOp::kMin:
      if (sgn) return static_cast<uint64_t>(std::min(a, b)) & mask;
      return std::min(ua, ub);
  }
  return 0;
}

// Expected element i of op(a, b) (b broadcast from element 0 when `scalar`), stored in `out`.
void Expect(BinaryOp op, DType t, const std::vector<uint8_t>& a, const std::vector<uint8_t>& b,
            bool scalar, size_t i, std::vector<uint8_t>& out) {
  const size_t j = scalar ? 0 : i;
  if (IsFloating(t)) {
    SetF(t, out, i, RefFloat(op, t, GetF(t, a, i), GetF(t, b, j)));
  } else {
    SetBits(t, out, i, RefInt(op, t, GetBits(t, a, i), GetBits(t, b, j)));
  }
}

void CheckSame(DType t, const std::vector<uint8_t>& got, const std::vector<uint8_t>& want, size_t n,
               const std::string& what) {
  for (size_t i = 0; i < n; ++i) {
    if (IsFloating(t) && std::isnan(GetF(t, want, i))) {
      ASSERT_TRUE(std::isnan(GetF(t, got, i))) << what << " i=" << i;
      continue;
    }
    ASSERT_EQ(GetBits(t, got, i), GetBits(t, want, i))
        << what << " " << DTypeName(t) << " n=" << n << " i=" << i << " got " << GetF(t, got, i)
        << " want " << GetF(t, want, i);
  }
}

class VectorElementwise : public PerTarget {};

TEST_P(VectorElementwise, BinaryEveryOpAndDtypeMatchesScalar) {
  const BinaryOp ops[] = {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul,
                          BinaryOp::kDiv, BinaryOp::kMax, BinaryOp::kMin};
  for (const DType t : kNumericTypes) {
    for (const BinaryOp op : ops) {
      for (const size_t n : kLengths) {
        const auto a = RandomData(t, n, 11 + static_cast<uint32_t>(n));
        const auto b = RandomData(t, n, 97 + static_cast<uint32_t>(n));
        std::vector<uint8_t> got(a.size()), want(a.size());
        Binary(op, t, got.data(), a.data(), b.data(), n);
        for (size_t i = 0; i < n; ++i) Expect(op, t, a, b, false, i, want);
        CheckSame(t, got, want, n, "Binary op " + std::to_string(static_cast<int>(op)));
        // In place (dst == a) gives the same bits.
        auto inplace = a;
        Binary(op, t, inplace.data(), inplace.data(), b.data(), n);
        CheckSame(t, inplace, want, n, "Binary in place");
      }
    }
  }
}

TEST_P(VectorElementwise, ScalarOpsBroadcastTheOperand) {
  const std::pair<ScalarOp, BinaryOp> ops[] = {{ScalarOp::kAdd, BinaryOp::kAdd},
                                               {ScalarOp::kMul, BinaryOp::kMul},
                                               {ScalarOp::kMax, BinaryOp::kMax},
                                               {ScalarOp::kMin, BinaryOp::kMin}};
  for (const DType t : kNumericTypes) {
    for (const auto& [sop, bop] : ops) {
      for (const size_t n : {size_t{0}, size_t{1}, size_t{37}, size_t{1000}}) {
        for (uint32_t seed = 0; seed < 6; ++seed) {
          const auto a = RandomData(t, n, 5 + seed);
          const auto s = RandomData(t, 1, 1000 + seed);
          std::vector<uint8_t> got(a.size()), want(a.size());
          Scalar(sop, t, got.data(), a.data(), s.data(), n);
          for (size_t i = 0; i < n; ++i) Expect(bop, t, a, s, true, i, want);
          CheckSame(t, got, want, n, "Scalar");
        }
      }
    }
  }
}

TEST_P(VectorElementwise, IntegerEdgeCasesWrapWithoutTraps) {
  const int32_t a[] = {INT32_MIN, INT32_MAX, 7, -7, INT32_MIN};
  const int32_t b[] = {-1, 1, 0, 2, INT32_MIN};
  int32_t out[5];
  Binary(BinaryOp::kDiv, DType::kInt32, out, a, b, 5);
  EXPECT_EQ(out[0], INT32_MIN);  // INT_MIN / -1 wraps
  EXPECT_EQ(out[2], 0);          // division by zero gives 0
  EXPECT_EQ(out[3], -3);         // truncates towards zero
  Binary(BinaryOp::kAdd, DType::kInt32, out, a, b, 5);
  EXPECT_EQ(out[1], INT32_MIN);  // INT_MAX + 1 wraps
  Binary(BinaryOp::kMul, DType::kInt32, out, a, b, 5);
  EXPECT_EQ(out[0], INT32_MIN);
  const int64_t c[] = {INT64_MIN, 3037000500LL};
  int64_t o64[2];
  Binary(BinaryOp::kMul, DType::kInt64, o64, c, c, 2);
  EXPECT_EQ(o64[0], 0);
  EXPECT_EQ(static_cast<uint64_t>(o64[1]), 3037000500ULL * 3037000500ULL);
  Unary(UnaryOp::kAbs, DType::kInt64, o64, c, 2);
  EXPECT_EQ(o64[0], INT64_MIN);  // |INT64_MIN| wraps to itself
}

TEST_P(VectorElementwise, MaxMinPropagateNaNAndOrderSignedZeros) {
  const float a[] = {NAN, 1.0f, -0.0f, 0.0f, -INFINITY};
  const float b[] = {1.0f, NAN, 0.0f, -0.0f, INFINITY};
  float mx[5], mn[5];
  Binary(BinaryOp::kMax, DType::kFloat32, mx, a, b, 5);
  Binary(BinaryOp::kMin, DType::kFloat32, mn, a, b, 5);
  EXPECT_TRUE(std::isnan(mx[0]) && std::isnan(mx[1]) && std::isnan(mn[0]) && std::isnan(mn[1]));
  EXPECT_FALSE(std::signbit(mx[2]));
  EXPECT_FALSE(std::signbit(mx[3]));
  EXPECT_TRUE(std::signbit(mn[2]));
  EXPECT_TRUE(std::signbit(mn[3]));
  EXPECT_EQ(mx[4], INFINITY);
  EXPECT_EQ(mn[4], -INFINITY);
}

// Every pair of float32 specials (zeros, subnormals, infinities, quiet and signalling NaNs of
// either sign and other payloads), bit for bit: a NaN in a comes out as it is, else one in b,
// else the total-order max/min (-0 < +0). Full vectors and the tail alike.
TEST_P(VectorElementwise, MaxMinOfFloatSpecialsKeepTheirBits) {
  const uint32_t specials[] = {0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x3f800000,
                               0xbf800000, 0x7f7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
                               0xffc00001, 0x7f800001, 0xff812345, 0x3f800001};
  std::vector<uint32_t> a, b;
  for (const uint32_t x : specials) {
    for (const uint32_t y : specials) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  auto is_nan = [](uint32_t v) { return (v & 0x7fffffff) > 0x7f800000; };
  auto key = [](uint32_t v) {  // the float order as a signed order, -0 below +0
    return static_cast<int32_t>(v & 0x80000000 ? ~v | 0x80000000 : v);
  };
  for (const bool is_max : {true, false}) {
    std::vector<uint32_t> got(a.size());
    Binary(is_max ? BinaryOp::kMax : BinaryOp::kMin, DType::kFloat32, got.data(), a.data(),
           b.data(), a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      uint32_t want = is_max == (key(a[i]) >= key(b[i])) ? a[i] : b[i];
      if (is_nan(b[i])) want = b[i];
      if (is_nan(a[i])) want = a[i];
      EXPECT_EQ(got[i], want) << (is_max ? "Max " : "Min ") << std::hex << a[i] << " " << b[i];
    }
  }
}

// A lone element (n = 1, or one past whole vectors: a row's piece result added into its row's)
// gets the bits full vectors give the same operands, for every float32 op and the scalar forms,
// two NaN operands included (before OperandNaN's rule, which of two x86 returned was the
// compiler's operand order: the SCALAR target's Add and Mul, and AVX2's Add, differed between
// the tail and full vectors at session 41).
TEST_P(VectorElementwise, OneElementTailGivesTheFullVectorsBits) {
  const uint32_t specials[] = {0x3f800000, 0xc0490fdb, 0x00000001, 0x80000000, 0x7f800000,
                               0xff800000, 0x7fc00001, 0xffc12345, 0x7f7fffff};
  constexpr size_t kFull = 64;
  for (const uint32_t x : specials) {
    for (const uint32_t y : specials) {
      const std::vector<uint32_t> a(kFull + 1, x), b(kFull + 1, y);
      for (int o = 0; o <= static_cast<int>(BinaryOp::kMin); ++o) {
        const auto op = static_cast<BinaryOp>(o);
        std::vector<uint32_t> full(kFull + 1), one(1);
        Binary(op, DType::kFloat32, full.data(), a.data(), b.data(), kFull + 1);
        Binary(op, DType::kFloat32, one.data(), a.data(), b.data(), 1);
        EXPECT_EQ(one[0], full[0]) << "op " << o << std::hex << " " << x << " " << y;
        EXPECT_EQ(full[kFull], full[0]) << "op " << o << std::hex << " " << x << " " << y;
      }
      for (int o = 0; o <= static_cast<int>(ScalarOp::kMin); ++o) {
        const auto op = static_cast<ScalarOp>(o);
        std::vector<uint32_t> full(kFull + 1), one(1);
        Scalar(op, DType::kFloat32, full.data(), a.data(), &y, kFull + 1);
        Scalar(op, DType::kFloat32, one.data(), a.data(), &y, 1);
        EXPECT_EQ(one[0], full[0]) << "scalar op " << o << std::hex << " " << x << " " << y;
        EXPECT_EQ(full[kFull], full[0]) << "scalar op " << o << std::hex << " " << x << " " << y;
      }
    }
  }
}

// float16/bfloat16 Add/Sub/Mul/Div with NaN operands, in full vectors and the tail alike: one
// NaN operand comes out (quietened); two give b's for Mul and a's for the others
// (OperandNaN in vector_elementwise-inl.h), on every target.
TEST_P(VectorElementwise, Float16ArithmeticNaNOperandsFollowOneRule) {
  struct Kind {
    DType t;
    uint16_t a_nan, b_nan, a_quiet, b_quiet, one;
  };
  const Kind kinds[] = {{DType::kFloat16, 0x7C11, 0xFE22, 0x7E11, 0xFE22, 0x3C00},
                        {DType::kBFloat16, 0x7F81, 0xFFC2, 0x7FC1, 0xFFC2, 0x3F80}};
  const BinaryOp ops[] = {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul, BinaryOp::kDiv};
  constexpr size_t kN = 67;  // full vectors of every width and a tail
  for (const Kind& k : kinds) {
    for (const BinaryOp op : ops) {
      std::vector<uint16_t> a(kN), b(kN), out(kN);
      for (size_t i = 0; i < kN; ++i) {  // both NaN, a's only, b's only, both NaN, ...
        a[i] = i % 4 == 2 ? k.one : k.a_nan;
        b[i] = i % 4 == 1 ? k.one : k.b_nan;
      }
      Binary(op, k.t, out.data(), a.data(), b.data(), kN);
      for (size_t i = 0; i < kN; ++i) {
        const bool a_is_nan = a[i] == k.a_nan, b_is_nan = b[i] == k.b_nan;
        const uint16_t want = a_is_nan && b_is_nan ? (op == BinaryOp::kMul ? k.b_quiet : k.a_quiet)
                              : a_is_nan           ? k.a_quiet
                                                   : k.b_quiet;
        ASSERT_EQ(out[i], want) << DTypeName(k.t) << " op " << static_cast<int>(op) << " i=" << i;
      }
    }
  }
}

// float32 follows the same rule in full vectors and the tail: a signalling NaN comes out
// quietened, two NaNs give b's for Mul and a's for the others, inf - inf its own NaN.
TEST_P(VectorElementwise, Float32ArithmeticNaNOperandsFollowOneRule) {
  const uint32_t a_nan = 0x7f800011, b_nan = 0xffc00022, one = 0x3f800000, inf = 0x7f800000;
  const uint32_t a_quiet = 0x7fc00011, b_quiet = 0xffc00022;
  const BinaryOp ops[] = {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul, BinaryOp::kDiv};
  constexpr size_t kN = 67;  // full vectors of every width and a tail
  for (const BinaryOp op : ops) {
    std::vector<uint32_t> a(kN), b(kN), out(kN), lone(1);
    for (size_t i = 0; i < kN; ++i) {  // both NaN, a's only, b's only, both NaN, ...
      a[i] = i % 4 == 2 ? one : a_nan;
      b[i] = i % 4 == 1 ? one : b_nan;
    }
    Binary(op, DType::kFloat32, out.data(), a.data(), b.data(), kN);
    for (size_t i = 0; i < kN; ++i) {
      const bool a_is_nan = a[i] == a_nan, b_is_nan = b[i] == b_nan;
      const uint32_t want = a_is_nan && b_is_nan ? (op == BinaryOp::kMul ? b_quiet : a_quiet)
                            : a_is_nan           ? a_quiet
                                                 : b_quiet;
      ASSERT_EQ(out[i], want) << "op " << static_cast<int>(op) << " i=" << i;
      Binary(op, DType::kFloat32, lone.data(), &a[i], &b[i], 1);
      ASSERT_EQ(lone[0], want) << "lone, op " << static_cast<int>(op) << " i=" << i;
    }
  }
  const uint32_t infs[2] = {inf, inf};
  uint32_t diff[2] = {};
  Binary(BinaryOp::kSub, DType::kFloat32, diff, infs, infs, 2);
  EXPECT_EQ(diff[0] & 0x7fc00000u, 0x7fc00000u) << std::hex << diff[0];  // a quiet NaN
  EXPECT_EQ(diff[1], diff[0]);
}

TEST_P(VectorElementwise, UnaryAbsAndCopy) {
  for (const DType t : kNumericTypes) {
    for (const size_t n : kLengths) {
      const auto a = RandomData(t, n, 3 + static_cast<uint32_t>(n));
      std::vector<uint8_t> got(a.size()), want(a.size());
      Unary(UnaryOp::kCopy, t, got.data(), a.data(), n);
      ASSERT_EQ(0, std::memcmp(got.data(), a.data(), n * DTypeSize(t)));
      Unary(UnaryOp::kAbs, t, got.data(), a.data(), n);
      for (size_t i = 0; i < n; ++i) {
        uint64_t v = GetBits(t, a, i);
        if (IsFloating(t)) {
          v &= WidthMask(t) >> 1;  // IEEE abs clears the sign bit (NaN payload kept)
        } else if (IsSigned(t) && GetI(t, a, i) < 0) {
          v = (0 - v) & WidthMask(t);
        }
        SetBits(t, want, i, v);
      }
      ASSERT_EQ(0, std::memcmp(got.data(), want.data(), n * DTypeSize(t))) << DTypeName(t);
    }
  }
}

TEST_P(VectorElementwise, FillWritesExactlyNElements) {
  for (const DType t : kNumericTypes) {
    for (const size_t n : kLengths) {
      const auto v = RandomData(t, 1, 77);
      std::vector<uint8_t> got((n + 3) * DTypeSize(t), 0xAB);
      Fill(t, got.data(), v.data(), n);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(GetBits(t, got, i), GetBits(t, v, 0));
      for (size_t i = n * DTypeSize(t); i < got.size(); ++i) ASSERT_EQ(got[i], 0xAB);
    }
  }
}

TEST(VectorTargets, ForcingEachTargetIsVisibleAndRestorable) {
  const auto targets = SupportedTargets();
  ASSERT_FALSE(targets.empty());
  for (const auto& t : targets) {
    ForceTargetForTest(t);
    EXPECT_EQ(ActiveTarget(), t);
  }
  ForceTargetForTest("");
  EXPECT_EQ(ActiveTarget(), targets.front());
  EXPECT_EQ(SupportedTargets(), targets);
}

OPSIM_INSTANTIATE_PER_TARGET(VectorElementwise);

}  // namespace
}  // namespace opsim::sim::vec::testing
