// The host helpers of the high-level LayerNorm and RmsNorm (lib/normalization/*_tiling.h), with
// the 910B (DAV_2201) figures; the work buffers are opsim::norm's (shared with the kernel side).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "norm_tmp_layout.h"
#include "tiling/tiling_api.h"

namespace AscendC {
namespace {

constexpr uint32_t kLnFloat = 4;
constexpr uint32_t kLnBlock = 32;
constexpr uint32_t kLnMaxRepeat = 255;

void LnError(const char* helper, const std::string& why) {
  std::fprintf(stderr, "[ERROR] %s: %s\n", helper, why.c_str());
}
uint32_t LnAlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

struct LnBsh {
  uint32_t b = 0, s = 0, h = 0, ori_h = 0;
  bool ok = false;
};

// [B, S, H] (or, for LayerNorm, [B, S, H, original H]) with H whole 32-byte blocks.
LnBsh BshOf(const char* helper, const ge::Shape& shape, size_t dims, uint32_t typeSize) {
  LnBsh r;
  const std::vector<int64_t> d = shape.GetDims();
  if (typeSize != 2 && typeSize != 4) {
    LnError(helper, "typeSize " + std::to_string(typeSize) + " is not 2 (half) or 4 (float)");
    return r;
  }
  if (d.size() != dims || shape.GetShapeSize() <= 0) {
    LnError(helper, "srcShape has " + std::to_string(d.size()) + " dims and " +
                        std::to_string(shape.GetShapeSize()) + " elements; it must be " +
                        (dims == 3 ? "[B, S, H]" : "[B, S, H, original H]") + " and not empty");
    return r;
  }
  r.b = static_cast<uint32_t>(d[0]);
  r.s = static_cast<uint32_t>(d[1]);
  r.h = static_cast<uint32_t>(d[2]);
  r.ori_h = dims == 4 ? static_cast<uint32_t>(d[3]) : r.h;
  if (r.h * typeSize % kLnBlock != 0) {
    LnError(helper, "H " + std::to_string(r.h) + " is not a whole number of 32-byte blocks");
    return r;
  }
  if (r.ori_h == 0 || r.ori_h > r.h) {
    LnError(helper, "the original H " + std::to_string(r.ori_h) + " must be in [1, H]");
    return r;
  }
  r.ok = true;
  return r;
}

bool RmsBasicBlockOk(const char* helper, const LnBsh& x, bool isBasicBlock) {
  if (!isBasicBlock || (x.h % 64 == 0 && x.h < 2048 && x.b * x.s % 8 == 0)) return true;
  LnError(helper, "isBasicBlock needs H a multiple of 64 below 2048 and B * S a multiple of 8");
  return false;
}

// LayerNorm's work buffers: three float pieces of the rows (two when float reuses the source),
// and for half the float mean and variance.
uint32_t LayerNormPieces(uint32_t typeSize, bool reuse) { return reuse && typeSize == 4 ? 2 : 3; }

// The [A, R] LayerNorm's shape: A and R padded to whole 32-byte blocks of typeSize.
struct LnAr {
  uint32_t a = 0, r = 0, r_pad = 0;
  bool ok = false;
};
LnAr ArOf(const char* helper, const ge::Shape& shape, uint32_t typeSize) {
  LnAr x;
  const std::vector<int64_t> d = shape.GetDims();
  if (typeSize != 2 && typeSize != 4) {
    LnError(helper, "typeSize " + std::to_string(typeSize) + " is not 2 (half) or 4 (float)");
  } else if (d.size() != 2 || shape.GetShapeSize() <= 0) {
    LnError(helper, "srcShape has " + std::to_string(d.size()) +
                        " dims; the LayerNorm that outputs rstd takes [A, R], not empty");
  } else {
    x = {static_cast<uint32_t>(d[0]), static_cast<uint32_t>(d[1]), 0, true};
    x.r_pad = LnAlignUp(x.r, kLnBlock / typeSize);
  }
  return x;
}

}  // namespace

void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                               const bool isReuseSource, const bool isComputeRstd,
                               const bool isOnlyOutput, uint32_t& maxValue, uint32_t& minValue) {
  const char* helper = "GetLayerNormMaxMinTmpSize";
  if (isOnlyOutput) {
    LnError(helper, "isOnlyOutput must be false (CANN supports no other yet)");
    return;
  }
  const LnAr x = ArOf(helper, srcShape, typeSize);
  if (!x.ok) return;
  uint32_t norm_max = 0, norm_min = 0;  // Normalize runs on what follows the variance
  GetNormalizeMaxMinTmpSize(srcShape, typeSize, typeSize, isReuseSource, isComputeRstd,
                            isOnlyOutput, norm_max, norm_min);
  if (norm_min == 0) return;
  const uint32_t stats = LnAlignUp(x.a * kLnFloat, kLnBlock);
  maxValue = stats + std::max(2 * LnAlignUp(x.a * x.r_pad * kLnFloat, kLnBlock), norm_max);
  minValue = stats + std::max(2 * LnAlignUp(x.r_pad * kLnFloat, kLnBlock), norm_min);
}

