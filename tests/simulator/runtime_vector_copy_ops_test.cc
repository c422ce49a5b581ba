// Copy (level 0), the LocalTensor operators (dst = a + b, ...) and AddReluCast/SubReluCast,
// against scalar models or the count forms they are defined by.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kBytes = 4096;

template <typename T>
std::vector<T> Bits(uint32_t salt) {
  std::vector<T> v(kBytes / sizeof(T));
  for (uint32_t i = 0; i < v.size(); ++i) {
    const uint32_t b = i * 2246822519u + salt * 3266489917u;
    std::memcpy(static_cast<void*>(&v[i]), &b, sizeof(T));
  }
  return v;
}

template <typename T>
void Put(const LocalTensor<T>& t, const std::vector<T>& v) {
  std::memcpy(static_cast<void*>(t.data()), v.data(), v.size() * sizeof(T));
  detail::HostWroteUb(t.ref());
}

// Copy: lane i of repeat r moves from src (srcStride, srcRepeatSize) to dst (dstStride,
// dstRepeatSize); lanes off the mask keep dst.
template <typename T>
void CheckCopy() {
  constexpr uint32_t kLanes = 256 / sizeof(T), kPerBlock = 32 / sizeof(T);
  const uint64_t mask[2] = {0x0FF0F00FF0F0FF0Full, kLanes > 64 ? 0x00FF00000000FF01ull : 0};
  const CopyRepeatParams p(2, 1, 20, 9);
  const std::vector<T> src = Bits<T>(1), old = Bits<T>(2);
  std::vector<T> got(src.size());
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, kBytes);
    pipe.InitBuffer(b, kBytes);
    LocalTensor<T> ts = a.Get<T>(), td = b.Get<T>();
    Put(ts, src);
    Put(td, old);
    Copy(td, ts, mask, 3, p);
    std::memcpy(static_cast<void*>(got.data()), td.data(), kBytes);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<T> want = old;
  for (uint32_t rep = 0; rep < 3; ++rep) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      if (((mask[i / 64] >> (i % 64)) & 1u) == 0) continue;
      const uint32_t s = (rep * 9 + i / kPerBlock * 1) * kPerBlock + i % kPerBlock;
      const uint32_t d = (rep * 20 + i / kPerBlock * 2) * kPerBlock + i % kPerBlock;
      want[d] = src[s];
    }
  }
  EXPECT_EQ(std::memcmp(static_cast<const void*>(got.data()), static_cast<const void*>(want.data()),
                        kBytes),
            0);
}

TEST(VectorCopyOps, CopyLevel0EveryType) {
  CheckCopy<int16_t>();
  CheckCopy<uint16_t>();
  CheckCopy<half>();
  CheckCopy<bfloat16_t>();
  CheckCopy<float>();
  CheckCopy<int32_t>();
  CheckCopy<uint32_t>();
}

TEST(VectorCopyOps, CopyFaults) {
  LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    Duplicate(a.Get<float>(), 1.0f, 64);
    Copy(b.Get<float>(), a.Get<float>(), uint64_t{64}, 2, CopyRepeatParams());  // 512 B
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    Duplicate(a.Get<float>(), 1.0f, 64);
    Copy(b.Get<float>(), a.Get<float>(), uint64_t{65}, 1, CopyRepeatParams());
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
}

