// Every level-0 elementwise form, in each dtype Ascend C lists for it, against the model
// "lane layout + the op's count form": the active lanes of a strided, bit-masked level-0 call
// must hold exactly what the count form (tested against scalar models elsewhere) computes for
// the same inputs, and every other element must keep its old value.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr uint8_t kRepeats = 3;
constexpr uint8_t kBlk = 2;   // every operand: 2 blocks between a repeat's blocks
constexpr uint8_t kRep = 17;  // and 17 blocks between repeats
constexpr uint32_t kTileBytes = 8192;

// Element index of lane i of repeat r in an operand with the strides above.
template <typename T>
size_t At(size_t r, size_t i) {
  constexpr size_t kPerBlock = 32 / sizeof(T);
  return (r * kRep * 32 + (i / kPerBlock) * kBlk * 32) / sizeof(T) + i % kPerBlock;
}

template <typename T>
std::vector<T> Inputs(int salt, bool positive) {
  std::vector<T> v(kTileBytes / sizeof(T));
  for (size_t i = 0; i < v.size(); ++i) {
    const int k = static_cast<int>((i * 7 + salt * 13) % 23);
    const float x =
        positive ? static_cast<float>(k + 1) * 0.25f : static_cast<float>(k - 11) * 0.5f;
    v[i] = static_cast<T>(x);
    if constexpr (std::is_integral_v<T>) v[i] = static_cast<T>(k - 11 + (k == 11 ? 1 : 0));
  }
  return v;
}

// Level-0 call `level0(dst, a, b)` vs count call `count(dst, a, b, n)` on gathered lanes.
template <typename T, typename L0, typename Count>
void CheckAgainstCount(const char* name, bool positive, L0&& level0, Count&& count) {
  constexpr size_t kPer = 256 / sizeof(T);
  const uint64_t mask[2] = {kPer >= 64 ? 0xA5A5A5A50F0FF00Full : 0xF00Full,
                            kPer > 64 ? 0x00000000FFFF0001ull : 0};
  auto on = [&](size_t i) { return (mask[i / 64] >> (i % 64)) & 1u; };
  const std::vector<T> a = Inputs<T>(1, positive), b = Inputs<T>(2, positive);
  std::vector<T> got(a.size()), want(a.size());
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z, ca, cb, cz;
    for (auto* buf : {&x, &y, &z, &ca, &cb, &cz}) pipe.InitBuffer(*buf, kTileBytes);
    LocalTensor<T> ta = x.Get<T>(), tb = y.Get<T>(), td = z.Get<T>();
    std::memcpy(static_cast<void*>(ta.data()), a.data(), kTileBytes);
    std::memcpy(static_cast<void*>(tb.data()), b.data(), kTileBytes);
    std::memcpy(static_cast<void*>(td.data()), b.data(), kTileBytes);           // old dst values
    for (const LocalTensor<T>& t : {ta, tb, td}) detail::HostWroteUb(t.ref());  // from the host
    level0(td, ta, tb, mask);
    std::memcpy(static_cast<void*>(got.data()), td.data(), kTileBytes);
    // The model: gather the active lanes, run the count form, scatter.
    LocalTensor<T> ga = ca.Get<T>(), gb = cb.Get<T>(), gd = cz.Get<T>();
    size_t n = 0;
    for (size_t rep = 0; rep < kRepeats; ++rep) {
      for (size_t i = 0; i < kPer; ++i) {
        if (!on(i)) continue;
        ga.data()[n] = a[At<T>(rep, i)];
        gb.data()[n] = b[At<T>(rep, i)];
        ++n;
      }
    }
    // The old dst of every active lane is b's value there (dst was preloaded with b).
    std::memcpy(static_cast<void*>(gd.data()), gb.data(), n * sizeof(T));
    for (const LocalTensor<T>& t : {ga, gb, gd}) detail::HostWroteUb(t.ref());  // from the host
    count(gd, ga, gb, static_cast<int32_t>(n));
    want = b;
    n = 0;
    for (size_t rep = 0; rep < kRepeats; ++rep) {
      for (size_t i = 0; i < kPer; ++i) {
        if (on(i)) want[At<T>(rep, i)] = gd.data()[n++];
      }
    }
  });
  ASSERT_TRUE(r.status.ok()) << name << ": " << r.status.ToString();
  EXPECT_EQ(std::memcmp(got.data(), want.data(), kTileBytes), 0) << name;
}

const BinaryRepeatParams kBin(kBlk, kBlk, kBlk, kRep, kRep, kRep);
const UnaryRepeatParams kUn(kBlk, kBlk, kRep, kRep);

#define BINARY_CASE(T, Op, Pos)                                                             \
  CheckAgainstCount<T>(                                                                     \
      #Op " " #T, Pos,                                                                      \
      [](auto& d, auto& a, auto& b, const uint64_t* m) { Op(d, a, b, m, kRepeats, kBin); }, \
      [](auto& d, auto& a, auto& b, int32_t n) { Op(d, a, b, n); })
