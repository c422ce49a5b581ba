// Compare / CompareScalar into bit masks and Select in its three modes, count and level-0
// forms, against scalar models in half, float and int32 (EQ: the one mode the 910B compares
// int32 in), and the 910B's dtype rules for both (faults).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

double D(float v) { return v; }
double D(half v) { return static_cast<float>(v); }
double D(int32_t v) { return v; }

bool ModelCmp(CMPMODE m, double a, double b) {
  switch (m) {
    case CMPMODE::LT: return a < b;
    case CMPMODE::GT: return a > b;
    case CMPMODE::EQ: return a == b;
    case CMPMODE::LE: return a <= b;
    case CMPMODE::GE: return a >= b;
    case CMPMODE::NE: return !(a == b);
  }
  return false;
}

bool BitAt(const std::vector<uint8_t>& bits, size_t i) { return (bits[i / 8] >> (i % 8)) & 1u; }

template <typename T>
std::vector<T> Values(size_t n, int salt) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<T>(static_cast<float>((i * 7 + salt) % 11) - 5);
  if constexpr (!std::is_integral_v<T>) v[3] = static_cast<T>(std::nanf(""));
  return v;
}

template <typename T>
void CheckCompare() {
  constexpr uint32_t kN = 512 / sizeof(T);  // two repeats
  const std::vector<T> a = Values<T>(kN, 0), b = Values<T>(kN, 3);
  std::vector<CMPMODE> modes = {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ,
                                CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};
  if constexpr (std::is_integral_v<T>) modes = {CMPMODE::EQ};  // int32_t: EQ only on the 910B
  for (const CMPMODE m : modes) {
    std::vector<uint8_t> bits(kN / 8), sbits(kN / 8);
    const LaunchResult r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> x, y, z, w;
      pipe.InitBuffer(x, 1024);
      pipe.InitBuffer(y, 1024);
      pipe.InitBuffer(z, 256);
      pipe.InitBuffer(w, 256);
      LocalTensor<T> xa = x.Get<T>(), yb = y.Get<T>();
      std::memcpy(static_cast<void*>(xa.data()), a.data(), kN * sizeof(T));
      detail::HostWroteUb(xa.ref());  // filled from the host
      std::memcpy(static_cast<void*>(yb.data()), b.data(), kN * sizeof(T));
      detail::HostWroteUb(yb.ref());  // filled from the host
      LocalTensor<uint8_t> out = z.Get<uint8_t>(), sout = w.Get<uint8_t>();
      Compare(out, xa, yb, m, kN);
      CompareScalar(sout, xa, b[1], m, kN);
      std::memcpy(bits.data(), out.data(), bits.size());
      std::memcpy(sbits.data(), sout.data(), sbits.size());
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    for (size_t i = 0; i < kN; ++i) {
      EXPECT_EQ(BitAt(bits, i), ModelCmp(m, D(a[i]), D(b[i])))
          << "mode " << static_cast<int>(m) << " i " << i;
      EXPECT_EQ(BitAt(sbits, i), ModelCmp(m, D(a[i]), D(b[1])))
          << "scalar mode " << static_cast<int>(m) << " i " << i;
    }
  }
}

TEST(VectorCmpSel, CompareAndCompareScalarHalfFloatInt32) {
  CheckCompare<half>();
  CheckCompare<float>();
  CheckCompare<int32_t>();
}

// Runs `body` (one Compare, CompareScalar or Select) and expects the 910B dtype fault.
template <typename Body>
void ExpectCmpSelDtypeFault(const char* instruction, const char* says, Body body) {
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, z;
    pipe.InitBuffer(x, 1024);
    pipe.InitBuffer(z, 256);
    body(x, z);
  });
  ASSERT_TRUE(r.fault.has_value()) << instruction;
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_EQ(r.fault->instruction, instruction);
  EXPECT_NE(r.fault->message.find(says), std::string::npos) << r.fault->message;
  EXPECT_NE(r.fault->message.find("dav_c220"), std::string::npos) << r.fault->message;
}

TEST(VectorCmpSel, Int32ComparesInEqModeOnlyOnThe910B) {
  // CANN's dav_c220 int32 Compare issues EQ whatever the mode: GT would give EQ's bits.
  for (const CMPMODE m : {CMPMODE::LT, CMPMODE::GT, CMPMODE::LE, CMPMODE::GE, CMPMODE::NE}) {
    ExpectCmpSelDtypeFault("Compare", "for CMPMODE::EQ only", [&](auto& x, auto& z) {
      LocalTensor<int32_t> a = x.template Get<int32_t>();
      Duplicate(a, 1, 128);
      Compare(z.template Get<uint8_t>(), a, a, m, 128);
    });
  }
  ExpectCmpSelDtypeFault("CompareScalar", "CMPMODE::GT on int32", [](auto& x, auto& z) {
    LocalTensor<int32_t> a = x.template Get<int32_t>();
    Duplicate(a, 1, 128);
    CompareScalar(z.template Get<uint8_t>(), a, 0, CMPMODE::GT, 128);
  });
  ExpectCmpSelDtypeFault("Compare", "CMPMODE::LT on int32", [](auto& x, auto& z) {
    LocalTensor<int32_t> a = x.template Get<int32_t>();
    Duplicate(a, 1, 64);
    Compare(z.template Get<uint8_t>(), a, a, CMPMODE::LT, uint64_t{64}, 1, BinaryRepeatParams{});
  });
}

