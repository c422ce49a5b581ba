// MulCast, AddReluCast/SubReluCast int16_t -> int8_t, AddDeqRelu and MulAddDst<float, half>
// against a scalar model of each, in every pair and form (count, level-0 bit mask and continuous
// mask), plus their faults.
// (The float -> half and half -> int8_t ReluCast pairs are in runtime_vector_copy_ops_test.cc.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

// Its own namespace: the unity build joins this file with others that define Put too.
namespace opsim::sim::fused_cast_test {
namespace {

using namespace AscendC;
using testing::RunOne;

template <typename T>
void Put(const LocalTensor<T>& t, const std::vector<T>& v) {
  std::memcpy(static_cast<void*>(t.data()), v.data(), v.size() * sizeof(T));
  detail::HostWroteUb(t.ref());
}
template <typename T>
std::vector<T> Take(const LocalTensor<T>& t, size_t n) {
  std::vector<T> v(n);
  std::memcpy(static_cast<void*>(v.data()), t.data(), n * sizeof(T));
  return v;
}

// Round to nearest even, then saturate to [lo, hi]; NaN gives 0 (Cast's float -> int rule).
int RintSaturate(float x, int lo, int hi) {
  if (std::isnan(x)) return 0;
  const double r = std::nearbyint(static_cast<double>(x));
  return static_cast<int>(std::clamp(r, static_cast<double>(lo), static_cast<double>(hi)));
}

// MulCast's model: the product (exact in float32 for half operands) rounded to half, then
// nearest-even and saturated to the 8-bit type.
template <typename T>
T MulCastModel(half a, half b) {
  const float h = static_cast<float>(half(static_cast<float>(a) * static_cast<float>(b)));
  return std::is_signed_v<T> ? static_cast<T>(RintSaturate(h, -128, 127))
                             : static_cast<T>(RintSaturate(h, 0, 255));
}

// Ties, fractions, negatives, products past the 8-bit range and past half's, inf and NaN.
std::vector<half> MulInputs(uint32_t n, uint32_t salt) {
  std::vector<half> v(n);
  for (uint32_t i = 0; i < n; ++i) {
    const float x = static_cast<float>((i * 37u + salt * 11u) % 97u) * 0.25f - 12.0f;
    v[i] = half(x);
  }
  v[3] = half(INFINITY);
  v[4] = half(NAN);
  v[5] = half(300.0f);
  v[6] = half(-0.0f);
  return v;
}

template <typename T>
void CheckMulCast() {
  constexpr uint32_t kN = 256;  // two repeats of 128 half lanes
  const std::vector<half> a = MulInputs(kN, 1), b = MulInputs(kN, 2);
  const uint64_t bits[2] = {0x00FF00FF0F0F3333ull, 0x8000000000000001ull};
  std::vector<T> count_form, bit_form, cont_form;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, d0, d1, d2;
    pipe.InitBuffer(x, kN * 2);
    pipe.InitBuffer(y, kN * 2);
    for (auto* buf : {&d0, &d1, &d2}) pipe.InitBuffer(*buf, kN);
    LocalTensor<half> ta = x.Get<half>(), tb = y.Get<half>();
    Put(ta, a);
    Put(tb, b);
    MulCast(d0.Get<T>(), ta, tb, kN);
    Duplicate(d1.Get<int16_t>(), int16_t{0x5A5A}, kN / 2);
    Duplicate(d2.Get<int16_t>(), int16_t{0x5A5A}, kN / 2);
    // 128 half lanes per repeat; dst strides in 32 B blocks of T (4 per repeat).
    MulCast(d1.Get<T>(), ta, tb, bits, 2, BinaryRepeatParams(1, 1, 1, 4, 8, 8));
    MulCast(d2.Get<T>(), ta, tb, uint64_t{100}, 2, BinaryRepeatParams(1, 1, 1, 4, 8, 8));
    count_form = Take(d0.Get<T>(), kN);
    bit_form = Take(d1.Get<T>(), kN);
    cont_form = Take(d2.Get<T>(), kN);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kN; ++i) {
    const T want = MulCastModel<T>(a[i], b[i]);
    const uint32_t lane = i % 128;
    const bool bit_on = ((bits[lane / 64] >> (lane % 64)) & 1u) != 0;
    EXPECT_EQ(count_form[i], want) << i;
    EXPECT_EQ(bit_form[i], bit_on ? want : static_cast<T>(0x5A)) << i;
    EXPECT_EQ(cont_form[i], lane < 100 ? want : static_cast<T>(0x5A)) << i;
  }
}

TEST(VectorFusedCast, MulCastHalfToInt8AndUint8EveryForm) {
  CheckMulCast<int8_t>();
  CheckMulCast<uint8_t>();
  EXPECT_EQ(MulCastModel<uint8_t>(half(-3.0f), half(2.0f)), 0);  // the model saturates too
}

// int16_t -> int8_t: the exact sum or difference, Relu, saturated to 127.
TEST(VectorFusedCast, AddReluCastAndSubReluCastInt16ToInt8EveryForm) {
  constexpr uint32_t kN = 256;  // two repeats of 128 int16 lanes
  std::vector<int16_t> a(kN), b(kN);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<int16_t>(static_cast<int32_t>(i * 2654435761u >> 16) - 32768);
    b[i] = static_cast<int16_t>(static_cast<int32_t>(i % 23) * 9 - 100);
  }
  a[0] = 32767, b[0] = 32767;   // exact sum 65534: 127, not an int16 wrap to -2 (0)
  a[1] = -32768, b[1] = 32767;  // exact difference -65535: 0
  a[2] = 100, b[2] = 27;        // 127 exactly
  a[3] = 60, b[3] = -60;        // 120 as a difference
  const uint64_t bits[2] = {0xF0F0F0F0F0F0F0F0ull, 0x0000FFFF0000FFFFull};
  std::vector<int8_t> add, sub, add0, sub0;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, d0, d1, d2, d3;
    pipe.InitBuffer(x, kN * 2);
    pipe.InitBuffer(y, kN * 2);
    for (auto* buf : {&d0, &d1, &d2, &d3}) pipe.InitBuffer(*buf, kN);
    LocalTensor<int16_t> ta = x.Get<int16_t>(), tb = y.Get<int16_t>();
    Put(ta, a);
    Put(tb, b);
    AddReluCast(d0.Get<int8_t>(), ta, tb, kN);
    SubReluCast(d1.Get<int8_t>(), ta, tb, kN);
    Duplicate(d2.Get<int16_t>(), int16_t{-1}, kN / 2);
    Duplicate(d3.Get<int16_t>(), int16_t{-1}, kN / 2);
    AddReluCast(d2.Get<int8_t>(), ta, tb, bits, 2, BinaryRepeatParams(1, 1, 1, 4, 8, 8));
    SubReluCast(d3.Get<int8_t>(), ta, tb, uint64_t{77}, 2, BinaryRepeatParams(1, 1, 1, 4, 8, 8));
    add = Take(d0.Get<int8_t>(), kN);
    sub = Take(d1.Get<int8_t>(), kN);
    add0 = Take(d2.Get<int8_t>(), kN);
    sub0 = Take(d3.Get<int8_t>(), kN);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(add[0], 127);
  EXPECT_EQ(sub[1], 0);
  EXPECT_EQ(add[2], 127);
  EXPECT_EQ(sub[3], 120);
  for (uint32_t i = 0; i < kN; ++i) {
    const int8_t ws = static_cast<int8_t>(std::clamp(int32_t{a[i]} + b[i], 0, 127));
    const int8_t wd = static_cast<int8_t>(std::clamp(int32_t{a[i]} - b[i], 0, 127));
    const uint32_t lane = i % 128;
    EXPECT_EQ(add[i], ws) << i;
    EXPECT_EQ(sub[i], wd) << i;
    EXPECT_EQ(add0[i], ((bits[lane / 64] >> (lane % 64)) & 1u) ? ws : int8_t{-1}) << i;
    EXPECT_EQ(sub0[i], lane < 77 ? wd : int8_t{-1}) << i;
  }
}

