// The host helpers of the high-level index, sort, quantisation, filtering and padding APIs
// (tiling/tiling_api.h): CANN's figures and errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hl_platform.h"
#include "tiling/tiling_api.h"

namespace hl5_tiling_test {

using namespace AscendC;

TEST(ArangeTiling, HelpersNeedNoBuffer) {
  uint32_t max = 7, min = 7;
  GetArangeMaxMinTmpSize(max, min);
  EXPECT_EQ(max, 0u);
  EXPECT_EQ(min, 0u);
  max = min = 7;
  GetArithProgressionMaxMinTmpSize(max, min);
  EXPECT_EQ(max, 0u);
  EXPECT_EQ(min, 0u);
}

TEST(AscendQuantTiling, HelperGivesCannsFigures) {
  uint32_t max = 7, min = 7;
  GetAscendQuantMaxMinTmpSize(ge::Shape({1024}), 2, max, min);
  EXPECT_EQ(min, 512u);
  EXPECT_EQ(max, 2048u);
  // Small inputs still take the minimum.
  GetAscendQuantMaxMinTmpSize(ge::Shape({2, 8}), 4, max, min);
  EXPECT_EQ(max, 512u);
  uint32_t nodes = 7, extra = 7;
  GetAscendQuantTmpBufferFactorSize(nodes, extra);
  EXPECT_EQ(nodes, 2u);
  EXPECT_EQ(extra, 0u);
}

TEST(AscendQuantTiling, BrokenArgumentsLeaveTheValues) {
  uint32_t max = 7, min = 7;
  testing::internal::CaptureStderr();
  GetAscendQuantMaxMinTmpSize(ge::Shape({1024}), 8, max, min);
  GetAscendQuantMaxMinTmpSize(ge::Shape({3}), 4, max, min);
  GetAscendQuantMaxMinTmpSize(ge::Shape({0}), 2, max, min);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(max, 7u);
  EXPECT_EQ(min, 7u);
  EXPECT_NE(err.find("typeSize 8 is not 2 (half) or 4 (float)"), std::string::npos) << err;
  EXPECT_NE(err.find("srcShape has 3 elements"), std::string::npos) << err;
  EXPECT_NE(err.find("srcShape has 0 elements"), std::string::npos) << err;
}

TEST(AscendDequantTiling, HelperGivesCannsFigures) {
  uint32_t max = 7, min = 7;
  GetAscendDequantMaxMinTmpSize(ge::Shape({4, 16}), 4, max, min);
  EXPECT_EQ(min, (64u + 16 + 16 + 8) * 4);
  EXPECT_EQ(max, (64u + 4 * 16 + 16 + 8) * 4);
  GetAscendDequantMaxMinTmpSize(ge::Shape({32}), 4, max, min);
  EXPECT_EQ(min, (64u + 32 + 32 + 8) * 4);
  EXPECT_EQ(max, min);
  uint32_t nodes = 7, extra = 7;
  GetAscendDequantTmpBufferFactorSize(ge::Shape({4, 16}), nodes, extra);
  EXPECT_EQ(nodes, 1u);
  EXPECT_EQ(extra, 72u + 16);
  GetAscendDequantTmpBufferFactorSize(ge::Shape({16}), nodes, extra);
  EXPECT_EQ(nodes, 2u);
  EXPECT_EQ(extra, 72u);
}

TEST(AscendDequantTiling, BrokenArgumentsLeaveTheValues) {
  uint32_t max = 7, min = 7;
  testing::internal::CaptureStderr();
  GetAscendDequantMaxMinTmpSize(ge::Shape({2, 4, 8}), 4, max, min);
  GetAscendDequantMaxMinTmpSize(ge::Shape({4, 8}), 2, max, min);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(max, 7u);
  EXPECT_EQ(min, 7u);
  EXPECT_NE(err.find("srcShape has 3 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("typeSize 2 is not 4 (int32_t)"), std::string::npos) << err;
}

TEST(AscendAntiQuantTiling, HelperGivesCannsFigures) {
  uint32_t max = 7, min = 7;
  // CANN's sample: src [64, 512], scale [1, 512], bfloat16 out: 2 * 512 floats and 64 x K.
  GetAscendAntiQuantMaxMinTmpSize(ge::Shape({64, 512}), ge::Shape({1, 512}), false, ge::DT_INT8,
                                  ge::DT_BF16, max, min);
  EXPECT_EQ(min, 512u * 2 * 4 + 64u * 64 * 4);
  EXPECT_EQ(max, min);
  // Transposed src [N, K] = [16, 64], scale [16]: 80 floats per channel.
  GetAscendAntiQuantMaxMinTmpSize(ge::Shape({16, 64}), ge::Shape({16}), true, ge::DT_INT8,
                                  ge::DT_BF16, max, min);
  EXPECT_EQ(min, 80u * 16 * 4);
  // A scalar scale: 1024 bytes at least, all of src as float at most; half out needs none.
  GetAscendAntiQuantMaxMinTmpSize(ge::Shape({8, 128}), ge::Shape({1}), false, ge::DT_INT8,
                                  ge::DT_BF16, max, min);
  EXPECT_EQ(min, 1024u);
  EXPECT_EQ(max, 8u * 128 * 4);
  EXPECT_EQ(GetAscendAntiQuantMaxTmpSize(ge::Shape({8, 128}), ge::Shape({1, 128}), false,
                                         ge::DT_INT8, ge::DT_FLOAT16),
            0u);
  uint32_t nodes = 7, extra = 7;
  GetAscendAntiQuantTmpBufferFactorSize(ge::Shape({8, 128}), ge::Shape({1}), false, ge::DT_INT8,
                                        ge::DT_BF16, nodes, extra);
  EXPECT_EQ(nodes, 1u);
  EXPECT_EQ(extra, 0u);
  GetAscendAntiQuantTmpBufferFactorSize(ge::Shape({16, 64}), ge::Shape({16}), true, ge::DT_INT8,
                                        ge::DT_BF16, nodes, extra);
  EXPECT_EQ(nodes, 0u);
  EXPECT_EQ(extra, 80u * 16 * 4);
}

TEST(AscendAntiQuantTiling, BrokenArgumentsAreNamed) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(GetAscendAntiQuantMinTmpSize(ge::Shape({0, 8}), ge::Shape({8}), false, ge::DT_INT8,
                                         ge::DT_BF16),
            0u);
  EXPECT_EQ(GetAscendAntiQuantMinTmpSize(ge::Shape({8, 32}), ge::Shape({8}), false, ge::DT_FLOAT,
                                         ge::DT_BF16),
            0u);
  // K = 40 bytes is no whole block: an error, and the figures all the same (as CANN).
  EXPECT_EQ(GetAscendAntiQuantMinTmpSize(ge::Shape({8, 40}), ge::Shape({8}), true, ge::DT_INT8,
                                         ge::DT_BF16),
            80u * 8 * 4);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("srcShape holds 0 elements"), std::string::npos) << err;
  EXPECT_NE(err.find("inputDataType 0 is not DT_INT8 or DT_INT4"), std::string::npos) << err;
  EXPECT_NE(err.find("K 40 must be whole 32-byte blocks"), std::string::npos) << err;
}

TEST(DropOutTiling, HelperGivesCannsFigures) {
  uint32_t max = 7, min = 7;
  GetDropOutMaxMinTmpSize(ge::Shape({4, 96}), 2, false, max, min);
  EXPECT_EQ(min, 512u);
  EXPECT_EQ(max, 2u * 4 * 96 * 4);
  // Small shapes still take the minimum.
  GetDropOutMaxMinTmpSize(ge::Shape({8}), 4, false, max, min);
  EXPECT_EQ(max, 512u);
  EXPECT_EQ(GetDropOutMinTmpSize(ge::Shape({1024}), 4, false), 512u);
  EXPECT_EQ(GetDropOutMaxTmpSize(ge::Shape({1024}), 4, false), 8192u);
}

TEST(DropOutTiling, BrokenArgumentsAreNamed) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(GetDropOutMinTmpSize(ge::Shape({16}), 8, false), 512u);
  EXPECT_EQ(GetDropOutMaxTmpSize(ge::Shape({16}), 2, true), 512u);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("typeSize 8 is not 2 (half) or 4 (float)"), std::string::npos) << err;
  EXPECT_NE(err.find("isReuseSource is reserved"), std::string::npos) << err;
}

