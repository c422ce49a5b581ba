// Gather, GatherMask and CreateVecIndex against scalar models, in every element type Ascend C
// lists for them, and the faults of each rule.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kGatherTile = 4096;

// Distinct bit patterns per element (any 16/32-bit type), so a moved element is recognisable.
template <typename T>
std::vector<T> Pattern(uint32_t n, uint32_t salt) {
  std::vector<T> v(n);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t bits = (i * 2654435761u + salt) ^ (i << 3);
    std::memcpy(static_cast<void*>(&v[i]), &bits, sizeof(T));
  }
  return v;
}

template <typename T>
void Load(const LocalTensor<T>& t, const std::vector<T>& v) {
  std::memcpy(static_cast<void*>(t.data()), v.data(), v.size() * sizeof(T));
  detail::HostWroteUb(t.ref());
}

template <typename T>
bool SameBytes(const T* a, const T* b, size_t n) {
  return std::memcmp(static_cast<const void*>(a), static_cast<const void*>(b), n * sizeof(T)) == 0;
}

// Count form: dst[i] = src element at byte base + offset[i].
template <typename T>
void CheckGatherCount() {
  constexpr uint32_t kN = kGatherTile / sizeof(T);
  constexpr uint32_t kCount = 300;
  constexpr uint32_t kBase = 64;  // bytes
  const std::vector<T> src = Pattern<T>(kN, 7);
  std::vector<uint32_t> off(kGatherTile / 4);
  for (uint32_t i = 0; i < kCount; ++i) off[i] = ((i * 37 + 11) % (kN - 32)) * sizeof(T);
  std::vector<T> got(kCount);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, kGatherTile);
    LocalTensor<T> ts = a.Get<T>(), td = c.Get<T>();
    LocalTensor<uint32_t> to = b.Get<uint32_t>();
    Load(ts, src);
    Load(to, off);
    Gather(td, ts, to, kBase, kCount);
    std::memcpy(static_cast<void*>(got.data()), td.data(), kCount * sizeof(T));
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kCount; ++i) {
    ASSERT_TRUE(SameBytes(&got[i], &src[(kBase + off[i]) / sizeof(T)], 1)) << i;
  }
}

TEST(VectorGather, GatherCountEveryType) {
  CheckGatherCount<int16_t>();
  CheckGatherCount<uint16_t>();
  CheckGatherCount<half>();
  CheckGatherCount<bfloat16_t>();
  CheckGatherCount<float>();
  CheckGatherCount<int32_t>();
  CheckGatherCount<uint32_t>();
}

// Level-0: lane i of repeat r reads offset[r * lanes + i], writes r * dstRepStride blocks + i;
// lanes off the mask keep their old dst value.
template <typename T, bool kBits>
void CheckGatherRepeat() {
  constexpr uint32_t kN = kGatherTile / sizeof(T);
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint8_t kRepeats = 3;
  constexpr uint16_t kDstRep = 9;  // blocks between repeats of dst
  const uint64_t bits[2] = {0xF0F0F0F00F0F00FFull, kLanes > 64 ? 0x8000000000000001ull : 0};
  constexpr uint64_t kCont = kLanes - 5;
  auto on = [&](uint32_t i) { return kBits ? ((bits[i / 64] >> (i % 64)) & 1u) != 0 : i < kCont; };
  const std::vector<T> src = Pattern<T>(kN, 3), old = Pattern<T>(kN, 99);
  std::vector<uint32_t> off(kGatherTile / 4);
  for (uint32_t i = 0; i < off.size(); ++i) off[i] = ((i * 53 + 5) % kN) * sizeof(T);
  std::vector<T> got(kN);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, kGatherTile);
    LocalTensor<T> ts = a.Get<T>(), td = c.Get<T>();
    LocalTensor<uint32_t> to = b.Get<uint32_t>();
    Load(ts, src);
    Load(to, off);
    Load(td, old);
    if constexpr (kBits) {
      Gather(td, ts, to, 0u, bits, kRepeats, kDstRep);
    } else {
      Gather(td, ts, to, 0u, kCont, kRepeats, kDstRep);
    }
    std::memcpy(static_cast<void*>(got.data()), td.data(), kGatherTile);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<T> want = old;
  for (uint32_t rep = 0; rep < kRepeats; ++rep) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      if (on(i)) want[rep * kDstRep * 32 / sizeof(T) + i] = src[off[rep * kLanes + i] / sizeof(T)];
    }
  }
  EXPECT_TRUE(SameBytes(got.data(), want.data(), kN));
}

