// The host helpers of LayerNormGrad and LayerNormGradBeta
// (lib/normalization/layernorm_grad*_tiling.h) with CANN's 910B figures (asc-devkit's
// layernorm_grad_tiling_impl.cpp and layernorm_grad_beta_tiling_impl.cpp, the branch for NpuArch
// other than 3510). CANN's asserts log and go on with the shape they refused; these print the same
// rule and write nothing.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tiling/tiling_api.h"

namespace AscendC {
namespace {

void LngError(const char* api, const char* helper, const std::string& why) {
  std::fprintf(stderr, "[ERROR] [%s][%s] %s\n", api, helper, why.c_str());
}

struct LngShape {
  uint32_t b = 0, s = 0, h = 0, ori_h = 0;
  bool ok = false;
};

// [B, S, H, original H], every extent above 0, typeSize 2 or 4: CANN's common checks.
LngShape LngShapeOf(const char* api, const char* helper, const ge::Shape& shape,
                    uint32_t typeSize) {
  LngShape r;
  if (typeSize != 2 && typeSize != 4) {
    LngError(api, helper, "Type size " + std::to_string(typeSize) + " is unsupported!");
    return r;
  }
  const std::vector<int64_t> d = shape.GetDims();
  if (d.size() != 4) {
    LngError(api, helper,
             "The dims of srcShape is " + std::to_string(d.size()) +
                 ", should be 4 (e.g. [B, S, storageHLength, originHLength])!");
    return r;
  }
  for (size_t i = 0; i < 4; ++i) {
    if (d[i] <= 0) {
      LngError(api, helper, "srcShape[" + std::to_string(i) + "] must be greater than 0.");
      return r;
    }
  }
  r.b = static_cast<uint32_t>(d[0]);
  r.s = static_cast<uint32_t>(d[1]);
  r.h = static_cast<uint32_t>(d[2]);
  r.ori_h = static_cast<uint32_t>(d[3]);
  r.ok = true;
  return r;
}

uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

uint32_t GradBufNum(uint32_t typeSize, bool isReuseSource) {
  if (typeSize == 2) return LAYERNORM_GRAD_HALF_BUF_NUM;
  return isReuseSource ? LAYERNORM_GRAD_REUSE_FLOAT_BUF_NUM : LAYERNORM_GRAD_FLOAT_BUF_NUM;
}

// CANN's SetTensorInfo/SetTilingData: the float pieces of oneCalSize in the work buffer.
void SetGradPieces(optiling::LayerNormGradTiling& t, uint32_t one, uint32_t typeSize,
                   bool isReuseSource) {
  const uint32_t pd_var = one, pd_mean = 2 * one;
  uint32_t x1 = 0, x2 = 0, x3 = 3 * one;
  if (!(isReuseSource && typeSize == 4)) {
    x1 = 3 * one;
    x2 = 4 * one;
    x3 = 5 * one;
  }
  uint32_t tmp = 0, tmp1 = 0, tmp2 = 0;
  if (typeSize == 2) {
    tmp = x3 + one;
    tmp1 = tmp + one;
    tmp2 = tmp1 + one;
  }
  t.set_tmpTensorBSHPos(0);
  t.set_pdVarTensorPos(pd_var);
  t.set_pdMeanTensorPos(pd_mean);
  t.set_x1TensorPos(x1);
  t.set_x2TensorPos(x2);
  t.set_x3TensorPos(x3);
  t.set_tmpTensorPos(tmp);
  t.set_tmpTensor1Pos(tmp1);
  t.set_tmpTensor2Pos(tmp2);
  t.set_tmpTensorBSHSize(one);
  t.set_pdVarTensorSize(one);
  t.set_pdMeanTensorSize(one);
  t.set_x1TensorSize(one);
  t.set_x2TensorSize(one);
  t.set_x3TensorSize(one);
  t.set_tmpTensorSize(one);
  t.set_tmpTensor1Size(one);
  t.set_tmpTensor2Size(one);
}

}  // namespace

void GetLayerNormGradMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                   const bool isReuseSource, uint32_t& maxValue,
                                   uint32_t& minValue) {
  const LngShape x =
      LngShapeOf("LayerNormGrad", "GetLayerNormGradMaxMinTmpSize", srcShape, typeSize);
  if (!x.ok) return;
  // CANN's figures: the pieces of max/min(B * S * H, H * H) elements of typeSize bytes.
  const uint32_t input = x.b * x.s * x.h, square = x.h * x.h;
  const uint32_t most = input > square ? input : square, least = input < square ? input : square;
  const uint32_t pieces = GradBufNum(typeSize, isReuseSource);
  maxValue = pieces * most * typeSize;
  minValue = pieces * least * typeSize;
}