// Counter mode: the count's blocks follow one another at the block stride and repeatTime
// repeats the whole count from its repeat size (CANN's model of the A2 instruction, dav_3510
// VecCopyLevel0VFImpl): asc-devkit's copy_ub2ub scenario 3 takes [18, 8] of [18, 64] int32 so.
TEST(VectorCopyOps, CopyCounterModeContinuesAtTheBlockStride) {
  std::vector<int32_t> src(18 * 64);  // [18, 64]
  for (uint32_t i = 0; i < src.size(); ++i) src[i] = static_cast<int32_t>(i * 2654435761u);
  const std::vector<half> hsrc = Bits<half>(4), hold = Bits<half>(5);
  std::vector<int32_t> got(144);
  std::vector<half> hgot(hold.size());
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c, d;
    for (auto* buf : {&a, &b, &c, &d}) pipe.InitBuffer(*buf, kBytes + 512);
    LocalTensor<int32_t> ts = a.Get<int32_t>(), td = b.Get<int32_t>();
    Put(ts, src);
    SetMaskCount();
    SetVectorMask<int32_t, MaskMode::COUNTER>(144);
    Copy<int32_t, false>(td, ts, MASK_PLACEHOLDER, 1, {1, 8, 8, 8});
    SetMaskNorm();
    ResetMask();
    std::memcpy(got.data(), td.data(), 144 * sizeof(int32_t));
    LocalTensor<half> hs = c.Get<half>(), hd = d.Get<half>();
    Put(hs, hsrc);
    Put(hd, hold);
    SetMaskCount();
    Copy(hd, hs, uint64_t{20}, 2, {1, 3, 5, 11});
    SetMaskNorm();
    std::memcpy(static_cast<void*>(hgot.data()), hd.data(), kBytes);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t row = 0; row < 18; ++row) {
    for (uint32_t col = 0; col < 8; ++col) {
      EXPECT_EQ(got[row * 8 + col], src[row * 64 + col]) << row << "," << col;
    }
  }
  std::vector<half> want = hold;
  for (uint32_t rep = 0; rep < 2; ++rep) {
    for (uint32_t l = 0; l < 20; ++l) {
      want[(rep * 5 + l / 16) * 16 + l % 16] = hsrc[(rep * 11 + l / 16 * 3) * 16 + l % 16];
    }
  }
  EXPECT_EQ(std::memcmp(static_cast<const void*>(hgot.data()),
                        static_cast<const void*>(want.data()), kBytes),
            0);
}

// dst = a op b is op(dst, a, b, dst.GetSize()).
template <typename T, typename Sym, typename Count>
void CheckSymbol(Sym&& sym, Count&& count) {
  constexpr uint32_t kN = 512 / sizeof(T);
  std::vector<T> a(kN), b(kN);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<T>(static_cast<float>(i % 13) + 1.0f);
    b[i] = static_cast<T>(static_cast<float>(i % 7) + 2.0f);
  }
  std::vector<T> got(kN), want(kN);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z, w;
    for (auto* buf : {&x, &y, &z, &w}) pipe.InitBuffer(*buf, 512);
    LocalTensor<T> ta = x.Get<T>(), tb = y.Get<T>(), td = z.Get<T>(), tw = w.Get<T>();
    Put(ta, a);
    Put(tb, b);
    sym(td, ta, tb);
    count(tw, ta, tb, static_cast<int32_t>(kN));
    std::memcpy(static_cast<void*>(got.data()), td.data(), 512);
    std::memcpy(static_cast<void*>(want.data()), tw.data(), 512);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(
      std::memcmp(static_cast<const void*>(got.data()), static_cast<const void*>(want.data()), 512),
      0);
}

#define SYMBOL_CASE(T, Sym, Op)                                  \
  CheckSymbol<T>([](auto& d, auto& a, auto& b) { d = a Sym b; }, \
                 [](auto& d, auto& a, auto& b, int32_t n) { Op(d, a, b, n); })

TEST(VectorCopyOps, ArithmeticOperators) {
  SYMBOL_CASE(float, +, Add);
  SYMBOL_CASE(float, -, Sub);
  SYMBOL_CASE(float, *, Mul);
  SYMBOL_CASE(float, /, Div);
  SYMBOL_CASE(half, +, Add);
  SYMBOL_CASE(half, -, Sub);
  SYMBOL_CASE(half, *, Mul);
  SYMBOL_CASE(half, /, Div);
  SYMBOL_CASE(int32_t, +, Add);
  SYMBOL_CASE(int32_t, |, Or);
  SYMBOL_CASE(int32_t, &, And);
  SYMBOL_CASE(int16_t, |, Or);
  SYMBOL_CASE(uint16_t, &, And);
}

