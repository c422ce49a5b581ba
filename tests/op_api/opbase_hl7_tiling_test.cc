// The host helpers of the high-level Sort (lib/sort/sort_tiling_intf.h) and Select
// (lib/select/selectwithbytesmask_tiling.h) through tiling/tiling_api.h: CANN's figures (asc-devkit
// sort_tiling_impl.cpp, selectwithbytesmask_tiling_impl.cpp) and the errors on broken arguments.
// The kernels' tests are tests/simulator/runtime_hl_sort_test.cc and runtime_hl_select_test.cc.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hl_platform.h"
#include "tiling/tiling_api.h"

namespace opbase_hl7_test {

using namespace AscendC;
using hl_platform::ArchPlatform;

TEST(SortTiling, ConcatAndSortTmpPerArch) {
  ArchPlatform b(2201), p(2002);
  const platform_ascendc::PlatformAscendC pb(&b.info), pp(&p.info);
  EXPECT_EQ(GetConcatTmpSize(pb, 128, 4), 0u);
  EXPECT_EQ(GetConcatTmpSize(pp, 128, 2), 128u * 8 * 2);
  EXPECT_EQ(GetSortTmpSize(pb, 128, 4), 128u * 2 * 4);  // 8-byte proposals
  EXPECT_EQ(GetSortTmpSize(pb, 128, 2), 128u * 4 * 2);
  EXPECT_EQ(GetSortTmpSize(pp, 128, 4), 128u * 8 * 4);  // region proposals
}

TEST(SortTiling, ConcatAndSortBrokenArgumentsAreNamed) {
  ArchPlatform b(2201);
  const platform_ascendc::PlatformAscendC pb(&b.info);
  testing::internal::CaptureStderr();
  EXPECT_EQ(GetSortTmpSize(pb, 0, 4), 0u);
  GetConcatTmpSize(pb, 16, 8);
  GetSortTmpSize(pb, 49152, 4);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("[GetSortTmpSize] The elemCount must be greater than 0"), std::string::npos)
      << err;
  EXPECT_NE(err.find("dataTypeSize 8 is not 2 (half) or 4 (float)"), std::string::npos) << err;
  EXPECT_NE(err.find("The source is 196608 bytes; it must be less than the UB's"),
            std::string::npos)
      << err;
}

// GetSortMaxMinTmpSize on the current platform of NpuArch `arch` (0: none).
std::string SortMaxMin(uint32_t arch, uint32_t n, ge::DataType value, ge::DataType index,
                       bool reuse, SortConfig config, uint32_t& max, uint32_t& min) {
  ArchPlatform p(arch == 0 ? 2201 : arch);
  opsim::op_api::ScopedCurrentPlatform scope(arch == 0 ? nullptr : &p.info);
  max = 7;
  min = 7;
  testing::internal::CaptureStderr();
  GetSortMaxMinTmpSize(ge::Shape({n}), value, index, reuse, config, max, min);
  return testing::internal::GetCapturedStderr();
}

uint32_t SortMin(uint32_t n, ge::DataType value, ge::DataType index, bool reuse, bool src_index,
                 bool dst_index, SortType type = SortType::RADIX_SORT) {
  SortConfig c;
  c.type = type;
  c.hasSrcIndex = src_index;
  c.hasDstIndex = dst_index;
  uint32_t max = 0, min = 0;
  const std::string err = SortMaxMin(3510, n, value, index, reuse, c, max, min);
  EXPECT_EQ(err, "");
  EXPECT_EQ(max, min);
  return min;
}

TEST(SortTiling, SortConfigFiguresOnTheAscend950) {
  // Radix: n (padded to 32) x 7 + 512, and the copies of values and indices kept.
  EXPECT_EQ(SortMin(1024, ge::DT_FLOAT, ge::DT_UINT32, false, false, false), 7680u + 4096);
  EXPECT_EQ(SortMin(1024, ge::DT_FLOAT, ge::DT_UINT32, false, false, true), 7680u + 8192);
  EXPECT_EQ(SortMin(1024, ge::DT_FLOAT16, ge::DT_INT64, false, true, true), 7680u + 10240);
  EXPECT_EQ(SortMin(1024, ge::DT_FLOAT, ge::DT_UINT32, true, false, false), 7680u);
  EXPECT_EQ(SortMin(1024, ge::DT_UINT8, ge::DT_UINT32, false, false, false), 7680u);
  EXPECT_EQ(SortMin(1024, ge::DT_INT8, ge::DT_UINT32, false, false, true), 7680u - 2048);
  EXPECT_EQ(SortMin(100, ge::DT_FLOAT, ge::DT_UINT32, false, false, false), 128u * 11 + 512);
  // Merge: one 8-byte proposal per element, unpadded.
  EXPECT_EQ(SortMin(100, ge::DT_FLOAT, ge::DT_UINT32, false, false, true, SortType::MERGE_SORT),
            800u);
  EXPECT_EQ(DEFAULT_SORT_CONFIG.type, SortType::RADIX_SORT);
  EXPECT_FALSE(DEFAULT_SORT_CONFIG.isDescend);
}