TEST(VectorGather, GatherLevel0BitAndContinuousMasks) {
  CheckGatherRepeat<half, true>();
  CheckGatherRepeat<half, false>();
  CheckGatherRepeat<int16_t, true>();
  CheckGatherRepeat<uint16_t, false>();
  CheckGatherRepeat<bfloat16_t, true>();
  CheckGatherRepeat<float, true>();
  CheckGatherRepeat<float, false>();
  CheckGatherRepeat<int32_t, true>();
  CheckGatherRepeat<uint32_t, false>();
}

LaunchResult GatherWith(uint32_t offset0, uint32_t base, uint32_t dst_bytes, uint32_t count) {
  return RunOne([=] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    pipe.InitBuffer(c, dst_bytes);
    LocalTensor<float> ts = a.Get<float>();
    LocalTensor<uint32_t> to = b.Get<uint32_t>();
    Duplicate(ts, 1.0f, 64);
    Duplicate(to, 0u, 64);
    to.SetValue(0, offset0);
    Gather(c.Get<float>(), ts, to, base, count);
  });
}

TEST(VectorGather, GatherFaults) {
  LaunchResult r = GatherWith(6, 0, 256, 8);  // byte 6 of a float tensor
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("not a multiple of the element size 4 B"), std::string::npos)
      << r.fault->message;
  r = GatherWith(0, 256, 256, 8);  // base past the end of src
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_NE(r.fault->message.find("which holds 256 B"), std::string::npos) << r.fault->message;
  r = GatherWith(252, 0, 256, 8);  // the last element: fine
  EXPECT_FALSE(r.fault.has_value()) << r.fault->message;
  r = GatherWith(0, 0, 32, 16);  // dst holds 8 floats
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  r = GatherWith(0, 0, 256, 65);  // more offsets than srcOffset holds
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

TEST(VectorGather, GatherFromUnwrittenSourceIsFlaggedInCheckedMode) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, 256);
    LocalTensor<uint32_t> to = b.Get<uint32_t>();
    Duplicate(to, 0u, 64);
    Gather(c.Get<float>(), a.Get<float>(), to, 0u, 8);  // src never written
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(r.fault->instruction, "Gather");
}

// GatherMask's model: walk the repeats, keep the elements whose bit is set, pack them.
template <typename T>
std::vector<T> PackModel(const std::vector<T>& src, uint32_t repeats, uint64_t per_repeat,
                         const GatherMaskParams& p,
                         const std::function<bool(uint32_t, uint64_t)>& on) {
  std::vector<T> out;
  constexpr uint64_t kPerBlock = 32 / sizeof(T);
  for (uint32_t r = 0; r < repeats; ++r) {
    for (uint64_t i = 0; i < per_repeat; ++i) {
      if (!on(r, i)) continue;
      const uint64_t at =
          (r * p.src0RepeatStride + i / kPerBlock * p.src0BlockStride) * kPerBlock + i % kPerBlock;
      out.push_back(src[at]);
    }
  }
  return out;
}

// The documented built-in patterns: 1 even, 2 odd, 3-6 element pattern-3 of four, 7 all.
bool BuiltinKeeps(uint8_t pattern, uint64_t i) {
  return pattern == 1   ? i % 2 == 0
         : pattern == 2 ? i % 2 == 1
         : pattern == 7 ? true
                        : i % 4 == pattern - 3u;
}