TEST(VectorCopyOps, ComparisonOperatorsWriteTheBitMask) {
  std::vector<uint8_t> got(6 * 8);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    pipe.InitBuffer(x, 256);
    pipe.InitBuffer(y, 256);
    pipe.InitBuffer(z, 6 * 32);
    LocalTensor<float> a = x.Get<float>(), b = y.Get<float>();
    for (int i = 0; i < 64; ++i) {
      a.SetValue(i, static_cast<float>(i % 3));
      b.SetValue(i, 1.0f);
    }
    LocalTensor<uint8_t> m = z.Get<uint8_t>();
    LocalTensor<uint8_t> m0 = m, m1 = m[32], m2 = m[64], m3 = m[96], m4 = m[128], m5 = m[160];
    m0 = a < b;
    m1 = a > b;
    m2 = a <= b;
    m3 = a >= b;
    m4 = a == b;
    m5 = a != b;
    for (int k = 0; k < 6; ++k) std::memcpy(got.data() + k * 8, m.data() + k * 32, 8);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  auto bit = [&](int k, int i) { return (got[k * 8 + i / 8] >> (i % 8)) & 1; };
  for (int i = 0; i < 64; ++i) {
    const int v = i % 3;
    EXPECT_EQ(bit(0, i), v < 1) << i;
    EXPECT_EQ(bit(1, i), v > 1) << i;
    EXPECT_EQ(bit(2, i), v <= 1) << i;
    EXPECT_EQ(bit(3, i), v >= 1) << i;
    EXPECT_EQ(bit(4, i), v == 1) << i;
    EXPECT_EQ(bit(5, i), v != 1) << i;
  }
}

TEST(VectorCopyOps, OperatorCountIsTheDestinationsSize) {
  // dst holds 128 floats, the sources 64: Add(dst, a, b, 128) reads past them.
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    pipe.InitBuffer(x, 256);
    pipe.InitBuffer(y, 256);
    pipe.InitBuffer(z, 512);
    LocalTensor<float> a = x.Get<float>(), b = y.Get<float>(), d = z.Get<float>();
    Duplicate(a, 1.0f, 64);
    Duplicate(b, 1.0f, 64);
    d = a + b;
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_EQ(r.fault->instruction, "Add");
}

// AddReluCast / SubReluCast float -> half: half(max(a op b, 0)), one rounding; half -> int8_t:
// the count forms Add/Sub, Relu, Cast CAST_NONE give the same bytes.
TEST(VectorCopyOps, AddReluCastAndSubReluCastFloatToHalf) {
  constexpr uint32_t kN = 256;
  std::vector<float> a(kN), b(kN);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = std::ldexp(static_cast<float>(i) - 100.0f, -3) + 1e-4f * static_cast<float>(i);
    b[i] = static_cast<float>(i % 11) * 0.75f - 4.0f;
  }
  a[5] = NAN;
  std::vector<half> add(kN), sub(kN), add0(kN, half(9.0f));
  const uint64_t mask[2] = {0xF0F0F0F0F0F0F0F0ull, 0};
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z, w, v;
    pipe.InitBuffer(x, kN * 4);
    pipe.InitBuffer(y, kN * 4);
    for (auto* buf : {&z, &w, &v}) pipe.InitBuffer(*buf, kN * 2);
    LocalTensor<float> ta = x.Get<float>(), tb = y.Get<float>();
    Put(ta, a);
    Put(tb, b);
    AddReluCast(z.Get<half>(), ta, tb, kN);
    SubReluCast(w.Get<half>(), ta, tb, kN);
    LocalTensor<half> t0 = v.Get<half>();
    Duplicate(t0, half(9.0f), kN);
    // 2 repeats of 64 float lanes; half dst strides in half blocks (4 blocks per repeat).
    AddReluCast(t0, ta, tb, mask, 2, BinaryRepeatParams(1, 1, 1, 4, 8, 8));
    std::memcpy(static_cast<void*>(add.data()), z.Get<half>().data(), kN * 2);
    std::memcpy(static_cast<void*>(sub.data()), w.Get<half>().data(), kN * 2);
    std::memcpy(static_cast<void*>(add0.data()), t0.data(), kN * 2);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kN; ++i) {
    const float s = a[i] + b[i], d = a[i] - b[i];
    const half ws = half(std::isnan(s) ? s : std::max(s, 0.0f));
    const half wd = half(std::isnan(d) ? d : std::max(d, 0.0f));
    EXPECT_EQ(std::memcmp(&add[i], &ws, 2), 0) << i;
    EXPECT_EQ(std::memcmp(&sub[i], &wd, 2), 0) << i;
  }
  for (uint32_t i = 0; i < kN; ++i) {
    const bool on = i < 128 && ((mask[0] >> (i % 64)) & 1u);
    const float s = a[i] + b[i];
    const half want = on ? half(std::isnan(s) ? s : std::max(s, 0.0f)) : half(9.0f);
    EXPECT_EQ(std::memcmp(&add0[i], &want, 2), 0) << i;
  }
}

