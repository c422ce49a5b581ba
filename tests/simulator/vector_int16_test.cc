// int16 and uint16 in the vector unit, once per Highway target: Binary (wrapping Add/Sub/Mul,
// Max/Min, Div by zero 0), Scalar, Abs, Reduce (Sum and Prod wrap; Prod of uint16 in 32 bits),
// Cast to and from float (saturating, every rounding), Compare, against plain scalar code.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "simulator/vector_test_util.h"

namespace opsim::sim::vec::testing {
namespace {

class VectorInt16 : public PerTarget {};

constexpr size_t kN = 203;  // not a multiple of any target's lanes: tails included

template <typename T>
std::vector<T> Values(uint32_t seed) {
  std::vector<T> v(kN);
  for (size_t i = 0; i < kN; ++i) v[i] = static_cast<T>((i * 7919u + seed) * 2654435761u >> 16);
  v[0] = std::numeric_limits<T>::min();
  v[1] = std::numeric_limits<T>::max();
  v[2] = 0;
  return v;
}

template <typename T>
T WrapTo(int64_t v) {
  return static_cast<T>(static_cast<uint64_t>(v) & 0xFFFFu);
}

template <typename T>
void CheckBinary(DType t) {
  const std::vector<T> a = Values<T>(1), b = Values<T>(2);
  std::vector<T> out(kN);
  for (BinaryOp op : {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul, BinaryOp::kMax,
                      BinaryOp::kMin, BinaryOp::kDiv}) {
    Binary(op, t, out.data(), a.data(), b.data(), kN);
    for (size_t i = 0; i < kN; ++i) {
      const int64_t x = a[i], y = b[i];
      int64_t want = 0;
      switch (op) {
        case BinaryOp::kAdd: want = x + y; break;
        case BinaryOp::kSub: want = x - y; break;
        case BinaryOp::kMul: want = x * y; break;
        case BinaryOp::kMax: want = std::max(x, y); break;
        case BinaryOp::kMin: want = std::min(x, y); break;
        case BinaryOp::kDiv: want = y == 0 ? 0 : (y == -1 ? -x : x / y); break;
      }
      ASSERT_EQ(out[i], WrapTo<T>(want)) << DTypeName(t) << " op " << int(op) << " i " << i;
    }
  }
  const T s = static_cast<T>(-3);
  Scalar(ScalarOp::kMul, t, out.data(), a.data(), &s, kN);
  for (size_t i = 0; i < kN; ++i) ASSERT_EQ(out[i], WrapTo<T>(int64_t{a[i]} * int64_t{s})) << i;
}

TEST_P(VectorInt16, BinaryAndScalarWrap) {
  CheckBinary<int16_t>(DType::kInt16);
  CheckBinary<uint16_t>(DType::kUInt16);
}

TEST_P(VectorInt16, AbsReduceAndCompare) {
  const std::vector<int16_t> a = Values<int16_t>(3), b = Values<int16_t>(4);
  std::vector<int16_t> abs(kN);
  Unary(UnaryOp::kAbs, DType::kInt16, abs.data(), a.data(), kN);
  int64_t sum = 0, hi = INT16_MIN;
  for (size_t i = 0; i < kN; ++i) {
    ASSERT_EQ(abs[i], WrapTo<int16_t>(a[i] < 0 ? -int64_t{a[i]} : a[i])) << i;  // -32768 stays
    sum += a[i], hi = std::max<int64_t>(hi, a[i]);
  }
  int16_t r = 0;
  uint32_t index = 0;
  Reduce(ReduceOp::kSum, DType::kInt16, &r, a.data(), kN, nullptr);
  EXPECT_EQ(r, WrapTo<int16_t>(sum));
  Reduce(ReduceOp::kMax, DType::kInt16, &r, a.data(), kN, &index);
  EXPECT_EQ(r, hi);
  EXPECT_EQ(a[index], hi);
  const std::vector<uint16_t> u(kN, 65535);
  uint16_t p = 0;
  Reduce(ReduceOp::kProd, DType::kUInt16, &p, u.data(), kN, nullptr);
  EXPECT_EQ(p, 65535);  // (-1)^203 mod 2^16: odd count
  std::vector<uint8_t> bits((kN + 7) / 8);
  Compare(CmpMode::kLt, DType::kInt16, bits.data(), a.data(), b.data(), false, kN);
  for (size_t i = 0; i < kN; ++i) ASSERT_EQ((bits[i / 8] >> (i % 8)) & 1, a[i] < b[i] ? 1 : 0);
}

TEST_P(VectorInt16, CastsSaturateAndRound) {
  const std::vector<float> f = {-40000.f, -32768.5f, -2.5f, -1.5f, 0.5f, 1.5f, 2.5f,
                                32767.4f, 40000.f,   NAN,   -0.f,  3.7f, -3.7f};
  std::vector<int16_t> out(f.size());
  for (Round round : {Round::kRint, Round::kFloor, Round::kCeil, Round::kRound, Round::kTrunc}) {
    Cast(DType::kInt16, out.data(), DType::kFloat32, f.data(), round, f.size());
    for (size_t i = 0; i < f.size(); ++i) {
      double want = f[i];
      switch (round) {
        case Round::kFloor: want = std::floor(want); break;
        case Round::kCeil: want = std::ceil(want); break;
        case Round::kRound: want = std::round(want); break;
        case Round::kTrunc: want = std::trunc(want); break;
        default: want = std::nearbyint(want); break;
      }
      want = std::isnan(want) ? 0 : std::clamp(want, -32768.0, 32767.0);
      ASSERT_EQ(out[i], static_cast<int16_t>(want)) << "round " << int(round) << " i " << i;
    }
  }
  const std::vector<uint16_t> u = Values<uint16_t>(5);
  std::vector<float> back(kN);
  Cast(DType::kFloat32, back.data(), DType::kUInt16, u.data(), Round::kNone, kN);
  for (size_t i = 0; i < kN; ++i) ASSERT_EQ(back[i], static_cast<float>(u[i])) << i;
}

OPSIM_INSTANTIATE_PER_TARGET(VectorInt16);

}  // namespace
}  // namespace opsim::sim::vec::testing
