// Level-0 forms (mask, repeatTimes, RepeatParams) against a scalar model of the lane layout:
// bit and continuous masks, block and repeat strides, counter mode with MASK_PLACEHOLDER,
// isSetMask = false, and the faults (mask range, bounds, alignment, repeat range).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

// Element offset of lane i of repeat r (elements of `eb` bytes, strides in 32 B blocks).
size_t LaneAt(size_t r, size_t i, size_t eb, size_t blk, size_t rep) {
  const size_t per_block = 32 / eb;
  return (r * rep * 32 + (i / per_block) * blk * 32) / eb + i % per_block;
}

bool MaskBit(const uint64_t mask[2], size_t i) { return (mask[i / 64] >> (i % 64)) & 1u; }

TEST(VectorLevel0, BinaryBitMaskWithStridesMatchesModel) {
  constexpr size_t kElems = 2048;  // 8 KiB of float
  std::vector<float> a(kElems), b(kElems), d(kElems);
  for (size_t i = 0; i < kElems; ++i) {
    a[i] = static_cast<float>(i % 97) * 0.5f;
    b[i] = static_cast<float>(i % 13) - 6.0f;
  }
  const uint64_t mask[2] = {0x8000000F0000FF01ull, 0};
  BinaryRepeatParams p(2, 1, 3, 16, 8, 24);  // dst/src0/src1 block and repeat strides
  constexpr uint8_t kRepeats = 3;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    for (auto* buf : {&x, &y, &z}) pipe.InitBuffer(*buf, kElems * 4);
    LocalTensor<float> xa = x.Get<float>(), yb = y.Get<float>(), out = z.Get<float>();
    std::memcpy(xa.data(), a.data(), kElems * 4);
    detail::HostWroteUb(xa.ref());  // filled from the host
    std::memcpy(yb.data(), b.data(), kElems * 4);
    detail::HostWroteUb(yb.ref());  // filled from the host
    Duplicate(out, -1.0f, kElems);
    Mul(out, xa, yb, mask, kRepeats, p);
    std::memcpy(d.data(), out.data(), kElems * 4);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<float> want(kElems, -1.0f);
  for (size_t rep = 0; rep < kRepeats; ++rep) {
    for (size_t i = 0; i < 64; ++i) {
      if (!MaskBit(mask, i)) continue;
      want[LaneAt(rep, i, 4, 2, 16)] = a[LaneAt(rep, i, 4, 1, 8)] * b[LaneAt(rep, i, 4, 3, 24)];
    }
  }
  for (size_t i = 0; i < kElems; ++i) EXPECT_EQ(d[i], want[i]) << i;
}

// Full masks with the default strides make the lanes contiguous, and the level-0 form reads and
// writes its operands in place: the results must still be a gather-then-scatter's, also when dst
// is a source (in place) or overlaps one a repeat further on.
TEST(VectorLevel0, ContiguousLanesInPlaceAndOverlappingMatchTheModel) {
  constexpr size_t kElems = 1024;
  std::vector<float> a(kElems), b(kElems), in_place(kElems), shifted(kElems);
  for (size_t i = 0; i < kElems; ++i) {
    a[i] = static_cast<float>(i % 89) * 0.25f - 7.0f;
    b[i] = static_cast<float>(i % 31) + 0.5f;
  }
  const BinaryRepeatParams p(1, 1, 1, 8, 8, 8);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    for (auto* buf : {&x, &y, &z}) pipe.InitBuffer(*buf, kElems * 4);
    LocalTensor<float> xa = x.Get<float>(), yb = y.Get<float>(), zc = z.Get<float>();
    std::memcpy(xa.data(), a.data(), kElems * 4);
    detail::HostWroteUb(xa.ref());
    std::memcpy(yb.data(), b.data(), kElems * 4);
    detail::HostWroteUb(yb.ref());
    std::memcpy(zc.data(), a.data(), kElems * 4);
    detail::HostWroteUb(zc.ref());
    Add(xa, xa, yb, 64, 16, p);  // in place, every lane of 16 repeats
    std::memcpy(in_place.data(), xa.data(), kElems * 4);
    Mul(zc[64], zc, yb, 64, 8, p);  // dst one repeat past src0: reads the old values
    std::memcpy(shifted.data(), zc.data(), kElems * 4);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < kElems; ++i) EXPECT_EQ(in_place[i], a[i] + b[i]) << i;
  for (size_t i = 0; i < kElems; ++i) {
    const float want = i < 64 || i >= 64 + 512 ? a[i] : a[i - 64] * b[i - 64];
    EXPECT_EQ(shifted[i], want) << i;
  }
}

