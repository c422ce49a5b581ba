// CANN's ReduceType spellings (ReduceDataBlock, ReduceRepeat, ReducePairElem) against scalar
// models in half and float, int and bit masks, and Compares (CompareScalar's current name)
// against a scalar comparison in every CMPMODE.
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

// Small integers: every sum is exact in half and float, whatever the order of the adds.
template <typename T>
std::vector<T> ReduceTypeInput(size_t n) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<T>(static_cast<float>((i * 11) % 31) - 15.0f);
  return v;
}

float ReduceTypeF(float v) { return v; }
float ReduceTypeF(half v) { return static_cast<float>(v); }

template <typename T, typename F>
std::vector<T> ReduceTypeRun(const std::vector<T>& in, size_t n, F&& body) {
  std::vector<T> out(n);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 4096);
    pipe.InitBuffer(b, 4096);
    LocalTensor<T> src = a.Get<T>(), dst = b.Get<T>();
    std::memcpy(static_cast<void*>(src.data()), in.data(), in.size() * sizeof(T));
    detail::HostWroteUb(src.ref());
    Duplicate(dst, static_cast<T>(-100.0f), static_cast<int32_t>(4096 / sizeof(T)));
    body(src, dst);
    std::memcpy(static_cast<void*>(out.data()), dst.data(), n * sizeof(T));
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return out;
}

// The model over `groups` groups per repeat of `per / groups` lanes, lanes < mask on.
struct GroupModel {
  float sum = 0, max = -INFINITY, min = INFINITY;
  uint32_t max_at = 0, min_at = 0;
};
template <typename T>
GroupModel ModelGroup(const std::vector<T>& in, uint32_t from, uint32_t to, uint32_t mask) {
  GroupModel m;
  for (uint32_t i = from; i < to; ++i) {
    if (i % (256 / sizeof(T)) >= mask) continue;
    const float x = ReduceTypeF(in[i]);
    m.sum += x;
    if (x > m.max) m.max = x, m.max_at = i % (256 / sizeof(T));
    if (x < m.min) m.min = x, m.min_at = i % (256 / sizeof(T));
  }
  return m;
}

template <typename T>
void CheckReduceTypes() {
  constexpr uint32_t kPer = 256 / sizeof(T), kBlk = 32 / sizeof(T);
  constexpr int32_t kRep = 3;
  const std::vector<T> in = ReduceTypeInput<T>(kPer * kRep);
  const int32_t mask = static_cast<int32_t>(kPer - kBlk / 2);
  uint64_t bits[2] = {0, 0};  // the same lanes as a bit mask
  for (int32_t i = 0; i < mask; ++i) bits[i / 64] |= 1ull << (i % 64);
  using RT = ReduceType;
  const auto bsum = ReduceTypeRun<T>(in, 8 * kRep, [&](auto& s, auto& d) {
    ReduceDataBlock<RT::SUM, T, T>(d, s, mask, kRep, 1, 1, 8);
  });
  const auto bmax = ReduceTypeRun<T>(in, 8 * kRep, [&](auto& s, auto& d) {
    ReduceDataBlock<RT::MAX, T, T>(d, s, bits, kRep, 1, 1, 8);
  });
  const auto bmin = ReduceTypeRun<T>(in, 8 * kRep, [&](auto& s, auto& d) {
    ReduceDataBlock<RT::MIN, T, T>(d, s, mask, kRep, 1, 1, 8);
  });
  const auto psum = ReduceTypeRun<T>(in, kPer / 2 * kRep, [&](auto& s, auto& d) {
    ReducePairElem<RT::SUM, T, T>(d, s, bits, kRep, 1, 1, 8);
  });
  const auto rsum = ReduceTypeRun<T>(in, kRep, [&](auto& s, auto& d) {
    ReduceRepeat<RT::SUM, T, T>(d, s, mask, kRep, 1, 1, 8, ReduceOrder::ORDER_INDEX_VALUE);
  });
  const auto rmax = ReduceTypeRun<T>(in, 2 * kRep, [&](auto& s, auto& d) {
    ReduceRepeat<RT::MAX, T, T>(d, s, bits, kRep, 1, 1, 8);
  });
  const auto rmin = ReduceTypeRun<T>(in, kRep, [&](auto& s, auto& d) {
    ReduceRepeat<RT::MIN, T, T>(d, s, mask, kRep, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);
  });
  for (int32_t r = 0; r < kRep; ++r) {
    for (uint32_t b = 0; b < 8; ++b) {
      const GroupModel m = ModelGroup(in, r * kPer + b * kBlk, r * kPer + (b + 1) * kBlk, mask);
      EXPECT_EQ(ReduceTypeF(bsum[r * 8 + b]), m.sum) << r << " " << b;
      EXPECT_EQ(ReduceTypeF(bmax[r * 8 + b]), m.max) << r << " " << b;
      EXPECT_EQ(ReduceTypeF(bmin[r * 8 + b]), m.min) << r << " " << b;
    }
    for (uint32_t p = 0; p < kPer / 2; ++p) {
      const GroupModel m = ModelGroup(in, r * kPer + 2 * p, r * kPer + 2 * p + 2, mask);
      // A pair with no lane on the mask is not written (A2/A3): dst keeps its -100.
      const float want = 2 * p < static_cast<uint32_t>(mask) ? m.sum : -100.0f;
      EXPECT_EQ(ReduceTypeF(psum[r * (kPer / 2) + p]), want) << r << " " << p;
    }
    const GroupModel m = ModelGroup(in, r * kPer, (r + 1) * kPer, mask);
    EXPECT_EQ(ReduceTypeF(rsum[r]), m.sum) << r;  // SUM ignores the order argument
    EXPECT_EQ(ReduceTypeF(rmax[2 * r]), m.max) << r;
    uint32_t index = 0;  // the index is stored in the element's bits, as WholeReduceMax does
    std::memcpy(&index, &rmax[2 * r + 1], sizeof(T));
    EXPECT_EQ(index, m.max_at) << r;
    EXPECT_EQ(ReduceTypeF(rmin[r]), m.min) << r;
  }
}

