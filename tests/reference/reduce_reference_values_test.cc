// Hand-computed results of the reference for every reducer x dtype, identities, NaN, wrap-around
// and the rounding of 16-bit results.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "opsim/reference/reduce_reference.h"
#include "reference/reduce_test_util.h"

namespace opsim::ref {
namespace {

using testing::FromTyped;
using testing::FromValues;
using testing::MakeBuffer;
using testing::RunReduce;

constexpr DType kAllSupported[] = {
    DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64, DType::kInt32,
    DType::kInt64,   DType::kUInt32,  DType::kUInt64,   DType::kInt8,    DType::kUInt8};
constexpr Reducer kAllReducers[] = {Reducer::kSum, Reducer::kMax, Reducer::kMin, Reducer::kProd};

std::string DTypeParamName(const ::testing::TestParamInfo<DType>& info) {
  return std::string(DTypeName(info.param));
}

class EveryDType : public ::testing::TestWithParam<DType> {};

// [[1,2,3],[4,5,6]]: every value and result is exact in every dtype.
TEST_P(EveryDType, TwoByThreeAlongEachAxis) {
  const DType dtype = GetParam();
  const auto in = FromValues(dtype, {1, 2, 3, 4, 5, 6});
  struct Case {
    Reducer r;
    int64_t axis;
    std::vector<double> want;
  };
  const Case cases[] = {
      {Reducer::kSum, 1, {6, 15}},   {Reducer::kProd, 1, {6, 120}},
      {Reducer::kMax, 1, {3, 6}},    {Reducer::kMin, 1, {1, 4}},
      {Reducer::kSum, 0, {5, 7, 9}}, {Reducer::kProd, 0, {4, 10, 18}},
      {Reducer::kMax, 0, {4, 5, 6}}, {Reducer::kMin, 0, {1, 2, 3}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(ReducerName(c.r)) + " axis " + std::to_string(c.axis));
    const auto run = RunReduce(c.r, in, Shape{2, 3}, {c.axis});
    if (!IsSupported(c.r, dtype)) {
      EXPECT_EQ(run.status.code(), ErrorCode::kInvalidTensorDtype) << run.status.message();
      continue;
    }
    ASSERT_TRUE(run.status.ok()) << run.status.ToString();
    EXPECT_EQ(run.out.Values(), c.want);
  }
}

// Signed types with negative values: [[-3,2,-1],[4,0,-5]] along axis 1.
class SignedDType : public ::testing::TestWithParam<DType> {};

TEST_P(SignedDType, SignedValuesAlongLastAxis) {
  const DType dtype = GetParam();
  const auto in = FromValues(dtype, {-3, 2, -1, 4, 0, -5});
  const std::pair<Reducer, std::vector<double>> cases[] = {{Reducer::kSum, {-2, -1}},
                                                           {Reducer::kProd, {6, 0}},
                                                           {Reducer::kMax, {2, 4}},
                                                           {Reducer::kMin, {-3, -5}}};
  for (const auto& [r, want] : cases) {
    if (!IsSupported(r, dtype)) continue;
    SCOPED_TRACE(ReducerName(r));
    const auto run = RunReduce(r, in, Shape{2, 3}, {1});
    ASSERT_TRUE(run.status.ok()) << run.status.ToString();
    EXPECT_EQ(run.out.Values(), want);
  }
}

// docs/SPEC.md section 5: [4,0,5] reduced over axis 1 gives [4,5] filled with the empty-set value.
TEST_P(EveryDType, EmptyReducedDimGivesIdentity) {
  const DType dtype = GetParam();
  const auto in = MakeBuffer(dtype, 0);
  for (Reducer r : kAllReducers) {
    if (!IsSupported(r, dtype)) continue;
    SCOPED_TRACE(ReducerName(r));
    auto out = MakeBuffer(dtype, 20, 0xAB);
    const std::vector<int64_t> axes = {1};
    ASSERT_TRUE(Reduce(r, dtype, Shape{4, 0, 5}, axes, false, in.data(), out.data()).ok());
    EXPECT_EQ(ReducedShape(Shape{4, 0, 5}, axes, false), (Shape{4, 5}));
    // Integer MAX/MIN identities are checked bit for bit in IntegerEmptySetIsLowestAndHighest.
    if (!IsFloating(dtype) && (r == Reducer::kMax || r == Reducer::kMin)) continue;
    const double want = r == Reducer::kSum    ? 0
                        : r == Reducer::kProd ? 1
                        : r == Reducer::kMax  ? -INFINITY
                                              : INFINITY;
    for (int64_t i = 0; i < out.size(); ++i) ASSERT_EQ(out.Value(i), want) << "index " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Reference, EveryDType, ::testing::ValuesIn(kAllSupported), DTypeParamName);
INSTANTIATE_TEST_SUITE_P(Reference, SignedDType,
                         ::testing::Values(DType::kFloat32, DType::kFloat16, DType::kBFloat16,
                                           DType::kFloat64, DType::kInt32, DType::kInt64,
                                           DType::kInt8),
                         DTypeParamName);

TEST(ReduceReference, IntegerEmptySetIsLowestAndHighest) {
  const std::vector<int64_t> axes = {0};
  int32_t i32[2] = {};
  ASSERT_TRUE(Reduce(Reducer::kMax, DType::kInt32, Shape{0, 2}, axes, false, nullptr, i32).ok());
  EXPECT_EQ(i32[0], std::numeric_limits<int32_t>::lowest());
  EXPECT_EQ(i32[1], std::numeric_limits<int32_t>::lowest());
  ASSERT_TRUE(Reduce(Reducer::kMin, DType::kInt32, Shape{0, 2}, axes, false, nullptr, i32).ok());
  EXPECT_EQ(i32[0], std::numeric_limits<int32_t>::max());
  uint64_t u64[1] = {};
  ASSERT_TRUE(Reduce(Reducer::kMin, DType::kUInt64, Shape{0, 1}, axes, false, nullptr, u64).ok());
  EXPECT_EQ(u64[0], std::numeric_limits<uint64_t>::max());
  ASSERT_TRUE(Reduce(Reducer::kMax, DType::kUInt64, Shape{0, 1}, axes, false, nullptr, u64).ok());
  EXPECT_EQ(u64[0], 0u);
  int8_t i8[1] = {};
  ASSERT_TRUE(Reduce(Reducer::kMax, DType::kInt8, Shape{0, 1}, axes, false, nullptr, i8).ok());
  EXPECT_EQ(i8[0], -128);
  ASSERT_TRUE(Reduce(Reducer::kMin, DType::kInt8, Shape{0, 1}, axes, false, nullptr, i8).ok());
  EXPECT_EQ(i8[0], 127);
  uint8_t u8[1] = {};
  ASSERT_TRUE(Reduce(Reducer::kMin, DType::kUInt8, Shape{0, 1}, axes, false, nullptr, u8).ok());
  EXPECT_EQ(u8[0], 255);
}

TEST(ReduceReference, EmptyKeptDimGivesEmptyOutput) {
  const std::vector<int64_t> axes = {1};
  EXPECT_EQ(ReducedShape(Shape{0, 3}, axes, false), (Shape{0}));
  EXPECT_TRUE(
      Reduce(Reducer::kSum, DType::kFloat32, Shape{0, 3}, axes, false, nullptr, nullptr).ok());
  const std::vector<int64_t> last = {2};
  EXPECT_TRUE(
      Reduce(Reducer::kMax, DType::kInt8, Shape{2, 0, 3}, last, true, nullptr, nullptr).ok());
  const std::vector<int64_t> first = {0};
  EXPECT_TRUE(
      Reduce(Reducer::kProd, DType::kUInt32, Shape{3, 0}, first, true, nullptr, nullptr).ok());
}

TEST(ReduceReference, RankZeroIsIdentity) {
  for (DType dtype : kAllSupported) {
    for (Reducer r : kAllReducers) {
      if (!IsSupported(r, dtype)) continue;
      SCOPED_TRACE(std::string(DTypeName(dtype)) + " " + std::string(ReducerName(r)));
      const auto run = RunReduce(r, FromValues(dtype, {7}), Shape{}, {}, true);
      ASSERT_TRUE(run.status.ok()) << run.status.ToString();
      EXPECT_EQ(run.shape.rank(), 0);
      EXPECT_EQ(run.out.Values(), std::vector<double>{7});
    }
  }
}

TEST(ReduceReference, EmptyAxesIsIdentity) {
  const auto in = FromValues(DType::kBFloat16, {1.5, -2, 3.25, 0});
  const auto run = RunReduce(Reducer::kProd, in, Shape{2, 2}, {}, true);
  ASSERT_TRUE(run.status.ok());
  EXPECT_EQ(run.shape, (Shape{2, 2}));
  EXPECT_EQ(run.out.bytes, in.bytes);
}

TEST(ReduceReference, NanPropagatesThroughMaxAndMin) {
  // 37 is longer than any packet and not a multiple of one: NaNs sit at the head, in a packet
  // and in the scalar tail. Row 3 has no NaN and must stay exact.
  for (DType dtype : {DType::kFloat32, DType::kFloat64, DType::kFloat16, DType::kBFloat16}) {
    SCOPED_TRACE(DTypeName(dtype));
    std::vector<double> values(4 * 37);
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i % 37) - 10;
    values[0 * 37 + 0] = NAN;
    values[1 * 37 + 17] = NAN;
    values[2 * 37 + 36] = NAN;
    const auto in = FromValues(dtype, values);
    const auto mx = RunReduce(Reducer::kMax, in, Shape{4, 37}, {1});
    const auto mn = RunReduce(Reducer::kMin, in, Shape{4, 37}, {1});
    ASSERT_TRUE(mx.status.ok() && mn.status.ok());
    for (int64_t row = 0; row < 3; ++row) {
      EXPECT_TRUE(std::isnan(mx.out.Value(row))) << "row " << row;
      EXPECT_TRUE(std::isnan(mn.out.Value(row))) << "row " << row;
    }
    EXPECT_EQ(mx.out.Value(3), 26);
    EXPECT_EQ(mn.out.Value(3), -10);
    // Across a strided axis too: column 17 holds the NaN of row 1.
    const auto col = RunReduce(Reducer::kMax, in, Shape{4, 37}, {0});
    ASSERT_TRUE(col.status.ok());
    EXPECT_TRUE(std::isnan(col.out.Value(17)));
    EXPECT_EQ(col.out.Value(18), 8);
  }
}

TEST(ReduceReference, SumAndProdFollowIeee) {
  const auto in =
      FromValues(DType::kFloat32, {INFINITY, 1, INFINITY, -INFINITY, NAN, 2, -INFINITY, -INFINITY});
  const auto sum = RunReduce(Reducer::kSum, in, Shape{4, 2}, {1});
  ASSERT_TRUE(sum.status.ok());
  EXPECT_EQ(sum.out.Value(0), INFINITY);
  EXPECT_TRUE(std::isnan(sum.out.Value(1)));
  EXPECT_TRUE(std::isnan(sum.out.Value(2)));
  EXPECT_EQ(sum.out.Value(3), -INFINITY);
  const auto prod = RunReduce(
      Reducer::kProd, FromValues(DType::kFloat64, {INFINITY, 0, -2, INFINITY}), Shape{2, 2}, {1});
  ASSERT_TRUE(prod.status.ok());
  EXPECT_TRUE(std::isnan(prod.out.Value(0)));
  EXPECT_EQ(prod.out.Value(1), -INFINITY);
  const auto mx =
      RunReduce(Reducer::kMax, FromValues(DType::kFloat32, {-INFINITY, -INFINITY}), Shape{2}, {0});
  EXPECT_EQ(mx.out.Value(0), -INFINITY);
}

TEST(ReduceReference, IntegerSumAndProdWrap) {
  constexpr int32_t kI32Max = std::numeric_limits<int32_t>::max();
  constexpr int64_t kI64Max = std::numeric_limits<int64_t>::max();
  auto run =
      RunReduce(Reducer::kSum, FromTyped<int32_t>(DType::kInt32, {kI32Max, 1}), Shape{2}, {0});
  EXPECT_EQ(run.out.As<int32_t>(0), std::numeric_limits<int32_t>::min());
  run = RunReduce(Reducer::kProd, FromTyped<int32_t>(DType::kInt32, {65536, 65536, 3}), Shape{3},
                  {0});
  EXPECT_EQ(run.out.As<int32_t>(0), 0);
  run =
      RunReduce(Reducer::kProd, FromTyped<int32_t>(DType::kInt32, {-65537, 65537}), Shape{2}, {0});
  EXPECT_EQ(run.out.As<int32_t>(0), -131073);  // -(2^32 + 2^17 + 1) mod 2^32
  run = RunReduce(Reducer::kSum, FromTyped<uint32_t>(DType::kUInt32, {0xFFFFFFFFu, 2}), Shape{2},
                  {0});
  EXPECT_EQ(run.out.As<uint32_t>(0), 1u);
  run = RunReduce(Reducer::kSum, FromTyped<int64_t>(DType::kInt64, {kI64Max, 1}), Shape{2}, {0});
  EXPECT_EQ(run.out.As<int64_t>(0), std::numeric_limits<int64_t>::min());
  run = RunReduce(Reducer::kProd, FromTyped<int64_t>(DType::kInt64, {int64_t{1} << 62, 4}),
                  Shape{2}, {0});
  EXPECT_EQ(run.out.As<int64_t>(0), 0);
  run =
      RunReduce(Reducer::kProd,
                FromTyped<uint64_t>(DType::kUInt64, {0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFFull}),
                Shape{2}, {0});
  EXPECT_EQ(run.out.As<uint64_t>(0), 1u);  // (-1)^2 mod 2^64
  run = RunReduce(Reducer::kMax, FromTyped<int64_t>(DType::kInt64, {kI64Max, kI64Max - 1}),
                  Shape{2}, {0});
  EXPECT_EQ(run.out.As<int64_t>(0), kI64Max);
  run = RunReduce(Reducer::kMin, FromTyped<uint64_t>(DType::kUInt64, {~0ull, ~0ull - 1}), Shape{2},
                  {0});
  EXPECT_EQ(run.out.As<uint64_t>(0), ~0ull - 1);
}

TEST(ReduceReference, EightBitMaxAndMin) {
  const auto i8 = FromTyped<int8_t>(DType::kInt8, {-128, 127, 5, -7, 0, -1});
  auto run = RunReduce(Reducer::kMax, i8, Shape{2, 3}, {0});
  EXPECT_EQ(run.out.Values(), (std::vector<double>{-7, 127, 5}));
  run = RunReduce(Reducer::kMin, i8, Shape{2, 3}, {1});
  EXPECT_EQ(run.out.Values(), (std::vector<double>{-128, -7}));
  const auto u8 = FromTyped<uint8_t>(DType::kUInt8, {255, 0, 128, 1});
  run = RunReduce(Reducer::kMax, u8, Shape{4}, {0});
  EXPECT_EQ(run.out.As<uint8_t>(0), 255);
  run = RunReduce(Reducer::kMin, u8, Shape{4}, {0});
  EXPECT_EQ(run.out.As<uint8_t>(0), 0);
}

// 1 + 2^-11 + 2^-24 lies just above the float16 midpoint between 1 and 1 + 2^-10. Rounded via
// float (1 + 2^-11, a tie) and then to even it would give 1.0; one correct rounding gives
// 1 + 2^-10. The same construction one level down for bfloat16.
TEST(ReduceReference, SixteenBitResultsAreRoundedOnce) {
  auto run = RunReduce(
      Reducer::kSum, FromTyped<uint16_t>(DType::kFloat16, {0x3C00, 0x1000, 0x0001}), Shape{3}, {0});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x3C01);
  run = RunReduce(Reducer::kSum, FromTyped<uint16_t>(DType::kBFloat16, {0x3F80, 0x3B80, 0x3380}),
                  Shape{3}, {0});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x3F81);
  // Exact ties round to even.
  run = RunReduce(Reducer::kSum, FromTyped<uint16_t>(DType::kFloat16, {0x3C00, 0x1000}), Shape{2},
                  {0});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x3C00);
  run = RunReduce(Reducer::kSum, FromTyped<uint16_t>(DType::kFloat16, {0x3C01, 0x1000}), Shape{2},
                  {0});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x3C02);
  run = RunReduce(Reducer::kSum, FromTyped<uint16_t>(DType::kBFloat16, {0x3F80, 0x3B80}), Shape{2},
                  {0});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x3F80);
  // Overflow: 65504 + 16 = 65520 is the midpoint to 65536 and rounds to inf; 65504 + 15 does not.
  run = RunReduce(Reducer::kSum, FromValues(DType::kFloat16, {65504, 16, 65504, 15}), Shape{2, 2},
                  {1});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x7C00);
  EXPECT_EQ(run.out.As<uint16_t>(1), 0x7BFF);
  // Subnormal results: 0.5 * 2^-24 = 2^-25 is a tie between 0 and 2^-24 (odd): even is 0.
  run = RunReduce(Reducer::kProd, FromValues(DType::kFloat16, {0.5, std::ldexp(1.0, -24)}),
                  Shape{2}, {0});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x0000);
  run = RunReduce(Reducer::kSum, FromTyped<uint16_t>(DType::kFloat16, {0x0001, 0x0001}), Shape{2},
                  {0});
  EXPECT_EQ(run.out.As<uint16_t>(0), 0x0002);
}

