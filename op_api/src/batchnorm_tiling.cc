// The host helpers of the high-level BatchNorm (lib/normalization/batchnorm_tiling.h), with the
// 910B (DAV_2201) figures: the work buffer is what the kernel side checks (the half path's float
// mean and variance, then three pieces of oneTmpSize floats).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "tiling/tiling_api.h"

namespace AscendC {
namespace {

constexpr uint32_t kFloat = 4;
constexpr uint32_t kBlock = 32;
constexpr uint32_t kBasicColumns = 64;  // the basic block's S * H unit

void Error(const char* helper, const std::string& why) {
  std::fprintf(stderr, "[ERROR] %s: %s\n", helper, why.c_str());
}
uint32_t AlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

struct BatchShape {
  uint32_t b = 0, sh = 0;  // original B; S * H
  bool ok = false;
};

BatchShape BatchShapeOf(const char* helper, const ge::Shape& src, const ge::Shape& origin,
                        uint32_t typeSize, bool isBasicBlock) {
  BatchShape r;
  const std::vector<int64_t> d = src.GetDims(), o = origin.GetDims();
  if (typeSize != 2 && typeSize != 4) {
    Error(helper, "typeSize " + std::to_string(typeSize) + " is not 2 (half) or 4 (float)");
    return r;
  }
  if (d.size() != 3 || o.size() != 3 || src.GetShapeSize() <= 0 || o[0] <= 0 || o[1] != d[1] ||
      o[2] != d[2]) {
    Error(helper,
          "srcShape must be [B, S, H] and originSrcShape [original B, S, H], neither empty");
    return r;
  }
  r.b = static_cast<uint32_t>(o[0]);
  r.sh = static_cast<uint32_t>(d[1] * d[2]);
  if (r.sh * typeSize % kBlock != 0) {
    Error(helper, "S * H " + std::to_string(r.sh) + " is not a whole number of 32-byte blocks");
    return r;
  }
  if (isBasicBlock && (r.sh % kBasicColumns != 0 || r.b % 8 != 0)) {
    Error(helper, "isBasicBlock needs S * H a multiple of 64 and the original B a multiple of 8");
    return r;
  }
  r.ok = true;
  return r;
}

// Three float pieces of whole columns of B rows (a block of columns each: 8 floats, 16 for half,
// 64 with the basic block), and the mean and variance of S * H floats.
uint32_t MinBytes(const BatchShape& x, uint32_t typeSize, bool isBasicBlock) {
  const uint32_t columns = isBasicBlock ? kBasicColumns * kFloat : (typeSize == 2 ? 64 : kBlock);
  return 3 * x.b * columns + 2 * AlignUp(x.sh * kFloat, kBlock);
}

}  // namespace

bool GetBatchNormMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                               const uint32_t typeSize, const bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue, const bool isBasicBlock) {
  (void)isReuseSource;
  const BatchShape x =
      BatchShapeOf("GetBatchNormMaxMinTmpSize", srcShape, originSrcShape, typeSize, isBasicBlock);
  if (!x.ok) return false;
  maxValue = 3 * AlignUp(x.b * x.sh * kFloat, kBlock) + 2 * AlignUp(x.sh * kFloat, kBlock);
  minValue = MinBytes(x, typeSize, isBasicBlock);
  return true;
}

bool GetBatchNormNDTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize,
                              const bool isReuseSource, optiling::BatchNormTiling& tilling,
                              const bool isBasicBlock) {
  (void)isReuseSource;
  const char* helper = "GetBatchNormNDTilingInfo";
  const BatchShape x = BatchShapeOf(helper, srcShape, originSrcShape, typeSize, isBasicBlock);
  if (!x.ok) return false;
  const uint32_t min = MinBytes(x, typeSize, isBasicBlock);
  if (stackBufferByteSize < min) {
    Error(helper, "stackBufferByteSize " + std::to_string(stackBufferByteSize) +
                      " is below the minimum " + std::to_string(min));
    return false;
  }
  const uint32_t size = x.b * x.sh, stat = AlignUp(x.sh, kBlock / kFloat);
  const uint32_t stats = typeSize == kFloat ? 0 : 2 * stat;  // half keeps float mean and variance
  const uint32_t total = stackBufferByteSize / kFloat;
  const uint32_t unit = x.b * (typeSize == kFloat ? 8 : 16);  // a block of columns of every row
  uint32_t one = std::min((total - stats) / 3 / unit * unit, size);
  uint32_t columns = one / x.b;
  if (isBasicBlock && columns % kBasicColumns != 0) {
    columns = columns / kBasicColumns * kBasicColumns;
    one = columns * x.b;
  }
  if (one == 0) {
    Error(helper, "stackBufferByteSize " + std::to_string(stackBufferByteSize) +
                      " does not hold one piece of columns");
    return false;
  }
  const uint32_t tail = size % one;
  tilling.set_originalBLength(x.b);
  tilling.set_meanVarSize(x.sh);
  tilling.set_meanTmpTensorPos(0);
  tilling.set_varianceTmpTensorPos(stat);
  tilling.set_tmpBufSize(total);
  tilling.set_oneTmpSize(one);
  tilling.set_firstTmpStartPos(stats);
  tilling.set_secondTmpStartPos(stats + one);
  tilling.set_thirdTmpStartPos(stats + 2 * one);
  tilling.set_loopRound(size / one);
  tilling.set_inputTailSize(tail);
  tilling.set_inputTailPos((size - tail) / x.b);
  tilling.set_meanVarTailSize(tail / x.b);
  tilling.set_meanVarTailPos(x.sh - tail / x.b);
  tilling.set_bshCurLength(one);
  tilling.set_shCurLength(columns);
  tilling.set_firstDimValueBack(1.0f / static_cast<float>(x.b));
  tilling.set_castHalfRepStride(8 / 2);
  tilling.set_shCurLengthBlockNum(columns / 8);
  tilling.set_castHalfOutRepStride(x.sh / 16);
  return true;
}

bool GetBatchNormNDTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize,
                              const bool isReuseSource, AscendC::tiling::BatchNormTiling& tilling,
                              const bool isBasicBlock) {
  optiling::BatchNormTiling t;
  const bool ok = GetBatchNormNDTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize,
                                           isReuseSource, t, isBasicBlock);
  if (ok) t.SaveToBuffer(&tilling, sizeof(tilling));
  return ok;
}

}  // namespace AscendC
