// Compare: exact rules for integers and MAX/MIN, and the SUM/PROD bound on both of its sides.
#include "opsim/reference/compare.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "reference/reduce_test_util.h"

namespace opsim::ref {
namespace {

using testing::FromTyped;
using testing::FromValues;

CompareResult Cmp(Reducer r, int64_t len, const testing::Buffer& e, const testing::Buffer& a) {
  return Compare(r, e.dtype, len, e.data(), a.data(), e.size());
}

TEST(Compare, IntegersAreBitwise) {
  const auto e = FromTyped<int32_t>(DType::kInt32, {1, -2, 3, 4});
  EXPECT_TRUE(Cmp(Reducer::kSum, 1000, e, e).ok);
  const auto a = FromTyped<int32_t>(DType::kInt32, {1, -2, 4, 5});
  const CompareResult c = Cmp(Reducer::kSum, 1000, e, a);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.mismatches, 2);
  EXPECT_EQ(c.first_bad, 2);
  EXPECT_EQ(c.max_abs_err, 1);
  EXPECT_NE(c.message.find("index 2: expected 3, actual 4"), std::string::npos) << c.message;
  const auto u = FromTyped<uint64_t>(DType::kUInt64, {~0ull});
  const auto u1 = FromTyped<uint64_t>(DType::kUInt64, {~0ull - 1});
  EXPECT_TRUE(Cmp(Reducer::kProd, 2, u, u).ok);
  EXPECT_FALSE(Cmp(Reducer::kProd, 2, u, u1).ok);
  const auto i8 = FromTyped<int8_t>(DType::kInt8, {-128});
  const auto i8b = FromTyped<int8_t>(DType::kInt8, {127});
  const CompareResult c8 = Cmp(Reducer::kMax, 3, i8, i8b);
  EXPECT_FALSE(c8.ok);
  EXPECT_NE(c8.message.find("expected -128, actual 127"), std::string::npos) << c8.message;
  EXPECT_EQ(Tolerance(Reducer::kSum, DType::kInt32, 1 << 20), 0.0);
}

TEST(Compare, MaxMinFloatsAreExact) {
  for (DType dtype : {DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64}) {
    SCOPED_TRACE(DTypeName(dtype));
    const auto e = FromValues(dtype, {1.0, NAN, INFINITY, -INFINITY, 0.0, -0.0});
    const auto same = FromValues(dtype, {1.0, -NAN, INFINITY, -INFINITY, -0.0, 0.0});
    EXPECT_TRUE(Cmp(Reducer::kMax, 1000, e, same).ok);  // zeros of either sign, any NaN
    EXPECT_TRUE(Cmp(Reducer::kMin, 1000, e, same).ok);
    const std::vector<std::vector<double>> bad = {
        {std::nextafter(1.0f, 2.0f), NAN, INFINITY, -INFINITY, 0, 0},  // 1 ulp (f32/f64)
        {1.0, 1.0, INFINITY, -INFINITY, 0, 0},                         // NaN vs number
        {1.0, NAN, -INFINITY, -INFINITY, 0, 0},                        // inf sign
        {1.0, NAN, 1000.0, -INFINITY, 0, 0},                           // inf vs finite
        {NAN, NAN, INFINITY, -INFINITY, 0, 0},                         // number vs NaN
    };
    for (size_t k = 0; k < bad.size(); ++k) {
      const auto a = FromValues(dtype, bad[k]);
      if (k == 0 && DTypeSize(dtype) == 2) continue;  // 1 + 2^-23 rounds back to 1 there
      const CompareResult c = Cmp(Reducer::kMax, 7, e, a);
      EXPECT_FALSE(c.ok) << "case " << k;
      EXPECT_EQ(c.mismatches, 1) << "case " << k;
    }
  }
  EXPECT_EQ(Tolerance(Reducer::kMax, DType::kFloat32, 1000), 0.0);
}

TEST(Compare, SumFloat32BoundOnBothSides) {
  constexpr int64_t kLen = 1024;
  const double tol = Tolerance(Reducer::kSum, DType::kFloat32, kLen);
  EXPECT_DOUBLE_EQ(tol, std::ldexp(1.0, -24) * (2 * 10 + 4));
  const double e = 1000.0;
  const auto e32 = FromValues(DType::kFloat32, {e});
  const auto inside = FromValues(DType::kFloat32, {e * (1 + 0.8 * tol)});
  const auto outside = FromValues(DType::kFloat32, {e * (1 + 1.3 * tol)});
  EXPECT_TRUE(Cmp(Reducer::kSum, kLen, e32, inside).ok);
  const CompareResult c = Cmp(Reducer::kSum, kLen, e32, outside);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.first_bad, 0);
  EXPECT_NE(c.message.find("expected 1000 (0x447a0000)"), std::string::npos) << c.message;
  EXPECT_NE(c.message.find("> bound"), std::string::npos) << c.message;
  EXPECT_GT(c.max_rel_err, tol);
  // The bound grows with the reduction length.
  EXPECT_TRUE(Cmp(Reducer::kSum, kLen * kLen, e32, outside).ok);
  EXPECT_LT(Tolerance(Reducer::kSum, DType::kFloat32, 10),
            Tolerance(Reducer::kSum, DType::kFloat32, 10000));
  EXPECT_LT(Tolerance(Reducer::kSum, DType::kFloat64, kLen), 1e-14);
}