// A float16 accumulator stalls at 2048 when adding ones; the reference must not.
TEST(ReduceReference, SixteenBitSumsDoNotAccumulateNarrow) {
  const std::vector<double> ones(3000, 1.0);
  for (DType dtype : {DType::kFloat16, DType::kBFloat16}) {
    const auto run = RunReduce(Reducer::kSum, FromValues(dtype, ones), Shape{3000}, {0});
    ASSERT_TRUE(run.status.ok());
    EXPECT_EQ(run.out.Value(0), dtype == DType::kFloat16 ? 3000 : 3008) << DTypeName(dtype);
  }
}

// Float32 is summed in double and rounded once: it equals the long double sum rounded to float.
TEST(ReduceReference, Float32SumIsCorrectlyRounded) {
  constexpr int64_t kN = 1 << 20;
  std::vector<double> values(kN);
  uint32_t state = 12345;
  long double exact = 0;
  for (int64_t i = 0; i < kN; ++i) {
    state = state * 1664525u + 1013904223u;
    values[static_cast<size_t>(i)] = static_cast<float>(state >> 8) / 16777216.0f;
    exact += values[static_cast<size_t>(i)];
  }
  const auto run = RunReduce(Reducer::kSum, FromValues(DType::kFloat32, values), Shape{kN}, {0});
  ASSERT_TRUE(run.status.ok());
  EXPECT_EQ(run.out.As<float>(0), static_cast<float>(exact));
}

}  // namespace
}  // namespace opsim::ref