using TkPlatform = hl_platform::ArchPlatform;

uint32_t TkMin(uint32_t arch, int32_t inner, int32_t outter, bool init, TopKMode mode, bool largest,
               uint32_t type_size) {
  TkPlatform p(arch);
  uint32_t max = 7, min = 7;
  EXPECT_TRUE(GetTopKMaxMinTmpSize(platform_ascendc::PlatformAscendC(&p.info), inner, outter, false,
                                   init, mode, largest, type_size, max, min));
  EXPECT_EQ(max, min);
  return min;
}

TEST(TopKTiling, TmpSizesAreCannsFigures) {
  EXPECT_EQ(TkMin(2201, 64, 2, false, TopKMode::TOPK_NORMAL, true, 4), 1280u);
  EXPECT_EQ(TkMin(2201, 128, 3, true, TopKMode::TOPK_NORMAL, false, 2), 2048u);
  EXPECT_EQ(TkMin(2201, 32, 4, false, TopKMode::TOPK_NSMALL, false, 4), 2112u);
  EXPECT_EQ(TkMin(2201, 32, 2, true, TopKMode::TOPK_NSMALL, true, 2), 576u);
  EXPECT_EQ(TkMin(2002, 64, 2, true, TopKMode::TOPK_NORMAL, true, 4), 4352u);
  EXPECT_EQ(TkMin(3510, 64, 2, false, TopKMode::TOPK_NORMAL, true, 4), 1280u);
  EXPECT_EQ(TkMin(3510, 32, 3, false, TopKMode::TOPK_NSMALL, true, 2), 1152u);
}

