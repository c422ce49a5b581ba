// BlockReduceSum/Max/Min, PairReduceSum, WholeReduce* with bit masks, the mask register and
// counter mode, and Brcb, against scalar models in half and float.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

template <typename T>
std::vector<T> Input(size_t n) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<T>(static_cast<float>((i * 13) % 29) - 14.0f);
  return v;
}

// Runs body(src, dst) with src preloaded; returns the first n of dst (dst starts at -100).
template <typename T, typename F>
std::vector<T> RunTile(const std::vector<T>& in, size_t n, F&& body) {
  std::vector<T> out(n);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 8192);
    pipe.InitBuffer(b, 8192);
    LocalTensor<T> src = a.Get<T>(), dst = b.Get<T>();
    std::memcpy(static_cast<void*>(src.data()), in.data(), in.size() * sizeof(T));
    Duplicate(dst, static_cast<T>(-100.0f), static_cast<int32_t>(8192 / sizeof(T)));
    body(src, dst);
    std::memcpy(static_cast<void*>(out.data()), dst.data(), n * sizeof(T));
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return out;
}

float F(float v) { return v; }
float F(half v) { return static_cast<float>(v); }

template <typename T>
void CheckBlockAndPair() {
  constexpr uint32_t kPer = 256 / sizeof(T), kBlk = 32 / sizeof(T);
  constexpr int32_t kRep = 3;
  const std::vector<T> in = Input<T>(kPer * kRep);
  const int32_t mask = static_cast<int32_t>(kPer - kBlk / 2);  // the last block half on
  const auto bsum = RunTile<T>(
      in, 8 * kRep, [&](auto& s, auto& d) { BlockReduceSum(d, s, kRep, mask, 1, 1, 8); });
  const auto bmax = RunTile<T>(
      in, 8 * kRep, [&](auto& s, auto& d) { BlockReduceMax(d, s, kRep, mask, 1, 1, 8); });
  const auto bmin = RunTile<T>(
      in, 8 * kRep, [&](auto& s, auto& d) { BlockReduceMin(d, s, kRep, mask, 1, 1, 8); });
  const auto psum = RunTile<T>(in, kPer / 2 * kRep,
                               [&](auto& s, auto& d) { PairReduceSum(d, s, kRep, mask, 1, 1, 8); });
  for (int32_t r = 0; r < kRep; ++r) {
    for (uint32_t b = 0; b < 8; ++b) {
      float sum = 0, mx = -1e30f, mn = 1e30f;
      for (uint32_t i = b * kBlk; i < (b + 1) * kBlk && i < static_cast<uint32_t>(mask); ++i) {
        const float x = F(in[r * kPer + i]);
        sum += x;
        mx = std::max(mx, x);
        mn = std::min(mn, x);
      }
      EXPECT_EQ(F(bsum[r * 8 + b]), F(static_cast<T>(sum))) << r << " " << b;
      EXPECT_EQ(F(bmax[r * 8 + b]), mx) << r << " " << b;
      EXPECT_EQ(F(bmin[r * 8 + b]), mn) << r << " " << b;
    }
    for (uint32_t p = 0; p < kPer / 2; ++p) {
      float sum = 0;
      for (uint32_t i = 2 * p; i < 2 * p + 2 && i < static_cast<uint32_t>(mask); ++i)
        sum += F(in[r * kPer + i]);
      // A pair with no lane on the mask is not written (A2/A3): dst keeps its -100.
      const float want = 2 * p < static_cast<uint32_t>(mask) ? F(static_cast<T>(sum)) : -100.0f;
      EXPECT_EQ(F(psum[r * (kPer / 2) + p]), want) << r << " " << p;
    }
  }
}

TEST(VectorReduceRepeat, BlockReduceAndPairReduceHalfAndFloat) {
  CheckBlockAndPair<half>();
  CheckBlockAndPair<float>();
}

