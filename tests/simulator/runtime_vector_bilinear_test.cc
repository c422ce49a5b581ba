// BilinearInterpolation (opsim/sim/ascendc/vector_bilinear.h): the page's worked example, both
// repeat modes, both mask forms and the dst strides against a per-element model of its four steps
// (each product and each add rounded to half, the horizontal sums in order); the page's rules
// (faults and warnings).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::bilinear_test {

using namespace AscendC;
using testing::RunOne;

struct BiCase {
  uint32_t src0_n = 512, src1_n = 32;
  uint8_t h = 2, v = 2;
  bool repeat_mode = false;
  uint64_t mask = 128;
  bool bit_mask = false;
  uint64_t bits[2] = {0x5555555555555555ull, 0x00000000FFFF0000ull};
  uint16_t dst_blk_stride = 1, vr_offset = 128;
  uint32_t tmp_bytes = 0;  // 0: the page's (src0 + src1 sizes) * 32
  uint32_t dst_n = 1024;
  std::vector<uint32_t> offsets;  // bytes; empty: 0, 32, 64, ...
  bool trait = false;             // the call on LocalTensor<TensorTrait<...>> views
};

float BiHalf(float x) { return static_cast<float>(static_cast<half>(x)); }
float BiSrc0(uint32_t i) { return 1.0f + i; }  // the page's src0 = [1 .. 512]
float BiSrc1(uint32_t i) { return 2.0f + i; }  // and src1 = [2 .. 33]
constexpr float kBiSentinel = -7.0f;

std::vector<uint32_t> BiOffsets(const BiCase& c) {
  if (!c.offsets.empty()) return c.offsets;
  std::vector<uint32_t> o;
  for (uint32_t i = 0; i < uint32_t{c.h} * c.v * 8; ++i) o.push_back(i * 32);
  return o;
}

bool BiLaneOn(const BiCase& c, uint32_t lane) {
  if (!c.bit_mask) return lane < c.mask;
  return ((c.bits[lane / 64] >> (lane % 64)) & 1) != 0;
}

// The page's steps, element by element.
std::vector<float> BiModel(const BiCase& c) {
  const std::vector<uint32_t> off = BiOffsets(c);
  const uint32_t n = uint32_t{c.h} * c.v;
  std::vector<float> p(n * 128);
  for (uint32_t r = 0; r < n; ++r) {
    for (uint32_t l = 0; l < 128; ++l) {
      const uint32_t b = l / 16;
      const float g = BiHalf(BiSrc0(off[r * 8 + b] / 2 + l % 16));
      const float w = BiHalf(BiSrc1(c.repeat_mode ? r * 8 + b : r));
      p[r * 128 + l] = BiHalf(g * w);
    }
  }
  std::vector<float> dst(c.dst_n, kBiSentinel);
  for (uint32_t i = 0; i < c.v; ++i) {
    for (uint32_t l = 0; l < 128; ++l) {
      if (!BiLaneOn(c, l)) continue;
      float acc = p[i * c.h * 128 + l];
      for (uint32_t j = 1; j < c.h; ++j) acc = BiHalf(p[(i * c.h + j) * 128 + l] + acc);
      dst[i * c.vr_offset + (l / 16) * c.dst_blk_stride * 16 + l % 16] = acc;
    }
  }
  return dst;
}

std::vector<float> BiRun(const BiCase& c, LaunchResult* result = nullptr) {
  const std::vector<uint32_t> off = BiOffsets(c);
  std::vector<float> out;
  const uint32_t tmp = c.tmp_bytes != 0 ? c.tmp_bytes : (c.src0_n + c.src1_n) * 32;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b0, b1, bo, bd, bt;
    pipe.InitBuffer(b0, c.src0_n * 2);
    pipe.InitBuffer(b1, c.src1_n * 2);
    pipe.InitBuffer(bo, static_cast<uint32_t>(off.size() * 4));
    pipe.InitBuffer(bd, c.dst_n * 2);
    pipe.InitBuffer(bt, tmp);
    LocalTensor<half> src0 = b0.Get<half>(), src1 = b1.Get<half>(), dst = bd.Get<half>();
    LocalTensor<uint32_t> offset = bo.Get<uint32_t>();
    for (uint32_t i = 0; i < c.src0_n; ++i) src0.SetValue(i, static_cast<half>(BiSrc0(i)));
    for (uint32_t i = 0; i < c.src1_n; ++i) src1.SetValue(i, static_cast<half>(BiSrc1(i)));
    for (uint32_t i = 0; i < off.size(); ++i) offset.SetValue(i, off[i]);
    Duplicate(dst, static_cast<half>(kBiSentinel), static_cast<int32_t>(c.dst_n));
    uint64_t bits[2] = {c.bits[0], c.bits[1]};
    if (c.trait) {
      using H = TensorTrait<half>;
      const auto t0 = b0.Get<H>(), t1 = b1.Get<H>(), td = bd.Get<H>();
      const auto to = bo.Get<TensorTrait<uint32_t>>();
      const auto tt = bt.Get<TensorTrait<uint8_t>>();
      if (c.bit_mask) {
        BilinearInterpolation(td, t0, to, t1, bits, c.h, c.repeat_mode, c.dst_blk_stride,
                              c.vr_offset, c.v, tt);
      } else {
        BilinearInterpolation(td, t0, to, t1, c.mask, c.h, c.repeat_mode, c.dst_blk_stride,
                              c.vr_offset, c.v, tt);
      }
    } else if (c.bit_mask) {
      BilinearInterpolation(dst, src0, offset, src1, bits, c.h, c.repeat_mode, c.dst_blk_stride,
                            c.vr_offset, c.v, bt.Get<uint8_t>());
    } else {
      BilinearInterpolation(dst, src0, offset, src1, c.mask, c.h, c.repeat_mode, c.dst_blk_stride,
                            c.vr_offset, c.v, bt.Get<uint8_t>());
    }
    for (uint32_t i = 0; i < c.dst_n; ++i) out.push_back(static_cast<float>(dst.GetValue(i)));
  });
  if (result != nullptr) *result = r;
  return out;
}