TEST(TopKTiling, NormalModeFieldsAreCannsFigures) {
  TkPlatform p(2201);
  const platform_ascendc::PlatformAscendC platform(&p.info);
  optiling::TopkTiling f;
  ASSERT_TRUE(TopKTilingFunc(platform, 64, 2, 5, 4, false, TopKMode::TOPK_NORMAL, true, f));
  EXPECT_EQ(f.get_allDataSize(), 128);
  EXPECT_EQ(f.get_tmpLocalSize(), 320);
  EXPECT_EQ(f.get_innerDataSize(), 128);
  EXPECT_EQ(f.get_copyUbToUbBlockCount(), 16u);
  EXPECT_EQ(f.get_sortRepeat(), 2u);
  EXPECT_EQ(f.get_mrgSortRepeat(), 16);
  EXPECT_EQ(f.get_kAlignFourBytes(), 8);
  EXPECT_EQ(f.get_kAlignTwoBytes(), 16);
  EXPECT_EQ(f.get_maskOffset(), 16);
  EXPECT_EQ(f.get_maskVreducev2FourBytes(), 10);
  EXPECT_EQ(f.get_maskVreducev2TwoBytes(), 20);
  EXPECT_EQ(f.get_mrgSortSrc3offset(), 6);
  EXPECT_EQ(f.get_mrgFourQueueTailPara1(), 128);
  EXPECT_EQ(f.get_mrgFourQueueTailPara2(), 1);
  EXPECT_EQ(f.get_srcIndexOffset(), 256);
  // half, given indices: the kernel's struct gets the same bytes.
  AscendC::tiling::TopkTiling h;
  ASSERT_TRUE(TopKTilingFunc(platform, 128, 3, 20, 2, true, TopKMode::TOPK_NORMAL, false, h));
  EXPECT_EQ(h.tmpLocalSize, 1024);
  EXPECT_EQ(h.innerDataSize, 512);
  EXPECT_EQ(h.maskOffset, 96);
  EXPECT_EQ(h.kAlignFourBytes, 24);
  EXPECT_EQ(h.kAlignTwoBytes, 32);
  EXPECT_EQ(h.mrgSortSrc1offset, 4);
  EXPECT_EQ(h.mrgSortSrc2offset, 8);
  EXPECT_EQ(h.mrgSortTwoQueueSrc1Offset, 4);
  EXPECT_EQ(h.mrgFourQueueTailPara2, 2);
  EXPECT_EQ(h.copyUbToUbBlockCount, 32u);
  EXPECT_EQ(h.srcIndexOffset, 0);
}