TEST(VectorReduceType, DataBlockPairElemAndRepeatHalfAndFloat) {
  CheckReduceTypes<half>();
  CheckReduceTypes<float>();
}

// CANN's A2/A3 rule: a DataBlock (or pair) with no lane on the mask keeps dst's value, in every
// reduce type and both mask forms (mask = two blocks: blocks 2-7 untouched).
template <typename T>
void CheckEmptyGroupsKeepDst() {
  constexpr uint32_t kPer = 256 / sizeof(T), kBlk = 32 / sizeof(T);
  const std::vector<T> in = ReduceTypeInput<T>(kPer * 2);
  const int32_t mask = static_cast<int32_t>(2 * kBlk);
  const uint64_t bits[2] = {(1ull << (2 * kBlk)) - 1, 0};
  using RT = ReduceType;
  const auto sum = ReduceTypeRun<T>(
      in, 16, [&](auto& s, auto& d) { ReduceDataBlock<RT::SUM, T, T>(d, s, mask, 2, 1, 1, 8); });
  const auto max = ReduceTypeRun<T>(
      in, 16, [&](auto& s, auto& d) { ReduceDataBlock<RT::MAX, T, T>(d, s, bits, 2, 1, 1, 8); });
  const auto min = ReduceTypeRun<T>(in, 16, [&](auto& s, auto& d) {
    BlockReduceMin<T>(d, s, 2, mask, 1, 1, 8);  // the same instruction under its older name
  });
  const auto pair = ReduceTypeRun<T>(
      in, kPer, [&](auto& s, auto& d) { ReducePairElem<RT::SUM, T, T>(d, s, mask, 2, 1, 1, 8); });
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t b = 0; b < 8; ++b) {
      const GroupModel m = ModelGroup(in, r * kPer + b * kBlk, r * kPer + (b + 1) * kBlk, mask);
      EXPECT_EQ(ReduceTypeF(sum[r * 8 + b]), b < 2 ? m.sum : -100.0f) << r << " " << b;
      EXPECT_EQ(ReduceTypeF(max[r * 8 + b]), b < 2 ? m.max : -100.0f) << r << " " << b;
      EXPECT_EQ(ReduceTypeF(min[r * 8 + b]), b < 2 ? m.min : -100.0f) << r << " " << b;
    }
    for (uint32_t p = 0; p < kPer / 2; ++p) {
      const GroupModel m = ModelGroup(in, r * kPer + 2 * p, r * kPer + 2 * p + 2, mask);
      EXPECT_EQ(ReduceTypeF(pair[r * (kPer / 2) + p]), 2 * p < kBlk * 2 ? m.sum : -100.0f) << p;
    }
  }
}