TEST(Compare, SumFloat64UsesDoubleEpsilon) {
  constexpr int64_t kLen = 100;
  const double tol = Tolerance(Reducer::kSum, DType::kFloat64, kLen);
  const auto e = FromValues(DType::kFloat64, {3.0});
  EXPECT_TRUE(Cmp(Reducer::kSum, kLen, e, FromValues(DType::kFloat64, {3.0 * (1 + 0.9 * tol)})).ok);
  EXPECT_FALSE(Cmp(Reducer::kSum, kLen, e, FromValues(DType::kFloat64, {3.0 * (1 + 2 * tol)})).ok);
  EXPECT_FALSE(Cmp(Reducer::kSum, kLen, e, FromValues(DType::kFloat64, {3.0 + 1e-12})).ok);
}

// float16: the reference rounds the double sum once; a float32-accumulating kernel may land one
// float16 ulp away (see SixteenBitResultsAreRoundedOnce). One ulp passes, two fail.
TEST(Compare, SumFloat16AllowsOneOutputUlp) {
  const auto e = FromTyped<uint16_t>(DType::kFloat16, {0x3C01, 0x4500});
  const auto one_ulp = FromTyped<uint16_t>(DType::kFloat16, {0x3C00, 0x4501});
  const auto two_ulp = FromTyped<uint16_t>(DType::kFloat16, {0x3C01, 0x4502});
  EXPECT_TRUE(Cmp(Reducer::kSum, 3, e, one_ulp).ok) << Cmp(Reducer::kSum, 3, e, one_ulp).message;
  const CompareResult c = Cmp(Reducer::kSum, 3, e, two_ulp);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.first_bad, 1);
  EXPECT_NE(c.message.find("(0x4500)"), std::string::npos) << c.message;
  EXPECT_NE(c.message.find("(0x4502)"), std::string::npos) << c.message;
  const auto b = FromTyped<uint16_t>(DType::kBFloat16, {0x3F81});
  EXPECT_TRUE(Cmp(Reducer::kSum, 3, b, FromTyped<uint16_t>(DType::kBFloat16, {0x3F80})).ok);
  EXPECT_FALSE(Cmp(Reducer::kSum, 3, b, FromTyped<uint16_t>(DType::kBFloat16, {0x3F83})).ok);
}

