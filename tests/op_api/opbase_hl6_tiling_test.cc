// The host helpers of LayerNormGrad, LayerNormGradBeta (lib/normalization/layernorm_grad*_tiling.h)
// and SoftmaxFlash/SoftmaxFlashV3 (lib/activation/softmax_tiling.h) through tiling/tiling_api.h:
// CANN's 910B figures (asc-devkit layernorm_grad_tiling_impl.cpp,
// layernorm_grad_beta_tiling_impl.cpp, softmax_tiling.cpp) and the errors on broken arguments. The
// kernels' tests are tests/simulator/runtime_hl_norm_grad_test.cc and runtime_hl_softmax_test.cc.
// And the high-level Transpose's (lib/transpose/confusion_transpose_tiling.h: CANN's
// confusion_transpose_tiling_impl.cpp; the kernel's test is in runtime_hl_transdata_test.cc).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "tiling/tiling_api.h"

namespace opbase_hl6_test {

using namespace AscendC;

float GradBitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

TEST(NormGradTiling, LayerNormGradFigures) {
  uint32_t mx = 0, mn = 0;
  // CANN's: pieces of max/min(B * S * H, H * H) elements of typeSize bytes.
  GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 2, false, mx, mn);
  EXPECT_EQ(mx, 9u * 4096 * 2);
  EXPECT_EQ(mn, 9u * 2048 * 2);
  GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 4, false, mx, mn);
  EXPECT_EQ(mx, 6u * 4096 * 4);
  EXPECT_EQ(mn, 6u * 2048 * 4);
  GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 4, true, mx, mn);
  EXPECT_EQ(mn, 4u * 2048 * 4);
  optiling::LayerNormGradTiling t;
  GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 64}), 49152, 4, false, t);
  EXPECT_EQ(t.get_oneCalSize(), 2048u);
  EXPECT_EQ(t.get_nohCalSize(), 32u);
  EXPECT_EQ(t.get_loopNum(), 1u);
  EXPECT_EQ(t.get_tailSize(), 0u);
  EXPECT_EQ(t.get_x3TensorPos(), 5u * 2048);
  EXPECT_EQ(t.get_tmpTensorPos(), 0u);  // float: the output is the scratch row
  EXPECT_EQ(t.get_stackBufferSize(), 49152u);
  EXPECT_EQ(GradBitsFloat(t.get_lastDimValueBack()), 1.0f / 64);
  optiling::LayerNormGradTiling h;
  // half, original H 60: 36864 / 4 / 9 = 1024 floats, 16 rows (a block of 16 halves).
  GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 60}), 36864, 2, false, h);
  EXPECT_EQ(h.get_oneCalSize(), 1024u);
  EXPECT_EQ(h.get_loopNum(), 2u);
  EXPECT_EQ(h.get_tmpTensor2Pos(), 8u * 1024);
  EXPECT_EQ(GradBitsFloat(h.get_lastDimValueBack()), 1.0f / 60);
  EXPECT_EQ(GradBitsFloat(h.get_lastDimValueBackMulTwo()), 2.0f / 60);
  // 12 rows of 32 floats in 6 pieces of 8 rows: one round of 8, a tail of 4.
  optiling::LayerNormGradTiling r;
  GetLayerNormGradNDTilingInfo(ge::Shape({1, 12, 32, 32}), 6 * 8 * 32 * 4, 4, false, r);
  EXPECT_EQ(r.get_loopNum(), 1u);
  EXPECT_EQ(r.get_nohTailSize(), 4u);
}

TEST(NormGradTiling, LayerNormGradBetaFigures) {
  uint32_t mx = 0, mn = 0;
  GetLayerNormGradBetaMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 4, false, mx, mn);
  EXPECT_EQ(mx, 2u * 2048 * 4);
  EXPECT_EQ(mn, 2u * 64 * 4);
  GetLayerNormGradBetaMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 2, false, mx, mn);
  EXPECT_EQ(mx, 4u * 2048 * 4);
  optiling::LayerNormGradBetaTiling t;
  // half, 1024 floats: two float rows (gamma, beta), then (1024 - 128) / 2 = 448 floats, 7 rows.
  GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 2, false, t);
  EXPECT_EQ(t.get_stackBufferSize(), 1024u);
  EXPECT_EQ(t.get_oneCalSize(), 448u);
  EXPECT_EQ(t.get_loopRound(), 4u);
  EXPECT_EQ(t.get_inputTailSize(), 256u);
  EXPECT_EQ(t.get_inputTailPos(), 1792u);
  EXPECT_EQ(t.get_bsTailSize(), 4u);
  EXPECT_EQ(t.get_betaTempTensorPos(), 64u);
  EXPECT_EQ(t.get_resForGammaTmpTensorPos(), 128u + 448);
  GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 4, false, t);
  EXPECT_EQ(t.get_oneCalSize(), 1024u);
  EXPECT_EQ(t.get_resForGammaTmpTensorPos(), 0u);
}