TEST(SortTiling, SortConfigRefusalsLeaveTheValues) {
  uint32_t max = 0, min = 0;
  SortConfig c;
  // The 910B (asc-devkit's A/05_sort/sort calls it there): CANN asserts the arch and returns.
  std::string err = SortMaxMin(2201, 128, ge::DT_FLOAT, ge::DT_UINT32, false, c, max, min);
  EXPECT_NE(err.find("Unsupported NpuArch 2201 for Sort API"), std::string::npos) << err;
  EXPECT_EQ(max, 7u);
  EXPECT_EQ(min, 7u);
  err = SortMaxMin(0, 128, ge::DT_FLOAT, ge::DT_UINT32, false, c, max, min);
  EXPECT_NE(err.find("Failed to get PlatformAscendC"), std::string::npos) << err;
  EXPECT_EQ(min, 7u);
  c.hasSrcIndex = true;
  err = SortMaxMin(3510, 128, ge::DT_FLOAT, ge::DT_UINT32, false, c, max, min);
  EXPECT_NE(err.find("cannot only have source input index"), std::string::npos) << err;
  EXPECT_EQ(min, 7u);
  c.hasDstIndex = true;
  err = SortMaxMin(3510, 128, ge::DT_DOUBLE, ge::DT_UINT32, false, c, max, min);
  EXPECT_NE(err.find("Unsupported valueType"), std::string::npos) << err;
  err = SortMaxMin(3510, 128, ge::DT_FLOAT, ge::DT_INT16, false, c, max, min);
  EXPECT_NE(err.find("Unsupported indexType"), std::string::npos) << err;
  c.hasSrcIndex = false;
  err = SortMaxMin(3510, 128, ge::DT_FLOAT, ge::DT_INT32, false, c, max, min);
  EXPECT_NE(err.find("a generated dstIndex is uint32"), std::string::npos) << err;
  EXPECT_EQ(min, 7u);
}

void SelectMaxMin(std::vector<int64_t> src0, std::vector<int64_t> src1, std::vector<int64_t> mask,
                  uint32_t mask_size, bool reuse, uint32_t& max, uint32_t& min) {
  GetSelectMaxMinTmpSize(ge::Shape(src0), ge::Shape(src1), 4, ge::Shape(mask), mask_size, reuse,
                         max, min);
}

TEST(SelectTiling, FiguresAreCanns) {
  uint32_t max = 0, min = 0;
  // The page's example: 8192 half elements; the minimum takes one pass of 4096.
  GetSelectMaxMinTmpSize(ge::Shape({64, 128}), ge::Shape({1}), 2, ge::Shape({64, 128}), 1, false,
                         max, min);
  EXPECT_EQ(max, 8192u * 2 + 512);
  EXPECT_EQ(min, 4096u * 2 + 512);
  SelectMaxMin({10, 100}, {1}, {10, 112}, 1, true, max, min);  // 1000 padded to 1024
  EXPECT_EQ(max, 1024u * 2 + 512);
  EXPECT_EQ(min, max);
  SelectMaxMin({4, 32}, {1}, {4, 32}, 1, false, max, min);  // the 1024-byte floor
  EXPECT_EQ(max, 1024u);
  EXPECT_EQ(min, 1024u);
  // Longer mask rows kept (isReuseMask false): the packed mask, 128 x 4 bytes, on top.
  SelectMaxMin({4, 32}, {1}, {4, 64}, 4, false, max, min);
  EXPECT_EQ(max, 1024u + 512);
  EXPECT_EQ(min, 1024u + 512);
  SelectMaxMin({4, 32}, {1}, {4, 64}, 4, true, max, min);
  EXPECT_EQ(min, 1024u);
  // The scalar first: the tensor is src1.
  SelectMaxMin({1}, {3, 1000}, {3, 1008}, 2, false, max, min);
  EXPECT_EQ(max, 3008u * 2 + 512 + 6016);
  EXPECT_EQ(min, 3008u * 2 + 512 + 6016);
  EXPECT_EQ(
      GetSelectMinTmpSize(ge::Shape({1}), ge::Shape({3, 1000}), 2, ge::Shape({3, 1008}), 2, false),
      min);
  EXPECT_EQ(GetSelectWithBytesMaskMaxTmpSize(ge::Shape({1}), ge::Shape({3, 1000}), 2,
                                             ge::Shape({3, 1008}), 2, false),
            max);
  uint32_t dmax = 0, dmin = 0;
  GetSelectWithBytesMaskMaxMinTmpSize(ge::Shape({64, 128}), ge::Shape({1}), 2, ge::Shape({64, 128}),
                                      1, false, dmax, dmin);
  EXPECT_EQ(dmin, 4096u * 2 + 512);
}

TEST(SelectTiling, BrokenArgumentsAreNamed) {
  testing::internal::CaptureStderr();
  const uint32_t got =
      GetSelectMinTmpSize(ge::Shape({4, 32}), ge::Shape({1}), 8, ge::Shape({4, 32}), 3, false);
  GetSelectMaxTmpSize(ge::Shape({128}), ge::Shape({1}), 4, ge::Shape({128}), 1, false);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(got, 1024u);  // computed all the same
  EXPECT_NE(err.find("[WARNING] [Select][GetSelectMinTmpSize] srcTypeSize 8 is not used"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("maskTypeSize 3 is not 1, 2 or 4"), std::string::npos) << err;
  EXPECT_NE(err.find("src0Shape has 1 dims and src1Shape 1; one of them must have 2"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("maskShape has 1 dims; it must have 2"), std::string::npos) << err;
}

}  // namespace opbase_hl7_test