// GatherMask with a built-in pattern from one kGatherTile tile into another: `fill` writes the
// source tile, and the first `got_bytes` of dst come back in `got`.
template <typename T, class Fill>
LaunchResult BuiltinGatherMask(Fill fill, uint8_t pattern, bool counter, uint32_t mask,
                               const GatherMaskParams& p, uint64_t* cnt, T* got, size_t got_bytes) {
  return RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, c;
    pipe.InitBuffer(a, kGatherTile);
    pipe.InitBuffer(c, kGatherTile);
    LocalTensor<T> ts = a.Get<T>(), td = c.Get<T>();
    fill(ts);
    GatherMask(td, ts, pattern, counter, mask, p, *cnt);
    std::memcpy(static_cast<void*>(got), td.data(), got_bytes);
  });
}

template <typename T>
void CheckGatherMaskBuiltin() {
  constexpr uint32_t kN = kGatherTile / sizeof(T);
  constexpr uint64_t kLanes = 256 / sizeof(T);
  const std::vector<T> src = Pattern<T>(kN, 5);
  const GatherMaskParams p(1, 3, 10, 0);  // 3 repeats, 10 blocks apart
  for (uint8_t pattern = 1; pattern <= 7; ++pattern) {
    std::vector<T> got(kN);
    uint64_t cnt = 0;
    const LaunchResult r = BuiltinGatherMask<T>([&](LocalTensor<T>& ts) { Load(ts, src); }, pattern,
                                                false, 0, p, &cnt, got.data(), kGatherTile);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    const auto want = PackModel<T>(src, 3, kLanes, p,
                                   [&](uint32_t, uint64_t i) { return BuiltinKeeps(pattern, i); });
    ASSERT_EQ(cnt, want.size()) << int(pattern);
    EXPECT_TRUE(SameBytes(got.data(), want.data(), want.size())) << int(pattern);
  }
}

TEST(VectorGather, GatherMaskBuiltinPatternsEveryType) {
  CheckGatherMaskBuiltin<half>();
  CheckGatherMaskBuiltin<bfloat16_t>();
  CheckGatherMaskBuiltin<int16_t>();
  CheckGatherMaskBuiltin<uint16_t>();
  CheckGatherMaskBuiltin<float>();
  CheckGatherMaskBuiltin<int32_t>();
  CheckGatherMaskBuiltin<uint32_t>();
}

// A pattern tensor, normal mode (per-repeat bits src1RepeatStride blocks apart) and counter mode
// (`mask` elements per repeat).
template <typename T, typename U>
void CheckGatherMaskTensor(bool counter) {
  constexpr uint32_t kN = kGatherTile / sizeof(T);
  const std::vector<T> src = Pattern<T>(kN, 11);
  const std::vector<U> bits = Pattern<U>(kGatherTile / sizeof(U), 42);
  const uint32_t mask = counter ? 300 / sizeof(T) + 3 : 0;
  const uint64_t per_repeat = counter ? mask : 256 / sizeof(T);
  const GatherMaskParams p(2, 2, counter ? 40 : 16, 1);
  std::vector<T> got(kN);
  uint64_t cnt = 0;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, kGatherTile);
    LocalTensor<T> ts = a.Get<T>(), td = c.Get<T>();
    LocalTensor<U> tb = b.Get<U>();
    Load(ts, src);
    Load(tb, bits);
    GatherMask(td, ts, tb, counter, mask, p, cnt);
    std::memcpy(static_cast<void*>(got.data()), td.data(), kGatherTile);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const auto* bytes = reinterpret_cast<const uint8_t*>(bits.data());
  const auto want = PackModel<T>(src, 2, per_repeat, p, [&](uint32_t rep, uint64_t i) {
    return ((bytes[rep * 32 + i / 8] >> (i % 8)) & 1u) != 0;
  });
  ASSERT_EQ(cnt, want.size());
  EXPECT_TRUE(SameBytes(got.data(), want.data(), want.size()));
}