// Unchecked launches run repeats of whole runs a run per repeat (RunWholeRepeats): sources packed,
// one kernel call, dst written in place only when no source read in place overlaps it but
// exactly. Every layout here must give the gather-then-scatter's results in both modes. Offsets
// and strides in repeats of one buffer: a fold of neighbouring repeats in place (dst 1 apart,
// sources 2), halves of strided rows in place, dst a repeat past or before a source, dst over a
// source of another stride, sources of repeat stride 0.
TEST(VectorLevel0, WholeRepeatsInPlaceMatchGatherThenScatterInBothModes) {
  struct Layout {
    uint32_t dst, a, b;             // offsets in repeats (64 floats)
    uint8_t dst_rep, a_rep, b_rep;  // repeat strides in blocks
    uint8_t repeats;
  };
  const Layout layouts[] = {
      {0, 0, 1, 8, 16, 16, 8}, {0, 0, 2, 32, 32, 32, 4}, {1, 0, 9, 8, 8, 8, 6},
      {0, 1, 20, 8, 8, 8, 6},  {2, 0, 1, 16, 8, 8, 5},   {0, 3, 3, 8, 0, 0, 4},
      {5, 0, 12, 0, 16, 8, 3}, {0, 0, 4, 8, 16, 24, 4},  {3, 1, 2, 16, 16, 16, 4}};
  constexpr size_t kElems = 64 * 48;
  std::vector<float> init(kElems);
  for (size_t i = 0; i < kElems; ++i) init[i] = static_cast<float>((i * 37) % 101) * 0.5f - 9.0f;
  for (const bool checked : {true, false}) {
    for (const Layout& l : layouts) {
      std::vector<float> got(kElems);
      const LaunchResult r = RunOne(
          [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> x;
            pipe.InitBuffer(x, kElems * 4);
            LocalTensor<float> t = x.Get<float>();
            std::memcpy(t.data(), init.data(), kElems * 4);
            detail::HostWroteUb(t.ref());
            const BinaryRepeatParams p(1, 1, 1, l.dst_rep, l.a_rep, l.b_rep);
            Add(t[l.dst * 64], t[l.a * 64], t[l.b * 64], 64, l.repeats, p);
            std::memcpy(got.data(), t.data(), kElems * 4);
          },
          checked);
      ASSERT_TRUE(r.status.ok()) << r.status.ToString();
      std::vector<float> want = init;
      for (size_t rep = 0; rep < l.repeats; ++rep) {
        for (size_t i = 0; i < 64; ++i) {
          want[l.dst * 64 + LaneAt(rep, i, 4, 1, l.dst_rep)] =
              init[l.a * 64 + LaneAt(rep, i, 4, 1, l.a_rep)] +
              init[l.b * 64 + LaneAt(rep, i, 4, 1, l.b_rep)];
        }
      }
      for (size_t i = 0; i < kElems; ++i) {
        ASSERT_EQ(got[i], want[i]) << "checked " << checked << " layout dst " << l.dst << " a "
                                   << l.a << " b " << l.b << " element " << i;
      }
    }
  }
}

