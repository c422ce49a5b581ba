// The host helpers of LayerNormGrad, LayerNormGradBeta (lib/normalization/layernorm_grad*_tiling.h)
// and SoftmaxFlash/SoftmaxFlashV3 (lib/activation/softmax_tiling.h) through tiling/tiling_api.h:
// CANN's 910B figures (asc-devkit layernorm_grad_tiling_impl.cpp,
// layernorm_grad_beta_tiling_impl.cpp, softmax_tiling.cpp) and the errors on broken arguments. The
// kernels' tests are tests/simulator/runtime_hl_norm_grad_test.cc and runtime_hl_softmax_test.cc.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

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

}  // namespace opbase_hl6_test