// A sum that cancels to ~0 carries an error proportional to the magnitudes, not the result.
TEST(Compare, NearZeroSumNeedsMagnitudes) {
  constexpr int64_t kLen = 1024;
  const auto e = FromValues(DType::kFloat32, {0.0});
  const auto a = FromValues(DType::kFloat32, {1e-6});
  EXPECT_FALSE(Cmp(Reducer::kSum, kLen, e, a).ok);
  const std::vector<double> magnitude = {1.0};  // bound: 24 * 2^-24 * 1 = 1.43e-6
  EXPECT_TRUE(Compare(Reducer::kSum, DType::kFloat32, kLen, e.data(), a.data(), 1, magnitude).ok);
  const auto far = FromValues(DType::kFloat32, {2e-6});
  EXPECT_FALSE(
      Compare(Reducer::kSum, DType::kFloat32, kLen, e.data(), far.data(), 1, magnitude).ok);
  const std::vector<double> wrong_size = {1.0, 2.0};
  const CompareResult c =
      Compare(Reducer::kSum, DType::kFloat32, kLen, e.data(), a.data(), 1, wrong_size);
  EXPECT_FALSE(c.ok);
  EXPECT_NE(c.message.find("abs_sums"), std::string::npos);
  // The smallest float16 subnormal is always tolerated.
  const auto h0 = FromTyped<uint16_t>(DType::kFloat16, {0x0000});
  EXPECT_TRUE(Cmp(Reducer::kSum, 1, h0, FromTyped<uint16_t>(DType::kFloat16, {0x0001})).ok);
  EXPECT_FALSE(Cmp(Reducer::kSum, 1, h0, FromTyped<uint16_t>(DType::kFloat16, {0x0003})).ok);
}

TEST(Compare, SumSpecialValues) {
  const auto e = FromValues(DType::kFloat32, {NAN, INFINITY, -INFINITY, 5});
  EXPECT_TRUE(Cmp(Reducer::kSum, 4, e, e).ok);
  const std::vector<std::vector<double>> bad = {
      {0, INFINITY, -INFINITY, 5},          {NAN, -INFINITY, -INFINITY, 5},
      {NAN, FLT_MAX, -INFINITY, 5},         {NAN, INFINITY, -INFINITY, NAN},
      {NAN, INFINITY, -INFINITY, INFINITY},
  };
  for (size_t k = 0; k < bad.size(); ++k) {
    const CompareResult c = Cmp(Reducer::kSum, 4, e, FromValues(DType::kFloat32, bad[k]));
    EXPECT_FALSE(c.ok) << "case " << k;
    EXPECT_EQ(c.max_abs_err, INFINITY) << "case " << k;
    EXPECT_NE(c.message.find("NaN/inf must match"), std::string::npos) << c.message;
  }
}

TEST(Compare, ProdBoundGrowsLinearly) {
  const double t10 = Tolerance(Reducer::kProd, DType::kFloat32, 10);
  const double t100 = Tolerance(Reducer::kProd, DType::kFloat32, 100);
  EXPECT_DOUBLE_EQ(t10, std::ldexp(1.0, -24) * 14);
  EXPECT_DOUBLE_EQ(t100, std::ldexp(1.0, -24) * 104);
  const auto e = FromValues(DType::kFloat32, {-2.0});
  EXPECT_TRUE(
      Cmp(Reducer::kProd, 100, e, FromValues(DType::kFloat32, {-2.0 * (1 + 0.9 * t100)})).ok);
  EXPECT_FALSE(
      Cmp(Reducer::kProd, 10, e, FromValues(DType::kFloat32, {-2.0 * (1 + 0.9 * t100)})).ok);
  // Products below the float32 normal range lose relative accuracy: FLT_MIN is the floor.
  const auto tiny = FromValues(DType::kFloat32, {1e-40});
  EXPECT_TRUE(Cmp(Reducer::kProd, 3, tiny, FromValues(DType::kFloat32, {5e-39})).ok);
  EXPECT_EQ(Tolerance(Reducer::kProd, DType::kFloat16, 1),
            std::ldexp(1.0, -24) * 5 + std::ldexp(1.0, -10));
}

TEST(Compare, BadArguments) {
  const auto e = FromValues(DType::kFloat32, {1});
  EXPECT_FALSE(Compare(Reducer::kSum, DType::kInt8, 1, e.data(), e.data(), 1).ok);
  EXPECT_FALSE(Compare(Reducer::kSum, DType::kBool, 1, e.data(), e.data(), 1).ok);
  EXPECT_FALSE(Compare(Reducer::kSum, DType::kFloat32, 1, e.data(), e.data(), -1).ok);
  EXPECT_FALSE(Compare(Reducer::kSum, DType::kFloat32, 1, nullptr, e.data(), 1).ok);
  const CompareResult empty = Compare(Reducer::kSum, DType::kFloat32, 1, nullptr, nullptr, 0);
  EXPECT_TRUE(empty.ok);
  EXPECT_EQ(empty.first_bad, -1);
}

}  // namespace
}  // namespace opsim::ref