// AddDeqRelu's model: the int32 sum wrapping, times the scale exactly (double), rounded to
// float32 then to half, then Relu (-0 and negatives to +0).
uint16_t AddDeqReluModel(int32_t a, int32_t b, float scale) {
  const auto s = static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
  const float f = static_cast<float>(static_cast<double>(s) * static_cast<double>(scale));
  const half h(f);
  uint16_t bits = 0;
  std::memcpy(&bits, &h, 2);
  const bool nan = (bits & 0x7FFFu) > 0x7C00u;
  return (!nan && (bits & 0x8000u) != 0) ? uint16_t{0} : bits;
}

std::vector<uint16_t> HalfBits(const std::vector<half>& v) {
  std::vector<uint16_t> out(v.size());
  std::memcpy(out.data(), v.data(), v.size() * 2);
  return out;
}

TEST(VectorFusedCast, AddDeqReluEveryFormWithTheDeqScale) {
  constexpr uint32_t kN = 128;  // two repeats of 64 int32 lanes
  std::vector<int32_t> a(kN), b(kN);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<int32_t>(i * 2654435761u) >> (i % 17);
    b[i] = static_cast<int32_t>(i * 97u) - 5000;
  }
  a[0] = INT32_MAX, b[0] = 1;  // wraps to INT32_MIN: Relu gives 0
  a[1] = 3, b[1] = -3;         // 0
  a[2] = 1 << 20, b[2] = 0;    // past half's range at scale 1: inf
  const float scale = static_cast<float>(half(0.0625f + 0.001f));
  const uint64_t bits[2] = {0xAAAA5555FFFF0001ull, 0};
  std::vector<half> unit, scaled, typed, bit_form, cont_form;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, d0, d1, d2, d3, d4;
    pipe.InitBuffer(x, kN * 4);
    pipe.InitBuffer(y, kN * 4);
    for (auto* buf : {&d0, &d1, &d2, &d3, &d4}) pipe.InitBuffer(*buf, kN * 2);
    LocalTensor<int32_t> ta = x.Get<int32_t>(), tb = y.Get<int32_t>();
    Put(ta, a);
    Put(tb, b);
    AddDeqRelu(d0.Get<half>(), ta, tb, static_cast<int32_t>(kN));  // scale 1 until set
    SetDeqScale(half(scale));
    AddDeqRelu(d1.Get<half>(), ta, tb, static_cast<int32_t>(kN));
    AddDeqRelu<half, int32_t>(d2.Get<half>(), ta, tb, static_cast<int32_t>(kN));
    Duplicate(d3.Get<half>(), half(-7.0f), kN);
    Duplicate(d4.Get<half>(), half(-7.0f), kN);
    // 64 int32 lanes per repeat; the half dst strides in half blocks (4 per repeat).
    AddDeqRelu(d3.Get<half>(), ta, tb, bits, 2, BinaryRepeatParams(1, 1, 1, 4, 8, 8));
    AddDeqRelu<half, int32_t>(d4.Get<half>(), ta, tb, uint64_t{50}, 2,
                              BinaryRepeatParams(1, 1, 1, 4, 8, 8));
    unit = Take(d0.Get<half>(), kN);
    scaled = Take(d1.Get<half>(), kN);
    typed = Take(d2.Get<half>(), kN);
    bit_form = Take(d3.Get<half>(), kN);
    cont_form = Take(d4.Get<half>(), kN);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const auto u = HalfBits(unit), s = HalfBits(scaled), t = HalfBits(typed);
  const auto bf = HalfBits(bit_form), cf = HalfBits(cont_form);
  EXPECT_EQ(u[0], 0);
  EXPECT_EQ(u[1], 0);
  EXPECT_EQ(u[2], 0x7C00);
  const uint16_t old = HalfBits({half(-7.0f)})[0];
  for (uint32_t i = 0; i < kN; ++i) {
    const uint16_t w = AddDeqReluModel(a[i], b[i], scale);
    const uint32_t lane = i % 64;
    EXPECT_EQ(u[i], AddDeqReluModel(a[i], b[i], 1.0f)) << i;
    EXPECT_EQ(s[i], w) << i;
    EXPECT_EQ(t[i], w) << i;
    EXPECT_EQ(bf[i], ((bits[0] >> lane) & 1u) ? w : old) << i;
    EXPECT_EQ(cf[i], lane < 50 ? w : old) << i;
  }
}