TEST(VectorReduceType, EmptyBlocksAndPairsKeepDst) {
  CheckEmptyGroupsKeepDst<half>();
  CheckEmptyGroupsKeepDst<float>();
}

TEST(VectorReduceType, FaultsNameTheNewSpelling) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    LocalTensor<float> src = a.Get<float>(), dst = b.Get<float>();
    Duplicate(src, 1.0f, 64);
    ReduceDataBlock<ReduceType::MAX, float, float>(dst, src, 64, 1, 1, -1, 8);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, "ReduceDataBlock<MAX>");
}

template <typename T>
void CheckCompares() {
  constexpr uint32_t kN = 512 / sizeof(T);  // two repeats
  std::vector<T> a(kN);
  for (uint32_t i = 0; i < kN; ++i) a[i] = static_cast<T>(static_cast<float>((i * 7) % 11) - 5);
  if constexpr (!std::is_integral_v<T>) a[3] = static_cast<T>(std::nanf(""));
  const T scalar = static_cast<T>(1.0f);
  std::vector<CMPMODE> modes = {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ,
                                CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};
  if constexpr (std::is_integral_v<T>) modes = {CMPMODE::EQ};  // int32_t: EQ only on the 910B
  for (const CMPMODE m : modes) {
    std::vector<uint8_t> count_bits(kN / 8), l0_bits(kN / 8), l0_mask_bits(kN / 8);
    const LaunchResult r = RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> x, y, z, w;
      pipe.InitBuffer(x, 512);
      pipe.InitBuffer(y, 256);
      pipe.InitBuffer(z, 256);
      pipe.InitBuffer(w, 256);
      LocalTensor<T> src = x.Get<T>();
      std::memcpy(static_cast<void*>(src.data()), a.data(), kN * sizeof(T));
      detail::HostWroteUb(src.ref());
      LocalTensor<uint8_t> out = y.Get<uint8_t>(), out0 = z.Get<uint8_t>();
      Compares(out, src, scalar, m, kN);
      Compares(out0, src, scalar, m, uint64_t{256 / sizeof(T)}, 2, UnaryRepeatParams{1, 1, 8, 8});
      // The bit-mask form with every lane of a repeat on.
      const uint64_t all[2] = {~0ull, sizeof(T) == 2 ? ~0ull : 0};
      Compares(w.Get<uint8_t>(), src, scalar, m, all, 2, UnaryRepeatParams{1, 1, 8, 8});
      std::memcpy(l0_mask_bits.data(), w.Get<uint8_t>().data(), l0_mask_bits.size());
      std::memcpy(count_bits.data(), out.data(), count_bits.size());
      std::memcpy(l0_bits.data(), out0.data(), l0_bits.size());
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    for (uint32_t i = 0; i < kN; ++i) {
      const double x = static_cast<double>(static_cast<float>(a[i]));
      const double s = static_cast<double>(static_cast<float>(scalar));
      bool want = false;
      switch (m) {
        case CMPMODE::LT: want = x < s; break;
        case CMPMODE::GT: want = x > s; break;
        case CMPMODE::EQ: want = x == s; break;
        case CMPMODE::LE: want = x <= s; break;
        case CMPMODE::GE: want = x >= s; break;
        case CMPMODE::NE: want = !(x == s); break;
      }
      EXPECT_EQ(((count_bits[i / 8] >> (i % 8)) & 1u) != 0, want) << static_cast<int>(m) << i;
      EXPECT_EQ(((l0_bits[i / 8] >> (i % 8)) & 1u) != 0, want) << static_cast<int>(m) << i;
      EXPECT_EQ(((l0_mask_bits[i / 8] >> (i % 8)) & 1u) != 0, want) << static_cast<int>(m) << i;
    }
  }
}

TEST(VectorReduceType, ComparesEveryModeHalfFloatInt32) {
  CheckCompares<half>();
  CheckCompares<float>();
  CheckCompares<int32_t>();
}

TEST(VectorReduceType, ComparesFaultsNameCompares) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y;
    pipe.InitBuffer(x, 256);
    pipe.InitBuffer(y, 32);
    LocalTensor<float> src = x.Get<float>();
    Duplicate(src, 1.0f, 64);
    Compares(y.Get<uint8_t>(), src, 1.0f, CMPMODE::EQ, 1024u);  // past src's end
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "Compares");
}

}  // namespace
}  // namespace opsim::sim