#define UNARY_CASE(T, Op, Pos)                                                        \
  CheckAgainstCount<T>(                                                               \
      #Op " " #T, Pos,                                                                \
      [](auto& d, auto& a, auto&, const uint64_t* m) { Op(d, a, m, kRepeats, kUn); }, \
      [](auto& d, auto& a, auto&, int32_t n) { Op(d, a, n); })
#define SCALAR_CASE(T, Op, Value)                          \
  CheckAgainstCount<T>(                                    \
      #Op " " #T, false,                                   \
      [](auto& d, auto& a, auto&, const uint64_t* m) {     \
        Op(d, a, static_cast<T>(Value), m, kRepeats, kUn); \
      },                                                   \
      [](auto& d, auto& a, auto&, int32_t n) { Op(d, a, static_cast<T>(Value), n); })

TEST(VectorLevel0Ops, BinaryOpsHalfFloatInt32) {
  BINARY_CASE(half, Add, false);
  BINARY_CASE(half, Sub, false);
  BINARY_CASE(half, Mul, false);
  BINARY_CASE(half, Div, true);
  BINARY_CASE(half, Max, false);
  BINARY_CASE(half, Min, false);
  BINARY_CASE(float, Add, false);
  BINARY_CASE(float, Sub, false);
  BINARY_CASE(float, Mul, false);
  BINARY_CASE(float, Div, true);
  BINARY_CASE(float, Max, false);
  BINARY_CASE(float, Min, false);
  BINARY_CASE(int32_t, Add, false);
  BINARY_CASE(int32_t, Sub, false);
  BINARY_CASE(int32_t, Mul, false);
  BINARY_CASE(int32_t, Max, false);
  BINARY_CASE(int32_t, Min, false);
  BINARY_CASE(int16_t, And, false);
  BINARY_CASE(uint16_t, And, false);
  BINARY_CASE(int16_t, Or, false);
  BINARY_CASE(uint16_t, Or, false);
}

// MulAddDst, FusedMulAdd and MulAddRelu read dst: the model's count form starts from the gathered
// old dst.
TEST(VectorLevel0Ops, FusedOpsHalfFloat) {
  BINARY_CASE(half, AddRelu, false);
  BINARY_CASE(half, SubRelu, false);
  BINARY_CASE(half, MulAddDst, false);
  BINARY_CASE(half, FusedMulAdd, false);
  BINARY_CASE(half, MulAddRelu, false);
  BINARY_CASE(half, FusedMulAddRelu, false);
  BINARY_CASE(float, AddRelu, false);
  BINARY_CASE(float, SubRelu, false);
  BINARY_CASE(float, MulAddDst, false);
  BINARY_CASE(float, FusedMulAdd, false);
  BINARY_CASE(float, MulAddRelu, false);
  BINARY_CASE(float, FusedMulAddRelu, false);
}

TEST(VectorLevel0Ops, UnaryOpsHalfFloat) {
  UNARY_CASE(half, Exp, false);
  UNARY_CASE(half, Ln, true);
  UNARY_CASE(half, Sqrt, true);
  UNARY_CASE(half, Rsqrt, true);
  UNARY_CASE(half, Reciprocal, true);
  UNARY_CASE(half, Relu, false);
  UNARY_CASE(half, Abs, false);
  UNARY_CASE(float, Exp, false);
  UNARY_CASE(float, Ln, true);
  UNARY_CASE(float, Sqrt, true);
  UNARY_CASE(float, Rsqrt, true);
  UNARY_CASE(float, Reciprocal, true);
  UNARY_CASE(float, Relu, false);
  UNARY_CASE(float, Abs, false);
  UNARY_CASE(int32_t, Relu, false);
  UNARY_CASE(int16_t, Not, false);
  UNARY_CASE(uint16_t, Not, false);
}

TEST(VectorLevel0Ops, ScalarOpsHalfFloatAndShifts) {
  SCALAR_CASE(half, Adds, 1.5f);
  SCALAR_CASE(half, Muls, -0.75f);
  SCALAR_CASE(half, Maxs, 0.5f);
  SCALAR_CASE(half, Mins, 0.5f);
  SCALAR_CASE(half, LeakyRelu, 0.1f);
  SCALAR_CASE(float, Adds, 1.5f);
  SCALAR_CASE(float, Muls, -0.75f);
  SCALAR_CASE(float, Maxs, 0.5f);
  SCALAR_CASE(float, Mins, 0.5f);
  SCALAR_CASE(float, LeakyRelu, 0.1f);
  SCALAR_CASE(int32_t, Adds, 7);
  SCALAR_CASE(int32_t, Muls, -3);
  SCALAR_CASE(int16_t, ShiftLeft, 3);
  SCALAR_CASE(uint16_t, ShiftLeft, 3);
  SCALAR_CASE(int32_t, ShiftLeft, 5);
  SCALAR_CASE(uint32_t, ShiftLeft, 5);
  SCALAR_CASE(int16_t, ShiftRight, 2);
  SCALAR_CASE(uint16_t, ShiftRight, 2);
  SCALAR_CASE(int32_t, ShiftRight, 4);
  SCALAR_CASE(uint32_t, ShiftRight, 4);
}

}  // namespace
}  // namespace opsim::sim
