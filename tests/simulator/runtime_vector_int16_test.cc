// int16_t and uint16_t element types across the vector API where Ascend C takes them (CANN's
// dav_c220 dtype lists): Add/Sub/Mul/Max/Min, Adds/Muls/Maxs/Mins, And/Or/Not,
// ShiftLeft/ShiftRight, Duplicate, AddRelu/SubRelu, Cast to and from half and float and from
// int32. Each against a scalar model on values that wrap and saturate.
// Compare, Select and ReduceSum/Max/Min take no 16-bit integers on the 910B: those are faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr int kN = 128;  // 256 B: one repeat of 16-bit lanes

int16_t A(int i) { return static_cast<int16_t>(i * 517 - 31000); }  // spans the range
int16_t B(int i) { return static_cast<int16_t>(12000 - i * 211); }

template <typename T>
std::vector<T> Read(const LocalTensor<T>& t, int n) {
  std::vector<T> v(n);
  for (int i = 0; i < n; ++i) v[i] = t.GetValue(i);
  return v;
}

// Runs `body` with x = A, y = B (int16) in UB and returns what it collects.
template <typename Body>
void WithInt16(Body body) {
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c, w;
    for (auto* buf : {&a, &b, &c, &w}) pipe.InitBuffer(*buf, kN * 4);
    LocalTensor<int16_t> x = a.Get<int16_t>(), y = b.Get<int16_t>(), z = c.Get<int16_t>();
    for (int i = 0; i < kN; ++i) {
      x.SetValue(i, A(i));
      y.SetValue(i, B(i));
    }
    body(x, y, z, w);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_FALSE(r.fault) << r.fault->message;
}

int16_t Wrap(int v) { return static_cast<int16_t>(static_cast<uint16_t>(v & 0xFFFF)); }

TEST(VectorInt16, BinaryAndScalarFormsWrap) {
  std::vector<int16_t> add, sub, mul, mx, mn, adds, muls, maxs, mins;
  WithInt16([&](auto& x, auto& y, auto& z, auto&) {
    Add(z, x, y, kN), add = Read(z, kN);
    Sub(z, x, y, kN), sub = Read(z, kN);
    Mul(z, x, y, kN), mul = Read(z, kN);
    Max(z, x, y, kN), mx = Read(z, kN);
    Min(z, x, y, kN), mn = Read(z, kN);
    Adds(z, x, static_cast<int16_t>(2000), kN), adds = Read(z, kN);
    Muls(z, x, static_cast<int16_t>(-3), kN), muls = Read(z, kN);
    Maxs(z, x, static_cast<int16_t>(0), kN), maxs = Read(z, kN);
    Mins(z, x, static_cast<int16_t>(0), kN), mins = Read(z, kN);
  });
  for (int i = 0; i < kN; ++i) {
    const int a = A(i), b = B(i);
    EXPECT_EQ(add[i], Wrap(a + b)) << i;
    EXPECT_EQ(sub[i], Wrap(a - b)) << i;
    EXPECT_EQ(mul[i], Wrap(a * b)) << i;
    EXPECT_EQ(mx[i], std::max(a, b)) << i;
    EXPECT_EQ(mn[i], std::min(a, b)) << i;
    EXPECT_EQ(adds[i], Wrap(a + 2000)) << i;
    EXPECT_EQ(muls[i], Wrap(a * -3)) << i;
    EXPECT_EQ(maxs[i], std::max(a, 0)) << i;
    EXPECT_EQ(mins[i], std::min(a, 0)) << i;
  }
}