void BiExpect(const BiCase& c, const std::string& what) {
  LaunchResult r;
  const std::vector<float> got = BiRun(c, &r);
  ASSERT_TRUE(r.status.ok()) << what << ": " << r.status.message();
  const std::vector<float> want = BiModel(c);
  for (uint32_t i = 0; i < c.dst_n; ++i) ASSERT_EQ(got[i], want[i]) << what << " dst[" << i << "]";
}

// The page's example: dst[0:128] = src0[0:128] * 2 + src0[128:256] * 3, dst[128:256] =
// src0[256:384] * 4 + src0[384:512] * 5.
TEST(Bilinear, ThePagesExample) {
  BiCase c;
  const std::vector<float> got = BiRun(c);
  ASSERT_EQ(got.size(), 1024u);
  EXPECT_EQ(got[0], 1.0f * 2 + 129.0f * 3);
  EXPECT_EQ(got[127], 128.0f * 2 + 256.0f * 3);
  EXPECT_EQ(got[128], BiHalf(257.0f * 4 + 385.0f * 5));  // 2953 to half: 2952
  EXPECT_EQ(got[256], kBiSentinel);
  BiExpect(c, "page");
}

TEST(Bilinear, BothModesMasksAndStridesMatchTheModel) {
  BiCase c;
  c.h = 3;
  c.v = 2;
  c.repeat_mode = true;
  c.src1_n = 48;  // 6 repeats x 8 weights
  c.dst_blk_stride = 2;
  c.vr_offset = 512;
  c.dst_n = 2048;
  // Blocks gathered out of order.
  for (uint32_t i = 0; i < 48; ++i) c.offsets.push_back(((i * 7) % 32) * 32);
  BiExpect(c, "repeatMode true, blkStride 2");
  c.bit_mask = true;
  BiExpect(c, "bit mask");
  c.bit_mask = false;
  c.mask = 37;
  c.repeat_mode = false;
  BiExpect(c, "mask 37, repeatMode false");
  BiCase one;
  one.h = 1;
  one.v = 3;
  one.vr_offset = 256;
  BiExpect(one, "hRepeat 1");
}

// On TensorTrait tensors (CANN's TensorTrait list), both mask forms: the same model.
TEST(Bilinear, TensorTraitTensorsMatchTheModel) {
  BiCase c;
  c.trait = true;
  BiExpect(c, "trait, continuous mask");
  c.bit_mask = true;
  BiExpect(c, "trait, bit mask");
}

TEST(Bilinear, ThePagesRules) {
  BiCase zero;
  zero.h = 0;
  zero.offsets = {0, 32, 64, 96, 128, 160, 192, 224};
  LaunchResult r;
  BiRun(zero, &r);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.status.message().find("hRepeat 0"), std::string::npos) << r.status.message();
  // Below the page's figure but holding what the sequence writes (4 x 256 + 4 x 256): a warning.
  BiCase small;
  small.tmp_bytes = 2048;
  BiRun(small, &r);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  bool warned = false;
  for (const Warning& w : r.warnings) warned = warned || w.kind == "bilinear_tmp_below_page";
  EXPECT_TRUE(warned);
  // Below what it writes: the Brcb step runs past the buffer.
  small.tmp_bytes = 1536;
  BiRun(small, &r);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb) << r.status.message();
  BiCase overlap;
  overlap.vr_offset = 64;  // vertical steps overlap: the page forbids, the chip overwrites
  overlap.tmp_bytes = 2048;
  BiRun(overlap, &r);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  warned = false;
  for (const Warning& w : r.warnings) warned = warned || w.kind == "bilinear_vroffset";
  EXPECT_TRUE(warned);
}

}  // namespace opsim::sim::bilinear_test