// MulAddDst<float, half>'s model: the product of the halves (exact in double), plus the float dst,
// rounded to float32 once.
float MulAddDstModel(half a, half b, float d) {
  return static_cast<float>(static_cast<double>(static_cast<float>(a)) *
                                static_cast<double>(static_cast<float>(b)) +
                            static_cast<double>(d));
}

TEST(VectorFusedCast, MulAddDstHalfIntoFloatEveryForm) {
  constexpr uint32_t kN = 128;  // two repeats of 64 float lanes
  std::vector<half> a = MulInputs(kN, 3), b = MulInputs(kN, 4);
  a[4] = b[4] = half(1.0f + 1.0f / 1024);  // 1 + 2^-9 + 2^-20: in float, not in half
  std::vector<float> d(kN);
  for (uint32_t i = 0; i < kN; ++i) d[i] = static_cast<float>(i % 13) * 0.3f - 1.7f;
  d[4] = 0;
  const uint64_t bits[2] = {0xF0F0A5A50000FFFFull, 0};
  std::vector<float> count_form, bit_form, cont_form, trait_form;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, d0, d1, d2, d3;
    pipe.InitBuffer(x, kN * 2);
    pipe.InitBuffer(y, kN * 2);
    for (auto* buf : {&d0, &d1, &d2, &d3}) pipe.InitBuffer(*buf, kN * 4);
    LocalTensor<half> ta = x.Get<half>(), tb = y.Get<half>();
    Put(ta, a);
    Put(tb, b);
    for (auto* buf : {&d0, &d1, &d2, &d3}) Put(buf->Get<float>(), d);
    MulAddDst(d0.Get<float>(), ta, tb, static_cast<int32_t>(kN));
    // 64 float lanes per repeat: the half sources stride 4 blocks a repeat, the float dst 8.
    MulAddDst(d1.Get<float>(), ta, tb, bits, 2, BinaryRepeatParams(1, 1, 1, 8, 4, 4));
    MulAddDst<float, half, true>(d2.Get<float>(), ta, tb, uint64_t{40}, 2,
                                 BinaryRepeatParams(1, 1, 1, 8, 4, 4));
    // Trait tensors, deduced and as CANN's explicit arguments (PrimT).
    MulAddDst(d3.Get<TensorTrait<float>>(), x.Get<TensorTrait<half>>(), y.Get<TensorTrait<half>>(),
              static_cast<int32_t>(kN / 2));
    MulAddDst<TensorTrait<float>, TensorTrait<half>>(
        d3.Get<TensorTrait<float>>()[kN / 2], x.Get<TensorTrait<half>>()[kN / 2],
        y.Get<TensorTrait<half>>()[kN / 2], static_cast<int32_t>(kN / 2));
    count_form = Take(d0.Get<float>(), kN);
    bit_form = Take(d1.Get<float>(), kN);
    cont_form = Take(d2.Get<float>(), kN);
    trait_form = Take(d3.Get<float>(), kN);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(count_form[4], 1.0f + 1.0f / 512 + 1.0f / 1048576);
  for (uint32_t i = 0; i < kN; ++i) {
    const float want = MulAddDstModel(a[i], b[i], d[i]);
    const uint32_t lane = i % 64;
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(count_form[i]) && std::isnan(trait_form[i])) << i;
      continue;
    }
    EXPECT_EQ(count_form[i], want) << i;
    EXPECT_EQ(trait_form[i], want) << i;
    EXPECT_EQ(bit_form[i], ((bits[0] >> lane) & 1u) ? want : d[i]) << i;
    EXPECT_EQ(cont_form[i], lane < 40 ? want : d[i]) << i;
  }
}