// The 910B's AddRelu/SubRelu list holds int16_t (dav_c220 kernel_operator_vec_binary_impl.h): the
// sum or difference wraps as Add's and Sub's, then Relu; the level-0 form writes masked lanes only.
TEST(VectorInt16, AddReluAndSubReluWrapThenClampAtZero) {
  std::vector<int16_t> add, sub, add0;
  WithInt16([&](auto& x, auto& y, auto& z, auto&) {
    AddRelu(z, x, y, kN), add = Read(z, kN);
    SubRelu(z, x, y, kN), sub = Read(z, kN);
    Duplicate(z, static_cast<int16_t>(-7), kN);
    const uint64_t mask[2] = {0x00FF00FF00FF00FFull, 0};  // the first 64 lanes, 8 on 8 off
    AddRelu(z, x, y, mask, 1, {1, 1, 1, 8, 8, 8});
    add0 = Read(z, kN);
  });
  for (int i = 0; i < kN; ++i) {
    const int a = A(i), b = B(i);
    EXPECT_EQ(add[i], std::max<int16_t>(Wrap(a + b), 0)) << i;
    EXPECT_EQ(sub[i], std::max<int16_t>(Wrap(a - b), 0)) << i;
    const bool on = i < 64 && (i / 8) % 2 == 0;
    EXPECT_EQ(add0[i], on ? add[i] : -7) << i;
  }
  // The inputs reach both wraps: a + b and a - b leave int16_t's range for some i.
  bool wrapped = false;
  for (int i = 0; i < kN; ++i) wrapped |= A(i) + B(i) > 32767 || A(i) - B(i) < -32768;
  EXPECT_TRUE(wrapped);
}

TEST(VectorInt16, BitwiseShiftsAndDuplicateOnBothSignedness) {
  std::vector<int16_t> land, lor, lnot, shl, shr, dup;
  std::vector<uint16_t> ushr, udup;
  WithInt16([&](auto& x, auto& y, auto& z, auto& w) {
    And(z, x, y, kN), land = Read(z, kN);
    Or(z, x, y, kN), lor = Read(z, kN);
    Not(z, x, kN), lnot = Read(z, kN);
    ShiftLeft(z, x, static_cast<int16_t>(3), kN), shl = Read(z, kN);
    ShiftRight(z, x, static_cast<int16_t>(3), kN), shr = Read(z, kN);  // arithmetic
    Duplicate(z, static_cast<int16_t>(-1234), kN), dup = Read(z, kN);
    LocalTensor<uint16_t> u = x.template ReinterpretCast<uint16_t>();
    LocalTensor<uint16_t> uz = w.template Get<uint16_t>();
    ShiftRight(uz, u, static_cast<uint16_t>(3), kN), ushr = Read(uz, kN);  // logical
    Duplicate(uz, static_cast<uint16_t>(0xBEEF), kN), udup = Read(uz, kN);
  });
  for (int i = 0; i < kN; ++i) {
    const int16_t a = A(i), b = B(i);
    EXPECT_EQ(land[i], static_cast<int16_t>(a & b)) << i;
    EXPECT_EQ(lor[i], static_cast<int16_t>(a | b)) << i;
    EXPECT_EQ(lnot[i], static_cast<int16_t>(~a)) << i;
    EXPECT_EQ(shl[i], Wrap(static_cast<uint16_t>(a) << 3)) << i;
    EXPECT_EQ(shr[i], static_cast<int16_t>(a >> 3)) << i;
    EXPECT_EQ(ushr[i], static_cast<uint16_t>(static_cast<uint16_t>(a) >> 3)) << i;
    EXPECT_EQ(dup[i], -1234);
    EXPECT_EQ(udup[i], 0xBEEF);
  }
}

// The 910B reduces half and float only (kernel_operator_vec_reduce_intf_impl.h): a kernel sums
// int16_t data after a Cast to half or float (exact to 2^11 / 2^24), so each count form faults.
TEST(VectorInt16, ReduceIsNotThe910Bs) {
  for (int op = 0; op < 3; ++op) {
    const LaunchResult r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> a, w;
      pipe.InitBuffer(a, kN * 2);
      pipe.InitBuffer(w, 256);
      LocalTensor<int16_t> x = a.Get<int16_t>(), work = w.Get<int16_t>();
      Duplicate(x, int16_t{3}, kN);
      if (op == 0) ReduceSum(x, x, work, kN);
      if (op == 1) ReduceMax(x, x, work, kN);
      if (op == 2) ReduceMin(x, x, work, kN);
    });
    ASSERT_TRUE(r.fault.has_value()) << op;
    EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
    EXPECT_NE(r.fault->message.find("on int16_t: the 910B (dav-2201) takes half, float only"),
              std::string::npos)
        << r.fault->message;
  }
}

