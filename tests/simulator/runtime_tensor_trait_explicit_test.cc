// CANN's vector templates read PrimT<T>, so a kernel may name the TensorTrait as their explicit
// template argument (`Cast<TensorTrait<half>, TensorTrait<float>>(...)`, asc-devkit
// impl/basic_api/kernel_operator_vec_*_intf_impl.h). Each family below is one kernel written
// with W<X> as every explicit argument: W = X (plain tensors) and W = TensorTrait<X> (trait
// tensors) must leave the same bytes, and the plain run matches a scalar model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::trait_explicit_test {
namespace {

using namespace AscendC;

template <typename X>
using Plain = X;
template <typename X>
using Trait = TensorTrait<X>;

constexpr uint32_t kSlot = 512;  // bytes per operand
constexpr uint32_t kSlots = 16;

float InA(uint32_t i) { return 0.25f * static_cast<float>((i * 13) % 40) - 5.0f; }
float InB(uint32_t i) { return 0.5f * static_cast<float>((i * 7) % 23) - 4.0f; }
float InInt(uint32_t i) { return static_cast<float>((i * 13) % 40) - 20.0f; }  // exact sums
int32_t InG(uint32_t i) { return static_cast<int32_t>((i * 7919) % 4000) - 2000; }
int32_t InH(uint32_t i) { return static_cast<int32_t>((i * 31) % 900) - 300; }

struct Pool {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  Pool() {
    pipe.InitBuffer(buf, kSlot * kSlots);
    LocalTensor<uint8_t> all = buf.Get<uint8_t>();
    std::memset(all.data(), 0xA5, kSlot * kSlots);
    detail::HostWroteUb(all.ref());
  }
  template <typename E>
  LocalTensor<E> At(uint32_t slot, uint32_t count = 64) {
    return buf.GetWithOffset<E>(count, slot * kSlot);
  }
  // Slot `slot` holds f(0..n) as X; the tensor is viewed as E (X or a trait of X).
  template <typename E, typename X, typename F>
  LocalTensor<E> Put(uint32_t slot, uint32_t n, F f) {
    LocalTensor<X> t = At<X>(slot, n);
    for (uint32_t i = 0; i < n; ++i) t.data()[i] = static_cast<X>(f(i));
    detail::HostWroteUb(t.ref());
    return At<E>(slot, n);
  }
  std::vector<uint8_t> Bytes() {
    LocalTensor<uint8_t> all = buf.Get<uint8_t>();
    return {all.data(), all.data() + kSlot * kSlots};
  }
};

// Runs Kernel<Plain> and Kernel<Trait>; returns the plain run's pool after checking the two.
template <template <template <typename> class> class Kernel>
std::vector<uint8_t> RunBoth() {
  std::vector<uint8_t> plain, trait;
  for (auto* out : {&plain, &trait}) {
    const LaunchResult r = testing::RunOne([&] {
      Pool pool;
      if (out == &plain) {
        Kernel<Plain>::Run(pool);
      } else {
        Kernel<Trait>::Run(pool);
      }
      *out = pool.Bytes();
    });
    EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  }
  EXPECT_EQ(plain, trait) << "trait tensors named as the template argument left other bytes";
  return plain;
}

template <typename X>
X Get(const std::vector<uint8_t>& blob, uint32_t slot, uint32_t i) {
  X x;
  std::memcpy(&x, blob.data() + slot * kSlot + i * sizeof(X), sizeof(X));
  return x;
}

template <template <typename> class W>
struct CastKernel {
  static void Run(Pool& p) {
    auto a = p.Put<W<float>, float>(0, 64, InA);
    Cast<W<half>, W<float>>(p.At<W<half>>(2), a, RoundMode::CAST_RINT, 64);
    PipeBarrier<PIPE_V>();
    Cast<W<float>, W<half>, true>(p.At<W<float>>(3), p.At<W<half>>(2), RoundMode::CAST_NONE,
                                  uint64_t{64}, 1, {1, 1, 8, 4});
    const uint64_t bits[2] = {0x00FF00FF0F0F3333ull, 0};
    Cast<W<half>, W<float>, true>(p.At<W<half>>(4), a, RoundMode::CAST_ROUND, bits, 1,
                                  {1, 1, 4, 8});
  }
};

TEST(TensorTraitExplicit, CastCountAndLevel0) {
  const std::vector<uint8_t> got = RunBoth<CastKernel>();
  for (uint32_t i = 0; i < 64; ++i) {
    EXPECT_EQ(static_cast<float>(Get<half>(got, 2, i)), InA(i)) << i;
    EXPECT_EQ(Get<float>(got, 3, i), InA(i)) << i;
    const bool on = ((0x00FF00FF0F0F3333ull >> i) & 1u) != 0;
    EXPECT_EQ(Get<uint16_t>(got, 4, i), on ? half(InA(i)).bits() : 0xA5A5) << i;
  }
}

template <template <typename> class W>
struct CmpSelKernel {
  static void Run(Pool& p) {
    auto a = p.Put<W<float>, float>(0, 64, InA);
    auto b = p.Put<W<float>, float>(1, 64, InB);
    const BinaryRepeatParams rp(1, 1, 1, 8, 8, 8);
    Compare<W<float>, W<uint8_t>>(p.At<W<uint8_t>>(2, 32), a, b, CMPMODE::LT, 64);
    Compare<W<float>, W<uint8_t>, true>(p.At<W<uint8_t>>(3, 32), a, b, CMPMODE::GT, uint64_t{64}, 1,
                                        rp);
    PipeBarrier<PIPE_V>();
    Select<W<float>, W<uint8_t>>(p.At<W<float>>(4), p.At<W<uint8_t>>(2, 32), a, b,
                                 SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
    Select<W<float>, W<uint8_t>, true>(p.At<W<float>>(5), p.At<W<uint8_t>>(3, 32), a, b,
                                       SELMODE::VSEL_TENSOR_TENSOR_MODE, uint64_t{64}, 1, rp);
    Compare<W<float>, true>(a, b, CMPMODE::LE, uint64_t{64}, rp);
    GetCmpMask<W<uint8_t>>(p.At<W<uint8_t>>(6, 32));
  }
};

TEST(TensorTraitExplicit, CompareAndSelect) {
  const std::vector<uint8_t> got = RunBoth<CmpSelKernel>();
  for (uint32_t i = 0; i < 64; ++i) {
    const float a = InA(i), b = InB(i);
    const auto bit = [&](uint32_t slot) {
      return ((Get<uint8_t>(got, slot, i / 8) >> (i % 8)) & 1) != 0;
    };
    EXPECT_EQ(bit(2), a < b) << i;
    EXPECT_EQ(bit(3), a > b) << i;
    EXPECT_EQ(bit(6), a <= b) << i;
    EXPECT_EQ(Get<float>(got, 4, i), std::min(a, b)) << i;
    EXPECT_EQ(Get<float>(got, 5, i), std::max(a, b)) << i;
  }
}

template <template <typename> class W>
struct ReduceKernel {
  static void Run(Pool& p) {
    auto x = p.Put<W<float>, float>(0, 64, InInt);
    auto work = p.At<W<float>>(1);
    const uint64_t all[2] = {~0ull, 0};
    ReduceSum<W<float>>(p.At<W<float>>(2, 8), x, work, 64);
    ReduceMax<W<float>>(p.At<W<float>>(3, 8), x, work, 64, true);
    ReduceMin<W<float>>(p.At<W<float>>(4, 8), x, work, 64, 1, 8, true);
    ReduceSum<W<float>>(p.At<W<float>>(5, 8), x, work, all, 1, 8);
    WholeReduceSum<W<float>, true>(p.At<W<float>>(6, 8), x, 64, 1, 1, 1, 8);
    WholeReduceMax<W<float>, true>(p.At<W<float>>(7, 8), x, all, 1, 1, 1, 8,
                                   ReduceOrder::ORDER_ONLY_VALUE);
    BlockReduceSum<W<float>, true>(p.At<W<float>>(8, 8), x, 1, 64, 1, 1, 8);
    BlockReduceMin<W<float>, true>(p.At<W<float>>(9, 8), x, 1, all, 1, 1, 8);
    PairReduceSum<W<float>, true>(p.At<W<float>>(10, 32), x, 1, 64, 1, 1, 8);
    RepeatReduceSum<W<float>, true>(p.At<W<float>>(11, 8), x, 1, 64, 0, 1, 1, 8);
  }
};

TEST(TensorTraitExplicit, Reductions) {
  const std::vector<uint8_t> got = RunBoth<ReduceKernel>();
  float sum = 0, mx = InInt(0), mn = InInt(0);
  uint32_t imx = 0, imn = 0;
  for (uint32_t i = 0; i < 64; ++i) {
    sum += InInt(i);
    if (InInt(i) > mx) mx = InInt(i), imx = i;
    if (InInt(i) < mn) mn = InInt(i), imn = i;
  }
  for (uint32_t slot : {2u, 5u, 6u, 11u}) EXPECT_EQ(Get<float>(got, slot, 0), sum) << slot;
  EXPECT_EQ(Get<float>(got, 3, 0), mx);
  EXPECT_EQ(Get<uint32_t>(got, 3, 1), imx);
  EXPECT_EQ(Get<float>(got, 4, 0), mn);
  EXPECT_EQ(Get<uint32_t>(got, 4, 1), imn);
  EXPECT_EQ(Get<float>(got, 7, 0), mx);
  for (uint32_t blk = 0; blk < 8; ++blk) {
    float s = 0, m = InInt(8 * blk);
    for (uint32_t j = 0; j < 8; ++j) s += InInt(8 * blk + j), m = std::min(m, InInt(8 * blk + j));
    EXPECT_EQ(Get<float>(got, 8, blk), s) << blk;
    EXPECT_EQ(Get<float>(got, 9, blk), m) << blk;
  }
  for (uint32_t k = 0; k < 32; ++k) {
    EXPECT_EQ(Get<float>(got, 10, k), InInt(2 * k) + InInt(2 * k + 1)) << k;
  }
}

template <template <typename> class W>
struct GatherKernel {
  static void Run(Pool& p) {
    auto a = p.Put<W<float>, float>(0, 64, InA);
    auto off = p.Put<uint32_t, uint32_t>(1, 64, [](uint32_t i) { return (63 - i) * 4; });
    Gather<W<float>>(p.At<W<float>>(2), a, off, 0, 64);
    Gather<W<float>>(p.At<W<float>>(3), a, off, 0, uint64_t{64}, 1, 8);
    uint64_t kept = 0;
    GatherMask<W<float>>(p.At<W<float>>(4), a, uint8_t{1}, false, 0, {1, 1, 0, 0}, kept);
    p.At<uint32_t>(9, 8).SetValue(0, static_cast<uint32_t>(kept));
    auto pattern =
        p.Put<W<uint32_t>, uint32_t>(5, 8, [](uint32_t i) { return i < 2 ? 0xF00F0001u : 0u; });
    GatherMask<W<float>, W<uint32_t>>(p.At<W<float>>(6), a, pattern, false, 0, {1, 1, 0, 0}, kept);
    p.At<uint32_t>(9, 8).SetValue(1, static_cast<uint32_t>(kept));
    auto u = p.Put<W<uint32_t>, uint32_t>(7, 64, [](uint32_t i) { return i * 3 + 1; });
    auto boff = p.Put<uint32_t, uint32_t>(10, 8, [](uint32_t j) { return (7 - j) * 32; });
    Gatherb<W<uint32_t>>(p.At<W<uint32_t>>(8), u, boff, 1, {1, 8});
  }
};

TEST(TensorTraitExplicit, Gathers) {
  const std::vector<uint8_t> got = RunBoth<GatherKernel>();
  std::vector<float> masked;
  for (uint32_t i = 0; i < 64; ++i) {
    EXPECT_EQ(Get<float>(got, 2, i), InA(63 - i)) << i;
    EXPECT_EQ(Get<float>(got, 3, i), InA(63 - i)) << i;
    if (((0xF00F0001u >> (i % 32)) & 1u) != 0) masked.push_back(InA(i));
    EXPECT_EQ(Get<uint32_t>(got, 8, i), ((7 - i / 8) * 8 + i % 8) * 3 + 1) << i;
  }
  ASSERT_EQ(Get<uint32_t>(got, 9, 0), 32u);
  for (uint32_t k = 0; k < 32; ++k) EXPECT_EQ(Get<float>(got, 4, k), InA(2 * k)) << k;
  ASSERT_EQ(Get<uint32_t>(got, 9, 1), masked.size());
  for (uint32_t k = 0; k < masked.size(); ++k) EXPECT_EQ(Get<float>(got, 6, k), masked[k]) << k;
}

template <template <typename> class W>
struct FusedCastKernel {
  static void Run(Pool& p) {
    auto a = p.Put<W<float>, float>(0, 64, InA);
    auto b = p.Put<W<float>, float>(1, 64, InB);
    auto c = p.Put<W<half>, half>(2, 128, [](uint32_t i) { return half(float(i % 9) - 4); });
    auto d = p.Put<W<half>, half>(3, 128, [](uint32_t i) { return half(float(i % 5) - 2); });
    auto g = p.Put<W<int32_t>, int32_t>(4, 64, InG);
    auto h = p.Put<W<int32_t>, int32_t>(5, 64, InH);
    AddReluCast<W<half>, W<float>>(p.At<W<half>>(6), a, b, 64);
    SubReluCast<W<half>, W<float>, true>(p.At<W<half>>(7), a, b, uint64_t{64}, 1,
                                         {1, 1, 1, 4, 8, 8});
    MulCast<W<int8_t>, W<half>>(p.At<W<int8_t>>(8, 128), c, d, 128);
    SetDeqScale(half(0.5f));
    AddDeqRelu<W<half>, W<int32_t>>(p.At<W<half>>(9), g, h, 64);
    CastDequant<W<half>, W<int32_t>>(p.At<W<half>>(10), g, 64u);
    CastDequant<W<half>, W<int32_t>, true>(p.At<W<half>>(11), g, 64, 1, {1, 1, 4, 8});
  }
};

TEST(TensorTraitExplicit, FusedCasts) {
  const std::vector<uint8_t> got = RunBoth<FusedCastKernel>();
  for (uint32_t i = 0; i < 64; ++i) {
    const float a = InA(i), b = InB(i);
    EXPECT_EQ(static_cast<float>(Get<half>(got, 6, i)), float(half(std::max(a + b, 0.0f)))) << i;
    EXPECT_EQ(static_cast<float>(Get<half>(got, 7, i)), float(half(std::max(a - b, 0.0f)))) << i;
    const float deq = std::max(static_cast<float>(InG(i) + InH(i)), 0.0f) * 0.5f;
    EXPECT_EQ(static_cast<float>(Get<half>(got, 9, i)), float(half(deq))) << i;
    EXPECT_EQ(Get<uint16_t>(got, 10, i), Get<uint16_t>(got, 11, i)) << i;
  }
  for (uint32_t i = 0; i < 128; ++i) {
    EXPECT_EQ(Get<int8_t>(got, 8, i), static_cast<int8_t>((int(i % 9) - 4) * (int(i % 5) - 2)))
        << i;
  }
}

template <template <typename> class W>
struct CountFormKernel {
  static void Run(Pool& p) {
    auto a = p.Put<W<float>, float>(0, 64, InA);
    auto b = p.Put<W<float>, float>(1, 64, InB);
    auto i = p.Put<W<int16_t>, int16_t>(2, 128, [](uint32_t k) { return (k * 37) % 500; });
    Abs<W<float>>(p.At<W<float>>(3), a, 64);
    PipeBarrier<PIPE_V>();
    Sqrt<W<float>>(p.At<W<float>>(4), p.At<W<float>>(3), 64);
    Exp<W<float>>(p.At<W<float>>(5), b, 64);
    Relu<W<float>>(p.At<W<float>>(6), a, 64);
    LeakyRelu<W<float>>(p.At<W<float>>(7), a, 0.5f, 64);
    Not<W<int16_t>>(p.At<W<int16_t>>(8, 128), i, 128);
    And<W<int16_t>>(p.At<W<int16_t>>(9, 128), i, p.At<W<int16_t>>(8, 128), 128);
    ShiftLeft<W<int16_t>>(p.At<W<int16_t>>(10, 128), i, int16_t{3}, 128);
    AddRelu<W<float>>(p.At<W<float>>(11), a, b, 64);
    Copy<W<float>, true>(p.At<W<float>>(12), a, uint64_t{64}, 1, {1, 1, 8, 8});
    Brcb<W<float>>(p.At<W<float>>(13), a, 1, {1, 8});
  }
};

TEST(TensorTraitExplicit, CountFormsCopyAndBrcb) {
  const std::vector<uint8_t> got = RunBoth<CountFormKernel>();
  for (uint32_t k = 0; k < 64; ++k) {
    const float a = InA(k), b = InB(k);
    EXPECT_EQ(Get<float>(got, 3, k), std::fabs(a)) << k;
    EXPECT_EQ(Get<float>(got, 6, k), std::max(a, 0.0f)) << k;
    EXPECT_EQ(Get<float>(got, 7, k), a < 0 ? a * 0.5f : a) << k;
    EXPECT_EQ(Get<float>(got, 11, k), std::max(a + b, 0.0f)) << k;
    EXPECT_EQ(Get<float>(got, 12, k), a) << k;  // all 64 lanes of a 32-bit repeat
    EXPECT_EQ(Get<float>(got, 13, k), InA(k / 8)) << k;
  }
  for (uint32_t k = 0; k < 128; ++k) {
    const auto v = static_cast<int16_t>((k * 37) % 500);
    EXPECT_EQ(Get<int16_t>(got, 8, k), static_cast<int16_t>(~v)) << k;
    EXPECT_EQ(Get<int16_t>(got, 9, k), 0) << k;
    EXPECT_EQ(Get<int16_t>(got, 10, k), static_cast<int16_t>(v << 3)) << k;
  }
}

template <template <typename> class W>
struct SortTransposeKernel {
  static void Run(Pool& p) {
    auto h = p.Put<W<half>, half>(0, 256, [](uint32_t k) { return half(float(k % 97)); });
    auto s = p.Put<W<float>, float>(2, 32, InA);
    auto idx = p.Put<uint32_t, uint32_t>(3, 32, [](uint32_t k) { return k; });
    Transpose<W<half>>(p.At<W<half>>(4, 256), h);
    Sort32<W<float>>(p.At<W<float>>(6, 64), s, idx, 1);
  }
};
// The region proposals are the 910A's and 310P's (a fault on the A2 test chip): instantiated only.
[[maybe_unused]] auto* const kConcat = &ProposalConcat<TensorTrait<half>>;
[[maybe_unused]] auto* const kExtract = &ProposalExtract<TensorTrait<float>>;
[[maybe_unused]] auto* const kRpSort16 = &RpSort16<TensorTrait<half>>;

TEST(TensorTraitExplicit, TransposeAndSort32) {
  const std::vector<uint8_t> got = RunBoth<SortTransposeKernel>();
  for (uint32_t r = 0; r < 16; ++r) {
    for (uint32_t c = 0; c < 16; ++c) {
      EXPECT_EQ(static_cast<float>(Get<half>(got, 4, c * 16 + r)), float((r * 16 + c) % 97));
    }
  }
  for (uint32_t k = 1; k < 32; ++k) {  // (score, index) pairs, scores descending
    EXPECT_GE(Get<float>(got, 6, 2 * (k - 1)), Get<float>(got, 6, 2 * k)) << k;
  }
}

}  // namespace
}  // namespace opsim::sim::trait_explicit_test