TEST(VectorCmpSel, OtherElementTypesHaveNoCompareOnThe910B) {
  ExpectCmpSelDtypeFault("Compare", "EQ on int16", [](auto& x, auto& z) {
    LocalTensor<int16_t> a = x.template Get<int16_t>();
    Duplicate(a, int16_t{1}, 128);
    Compare(z.template Get<uint8_t>(), a, a, CMPMODE::EQ, 128);
  });
  ExpectCmpSelDtypeFault("Compares", "GE on bfloat16", [](auto& x, auto& z) {
    LocalTensor<bfloat16_t> a = x.template Get<bfloat16_t>();
    Duplicate(a, bfloat16_t(1.0f), 128);
    Compares(z.template Get<uint8_t>(), a, bfloat16_t(0.0f), CMPMODE::GE, 128);
  });
}

TEST(VectorCmpSel, SelectTakesHalfAndFloatOnlyOnThe910B) {
  ExpectCmpSelDtypeFault("Select", "elements of int32", [](auto& x, auto& z) {
    LocalTensor<int32_t> a = x.template Get<int32_t>();
    Duplicate(a, 1, 64);
    LocalTensor<uint8_t> mask = z.template Get<uint8_t>();
    Duplicate(mask.template ReinterpretCast<uint16_t>(), uint16_t{0xFFFF}, 64);
    Select(a, mask, a, a, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
  });
  ExpectCmpSelDtypeFault("Select", "elements of int64", [](auto& x, auto& z) {
    LocalTensor<int64_t> a = x.template Get<int64_t>();
    LocalTensor<uint8_t> mask = z.template Get<uint8_t>();
    Duplicate(mask.template ReinterpretCast<uint16_t>(), uint16_t{0xFFFF}, 64);
    Select(a, mask, a, int64_t{0}, SELMODE::VSEL_TENSOR_SCALAR_MODE, 32u);
  });
}

TEST(VectorCmpSel, SelectMovesInt32BitsThroughAFloatView) {
  // What a 910B kernel does instead of selecting int32: the float view carries the bits.
  std::vector<int32_t> got(64);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    pipe.InitBuffer(x, 256);
    pipe.InitBuffer(y, 256);
    pipe.InitBuffer(z, 32);
    LocalTensor<int32_t> a = x.Get<int32_t>(), b = y.Get<int32_t>();
    for (int i = 0; i < 64; ++i) a.SetValue(i, 0x7F800001 + i);  // NaN patterns as floats
    Duplicate(b, -7, 64);
    LocalTensor<uint16_t> mask = z.Get<uint16_t>();
    Duplicate(mask, uint16_t{0x5555}, 16);  // even lanes take a
    Select(a.ReinterpretCast<float>(), mask, a.ReinterpretCast<float>(), b.ReinterpretCast<float>(),
           SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
    PipeBarrier<PIPE_ALL>();
    for (int i = 0; i < 64; ++i) got[i] = a.GetValue(i);
  });
  ASSERT_FALSE(r.fault) << r.fault->message;
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], i % 2 == 0 ? 0x7F800001 + i : -7) << i;
}

TEST(VectorCmpSel, CompareCountMustFillWholeRepeats) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, z;
    pipe.InitBuffer(x, 1024);
    pipe.InitBuffer(z, 256);
    LocalTensor<float> a = x.Get<float>();
    Compare(z.Get<uint8_t>(), a, a, CMPMODE::LT, 48);  // 192 B: not a whole repeat
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("multiple of 256 B"), std::string::npos);
}