TEST(VectorGather, GatherMaskPatternTensorNormalAndCounterModes) {
  for (bool counter : {false, true}) {
    CheckGatherMaskTensor<half, uint16_t>(counter);
    CheckGatherMaskTensor<int16_t, uint16_t>(counter);
    CheckGatherMaskTensor<float, uint32_t>(counter);
    CheckGatherMaskTensor<int32_t, uint32_t>(counter);
    CheckGatherMaskTensor<uint32_t, uint32_t>(counter);
  }
}

TEST(VectorGather, GatherMaskInPlaceCompacts) {
  std::vector<float> got(64);
  uint64_t cnt = 0;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 256);
    LocalTensor<float> t = a.Get<float>();
    for (int i = 0; i < 64; ++i) t.SetValue(i, static_cast<float>(i));
    GatherMask(t, t, static_cast<uint8_t>(2), false, 0, GatherMaskParams(1, 1, 8, 0), cnt);
    std::memcpy(got.data(), t.data(), 256);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(cnt, 32u);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(got[i], 2.0f * i + 1) << i;
}

// Built-in patterns take a strided path (count in closed form; checked, one written-span test per
// repeat): against the model, with src fully written, with only the kept elements written (no
// fault: unkept bytes are not read) and with one kept element unwritten (the fault).
template <typename T>
void CheckGatherMaskStrided(bool counter, uint16_t blk, uint16_t rep) {
  constexpr uint32_t kN = kGatherTile / sizeof(T);
  const uint64_t per_repeat = counter ? 37 : 256 / sizeof(T);  // 37: a tail for steps 2 and 4
  const GatherMaskParams p(blk, 3, rep, 0);
  const std::vector<T> src = Pattern<T>(kN, 11);
  for (uint8_t pattern = 1; pattern <= 7; ++pattern) {
    std::vector<uint64_t> at;  // src index of each kept element, in dst order
    for (uint32_t r = 0; r < 3; ++r) {
      for (uint64_t i = 0; i < per_repeat; ++i) {
        constexpr uint64_t kPb = 32 / sizeof(T);
        if (BuiltinKeeps(pattern, i)) at.push_back((r * rep + i / kPb * blk) * kPb + i % kPb);
      }
    }
    // 0 all, 1 kept only, 2 kept but the last (blkStride 0 folds blocks: another writes it).
    for (int fill = 0; fill < (blk == 0 ? 2 : 3); ++fill) {
      std::vector<T> got(kN);
      uint64_t cnt = 0;
      auto write_src = [&](LocalTensor<T>& ts) {
        if (fill == 0) Load(ts, src);
        for (size_t k = 0; fill > 0 && k + (fill == 2 ? 1 : 0) < at.size(); ++k) {
          ts.SetValue(static_cast<uint32_t>(at[k]), src[at[k]]);
        }
      };
      const LaunchResult res = BuiltinGatherMask<T>(write_src, pattern, counter, counter ? 37 : 0,
                                                    p, &cnt, got.data(), at.size() * sizeof(T));
      const std::string where = std::to_string(pattern) + " fill " + std::to_string(fill);
      if (fill == 2) {
        ASSERT_TRUE(res.fault.has_value()) << where;
        EXPECT_EQ(res.fault->kind, FaultKind::kUninitializedRead) << where;
        EXPECT_NE(res.fault->message.find("src0 reads UB"), std::string::npos) << where;
        continue;
      }
      ASSERT_FALSE(res.fault.has_value()) << where << ": " << res.fault->message;
      ASSERT_EQ(cnt, at.size()) << where;
      for (size_t k = 0; k < at.size(); ++k) {
        ASSERT_TRUE(SameBytes(&got[k], &src[at[k]], 1)) << where << " element " << k;
      }
    }
  }
}

TEST(VectorGather, GatherMaskBuiltinStridedPathMatchesModel) {
  for (const bool counter : {true, false}) {
    for (const uint16_t blk : {1, 2, 0}) {
      CheckGatherMaskStrided<float>(counter, blk, 20);
      CheckGatherMaskStrided<half>(counter, blk, 20);
    }
  }
}