TEST(TopKTiling, SmallModeFieldsAreCannsFigures) {
  TkPlatform p(2201);
  const platform_ascendc::PlatformAscendC platform(&p.info);
  AscendC::tiling::TopkTiling f;
  ASSERT_TRUE(TopKTilingFunc(platform, 32, 4, 8, 4, false, TopKMode::TOPK_NSMALL, false, f));
  EXPECT_EQ(f.innerDataSize, 256);
  EXPECT_EQ(f.maskOffset, 32);
  EXPECT_EQ(f.topkMrgSrc1MaskSizeOffset, 384);
  EXPECT_EQ(f.topkNSmallSrcIndexOffset, 400);
  EXPECT_EQ(f.tmpLocalSize, 528);
  EXPECT_EQ(f.vreduceIdxMask0, 0xAAAAu);
  EXPECT_EQ(f.vreduceValMask0, 0x5555u);
  EXPECT_EQ(f.vreduceValMask1, 0u);
  AscendC::tiling::TopkTiling h;
  ASSERT_TRUE(TopKTilingFunc(platform, 32, 2, 20, 2, true, TopKMode::TOPK_NSMALL, true, h));
  EXPECT_EQ(h.innerDataSize, 256);
  EXPECT_EQ(h.maskOffset, 40);
  EXPECT_EQ(h.tmpLocalSize, 288);
  EXPECT_EQ(h.topkNSmallSrcIndexOffset, 0);
  EXPECT_EQ(h.vreduceIdxMask0, 0xAAAAAAAAu);
  EXPECT_EQ(h.vreduceIdxMask1, 0xAAu);
  EXPECT_EQ(h.vreducehalfValMask0, 0x1111);
  EXPECT_EQ(h.vreducehalfValMask4, 0x1111);
  EXPECT_EQ(h.vreducehalfValMask5, 0);
}