template <typename T>
void CheckSelect() {
  constexpr uint32_t kPer = 256 / sizeof(T);
  constexpr uint32_t kN = 2 * kPer;
  const std::vector<T> a = Values<T>(kN, 1), b = Values<T>(kN, 4);
  std::vector<uint8_t> sel(kN / 8);
  for (size_t i = 0; i < sel.size(); ++i) sel[i] = static_cast<uint8_t>(i * 37 + 5);
  const T scalar = static_cast<T>(9.0f);
  for (const SELMODE m : {SELMODE::VSEL_CMPMASK_SPR, SELMODE::VSEL_TENSOR_SCALAR_MODE,
                          SELMODE::VSEL_TENSOR_TENSOR_MODE}) {
    std::vector<T> out(kN), out0(kN);
    const LaunchResult r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> x, y, s, o, o0;
      for (auto* buf : {&x, &y, &o, &o0}) pipe.InitBuffer(*buf, 1024);
      pipe.InitBuffer(s, 256);
      LocalTensor<T> xa = x.Get<T>(), yb = y.Get<T>(), d = o.Get<T>(), d0 = o0.Get<T>();
      LocalTensor<uint8_t> mask = s.Get<uint8_t>();
      std::memcpy(static_cast<void*>(xa.data()), a.data(), kN * sizeof(T));
      detail::HostWroteUb(xa.ref());  // filled from the host
      std::memcpy(static_cast<void*>(yb.data()), b.data(), kN * sizeof(T));
      detail::HostWroteUb(yb.ref());  // filled from the host
      std::memcpy(mask.data(), sel.data(), sel.size());
      detail::HostWroteUb(mask.ref());  // filled from the host
      BinaryRepeatParams p;
      if (m == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        Select(d, mask, xa, scalar, m, kN);
        Select(d0, mask, xa, scalar, m, static_cast<uint64_t>(kPer), 2, p);
      } else {
        Select(d, mask, xa, yb, m, kN);
        Select(d0, mask, xa, yb, m, static_cast<uint64_t>(kPer), 2, p);
      }
      std::memcpy(static_cast<void*>(out.data()), d.data(), kN * sizeof(T));
      std::memcpy(static_cast<void*>(out0.data()), d0.data(), kN * sizeof(T));
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    for (size_t i = 0; i < kN; ++i) {
      const size_t bit = m == SELMODE::VSEL_CMPMASK_SPR ? i % kPer : i;
      const T other = m == SELMODE::VSEL_TENSOR_SCALAR_MODE ? scalar : b[i];
      const T want = BitAt(sel, bit) ? a[i] : other;
      for (const auto* got : {&out, &out0}) {
        if (std::isnan(D(want))) {
          EXPECT_TRUE(std::isnan(D((*got)[i])));
        } else {
          EXPECT_EQ(D((*got)[i]), D(want)) << "mode " << static_cast<int>(m) << " i " << i;
        }
      }
    }
  }
}

TEST(VectorCmpSel, SelectEveryModeHalfAndFloat) {
  CheckSelect<half>();
  CheckSelect<float>();
}

TEST(VectorCmpSel, SelectScalarModeWithTwoTensorsIsRejected) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, s;
    pipe.InitBuffer(x, 1024);
    pipe.InitBuffer(s, 256);
    LocalTensor<float> a = x.Get<float>();
    Select(a, s.Get<uint8_t>(), a, a, SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("selMode 1 with a tensor src1"), std::string::npos);
}

TEST(VectorCmpSel, CompareLevel0WritesWholeRepeatsAndZeroesMaskedLanes) {
  std::vector<uint8_t> bits(16);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, z;
    pipe.InitBuffer(x, 1024);
    pipe.InitBuffer(z, 256);
    LocalTensor<float> a = x.Get<float>();
    Duplicate(a, 1.0f, 256);
    LocalTensor<uint8_t> out = z.Get<uint8_t>();
    // The 910B's Duplicate takes no 8-bit type: fill the bytes through a 16-bit view.
    Duplicate(out.ReinterpretCast<uint16_t>(), static_cast<uint16_t>(0xAAAA), 16);
    BinaryRepeatParams p;
    const uint64_t mask[2] = {0xF0F0F0F0F0F0F0F0ull, 0};
    Compare(out, a, a, CMPMODE::EQ, mask, 2, p);
    std::memcpy(bits.data(), out.data(), 16);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(bits[i], 0xF0) << i;
}

TEST(VectorCmpSel, CompareIntoCmpMaskThenGetAndSetCmpMask) {
  std::vector<uint8_t> got(16), back(16);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    pipe.InitBuffer(x, 256);
    pipe.InitBuffer(y, 256);
    pipe.InitBuffer(z, 64);
    LocalTensor<half> a = x.Get<half>(), b = y.Get<half>();
    for (int i = 0; i < 128; ++i) {
      a.SetValue(i, half(static_cast<float>(i % 5)));
      b.SetValue(i, half(2.0f));
    }
    BinaryRepeatParams p;
    Compare(a, b, CMPMODE::GT, 100, p);  // lanes 0..99
    LocalTensor<uint8_t> m = z.Get<uint8_t>();
    GetCmpMask(m);
    std::memcpy(got.data(), m.data(), 16);
    Duplicate(m.ReinterpretCast<uint16_t>(), static_cast<uint16_t>(0x3C3C), 16);
    SetCmpMask(m);
    GetCmpMask(m[32]);
    std::memcpy(back.data(), m.data() + 32, 16);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < 128; ++i) {
    EXPECT_EQ(BitAt(got, i), i < 100 && i % 5 > 2) << i;
  }
  for (uint8_t v : back) EXPECT_EQ(v, 0x3C);
}

TEST(VectorCmpSel, GetCmpMaskIntoTooSmallATensorIsAFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> z;
    pipe.InitBuffer(z, 32);
    GetCmpMask(z.Get<uint8_t>(8));
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

}  // namespace
}  // namespace opsim::sim