// The binary instructions' one supported cross-repeat dependency: dst on src1, both of repeat
// stride 0, src0 apart: each repeat adds onto the previous one's result (CANN's 910B kernels sum
// rows this way). Max likewise; src0 walking 8 blocks a repeat.
TEST(VectorLevel0, DstOnSrc1WithRepeatStrideZeroAccumulatesTheRepeats) {
  constexpr size_t kRows = 6;
  std::vector<float> rows(kRows * 64), sum(64), max(64);
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<float>((i * 7) % 23) - 11.0f;
  const BinaryRepeatParams p(1, 1, 1, 0, 8, 0);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, acc, top;
    pipe.InitBuffer(x, rows.size() * 4);
    pipe.InitBuffer(acc, 256);
    pipe.InitBuffer(top, 256);
    LocalTensor<float> xr = x.Get<float>(), a = acc.Get<float>(), t = top.Get<float>();
    std::memcpy(xr.data(), rows.data(), rows.size() * 4);
    detail::HostWroteUb(xr.ref());
    Duplicate(a, 0.0f, 64);
    Duplicate(t, -100.0f, 64);
    PipeBarrier<PIPE_V>();
    Add(a, xr, a, 64, kRows, p);
    Max(t, xr, t, 64, kRows, p);
    std::memcpy(sum.data(), a.data(), 256);
    std::memcpy(max.data(), t.data(), 256);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < 64; ++i) {
    float want_sum = 0.0f, want_max = -100.0f;
    for (size_t row = 0; row < kRows; ++row) {
      want_sum += rows[row * 64 + i];
      want_max = std::max(want_max, rows[row * 64 + i]);
    }
    EXPECT_EQ(sum[i], want_sum) << i;
    EXPECT_EQ(max[i], want_max) << i;
  }
}

TEST(VectorLevel0, UnaryAndScalarContinuousMaskHalf) {
  constexpr size_t kElems = 1024;
  std::vector<half> a(kElems), e(kElems), s(kElems);
  for (size_t i = 0; i < kElems; ++i) a[i] = half(static_cast<float>(i % 17) * 0.25f - 2.0f);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    for (auto* buf : {&x, &y, &z}) pipe.InitBuffer(*buf, kElems * 2);
    LocalTensor<half> xa = x.Get<half>(), ye = y.Get<half>(), zs = z.Get<half>();
    std::memcpy(static_cast<void*>(xa.data()), a.data(), kElems * 2);
    detail::HostWroteUb(xa.ref());  // filled from the host
    Duplicate(ye, half(0.0f), kElems);
    Duplicate(zs, half(0.0f), kElems);
    UnaryRepeatParams p;     // contiguous
    Exp(ye, xa, 100, 4, p);  // first 100 of 128 lanes, 4 repeats
    Adds(zs, xa, half(1.5f), 100, 4, p);
    std::memcpy(static_cast<void*>(e.data()), ye.data(), kElems * 2);
    std::memcpy(static_cast<void*>(s.data()), zs.data(), kElems * 2);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < kElems; ++i) {
    const bool on = i < 512 && i % 128 < 100;
    const float x = static_cast<float>(a[i]);
    const half want_e =
        on ? half(static_cast<float>(std::exp(static_cast<double>(x)))) : half(0.0f);
    const half want_s = on ? half(x + 1.5f) : half(0.0f);
    EXPECT_EQ(e[i].bits(), want_e.bits()) << i;
    EXPECT_EQ(s[i].bits(), want_s.bits()) << i;
  }
}

TEST(VectorLevel0, CounterModeWithPlaceholderProcessesExactlyTheCount) {
  constexpr size_t kElems = 512;
  std::vector<float> d(kElems);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, z;
    pipe.InitBuffer(x, kElems * 4);
    pipe.InitBuffer(z, kElems * 4);
    LocalTensor<float> xa = x.Get<float>(), out = z.Get<float>();
    Duplicate(xa, 2.0f, kElems);
    Duplicate(out, 0.0f, kElems);
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(0, 200);
    BinaryRepeatParams p;
    Add<float, false>(out, xa, xa, MASK_PLACEHOLDER, 1, p);  // repeatTimes ignored
    SetMaskNorm();
    ResetMask();
    std::memcpy(d.data(), out.data(), kElems * 4);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < kElems; ++i) EXPECT_EQ(d[i], i < 200 ? 4.0f : 0.0f) << i;
}