TEST(TopKTiling, BrokenArgumentsAreNamed) {
  TkPlatform p(2201);
  const platform_ascendc::PlatformAscendC platform(&p.info);
  uint32_t max = 0, min = 0;
  AscendC::tiling::TopkTiling t;
  testing::internal::CaptureStderr();
  GetTopKMaxMinTmpSize(platform, 48, 2, false, true, TopKMode::TOPK_NORMAL, true, 4, max, min);
  GetTopKMaxMinTmpSize(platform, 64, 2, false, true, TopKMode::TOPK_NSMALL, true, 8, max, min);
  TopKTilingFunc(platform, 64, 0, 65, 4, true, TopKMode::TOPK_NORMAL, true, t);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("inner axis must be a multiple of 32 (got 48)"), std::string::npos) << err;
  EXPECT_NE(err.find("in Small mode, the length of the inner axis must be 32 (got 64)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("dataTypeSize must be 2 (half) or 4 (float) (got 8)"), std::string::npos)
      << err;
  EXPECT_NE(err.find("outter axis must be greater than 0 (got 0)"), std::string::npos) << err;
  EXPECT_NE(err.find("k 65 is outside [1, inner 64]"), std::string::npos) << err;
}

TEST(TopKTiling, OtherArchsFieldsAreCannsFigures) {
  TkPlatform p2002(2002), p3510(3510);
  const platform_ascendc::PlatformAscendC a2002(&p2002.info), a3510(&p3510.info);
  AscendC::tiling::TopkTiling n;
  ASSERT_TRUE(TopKTilingFunc(a2002, 64, 2, 5, 4, true, TopKMode::TOPK_NORMAL, true, n));
  EXPECT_EQ(n.tmpLocalSize, 1088);
  EXPECT_EQ(n.srcIndexOffset, 1024);
  EXPECT_EQ(n.innerDataSize, 512);
  EXPECT_EQ(n.sortRepeat, 4u);
  EXPECT_EQ(n.copyUbToUbBlockCount, 64u);
  EXPECT_EQ(n.mrgSortSrc3offset, 24);
  EXPECT_EQ(n.mrgSortRepeat, 16);
  EXPECT_EQ(n.maskOffset, 16);
  EXPECT_EQ(n.allDataSize, 0);  // CANN's 2002 Normal branch leaves it
  AscendC::tiling::TopkTiling s;
  ASSERT_TRUE(TopKTilingFunc(a2002, 32, 2, 20, 2, true, TopKMode::TOPK_NSMALL, true, s));
  EXPECT_EQ(s.tmpLocalSize, 1024);
  EXPECT_EQ(s.topkNSmallSrcIndexOffset, 576);
  EXPECT_EQ(s.srcIndexOffset, 640);
  EXPECT_EQ(s.allDataSize, 64);
  EXPECT_EQ(s.sortRepeat, 4u);
  EXPECT_EQ(s.copyUbToUbBlockCount, 32u);
  EXPECT_EQ(s.mrgSortTwoQueueSrc1Offset, 128);
  EXPECT_EQ(s.mrgSortSrc1offset, 256);
  EXPECT_EQ(s.vreduceIdxMask0, 0xFFFFFu);
  EXPECT_EQ(s.vreduceValMask0, 0xFFFFu);
  EXPECT_EQ(s.vreduceValMask1, 0xFu);
  AscendC::tiling::TopkTiling m;
  ASSERT_TRUE(TopKTilingFunc(a3510, 64, 3, 20, 2, false, TopKMode::TOPK_NORMAL, true, m));
  EXPECT_EQ(m.allDataSize, 192);
  EXPECT_EQ(m.sortRepeat, 2u);
  EXPECT_EQ(m.innerDataSize, 256);
  EXPECT_EQ(m.maskOffset, 96);
  EXPECT_EQ(m.tmpLocalSize, 640);
  EXPECT_EQ(m.srcIndexOffset, 512);
  EXPECT_EQ(m.kAlignFourBytes, 24);
  AscendC::tiling::TopkTiling q;
  ASSERT_TRUE(TopKTilingFunc(a3510, 32, 4, 8, 4, false, TopKMode::TOPK_NSMALL, true, q));
  EXPECT_EQ(q.innerDataSize, 256);
  EXPECT_EQ(q.maskOffset, 32);
  EXPECT_EQ(q.tmpLocalSize, 384);
}

TEST(PadTiling, TmpSizesAreCannsFigures) {
  uint32_t max = 7, min = 7;
  GetPadMaxMinTmpSize(ge::Shape({16, 15}), 2, max, min);
  EXPECT_EQ(max, 15360u);  // 15 groups of 16 elements, each 16 blocks twice
  EXPECT_EQ(min, 1024u);
  GetPadMaxMinTmpSize(ge::Shape({8, 5}), 4, max, min);
  EXPECT_EQ(max, 3072u);
  EXPECT_EQ(min, 1024u);
  TkPlatform b(2201), other(2002);
  max = min = 7;
  GetUnPadMaxMinTmpSize(platform_ascendc::PlatformAscendC(&b.info), ge::Shape({16, 16}), 2, max,
                        min);
  EXPECT_EQ(max, 0u);
  EXPECT_EQ(min, 0u);
  GetUnPadMaxMinTmpSize(platform_ascendc::PlatformAscendC(&other.info), ge::Shape({16, 16}), 2, max,
                        min);
  EXPECT_EQ(max, 16384u);
  EXPECT_EQ(min, 1024u);
}

// CANN's figures (GetTransDataMaxMinTmpSize's page example first): min = max.
TEST(TransDataTiling, TmpSizesAreCannsFigures) {
  TkPlatform a2(2201);
  const platform_ascendc::PlatformAscendC plat(&a2.info);
  const auto f = [&](std::vector<int64_t> src, std::vector<int64_t> dst, ge::DataType t,
                     DataFormat from, DataFormat to) {
    uint32_t max = 7, min = 7;
    const bool ok = GetTransDataMaxMinTmpSize(plat, ge::Shape(src), ge::Shape(dst), t,
                                              TransDataConfig{from, to}, max, min);
    EXPECT_EQ(max, min);
    return ok ? static_cast<int64_t>(max) : -1;
  };
  using F = DataFormat;
  EXPECT_EQ(f({1, 16, 2, 4, 4}, {1, 2, 1, 4, 4, 16}, ge::DT_FLOAT16, F::NCDHW, F::NDC1HWC0), 1088);
  EXPECT_EQ(f({1, 2, 1, 4, 4, 16}, {1, 16, 2, 4, 4}, ge::DT_BF16, F::NDC1HWC0, F::NCDHW), 1536);
  // max(C D padHW, D H W N1 N0) zeros, then N1 N0 D C1 C0 padHW staged.
  EXPECT_EQ(f({18, 5, 1, 2, 3}, {1, 1, 2, 3, 2, 16, 16}, ge::DT_INT16, F::NCDHW, F::FRACTAL_Z_3D),
            16768);
  // N and C not whole groups: the staging twice.
  EXPECT_EQ(f({2, 2, 1, 4, 1, 16, 16}, {3, 17, 2, 1, 4}, ge::DT_UINT16, F::FRACTAL_Z_3D, F::NCDHW),
            65536);
  EXPECT_EQ(
      f({1, 1, 1, 16, 1, 16, 16}, {16, 16, 1, 1, 16}, ge::DT_FLOAT16, F::FRACTAL_Z_3D, F::NCDHW),
      8192);
}

TEST(TransDataTiling, BrokenArgumentsAreRefused) {
  TkPlatform a2(2201), p310(2002);
  const platform_ascendc::PlatformAscendC plat(&a2.info), other(&p310.info);
  uint32_t max = 7, min = 7;
  const TransDataConfig to6hd{DataFormat::NCDHW, DataFormat::NDC1HWC0};
  const ge::Shape ncdhw({1, 16, 2, 4, 4}), hd({1, 2, 1, 4, 4, 16});
  EXPECT_FALSE(GetTransDataMaxMinTmpSize(plat, ncdhw, hd, ge::DT_FLOAT, to6hd, max, min));
  EXPECT_FALSE(GetTransDataMaxMinTmpSize(other, ncdhw, hd, ge::DT_FLOAT16, to6hd, max, min));
  EXPECT_FALSE(GetTransDataMaxMinTmpSize(plat, ncdhw, ge::Shape({1, 2, 2, 4, 4, 16}),
                                         ge::DT_FLOAT16, to6hd, max, min));  // C1 2 for C 16
  EXPECT_FALSE(GetTransDataMaxMinTmpSize(plat, ncdhw, ge::Shape({1, 3, 1, 4, 4, 16}),
                                         ge::DT_FLOAT16, to6hd, max, min));  // D 3 for 2
  EXPECT_FALSE(GetTransDataMaxMinTmpSize(plat, ncdhw, hd, ge::DT_FLOAT16,
                                         TransDataConfig{DataFormat::NCDHW, DataFormat::NCDHW}, max,
                                         min));
  EXPECT_FALSE(GetTransDataMaxMinTmpSize(plat, ge::Shape({1, 16, 2, 4}), hd, ge::DT_FLOAT16, to6hd,
                                         max, min));
  EXPECT_EQ(max, 7u);  // left as they were
  EXPECT_EQ(min, 7u);
}

TEST(PadTiling, PadFieldsAreCannsFigures) {
  optiling::PadTiling a;
  PadTilingFunc(ge::Shape({4, 32}), ge::Shape({4, 30}), 0, 2, a);
  EXPECT_EQ(a.get_srcOriWidth(), 30u);
  EXPECT_EQ(a.get_widthWithoutLastBlock(), 16u);
  EXPECT_EQ(a.get_blocksPerRow(), 2u);
  EXPECT_EQ(a.get_heightTiling(), 255u);
  EXPECT_EQ(a.get_heightFractalTail(), 4u);
  EXPECT_EQ(a.get_mainLoopOffset(), 8160u);
  EXPECT_EQ(a.get_tailBlockOffset(), 16u);
  EXPECT_EQ(a.get_tmpBuffer1BlockNum(), 0u);
  AscendC::tiling::PadTiling u;
  PadTilingFunc(ge::Shape({16, 15}), ge::Shape({16, 15}), 1024, 2, u);
  EXPECT_EQ(u.srcHeight, 16u);
  EXPECT_EQ(u.srcWidth, 15u);
  EXPECT_EQ(u.blocksPerRow, 0u);
  EXPECT_EQ(u.tmpBuffer1BlockNum, 1u);
  EXPECT_EQ(u.tmpBuffer1RowNum, 16u);
  EXPECT_EQ(u.tmpBuffer2Offset, 256u);
  EXPECT_EQ(u.widthTiling, 16u);
  EXPECT_EQ(u.widthFractal, 0u);
  EXPECT_EQ(u.widthFractalTail, 15u);
  EXPECT_EQ(u.widthFractalTailAlingned, 16u);
  EXPECT_EQ(u.brcbFractal, 15u);
  EXPECT_EQ(u.brcbFractalTail, 0u);
  EXPECT_EQ(u.maxRepeatTimes, 254u);
  EXPECT_EQ(u.brcbTilingRepeatTimesTail, 2u);
}

TEST(PadTiling, UnPadFieldsAreCannsFigures) {
  AscendC::tiling::UnPadTiling t;
  UnPadTilingFunc(ge::Shape({16, 16}), 0, 2, t);
  EXPECT_EQ(t.srcHeight, 16u);
  EXPECT_EQ(t.srcWidth, 16u);
  EXPECT_EQ(t.tmpBuffer1BlockNum, 0u);
  optiling::UnPadTiling f;
  UnPadTilingFunc(ge::Shape({4, 40}), 2048, 4, f);
  EXPECT_EQ(f.get_tmpBuffer1BlockNum(), 2u);
  EXPECT_EQ(f.get_tmpBuffer1RowNum(), 32u);
  EXPECT_EQ(f.get_tmpBuffer2Offset(), 256u);
  EXPECT_EQ(f.get_widthTiling(), 32u);
  EXPECT_EQ(f.get_widthFractal(), 2u);
  EXPECT_EQ(f.get_widthFractalTail(), 8u);
  UnPadTilingFunc(ge::Shape({4, 64}), 2048, 4, f);
  EXPECT_EQ(f.get_widthFractal(), 2u);
  EXPECT_EQ(f.get_widthFractalTail(), 32u);
}

TEST(PadTiling, BrokenArgumentsAreNamed) {
  uint32_t max = 7, min = 7;
  optiling::PadTiling t;
  testing::internal::CaptureStderr();
  GetPadMaxMinTmpSize(ge::Shape({16, 15}), 8, max, min);
  GetPadMaxMinTmpSize(ge::Shape({2, 16, 15}), 2, max, min);
  PadTilingFunc(ge::Shape({16, 15}), ge::Shape({16, 16}), 1024, 2, t);
  PadTilingFunc(ge::Shape({16, 15}), ge::Shape({16, 15}), 512, 2, t);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("[Pad][GetPadMaxMinTmpSize] typeSize 8 must be 2 or 4"), std::string::npos)
      << err;
  EXPECT_NE(err.find("srcShape has 3 dims; it must have 2"), std::string::npos) << err;
  EXPECT_NE(err.find("oriSrcShape holds 256 elements; it must hold no more than srcShape's 240"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("stackBufferSize 512 holds no 1024-byte group"), std::string::npos) << err;
}

}  // namespace hl5_tiling_test