LaunchResult GatherMaskWith(uint8_t pattern, bool counter, uint32_t mask, uint16_t repeats,
                            uint32_t dst_bytes) {
  return RunOne([=] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, c;
    pipe.InitBuffer(a, 2048);
    pipe.InitBuffer(c, dst_bytes);
    LocalTensor<float> ts = a.Get<float>();
    Duplicate(ts, 1.0f, 512);
    uint64_t cnt = 0;
    GatherMask(c.Get<float>(), ts, pattern, counter, mask, GatherMaskParams(1, repeats, 8, 0), cnt);
  });
}

TEST(VectorGather, GatherMaskFaults) {
  LaunchResult r = GatherMaskWith(8, false, 0, 1, 256);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("src1Pattern 8 is outside [1, 7]"), std::string::npos);
  r = GatherMaskWith(7, false, 0, 256, 256);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("repeatTimes 256"), std::string::npos);
  r = GatherMaskWith(7, true, 0, 1, 256);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("mask >= 1"), std::string::npos);
  r = GatherMaskWith(7, false, 0, 9, 2048);  // 9 repeats of 256 B: src holds 8
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  r = GatherMaskWith(1, false, 0, 8, 512);  // 256 floats kept, dst holds 128
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  r = GatherMaskWith(1, false, 0, 8, 1024);  // exactly fits
  EXPECT_FALSE(r.fault.has_value()) << r.fault->message;
}

template <typename T>
void CheckVecIndex() {
  constexpr uint32_t kN = kGatherTile / sizeof(T);
  constexpr uint32_t kLanes = 256 / sizeof(T);
  std::vector<T> got(kN), got0(kN);
  const T first = static_cast<T>(-5.0f);
  const uint64_t bits[2] = {0x00FF00FF00FF0F0Full, kLanes > 64 ? 0xFull : 0};
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, kGatherTile);
    pipe.InitBuffer(b, kGatherTile);
    LocalTensor<T> t = a.Get<T>(), t0 = b.Get<T>();
    CreateVecIndex(t, first, 1000);
    Duplicate(t0, static_cast<T>(7.0f), kN);
    CreateVecIndex(t0, first, bits, 2, 2, 20);
    std::memcpy(static_cast<void*>(got.data()), t.data(), kGatherTile);
    std::memcpy(static_cast<void*>(got0.data()), t0.data(), kGatherTile);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < 1000; ++i) {
    ASSERT_EQ(static_cast<float>(got[i]), static_cast<float>(static_cast<T>(-5.0f + i))) << i;
  }
  std::vector<T> want(kN, static_cast<T>(7.0f));
  constexpr uint32_t kPerBlock = 32 / sizeof(T);
  for (uint32_t rep = 0; rep < 2; ++rep) {
    for (uint32_t i = 0; i < kLanes; ++i) {
      if (((bits[i / 64] >> (i % 64)) & 1u) == 0) continue;
      want[rep * 20 * kPerBlock + i / kPerBlock * 2 * kPerBlock + i % kPerBlock] =
          static_cast<T>(-5.0f + rep * kLanes + i);
    }
  }
  EXPECT_TRUE(SameBytes(got0.data(), want.data(), kN));
}

TEST(VectorGather, CreateVecIndexCountAndLevel0) {
  CheckVecIndex<int16_t>();
  CheckVecIndex<int32_t>();
  CheckVecIndex<half>();
  CheckVecIndex<float>();
}

TEST(VectorGather, CreateVecIndexFaults) {
  LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 256);
    CreateVecIndex(a.Get<int32_t>(), 0, 65);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 512);
    CreateVecIndex(a.Get<float>()[4], 0.0f, 8);  // 16 B in: not 32 B aligned
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMisalignedCopy);
  r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 512);
    CreateVecIndex(a.Get<float>(), 0.0f, uint64_t{65}, 1, 1, 8);  // mask over 64 lanes
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
}

}  // namespace
}  // namespace opsim::sim