TEST(VectorLevel0, NormalModeRegisterMaskWithIsSetMaskFalse) {
  std::vector<int32_t> d(128);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, z;
    pipe.InitBuffer(x, 512);
    pipe.InitBuffer(z, 512);
    LocalTensor<int32_t> xa = x.Get<int32_t>(), out = z.Get<int32_t>();
    Duplicate(xa, -3, 128);
    Duplicate(out, 7, 128);
    SetVectorMask<int32_t>(0, 0x5ull);  // lanes 0 and 2
    UnaryRepeatParams p;
    Relu<int32_t, false>(out, xa, MASK_PLACEHOLDER, 2, p);
    ResetMask();
    std::memcpy(d.data(), out.data(), 512);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < 128; ++i) {
    const bool on = i < 128 && (i % 64 == 0 || i % 64 == 2);
    EXPECT_EQ(d[i], on ? 0 : 7) << i;
  }
}

TEST(VectorLevel0, LogicAndShiftLevel0Int16) {
  std::vector<int16_t> d(256), s(256);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y, z;
    for (auto* buf : {&x, &y, &z}) pipe.InitBuffer(*buf, 512);
    LocalTensor<int16_t> xa = x.Get<int16_t>(), yb = y.Get<int16_t>(), out = z.Get<int16_t>();
    for (int i = 0; i < 256; ++i) xa.SetValue(i, static_cast<int16_t>(i * 131 - 9000));
    Duplicate(yb, static_cast<int16_t>(0x0FF0), 256);
    BinaryRepeatParams p;
    And(out, xa, yb, 128, 2, p);
    std::memcpy(d.data(), out.data(), 512);
    UnaryRepeatParams u;
    ShiftRight(out, xa, static_cast<int16_t>(3), 128, 2, u);
    std::memcpy(s.data(), out.data(), 512);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 256; ++i) {
    const int16_t x = static_cast<int16_t>(i * 131 - 9000);
    EXPECT_EQ(d[i], static_cast<int16_t>(x & 0x0FF0));
    EXPECT_EQ(s[i], static_cast<int16_t>(x >> 3));
  }
}

TEST(VectorLevel0, CastLevel0WidensLanesToTheWiderTypeAndEveryRoundMode) {
  constexpr size_t kN = 128;  // two repeats of 64 lanes (float sets the lane count)
  std::vector<float> in(kN);
  for (size_t i = 0; i < kN; ++i) in[i] = static_cast<float>(i) * 0.75f - 40.0f;
  for (const RoundMode m :
       {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL, RoundMode::CAST_TRUNC,
        RoundMode::CAST_ROUND, RoundMode::CAST_ODD, RoundMode::CAST_NONE}) {
    std::vector<int32_t> out(kN);
    std::vector<half> halves(kN);
    const LaunchResult r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> x, y, z;
      for (auto* buf : {&x, &y, &z}) pipe.InitBuffer(*buf, kN * 4);
      LocalTensor<float> src = x.Get<float>();
      LocalTensor<int32_t> dst = y.Get<int32_t>();
      LocalTensor<half> dh = z.Get<half>();
      std::memcpy(src.data(), in.data(), kN * 4);
      detail::HostWroteUb(src.ref());  // filled from the host
      Duplicate(dst, -1, static_cast<int32_t>(kN));
      UnaryRepeatParams p;               // float and int32: 8 blocks per repeat
      Cast(dst, src, m, 48, 2, p);       // the first 48 lanes of each repeat
      UnaryRepeatParams ph(1, 1, 4, 8);  // halves: a repeat of 64 lanes is 4 blocks
      Cast(dh, src, m, 64, 2, ph);
      std::memcpy(out.data(), dst.data(), kN * 4);
      std::memcpy(static_cast<void*>(halves.data()), dh.data(), kN * 2);
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    for (size_t i = 0; i < kN; ++i) {
      const double x = in[i];
      double want = std::nearbyint(x);
      if (m == RoundMode::CAST_FLOOR) want = std::floor(x);
      if (m == RoundMode::CAST_CEIL) want = std::ceil(x);
      if (m == RoundMode::CAST_TRUNC) want = std::trunc(x);
      if (m == RoundMode::CAST_ROUND) want = std::round(x);
      if (m == RoundMode::CAST_ODD) {
        const double t = std::trunc(x);
        want = (t == x || std::fmod(t, 2.0) != 0) ? t : (x > 0 ? t + 1 : t - 1);
      }
      EXPECT_EQ(out[i], i % 64 < 48 ? static_cast<int32_t>(want) : -1) << i;
      // Every input is exact in half, so every mode gives the same half.
      EXPECT_EQ(halves[i].bits(), half(in[i]).bits()) << i;
    }
  }
}