void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const bool isComputeRstd, optiling::LayerNormSeparateTiling& tiling) {
  (void)isReuseSource;
  (void)isComputeRstd;
  const char* helper = "GetLayerNormNDTilingInfo";
  const LnAr x = ArOf(helper, srcShape, typeSize);
  if (!x.ok) return;
  const uint32_t size = x.a * x.r_pad, var = LnAlignUp(x.a, kLnBlock / kLnFloat);
  const uint32_t total = stackBufferSize / kLnFloat;
  // Two float pieces of whole rows after the variance.
  const uint32_t one = total > var ? std::min((total - var) / 2 / x.r_pad * x.r_pad, size) : 0;
  if (one == 0) {
    LnError(helper, "stackBufferSize " + std::to_string(stackBufferSize) +
                        " does not hold the variance and two rows; the tiling is not written");
    return;
  }
  const uint32_t tail = size % one;
  tiling.set_aLength(x.a);
  tiling.set_rLength(x.r);
  tiling.set_inputXSize(size);
  tiling.set_meanVarSize(x.a);
  tiling.set_numberOfTmpBuf(2);
  tiling.set_varianceTmpTensorPos(0);
  tiling.set_varianceTmpTensorSize(var);
  tiling.set_tmpBufSize(total);
  tiling.set_oneTmpSize(one);
  tiling.set_firstTmpStartPos(var);
  tiling.set_secondTmpStartPos(var + one);
  tiling.set_loopRound(size / one);
  tiling.set_inputRoundSize(one);
  tiling.set_inputTailSize(tail);
  tiling.set_inputTailPos(size - tail);
  tiling.set_meanVarRoundSize(one / x.r_pad);
  tiling.set_meanVarTailSize(tail / x.r_pad);
  tiling.set_meanVarTailPos(x.a - tail / x.r_pad);
  tiling.set_arCurLength(one);
  tiling.set_aCurLength(one / x.r_pad);
  tiling.set_rValueBack(1.0f / static_cast<float>(x.r));
}

void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const bool isComputeRstd,
                              AscendC::tiling::LayerNormSeparateTiling& tiling) {
  optiling::LayerNormSeparateTiling t;
  GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, isComputeRstd, t);
  if (t.get_oneTmpSize() != 0) t.SaveToBuffer(&tiling, sizeof(tiling));
}

bool GetRmsNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                             uint32_t& minValue, const bool isBasicBlock) {
  const char* helper = "GetRmsNormMaxMinTmpSize";
  const LnBsh x = BshOf(helper, srcShape, 3, typeSize);
  if (!x.ok || !RmsBasicBlockOk(helper, x, isBasicBlock)) return false;
  const uint32_t rows = x.b * x.s, coeff = typeSize == 4 ? 1 : 2;
  maxValue = (rows * x.h * coeff + LnAlignUp(rows, kLnBlock / typeSize)) * kLnFloat;
  minValue = opsim::norm::RmsNormWorkFloats(1, x.h, typeSize) * kLnFloat;
  return true;
}

