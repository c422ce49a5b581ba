// The host helpers of the high-level index, sort, quantisation and filtering APIs
// (tiling/tiling_api.h): CANN's figures and errors.
#include <gtest/gtest.h>

#include <string>

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

}  // namespace hl5_tiling_test