// The 910B has no int16 Compare or Select (dav_c220: Compare half/float, int32 for EQ; Select
// half/float): both are faults, and Select's float-free way is the half view of the bits.
TEST(VectorInt16, CompareAndSelectAreNotThe910Bs) {
  for (const bool select : {false, true}) {
    const LaunchResult r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> a, w;
      pipe.InitBuffer(a, kN * 2);
      pipe.InitBuffer(w, 32);
      LocalTensor<int16_t> x = a.Get<int16_t>();
      Duplicate(x, int16_t{3}, kN);
      LocalTensor<uint8_t> mask = w.Get<uint8_t>();
      if (select) {
        Select(x, mask, x, x, SELMODE::VSEL_TENSOR_TENSOR_MODE, kN);
      } else {
        Compare(mask, x, x, CMPMODE::LT, kN);
      }
    });
    ASSERT_TRUE(r.fault.has_value()) << select;
    EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
    EXPECT_EQ(r.fault->instruction, select ? "Select" : "Compare");
  }
  std::vector<int16_t> sel;
  WithInt16([&](auto& x, auto& y, auto& z, auto& w) {
    LocalTensor<uint16_t> mask = w.template Get<uint16_t>();
    Duplicate(mask, uint16_t{0x00FF}, kN / 16);  // lanes 0-7 of every 16 take x
    Select(z.template ReinterpretCast<half>(), mask, x.template ReinterpretCast<half>(),
           y.template ReinterpretCast<half>(), SELMODE::VSEL_TENSOR_TENSOR_MODE, kN);
    sel = Read(z, kN);
  });
  for (int i = 0; i < kN; ++i) EXPECT_EQ(sel[i], i % 16 < 8 ? A(i) : B(i)) << i;
}

TEST(VectorInt16, CastsToAndFromHalfFloatAndInt32) {
  std::vector<half> to_half;
  std::vector<float> to_float;
  std::vector<int32_t> to_int32;
  std::vector<int16_t> from_half, from_float, from_int32;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, kN * 4);
    LocalTensor<int16_t> x = a.Get<int16_t>(), back = c.Get<int16_t>();
    for (int i = 0; i < kN; ++i) x.SetValue(i, A(i));
    LocalTensor<half> h = b.Get<half>();
    Cast(h, x, RoundMode::CAST_NONE, kN), to_half = Read(h, kN);
    Cast(back, h, RoundMode::CAST_RINT, kN), from_half = Read(back, kN);
    LocalTensor<float> f = b.Get<float>();
    Cast(f, x, RoundMode::CAST_NONE, kN), to_float = Read(f, kN);
    Muls(f, f, 1.75f, kN);  // out of int16's range at the ends: saturates back
    Cast(back, f, RoundMode::CAST_TRUNC, kN), from_float = Read(back, kN);
    LocalTensor<int32_t> s = b.Get<int32_t>();
    Duplicate(s, -1234, kN);
    Cast(back, s, RoundMode::CAST_NONE, kN), from_int32 = Read(back, kN);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_FALSE(r.fault) << r.fault->message;
  for (int i = 0; i < kN; ++i) {
    const int16_t a = A(i);
    EXPECT_EQ(static_cast<float>(to_half[i]), static_cast<float>(half(static_cast<float>(a)))) << i;
    const float h = static_cast<float>(half(static_cast<float>(a)));
    EXPECT_EQ(from_half[i],
              static_cast<int16_t>(std::clamp(std::nearbyint(h), -32768.0f, 32767.0f)))
        << i;  // half rounds 32760 up to 32768: saturated
    EXPECT_EQ(to_float[i], static_cast<float>(a)) << i;
    const float scaled = static_cast<float>(a) * 1.75f;
    const float clamped = std::clamp(std::trunc(scaled), -32768.0f, 32767.0f);
    EXPECT_EQ(from_float[i], static_cast<int16_t>(clamped)) << i;
    EXPECT_EQ(from_int32[i], -1234) << i;
  }
}

}  // namespace
}  // namespace opsim::sim