// The same-type forms keep their one-type numerics; both type arguments may be spelt.
TEST(VectorFusedCast, MulAddDstSameTypeWithBothTypeArguments) {
  constexpr uint32_t kN = 64;
  std::vector<float> a(kN), b(kN), d(kN), got;
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = 1.0f + static_cast<float>(i) / 7.0f;
    b[i] = 3.0f - static_cast<float>(i) / 11.0f;
    d[i] = static_cast<float>(i) * 0.01f;
  }
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    for (auto* buf : {&x, &y, &z}) pipe.InitBuffer(*buf, kN * 4);
    Put(x.Get<float>(), a);
    Put(y.Get<float>(), b);
    Put(z.Get<float>(), d);
    MulAddDst<float, float>(z.Get<float>(), x.Get<float>(), y.Get<float>(),
                            static_cast<int32_t>(kN));
    got = Take(z.Get<float>(), kN);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kN; ++i) {
    const double want = static_cast<double>(a[i]) * b[i] + d[i];
    EXPECT_EQ(got[i], static_cast<float>(want)) << i;
  }
}

// Half sources into a float dst: CANN's page allows no overlap (count and level-0 forms).
TEST(VectorFusedCast, MulAddDstHalfIntoFloatRejectsOverlap) {
  for (const bool level0 : {false, true}) {
    const LaunchResult r = RunOne([level0] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> x, y;
      pipe.InitBuffer(x, 512);
      pipe.InitBuffer(y, 256);
      LocalTensor<float> d = x.Get<float>();
      Duplicate(d, 1.0f, 128);
      LocalTensor<half> h = y.Get<half>();
      Duplicate(h, half(2.0f), 128);
      // src1 is the upper half of dst's bytes.
      LocalTensor<half> over = x.Get<half>()[64];
      if (level0) {
        MulAddDst(d, h, over, uint64_t{64}, 1, BinaryRepeatParams(1, 1, 1, 8, 4, 4));
      } else {
        MulAddDst(d, h, over, 64);
      }
    });
    ASSERT_TRUE(r.fault.has_value()) << level0;
    EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
    EXPECT_NE(r.fault->message.find("dst overlaps src1"), std::string::npos) << r.fault->message;
  }
}