TEST(VectorReduceRepeat, WholeReduceWithBitMaskRegisterAndCounterMode) {
  const std::vector<float> in = Input<float>(256);
  const uint64_t mask[2] = {0xF00000000000000Full, 0};  // lanes 0-3 and 60-63
  auto masked_sum = [&](int r) {
    float s = 0;
    for (int i = 0; i < 64; ++i) {
      if ((mask[0] >> i) & 1u) s += in[r * 64 + i];
    }
    return s;
  };
  const auto bits =
      RunTile<float>(in, 4, [&](auto& s, auto& d) { WholeReduceSum(d, s, mask, 4, 1, 1, 8); });
  const auto reg = RunTile<float>(in, 4, [&](auto& s, auto& d) {
    SetVectorMask<float>(mask[1], mask[0]);
    WholeReduceSum<float, false>(d, s, MASK_PLACEHOLDER, 4, 1, 1, 8);
    ResetMask();
  });
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(bits[r], masked_sum(r)) << r;
    EXPECT_EQ(reg[r], masked_sum(r)) << r;
  }
  // Counter mode: 100 elements = one full repeat and 36 of the next.
  const auto cnt = RunTile<float>(in, 3, [&](auto& s, auto& d) {
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(0, 100);
    WholeReduceSum<float, false>(d, s, MASK_PLACEHOLDER, 1, 1, 1, 8);
    SetMaskNorm();
    ResetMask();
  });
  float s0 = 0, s1 = 0;
  for (int i = 0; i < 64; ++i) s0 += in[i];
  for (int i = 64; i < 100; ++i) s1 += in[i];
  EXPECT_EQ(cnt[0], s0);
  EXPECT_EQ(cnt[1], s1);
  EXPECT_EQ(cnt[2], -100.0f);  // untouched
  // WholeReduceMax with a bit mask reports the lane index within the repeat.
  const auto mx =
      RunTile<float>(in, 2, [&](auto& s, auto& d) { WholeReduceMax(d, s, mask, 1, 1, 1, 8); });
  float best = -1e30f;
  uint32_t at = 0;
  for (uint32_t i = 0; i < 64; ++i) {
    if (((mask[0] >> i) & 1u) && in[i] > best) {
      best = in[i];
      at = i;
    }
  }
  EXPECT_EQ(mx[0], best);
  uint32_t idx;
  std::memcpy(&idx, &mx[1], 4);
  EXPECT_EQ(idx, at);
}

TEST(VectorReduceRepeat, BrcbBroadcastsEachElementToABlock) {
  const std::vector<half> in = Input<half>(16);
  const auto out =
      RunTile<half>(in, 256, [&](auto& s, auto& d) { Brcb(d, s, 2, BrcbRepeatParams(1, 8)); });
  for (int r = 0; r < 2; ++r) {
    for (int j = 0; j < 8; ++j) {
      for (int e = 0; e < 16; ++e)
        EXPECT_EQ(out[(r * 8 + j) * 16 + e].bits(), in[r * 8 + j].bits());
    }
  }
}

TEST(VectorReduceRepeat, BlockReduceNegativeStrideIsAFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 1024);
    LocalTensor<float> x = a.Get<float>();
    BlockReduceSum(x, x, 1, 64, 1, -1, 8);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("stride -1"), std::string::npos);
}