TEST(VectorLevel0, DuplicateLevel0WithBlockStride) {
  std::vector<int16_t> d(512);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x;
    pipe.InitBuffer(x, 1024);
    LocalTensor<int16_t> t = x.Get<int16_t>();
    Duplicate(t, static_cast<int16_t>(0), 512);
    const uint64_t mask[2] = {0xFFFFull, 0};  // the first block's 16 lanes
    Duplicate(t, static_cast<int16_t>(9), mask, 2, 2, 16);
    std::memcpy(d.data(), t.data(), 1024);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t i = 0; i < 512; ++i) {
    const bool on = (i < 16) || (i >= 256 && i < 272);
    EXPECT_EQ(d[i], on ? 9 : 0) << i;
  }
}

LaunchResult RunFaulty(const std::function<void()>& f) { return RunOne(f); }

TEST(VectorLevel0, ContinuousMaskOutOfRangeIsAFault) {
  const LaunchResult r = RunFaulty([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x;
    pipe.InitBuffer(x, 1024);
    LocalTensor<float> a = x.Get<float>();
    BinaryRepeatParams p;
    Add(a, a, a, 65, 1, p);  // float repeats have 64 lanes
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("mask 65 is outside [1, 64]"), std::string::npos);
}

TEST(VectorLevel0, BitMaskBeyondTheLanesIsAFault) {
  const LaunchResult r = RunFaulty([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x;
    pipe.InitBuffer(x, 1024);
    LocalTensor<float> a = x.Get<float>();
    const uint64_t mask[2] = {~0ull, 1};
    UnaryRepeatParams p;
    Abs(a, a, mask, 1, p);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("sets lanes beyond the 64 lanes"), std::string::npos);
}

TEST(VectorLevel0, StridedSpanBeyondTheTensorIsAFault) {
  const LaunchResult r = RunFaulty([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x;
    pipe.InitBuffer(x, 1024);
    LocalTensor<float> a = x.Get<float>();
    UnaryRepeatParams p(1, 1, 8, 8);
    Exp(a, a, 64, 5, p);  // 5 x 256 B > 1024 B
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

TEST(VectorLevel0, UnalignedOperandIsAFault) {
  const LaunchResult r = RunFaulty([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x;
    pipe.InitBuffer(x, 1024);
    LocalTensor<float> a = x.Get<float>();
    UnaryRepeatParams p;
    Sqrt(a[1], a[8], 8, 1, p);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMisalignedCopy);
  EXPECT_NE(r.fault->message.find("not 32 B aligned"), std::string::npos);
}

TEST(VectorLevel0, ChargesOneInstructionPerCallAndOneRepeatEach) {
  LaunchOptions options;
  const LaunchResult r = Launch(testing::TestDevice(), 1, options, [] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x;
    pipe.InitBuffer(x, 4096);
    LocalTensor<float> a = x.Get<float>();
    BinaryRepeatParams p;
    Add(a, a, a, 64, 10, p);
  });
  ASSERT_TRUE(r.status.ok());
  // TestDevice: 4 cycles issue + 1 cycle per repeat at 1 GHz.
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kV)].busy_ns, 4.0 + 10.0);
}

TEST(VectorLevel0, MissingSyncBeforeALevel0ReadIsCaught) {
  void* gm = GmAlloc(1024);
  const LaunchResult r = RunOne(
      [gm] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 1024);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(static_cast<float*>(gm), 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        DataCopy(t, g, 256);
        UnaryRepeatParams p;
        Exp(t, t, 64, 4, p);  // no EnQue/DeQue between MTE2 and V
        q.FreeTensor(t);
      },
      true);
  GmFree(gm);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMissingSync);
}

}  // namespace
}  // namespace opsim::sim
