// Gatherb (32 B blocks gathered by byte offsets) against a scalar model of CANN's pseudo-code
// (Gatherb(ISASI) page), in both element types it takes on the 910B (uint16_t, uint32_t), and the
// faults of each rule.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kGatherbTile = 8192;

template <typename T>
std::vector<T> GatherbPattern(uint32_t n, uint32_t salt) {
  std::vector<T> v(n);
  for (uint32_t i = 0; i < n; ++i) v[i] = static_cast<T>(i * 2654435761u + salt);
  return v;
}

template <typename T>
void GatherbLoad(const LocalTensor<T>& t, const std::vector<T>& v) {
  std::memcpy(static_cast<void*>(t.data()), v.data(), v.size() * sizeof(T));
  detail::HostWroteUb(t.ref());
}

// CANN's pseudo-code: dst block (i * dstRepStride + j * dstBlkStride) = src block at byte
// offset[i * 8 + j]; blocks not written keep their value.
template <typename T>
std::vector<T> GatherbModel(std::vector<T> dst, const std::vector<T>& src,
                            const std::vector<uint32_t>& off, uint32_t repeat, uint32_t blk,
                            uint32_t rep) {
  if (blk == 0) blk = 1;
  constexpr uint32_t kPer = 32 / sizeof(T);
  for (uint32_t i = 0; i < repeat; ++i) {
    for (uint32_t j = 0; j < 8; ++j) {
      const uint32_t from = off[i * 8 + j] / sizeof(T);
      const uint32_t to = (i * 32 * rep + j * 32 * blk) / sizeof(T);
      for (uint32_t k = 0; k < kPer; ++k) dst[to + k] = src[from + k];
    }
  }
  return dst;
}

template <typename T>
void CheckGatherb(uint32_t repeat, uint8_t blk, uint16_t rep) {
  constexpr uint32_t kN = kGatherbTile / sizeof(T);
  const std::vector<T> src = GatherbPattern<T>(kN, 5);
  const std::vector<T> old = GatherbPattern<T>(kN, 99);
  std::vector<uint32_t> off(kGatherbTile / 4);
  for (uint32_t b = 0; b < repeat * 8; ++b) off[b] = ((b * 97 + 3) % (kGatherbTile / 32)) * 32;
  std::vector<T> got(kN);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, kGatherbTile);
    LocalTensor<T> ts = a.Get<T>(), td = c.Get<T>();
    LocalTensor<uint32_t> to = b.Get<uint32_t>();
    GatherbLoad(ts, src);
    GatherbLoad(td, old);
    GatherbLoad(to, off);
    GatherRepeatParams params{blk, static_cast<uint8_t>(rep)};
    Gatherb(td, ts, to, static_cast<uint8_t>(repeat), params);
    std::memcpy(static_cast<void*>(got.data()), td.data(), kGatherbTile);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const std::vector<T> want = GatherbModel(old, src, off, repeat, blk, rep);
  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(got[i], want[i]) << i << " repeat " << repeat;
}

TEST(VectorGatherb, MatchesCannPseudoCodeInEveryTypeAndStride) {
  for (const uint32_t repeat : {0u, 1u, 3u, 16u}) {
    CheckGatherb<uint16_t>(repeat, 1, 8);
    CheckGatherb<uint32_t>(repeat, 1, 8);
  }
  CheckGatherb<uint16_t>(4, 2, 16);  // every other block
  CheckGatherb<uint32_t>(3, 0, 8);   // dstBlkStride 0 is taken as 1
  CheckGatherb<uint32_t>(5, 1, 4);   // repeats overlapping by half (the later one wins)
}

// The worked example of CANN's page: 128 uint16_t, offsets 224, 192, ..., 0 reverse the blocks.
TEST(VectorGatherb, CannWorkedExample) {
  std::vector<uint16_t> got(128);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, 256);
    LocalTensor<uint16_t> x = a.Get<uint16_t>(), y = c.Get<uint16_t>();
    LocalTensor<uint32_t> off = b.Get<uint32_t>();
    for (uint32_t i = 0; i < 128; ++i) x.SetValue(i, static_cast<uint16_t>(i));
    for (uint32_t j = 0; j < 8; ++j) off.SetValue(j, 224 - 32 * j);
    AscendC::GatherRepeatParams params{1, 8};
    Gatherb<uint16_t>(y, x, off, 128 * sizeof(uint16_t) / 256, params);
    std::memcpy(got.data(), y.data(), 256);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < 128; ++i) EXPECT_EQ(got[i], (7 - i / 16) * 16 + i % 16) << i;
}

LaunchResult GatherbWith(uint32_t offset0, uint32_t dst_bytes, uint8_t repeat, bool same) {
  return RunOne([=] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, 512);
    pipe.InitBuffer(b, 256);
    pipe.InitBuffer(c, dst_bytes);
    LocalTensor<uint32_t> ts = a.Get<uint32_t>();
    LocalTensor<uint32_t> to = b.Get<uint32_t>();
    Duplicate(ts, 1u, 128);
    Duplicate(to, 0u, 64);
    for (uint32_t j = 0; j < 64; ++j) to.SetValue(j, 256 + (j % 8) * 32);
    to.SetValue(0, offset0);
    GatherRepeatParams params;
    Gatherb(same ? ts : c.Get<uint32_t>(), ts, to, repeat, params);
  });
}

TEST(VectorGatherb, Faults) {
  LaunchResult r = GatherbWith(16, 256, 1, false);  // not a whole block
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("offset[0] 16 is not a multiple of 32 B"), std::string::npos)
      << r.fault->message;
  r = GatherbWith(512, 256, 1, false);  // past the end of src
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_NE(r.fault->message.find("which holds 512 B"), std::string::npos) << r.fault->message;
  r = GatherbWith(480, 256, 1, false);  // the last block: fine
  EXPECT_FALSE(r.fault.has_value()) << r.fault->message;
  r = GatherbWith(0, 256, 2, false);  // dst holds one repeat
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  r = GatherbWith(0, 4096, 9, false);  // more offsets than the offset tensor holds
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  r = GatherbWith(0, 256, 1, true);  // dst is src: block 0 is read and written
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("share memory"), std::string::npos) << r.fault->message;
  r = GatherbWith(256, 256, 1, true);  // dst is src, but no block read is written: allowed
  EXPECT_FALSE(r.fault.has_value()) << r.fault->message;
}

TEST(VectorGatherb, UnwrittenSourceIsFlaggedInCheckedMode) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    for (auto* buf : {&a, &b, &c}) pipe.InitBuffer(*buf, 256);
    LocalTensor<uint32_t> to = b.Get<uint32_t>();
    Duplicate(to, 0u, 64);
    Gatherb(c.Get<uint32_t>(), a.Get<uint32_t>(), to, 1, GatherRepeatParams{});
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(r.fault->instruction, "Gatherb");
}

}  // namespace
}  // namespace opsim::sim