bool GetRmsNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize,
                          optiling::RmsNormTiling& tiling, const bool isBasicBlock) {
  const char* helper = "GetRmsNormTilingInfo";
  const LnBsh x = BshOf(helper, srcShape, 3, typeSize);
  if (!x.ok || !RmsBasicBlockOk(helper, x, isBasicBlock)) return false;
  const std::vector<int64_t> o = originSrcShape.GetDims();
  if (o.size() != 3 || o[0] != x.b || o[1] != x.s || o[2] <= 0 || o[2] > x.h) {
    LnError(helper,
            "originSrcShape must be [B, S, original H] with srcShape's B and S and "
            "0 < original H <= H");
    return false;
  }
  const uint32_t min = opsim::norm::RmsNormWorkFloats(1, x.h, typeSize) * kLnFloat;
  if (stackBufferByteSize < min) {
    LnError(helper, "stackBufferByteSize " + std::to_string(stackBufferByteSize) +
                        " is below the minimum " + std::to_string(min));
    return false;
  }
  const uint32_t rows = x.b * x.s, total = stackBufferByteSize / kLnFloat;
  uint32_t bs = 1;  // the most rows whose work fits
  while (bs < rows && opsim::norm::RmsNormWorkFloats(bs + 1, x.h, typeSize) <= total) ++bs;
  if (isBasicBlock) {
    bs = bs < 8 ? bs : bs / 8 * 8;
  } else {
    bs = std::min(bs, kLnMaxRepeat);
  }
  const uint32_t size = rows * x.h, piece = bs * x.h, tail = size % piece;
  tiling.set_bLength(x.b);
  tiling.set_sLength(x.s);
  tiling.set_hLength(x.h);
  tiling.set_originalHLength(static_cast<uint32_t>(o[2]));
  tiling.set_reciprocalOfHLength(1.0f / static_cast<float>(o[2]));
  tiling.set_mainBshLength(piece);
  tiling.set_mainBsLength(bs);
  tiling.set_mainBsLengthAlign(LnAlignUp(bs, 8));
  tiling.set_loopRound(size / piece);
  tiling.set_inputTailPos(size - tail);
  tiling.set_tailBshLength(tail);
  tiling.set_tailBsLength(tail / x.h);
  return true;
}

bool GetRmsNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize,
                          AscendC::tiling::RmsNormTiling& tiling, const bool isBasicBlock) {
  optiling::RmsNormTiling t;
  const bool ok = GetRmsNormTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize, t,
                                       isBasicBlock);
  if (ok) t.SaveToBuffer(&tiling, sizeof(tiling));
  return ok;
}

void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                               const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  const LnBsh x = BshOf("GetLayerNormMaxMinTmpSize", srcShape, 4, typeSize);
  if (!x.ok) return;
  const uint32_t pieces = LayerNormPieces(typeSize, isReuseSource);
  const uint32_t stats = 2 * LnAlignUp(x.b * x.s * kLnFloat, kLnBlock);
  maxValue = pieces * LnAlignUp(x.b * x.s * x.h * kLnFloat, kLnBlock) + stats;
  minValue = pieces * LnAlignUp(x.h * kLnFloat, kLnBlock) + stats;
}

void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              optiling::LayerNormTiling& tiling) {
  const char* helper = "GetLayerNormNDTilingInfo";
  const LnBsh x = BshOf(helper, srcShape, 4, typeSize);
  if (!x.ok) return;
  const uint32_t rows = x.b * x.s, size = rows * x.h;
  const uint32_t pieces = LayerNormPieces(typeSize, isReuseSource);
  const uint32_t stat = LnAlignUp(rows, kLnBlock / kLnFloat);
  const uint32_t stats = typeSize == 4 ? 0 : 2 * stat;  // half keeps float mean and variance
  const uint32_t total = stackBufferSize / kLnFloat;
  const uint32_t one = total > stats ? std::min((total - stats) / pieces / x.h * x.h, size) : 0;
  if (one == 0) {
    LnError(helper, "stackBufferSize " + std::to_string(stackBufferSize) +
                        " does not hold one row's work; the tiling is not written");
    return;
  }
  tiling.set_bLength(x.b);
  tiling.set_sLength(x.s);
  tiling.set_hLength(x.h);
  tiling.set_originalHLength(x.ori_h);
  norm_tiling::SetTmpLayout(tiling, {size, rows, x.h, pieces, stat, stats, total, one});
  tiling.set_bsCurLength(one / x.h);
  tiling.set_lastDimValueBack(1.0f / static_cast<float>(x.ori_h));
}

void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              AscendC::tiling::LayerNormTiling& tiling) {
  optiling::LayerNormTiling t;
  GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, t);
  if (t.get_oneTmpSize() != 0) t.SaveToBuffer(&tiling, sizeof(tiling));
}

void GetLayerNormNDTillingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                               const uint32_t typeSize, const bool isReuseSource,
                               optiling::LayerNormTiling& tilling) {
  GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, tilling);
}

}  // namespace AscendC