TEST(NormGradTiling, LayerNormGradBrokenArgumentsAreRefused) {
  testing::internal::CaptureStderr();
  uint32_t mx = 7, mn = 7;
  GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64}), 4, false, mx, mn);
  GetLayerNormGradBetaMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 8, false, mx, mn);
  EXPECT_EQ(mx, 7u);
  EXPECT_EQ(mn, 7u);
  optiling::LayerNormGradTiling t;
  GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 64}), 1000, 4, false, t);
  EXPECT_EQ(t.get_oneCalSize(), 0u);
  optiling::LayerNormGradBetaTiling b;
  GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 0, 64, 64}), 4096, 4, false, b);
  EXPECT_EQ(b.get_oneCalSize(), 0u);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("[LayerNormGrad][GetLayerNormGradMaxMinTmpSize] The dims of srcShape is 3"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("[GetLayerNormGradBetaMaxMinTmpSize] Type size 8 is unsupported"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("[GetLayerNormGradNDTilingInfo] stackBufferSize is not enough"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("srcShape[1] must be greater than 0"), std::string::npos) << err;
}

// SoftmaxFlash (CANN's softmax_tiling.cpp, NpuArch other than 3510): SoftMax's row without
// update; with update four blocks and two float rows; the tiling cut as SoftMax's.
TEST(SoftmaxFlashTiling, FiguresAndTiling) {
  EXPECT_EQ(GetSoftMaxFlashMinTmpSize(ge::Shape({16, 64}), 2, false, false), (16u + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxFlashMaxTmpSize(ge::Shape({16, 64}), 2, false, false),
            16u * (16 + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxFlashMinTmpSize(ge::Shape({16, 64}), 4, true, false), (4u * 8 + 128) * 4);
  EXPECT_EQ(GetSoftMaxFlashMaxTmpSize(ge::Shape({2, 8, 64}), 2, true, false),
            16u * (4 * 16 + 128) * 4);
  optiling::SoftMaxTiling t;
  SoftMaxFlashTilingFunc(ge::Shape({16, 64}), 2, 5 * 576, t);
  EXPECT_EQ(t.get_splitM(), 5u);
  EXPECT_EQ(t.get_rangeM(), 3u);
  EXPECT_EQ(t.get_tailM(), 1u);
  EXPECT_EQ(t.get_reduceK(), 16u);
  AscendC::tiling::SoftMaxTiling k;
  SoftMaxFlashTilingFunc(ge::Shape({16, 64}), 4, 16 * 160 * 4, k, true);
  EXPECT_EQ(k.splitM, 16u);
  EXPECT_EQ(k.srcK, 64u);
  testing::internal::CaptureStderr();
  EXPECT_EQ(GetSoftMaxFlashMinTmpSize(ge::Shape({4, 20}), 4, true, false), 0u);  // 80 B rows
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetSoftMaxFlashMinTmpSize"), std::string::npos) << err;
}

// SoftmaxFlashV3 (CANN's softmax_tiling.cpp, NpuArch other than 3510/5102): 5 float blocks, two
// float rows and 64 floats a row, update or not; splitM what fits, below srcM whole 8-row groups.
TEST(SoftmaxFlashTiling, FlashV3FiguresAndTiling) {
  uint32_t mx = 0, mn = 0;
  GetSoftMaxFlashV3MaxMinTmpSize(ge::Shape({8, 1024}), 2, 4, mx, mn, false);
  EXPECT_EQ(mn, (40u + 2 * 1024 + 64) * 4);
  EXPECT_EQ(mx, 8u * mn);
  GetSoftMaxFlashV3MaxMinTmpSize(ge::Shape({2, 4, 512}), 2, 4, mx, mn, true);
  EXPECT_EQ(mn, (40u + 2 * 512 + 64) * 4);
  EXPECT_EQ(mx, 8u * mn);
  optiling::SoftMaxTiling t;
  // CANN's own test: [8, 1024] in 76 KiB gives reduceM 8.
  SoftMaxFlashV3TilingFunc(ge::Shape({8, 1024}), 2, 4, 76 * 1024, t, true, true);
  EXPECT_EQ(t.get_reduceM(), 8u);
  EXPECT_EQ(t.get_rangeM(), 1u);
  EXPECT_EQ(t.get_tailM(), 0u);
  EXPECT_EQ(t.get_reduceK(), 8u);
  EXPECT_EQ(t.get_splitSize(), 8u * 1024);
  // 20 rows in room for 19: splitM 16 (two groups), one piece and a tail of 4.
  AscendC::tiling::SoftMaxTiling k;
  SoftMaxFlashV3TilingFunc(ge::Shape({20, 512}), 2, 4, 19 * 1128 * 4, k, false);
  EXPECT_EQ(k.splitM, 16u);
  EXPECT_EQ(k.rangeM, 1u);
  EXPECT_EQ(k.tailM, 4u);
  EXPECT_EQ(k.tailReduceSize, 32u);
  testing::internal::CaptureStderr();
  mx = mn = 7;
  GetSoftMaxFlashV3MaxMinTmpSize(ge::Shape({8, 512}), 4, 4, mx, mn, false);  // float data
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(mn, 7u);
  EXPECT_NE(err.find("dataTypeSize1 4"), std::string::npos) << err;
  testing::internal::CaptureStderr();
  SoftMaxFlashV3TilingFunc(ge::Shape({8, 512}), 2, 4, 1000, t, false);  // below one row
  err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("below the minimum 4512"), std::string::npos) << err;
}

std::vector<uint32_t> CtParams(const AscendC::tiling::ConfusionTransposeTiling& t) {
  std::vector<uint32_t> p(18);
  std::memcpy(p.data(), &t, sizeof(t));
  return p;
}

TEST(ConfusionTransposeTiling, ThePagesExampleAndEachScenario) {
  uint32_t mx = 7, mn = 7;
  // The page: scenario 1, srcShape [1, 2, 64, 32], half, stackBufferSize the minimum.
  GetTransposeMaxMinTmpSize(ge::Shape({1, 2, 64, 32}), 2, 1, mx, mn);
  EXPECT_EQ(mx, 64u * 16 * 2);  // a column of S / 16 fractals
  EXPECT_EQ(mn, 256u * 2);      // one fractal
  optiling::ConfusionTransposeTiling host;
  GetTransposeTilingInfo(ge::Shape({1, 2, 64, 32}), mn, 2, 1, host);
  EXPECT_EQ(host.get_param0(), 16u);     // elements per block
  EXPECT_EQ(host.get_param6(), 256u);    // the buffer's elements
  EXPECT_EQ(host.get_param9(), 4u);      // pieces of S: 64 rows in fractals of 16
  EXPECT_EQ(host.get_param15(), 4096u);  // 16 x 4 x 64
  AscendC::tiling::ConfusionTransposeTiling k;
  GetConfusionTransposeTilingInfo(ge::Shape({1, 2, 64, 32}), mn, 2, 1, k);
  EXPECT_EQ(CtParams(k), (std::vector<uint32_t>{16, 1, 2, 32, 64, 2, 256, 16, 1024, 4, 0, 2048,
                                                4096, 64, 32, 4096, 0, 0}));
  AscendC::tiling::ConfusionTransposeTiling kh;
  host.SaveToBuffer(&kh, sizeof(kh));  // the host class's bytes are the kernel struct's
  EXPECT_EQ(CtParams(kh), CtParams(k));
  GetConfusionTransposeTilingInfo(ge::Shape({1, 2, 64, 32}), 100 * 1024, 2, 3, k);
  EXPECT_EQ(CtParams(k), (std::vector<uint32_t>{16, 1, 2, 32, 1, 64, 4, 4, 64, 64, 2, 32, 0, 1024,
                                                4, 4096, 4096, 0}));
  GetConfusionTransposeTilingInfo(ge::Shape({1, 2, 64, 32}), 100 * 1024, 4, 4, k);
  EXPECT_EQ(CtParams(k), (std::vector<uint32_t>{8, 1, 2, 32, 64, 4, 4, 2, 32, 0, 1024, 4, 2048, 512,
                                                256, 4096, 4096, 2}));
  GetConfusionTransposeTilingInfo(ge::Shape({2, 3, 20, 10}), 1024, 2, 5, k);  // S, H/N, H tails
  EXPECT_EQ(CtParams(k), (std::vector<uint32_t>{16, 2, 3, 10, 30, 2, 2, 1, 32, 512, 512, 512, 1536,
                                                1024, 1, 0, 0, 0}));
  GetConfusionTransposeOnlyTilingInfo(ge::Shape({32, 48}), 0, 4, k);
  EXPECT_EQ(CtParams(k),
            (std::vector<uint32_t>{8, 32, 48, 2, 32, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  GetConfusionTransposeMaxMinTmpSize(ge::Shape({2, 3, 20, 10}), 4, 6, mx, mn);
  EXPECT_EQ(mx, 2048u);  // tmp1 and tmp2: two fractals
  EXPECT_EQ(mn, 2048u);
  GetTransposeMaxMinTmpSize(ge::Shape({32, 48}), 2, 7, mx, mn);
  EXPECT_EQ(mx, 0u);
  EXPECT_EQ(mn, 0u);
}

// The page's example of a tiling struct holding ConfusionTransposeTiling as a field.
BEGIN_TILING_DATA_DEF(CtExampleTilingData)
TILING_DATA_FIELD_DEF(uint32_t, tileNum);
TILING_DATA_FIELD_DEF_STRUCT(optiling::ConfusionTransposeTiling, confusionTransposeTilingData);
END_TILING_DATA_DEF;

TEST(ConfusionTransposeTiling, NestsInATilingStruct) {
  CtExampleTilingData data;
  data.set_tileNum(8);
  GetTransposeTilingInfo(ge::Shape({1, 2, 64, 32}), 512, 2, 2, data.confusionTransposeTilingData);
  struct {
    uint32_t tileNum;
    alignas(8) AscendC::tiling::ConfusionTransposeTiling ct;  // a nested struct's alignment
  } image{};
  ASSERT_EQ(sizeof(image), data.GetDataSize());
  data.SaveToBuffer(&image, sizeof(image));
  EXPECT_EQ(image.tileNum, 8u);
  EXPECT_EQ(image.ct.param14, 32u);  // N x 16
}

TEST(ConfusionTransposeTiling, BrokenArgumentsAreNamed) {
  uint32_t mx = 7, mn = 7;
  testing::internal::CaptureStderr();
  GetTransposeMaxMinTmpSize(ge::Shape({1, 2, 64, 32}), 2, 13, mx, mn);  // Ascend 950's
  GetTransposeMaxMinTmpSize(ge::Shape({1, 2, 64}), 2, 1, mx, mn);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(mx, 7u);  // left as they were
  EXPECT_EQ(mn, 7u);
  EXPECT_NE(err.find("transposeTypeIn 13: transposeTypeIn must be 1 to 7"), std::string::npos)
      << err;
  EXPECT_NE(err.find("srcShape [1, 2, 64], typeSize 2, transposeTypeIn 1: scenarios 1 to 6 take "
                     "srcShape [B, N, S, H/N]"),
            std::string::npos)
      << err;
  AscendC::tiling::ConfusionTransposeTiling k;
  testing::internal::CaptureStderr();
  GetTransposeTilingInfo(ge::Shape({1, 2, 64, 32}), 256, 2, 1, k);  // under one fractal
  err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("stackBufferSize 256 holds no 16 x 16 fractal of 2-byte elements (at least "
                     "512"),
            std::string::npos)
      << err;
  EXPECT_EQ(k.param6, 0u);  // the kernel refuses it
  testing::internal::CaptureStderr();
  GetConfusionTransposeOnlyTilingInfo(ge::Shape({24, 32}), 0, 2, k);  // H not whole fractals
  err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("scenario 7's H and W must be multiples of 16"), std::string::npos) << err;
  EXPECT_EQ(k.param1, 24u);  // computed all the same, as CANN's
}

}  // namespace opbase_hl6_test