void GetLayerNormGradNDTilingInfo(const AscendC::TensorShape srcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize,
                                  const bool isReuseSource, optiling::LayerNormGradTiling& tiling) {
  const char* helper = "GetLayerNormGradNDTilingInfo";
  const LngShape x = LngShapeOf("LayerNormGrad", helper, srcShape, typeSize);
  if (!x.ok) return;
  // Whole rows of float pieces that fit, then the rows rounded up to a block of T (CANN's).
  uint32_t one = stackBufferSize / 4 / GradBufNum(typeSize, isReuseSource) / x.h * x.h;
  if (one == 0) {
    LngError("LayerNormGrad", helper,
             "stackBufferSize is not enough. (" + std::to_string(stackBufferSize) +
                 " bytes, below one row of H " + std::to_string(x.h) + " in each float piece)");
    return;
  }
  const uint32_t per_block =
      typeSize == 4 ? LAYERNORM_GRAD_B32_DATA_NUM_PER_BLOCK : LAYERNORM_GRAD_B16_DATA_NUM_PER_BLOCK;
  const uint32_t noh = (one / x.h + per_block - 1) / per_block * per_block;
  one = noh * x.h;
  SetGradPieces(tiling, one, typeSize, isReuseSource);
  const uint32_t input = x.b * x.s * x.h;
  tiling.set_stackBufferSize(stackBufferSize);
  tiling.set_bLength(x.b);
  tiling.set_sLength(x.s);
  tiling.set_hLength(x.h);
  tiling.set_originalHLength(x.ori_h);
  tiling.set_oneCalSize(one);
  tiling.set_nohCalSize(noh);
  tiling.set_loopNum(input / one);
  tiling.set_tailSize(input % one);
  tiling.set_nohTailSize(input % one / x.h);
  tiling.set_lastDimValueBack(FloatBits(1.0f / static_cast<float>(x.ori_h)));
  tiling.set_lastDimValueBackMulTwo(FloatBits(2.0f / static_cast<float>(x.ori_h)));
}

void GetLayerNormGradNDTilingInfo(const AscendC::TensorShape srcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize,
                                  const bool isReuseSource,
                                  AscendC::tiling::LayerNormGradTiling& tiling) {
  optiling::LayerNormGradTiling t;
  GetLayerNormGradNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, t);
  if (t.get_oneCalSize() != 0) t.SaveToBuffer(&tiling, sizeof(tiling));
}

void GetLayerNormGradBetaMaxMinTmpSize(const AscendC::TensorShape& srcShape,
                                       const uint32_t typeSize, const bool isReuseSource,
                                       uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  const LngShape x =
      LngShapeOf("LayerNormGradBeta", "GetLayerNormGradBetaMaxMinTmpSize", srcShape, typeSize);
  if (!x.ok) return;
  // CANN's: four float copies (half) or two (float) of all the data / of one row.
  const uint32_t copies = typeSize == LAYERNORM_GRAD_BETA_B16_BYTE_SIZE
                              ? LAYERNORM_GRAD_BETA_FOUR_BUF_NUM
                              : LAYERNORM_GRAD_BETA_TWO_BUF_NUM;
  maxValue = copies * x.b * x.s * x.h * 4;
  minValue = copies * x.h * 4;
}

void GetLayerNormGradBetaNDTilingInfo(const AscendC::TensorShape srcShape,
                                      const uint32_t stackBufferSize, const uint32_t typeSize,
                                      const bool isReuseSource,
                                      optiling::LayerNormGradBetaTiling& tiling) {
  (void)isReuseSource;
  const char* api = "LayerNormGradBeta";
  const char* helper = "GetLayerNormGradBetaNDTilingInfo";
  const LngShape x = LngShapeOf(api, helper, srcShape, typeSize);
  if (!x.ok) return;
  const uint32_t floats = stackBufferSize / 4, bsh = x.b * x.s * x.h;
  if (floats < 2 * x.h) {
    LngError(api, helper,
             "stackBufferSize is not enough. (" + std::to_string(stackBufferSize) +
                 " bytes, below two rows of H " + std::to_string(x.h) + " floats)");
    return;
  }
  const bool half = typeSize == LAYERNORM_GRAD_BETA_B16_BYTE_SIZE;
  // half: the float gamma and beta sums (a row each), then two float pieces (dy, resForGamma).
  uint32_t one = half ? (floats - 2 * x.h) / LAYERNORM_GRAD_BETA_TWO_BUF_NUM : floats;
  one = one / x.h * x.h;
  if (one == 0) {
    LngError(api, helper, "stackBufferSize is not enough. (no whole row of the pieces)");
    return;
  }
  if (one >= bsh) one = bsh;
  const uint32_t tail = bsh % one;
  tiling.set_stackBufferSize(floats);
  tiling.set_bLength(x.b);
  tiling.set_sLength(x.s);
  tiling.set_hLength(x.h);
  tiling.set_originalHLength(x.ori_h);
  tiling.set_bshLength(bsh);
  tiling.set_bsLength(x.b * x.s);
  tiling.set_oneCalSize(one);
  tiling.set_numberOfTmpBuf(half ? LAYERNORM_GRAD_BETA_TWO_BUF_NUM
                                 : LAYERNORM_GRAD_BETA_ONE_BUF_NUM);
  tiling.set_loopRound(bsh / one);
  tiling.set_inputTailSize(tail);
  tiling.set_inputTailPos(bsh - tail);
  tiling.set_bsTailSize(tail / x.h);
  tiling.set_bshCurLength(one);
  tiling.set_bsCurLength(one / x.h);
  tiling.set_gammaTempTensorPos(0);
  tiling.set_betaTempTensorPos(half ? x.h : 0);
  tiling.set_inputDyTmpTensorPos(half ? 2 * x.h : 0);
  tiling.set_resForGammaTmpTensorPos(half ? 2 * x.h + one : 0);
  tiling.set_reserved(0);
}

void GetLayerNormGradBetaNDTilingInfo(const AscendC::TensorShape srcShape,
                                      const uint32_t stackBufferSize, const uint32_t typeSize,
                                      const bool isReuseSource,
                                      AscendC::tiling::LayerNormGradBetaTiling& tiling) {
  optiling::LayerNormGradBetaTiling t;
  GetLayerNormGradBetaNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, t);
  if (t.get_oneCalSize() != 0) t.SaveToBuffer(&tiling, sizeof(tiling));
}

}  // namespace AscendC