TEST(VectorFusedCast, Faults) {
  // A negative count names the value and the rule.
  LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y;
    pipe.InitBuffer(x, 256);
    pipe.InitBuffer(y, 256);
    AddDeqRelu(y.Get<half>(), x.Get<int32_t>(), x.Get<int32_t>(), -1);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("-1"), std::string::npos) << r.fault->message;
  // Past the end of the 8-bit dst: 128 results need 128 B, the buffer holds 64.
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y;
    pipe.InitBuffer(x, 256);
    pipe.InitBuffer(y, 64);
    LocalTensor<half> t = x.Get<half>();
    Duplicate(t, half(1.0f), 128);
    MulCast(y.Get<int8_t>(), t, t, 128);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_EQ(r.fault->instruction, "MulCast");
  // A level-0 operand off the 32 B grid.
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y;
    pipe.InitBuffer(x, 512);
    pipe.InitBuffer(y, 256);
    LocalTensor<half> t = x.Get<half>();
    Duplicate(t, half(1.0f), 256);
    MulCast(y.Get<uint8_t>()[8], t, t, uint64_t{128}, 1, BinaryRepeatParams(1, 1, 1, 4, 8, 8));
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMisalignedCopy);
}

}  // namespace
}  // namespace opsim::sim::fused_cast_test