TEST(VectorReduceRepeat, BrcbBeyondTheDstIsAFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    Brcb(b.Get<float>(), a.Get<float>(), 2, BrcbRepeatParams(1, 8));  // needs 512 B of dst
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

// ReduceMax/Min/Sum's high-dimension form against a scalar model: the best lane over every
// repeat (the first on ties), its index the repeat's position times a repeat's elements plus
// the lane; repeats srcRepStride blocks apart, the mask as a count or as bits.
template <typename T>
void CheckReduceRepeats() {
  constexpr uint32_t kPer = 256 / sizeof(T);
  constexpr int32_t kRep = 5, kRepStride = 16;
  const std::vector<T> in = Input<T>(kPer * 2 * kRep);
  const uint64_t bits[2] = {0xFFFF00000000FFFFull, sizeof(T) == 2 ? 1ull << 63 : 0};
  auto on = [&](uint32_t lane) { return (bits[lane / 64] >> (lane % 64)) & 1; };
  for (int use_bits = 0; use_bits < 2; ++use_bits) {
    auto enabled = [&](uint32_t l) { return use_bits ? on(l) != 0 : l < 40; };
    float best_max = -1e30f, best_min = 1e30f, sum = 0;
    uint32_t at_max = 0, at_min = 0;
    for (uint32_t r = 0; r < kRep; ++r) {
      for (uint32_t l = 0; l < kPer; ++l) {
        if (!enabled(l)) continue;
        const float v = F(in[r * kRepStride * 32 / sizeof(T) + l]);
        sum += v;
        if (v > best_max) best_max = v, at_max = r * kPer + l;
        if (v < best_min) best_min = v, at_min = r * kPer + l;
      }
    }
    auto run = [&](auto reduce) {
      return RunTile<T>(in, 2, [&](auto& s, auto& d) {
        LocalTensor<T> work = d[1024 / sizeof(T)];
        if (use_bits) {
          reduce(d, s, work, bits);
        } else {
          reduce(d, s, work, int32_t{40});
        }
      });
    };
    auto index_of = [](T slot) {
      uint32_t i = 0;
      std::memcpy(&i, &slot, sizeof(T));
      return i;
    };
    const auto mx = run(
        [&](auto& d, auto& s, auto& w, auto m) { ReduceMax(d, s, w, m, kRep, kRepStride, true); });
    const auto mn = run(
        [&](auto& d, auto& s, auto& w, auto m) { ReduceMin(d, s, w, m, kRep, kRepStride, true); });
    const auto sm =
        run([&](auto& d, auto& s, auto& w, auto m) { ReduceSum(d, s, w, m, kRep, kRepStride); });
    EXPECT_EQ(F(mx[0]), best_max) << use_bits;
    EXPECT_EQ(index_of(mx[1]), at_max) << use_bits;
    EXPECT_EQ(F(mn[0]), best_min) << use_bits;
    EXPECT_EQ(index_of(mn[1]), at_min) << use_bits;
    EXPECT_EQ(F(sm[0]), sum) << use_bits;  // small integers: exact in any order
  }
}

TEST(ReduceRepeats, MaxMinSumOverStridedRepeatsInHalfAndFloat) {
  CheckReduceRepeats<float>();
  CheckReduceRepeats<half>();
}

// The repeat sums add as a tree again, not in order: sums [1, 1e8, -1e8, 1] give
// (1 + 1e8) + (-1e8 + 1) = 0 in float32, where adding in order gives 1.
TEST(ReduceRepeats, SumTreesTheRepeatSums) {
  std::vector<float> in(64 * 4, 0.0f);
  const float sums[4] = {1, 1e8f, -1e8f, 1};
  for (int r = 0; r < 4; ++r) in[r * 64] = sums[r];
  const auto out =
      RunTile<float>(in, 1, [&](auto& s, auto& d) { ReduceSum(d, s, d[256], int32_t{64}, 4, 8); });
  EXPECT_EQ(out[0], 0.0f);
}

// A work tensor too small for round 1's results is a fault naming the instruction.
TEST(ReduceRepeats, WorkTooSmallIsAFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, w, d;
    pipe.InitBuffer(a, 64 * 255 * 4);
    pipe.InitBuffer(w, 32);
    pipe.InitBuffer(d, 32);
    LocalTensor<float> src = a.Get<float>();
    Duplicate(src, 1.0f, 64 * 255);
    ReduceMax(d.Get<float>(), src, w.Get<float>(), int32_t{64}, 255, 8, true);
  });
  ASSERT_FALSE(r.status.ok());
  EXPECT_NE(r.status.ToString().find("ReduceMax"), std::string::npos) << r.status.ToString();
}

}  // namespace
}  // namespace opsim::sim