TEST(VectorCopyOps, AddReluCastHalfToInt8MatchesAddReluCast) {
  constexpr uint32_t kN = 256;
  std::vector<half> a(kN), b(kN);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = half(static_cast<float>(i) * 0.77f - 60.0f);
    b[i] = half(static_cast<float>(i % 9) * 13.5f - 20.0f);
  }
  std::vector<int8_t> got(kN), want(kN), got_sub(kN), want_sub(kN);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, t, d, e, f, g;
    for (auto* buf : {&x, &y, &t}) pipe.InitBuffer(*buf, kN * 2);
    for (auto* buf : {&d, &e, &f, &g}) pipe.InitBuffer(*buf, kN);
    LocalTensor<half> ta = x.Get<half>(), tb = y.Get<half>(), tt = t.Get<half>();
    Put(ta, a);
    Put(tb, b);
    AddReluCast(d.Get<int8_t>(), ta, tb, kN);
    SubReluCast(f.Get<int8_t>(), ta, tb, kN);
    Add(tt, ta, tb, kN);
    Relu(tt, tt, kN);
    Cast(e.Get<int8_t>(), tt, RoundMode::CAST_NONE, kN);
    Sub(tt, ta, tb, kN);
    Relu(tt, tt, kN);
    Cast(g.Get<int8_t>(), tt, RoundMode::CAST_NONE, kN);
    std::memcpy(got.data(), d.Get<int8_t>().data(), kN);
    std::memcpy(want.data(), e.Get<int8_t>().data(), kN);
    std::memcpy(got_sub.data(), f.Get<int8_t>().data(), kN);
    std::memcpy(want_sub.data(), g.Get<int8_t>().data(), kN);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(got, want);
  EXPECT_EQ(got_sub, want_sub);
}

template <typename T>
void CheckTranspose() {
  const std::vector<T> src = Bits<T>(5);
  std::vector<T> got(256), in_place(256);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 512);
    pipe.InitBuffer(b, 512);
    LocalTensor<T> ts = a.Get<T>(), td = b.Get<T>();
    std::memcpy(static_cast<void*>(ts.data()), src.data(), 512);
    detail::HostWroteUb(ts.ref());
    Transpose(td, ts);
    std::memcpy(static_cast<void*>(got.data()), td.data(), 512);
    Transpose(ts, ts);
    std::memcpy(static_cast<void*>(in_place.data()), ts.data(), 512);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      EXPECT_EQ(std::memcmp(static_cast<const void*>(&got[j * 16 + i]),
                            static_cast<const void*>(&src[i * 16 + j]), sizeof(T)),
                0);
    }
  }
  EXPECT_EQ(std::memcmp(static_cast<const void*>(got.data()),
                        static_cast<const void*>(in_place.data()), 512),
            0);
}

TEST(VectorCopyOps, Transpose16x16) {
  CheckTranspose<half>();
  CheckTranspose<int16_t>();
  CheckTranspose<uint16_t>();
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 256);
    Duplicate(a.Get<half>(), half(1.0f), 128);
    Transpose(a.Get<half>(), a.Get<half>());  // 256 B: half a matrix
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

}  // namespace
}  // namespace opsim::sim
