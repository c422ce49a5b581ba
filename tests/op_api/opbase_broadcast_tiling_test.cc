// GetBroadCastMaxMinTmpSize (tiling/tiling_api.h): the temporary buffer the kernel's Broadcast
// needs, per NPU arch, against figures worked by hand from the rules in
// opsim/core/broadcast_tmp_size.h; broken arguments leave both values as they were.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "opsim/op_api/platform_figures.h"
#include "platform/platform_infos_def.h"
#include "tiling/tiling_api.h"

namespace {

using opsim::op_api::PlatformDescription;

struct Sizes {
  uint32_t max = 77777;  // "left as they were" is visible
  uint32_t min = 77777;
};

Sizes Query(uint32_t npu_arch, const std::vector<int64_t>& src, const std::vector<int64_t>& dst,
            uint32_t type_size) {
  PlatformDescription d;
  d.profile = "test";
  d.soc_version = npu_arch == 2201 ? "Ascend910B" : "Ascend310P";
  d.short_soc_version = d.soc_version;
  d.npu_arch = npu_arch;
  d.vector_cores = 8;
  d.ub_bytes = 196608;
  fe::PlatFormInfos info;
  opsim::op_api::MakePlatformInfos(d, &info);
  const platform_ascendc::PlatformAscendC platform(&info);
  Sizes s;
  AscendC::GetBroadCastMaxMinTmpSize(platform, ge::Shape(src), ge::Shape(dst), type_size, false,
                                     s.max, s.min);
  return s;
}

TEST(BroadCastTmpSize, CopiesAndFillsNeedNoBufferButEightBitTypesWiden) {
  Sizes s = Query(2201, {16, 3}, {16, 3}, 4);
  EXPECT_EQ(s.min, 0u);
  EXPECT_EQ(s.max, 0u);
  s = Query(2201, {1}, {100}, 2);
  EXPECT_EQ(s.min, 0u);
  // int8: source and destination widened to 16 bits, each rounded up to 16 elements, + 32 B.
  s = Query(2201, {1}, {100}, 1);
  EXPECT_EQ(s.min, (16u + 112u) * 2 + 32);
  EXPECT_EQ(s.max, s.min);
}

TEST(BroadCastTmpSize, Axis1On910BDependsOnWholeBlocks) {
  // The public BroadcastCustom sample: half {16,1} -> {16,3}. 16 halves per block; 3 columns are
  // not whole blocks: Brcb 16x16x2 plus a copy buffer 16 x 16 x 2, for min and max alike.
  Sizes s = Query(2201, {16, 1}, {16, 3}, 2);
  EXPECT_EQ(s.min, 1024u);
  EXPECT_EQ(s.max, 1024u);
  // Whole blocks (32 floats = 4 blocks): no copy buffer; max grows with the rows (rounded to 8).
  s = Query(2201, {20, 1}, {20, 32}, 4);
  EXPECT_EQ(s.min, 8u * 8 * 4);
  EXPECT_EQ(s.max, 24u * 8 * 4);
}

TEST(BroadCastTmpSize, Axis0NeedsOneBlockAndWholeBlockRows) {
  Sizes s = Query(2201, {1, 64}, {8, 64}, 2);
  EXPECT_EQ(s.min, 32u);
  EXPECT_EQ(s.max, 32u);
  s = Query(2201, {1, 10}, {8, 10}, 2);  // 10 halves are not whole 32-byte blocks: refused
  EXPECT_EQ(s.min, 77777u);
  EXPECT_EQ(s.max, 77777u);
}

TEST(BroadCastTmpSize, The310PWorksPerRow) {
  Sizes s = Query(2002, {16, 1}, {16, 3}, 2);
  EXPECT_EQ(s.min, 32u + 16u * 1 * 2);
  EXPECT_EQ(s.max, 32u + 16u * 3 * 2);
}

TEST(BroadCastTmpSize, BrokenArgumentsLeaveTheValues) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(Query(2201, {16, 2}, {16, 3}, 2).min, 77777u);  // 2 does not broadcast to 3
  EXPECT_EQ(Query(2201, {16, 1}, {16, 3}, 8).min, 77777u);  // typeSize 8
  EXPECT_EQ(Query(2201, {1, 1, 1}, {2, 2, 2}, 2).min, 77777u);
  EXPECT_EQ(Query(2201, {16, 1}, {16}, 2).min, 77777u);     // ranks differ
  EXPECT_EQ(Query(3002, {16, 1}, {16, 3}, 2).min, 77777u);  // an arch CANN gives no figures
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("srcShape cannot broadcast to dstShape"), std::string::npos) << err;
  EXPECT_NE(err.find("typeSize must be 1, 2 or 4"), std::string::npos) << err;
  EXPECT_NE(err.find("NPU arch 3002 has no figures"), std::string::npos) << err;
}

}  // namespace
