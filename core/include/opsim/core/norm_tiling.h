// The normalisation APIs' tilings as the kernel reads them (CANN's kernel_tiling.h LayerNormTiling,
// RmsNormTiling, DeepNormTiling, GroupNormTiling, BatchNormTiling): fields in CANN's documented
// order, the same bytes the host's optiling classes (lib/normalization/*_tilingdata.h) write. In
// core for the reason TCubeTiling is.
#pragma once

#include <cstdint>

namespace AscendC::tiling {

struct LayerNormTiling {
  uint32_t bLength = 0;
  uint32_t sLength = 0;
  uint32_t hLength = 0;
  uint32_t originalHLength = 0;
  uint32_t inputXSize = 0;
  uint32_t meanVarSize = 0;
  uint32_t numberOfTmpBuf = 0;
  uint32_t meanTmpTensorPos = 0;
  uint32_t meanTmpTensorSize = 0;
  uint32_t varianceTmpTensorPos = 0;
  uint32_t varianceTmpTensorSize = 0;
  uint32_t tmpBufSize = 0;
  uint32_t oneTmpSize = 0;
  uint32_t firstTmpStartPos = 0;
  uint32_t secondTmpStartPos = 0;
  uint32_t thirdTmpStartPos = 0;
  uint32_t loopRound = 0;
  uint32_t inputRoundSize = 0;
  uint32_t inputTailSize = 0;
  uint32_t inputTailPos = 0;
  uint32_t meanVarRoundSize = 0;
  uint32_t meanVarTailSize = 0;
  uint32_t meanVarTailPos = 0;
  uint32_t bshCurLength = 0;
  uint32_t bsCurLength = 0;
  float lastDimValueBack = 0;
};

// The [A, R] LayerNorm's tiling (it outputs rstd; CANN's LayerNormSeparateTiling).
struct LayerNormSeparateTiling {
  uint32_t aLength = 0;
  uint32_t rLength = 0;
  uint32_t halfAddRepeatTimes = 0;
  uint32_t rHeadLength = 0;
  float k2Rec = 0;
  float k2RRec = 0;
  uint32_t inputXSize = 0;
  uint32_t meanVarSize = 0;
  uint32_t numberOfTmpBuf = 0;
  uint32_t varianceTmpTensorPos = 0;
  uint32_t varianceTmpTensorSize = 0;
  uint32_t tmpBufSize = 0;
  uint32_t oneTmpSize = 0;
  uint32_t firstTmpStartPos = 0;
  uint32_t secondTmpStartPos = 0;
  uint32_t thirdTmpStartPos = 0;
  uint32_t loopRound = 0;
  uint32_t inputRoundSize = 0;
  uint32_t inputTailSize = 0;
  uint32_t inputTailPos = 0;
  uint32_t meanVarRoundSize = 0;
  uint32_t meanVarTailSize = 0;
  uint32_t meanVarTailPos = 0;
  uint32_t arCurLength = 0;
  uint32_t aCurLength = 0;
  float rValueBack = 0;
};

struct RmsNormTiling {
  uint32_t bLength = 0;
  uint32_t sLength = 0;
  uint32_t hLength = 0;
  uint32_t originalHLength = 0;
  float reciprocalOfHLength = 0;
  uint32_t mainBshLength = 0;
  uint32_t mainBsLength = 0;
  uint32_t mainBsLengthAlign = 0;
  uint32_t loopRound = 0;
  uint32_t inputTailPos = 0;
  uint32_t tailBshLength = 0;
  uint32_t tailBsLength = 0;
};

// DeepNorm's tiling: LayerNorm's fields under their own name (CANN declares both).
struct DeepNormTiling {
  uint32_t bLength = 0;
  uint32_t sLength = 0;
  uint32_t hLength = 0;
  uint32_t originalHLength = 0;
  uint32_t inputXSize = 0;
  uint32_t meanVarSize = 0;
  uint32_t numberOfTmpBuf = 0;
  uint32_t meanTmpTensorPos = 0;
  uint32_t meanTmpTensorSize = 0;
  uint32_t varianceTmpTensorPos = 0;
  uint32_t varianceTmpTensorSize = 0;
  uint32_t tmpBufSize = 0;
  uint32_t oneTmpSize = 0;
  uint32_t firstTmpStartPos = 0;
  uint32_t secondTmpStartPos = 0;
  uint32_t thirdTmpStartPos = 0;
  uint32_t loopRound = 0;
  uint32_t inputRoundSize = 0;
  uint32_t inputTailSize = 0;
  uint32_t inputTailPos = 0;
  uint32_t meanVarRoundSize = 0;
  uint32_t meanVarTailSize = 0;
  uint32_t meanVarTailPos = 0;
  uint32_t bshCurLength = 0;
  uint32_t bsCurLength = 0;
  float lastDimValueBack = 0;
};

// GroupNorm over [N, C, H, W] in g groups of d = C / g channels, each channel's H * W padded to
// hwAlignSize elements (whole 32-byte blocks).
struct GroupNormTiling {
  uint32_t n = 0;
  uint32_t c = 0;
  uint32_t hw = 0;
  uint32_t g = 0;
  uint32_t d = 0;
  uint32_t hwAlignSize = 0;
  uint32_t dhwAlignSize = 0;
  uint32_t inputXSize = 0;
  uint32_t meanVarSize = 0;
  uint32_t numberOfTmpBuf = 0;
  uint32_t meanTmpTensorPos = 0;
  uint32_t meanTmpTensorSize = 0;
  uint32_t varianceTmpTensorPos = 0;
  uint32_t varianceTmpTensorSize = 0;
  uint32_t tmpBufSize = 0;
  uint32_t oneTmpSize = 0;
  uint32_t firstTmpStartPos = 0;
  uint32_t secondTmpStartPos = 0;
  uint32_t thirdTmpStartPos = 0;
  uint32_t loopRound = 0;
  uint32_t inputRoundSize = 0;
  uint32_t inputTailSize = 0;
  uint32_t inputTailPos = 0;
  uint32_t meanVarRoundSize = 0;
  uint32_t meanVarTailSize = 0;
  uint32_t meanVarTailPos = 0;
  uint32_t bshCurLength = 0;
  uint32_t bsCurLength = 0;
  float factor = 0;
  bool smallShape = false;
};

// BatchNorm over the first axis of [B, S * H]: pieces of shCurLength columns of all originalBLength
// rows; mean and variance are [S * H].
struct BatchNormTiling {
  uint32_t originalBLength = 0;
  uint32_t meanVarSize = 0;
  uint32_t meanTmpTensorPos = 0;
  uint32_t varianceTmpTensorPos = 0;
  uint32_t tmpBufSize = 0;
  uint32_t oneTmpSize = 0;
  uint32_t firstTmpStartPos = 0;
  uint32_t secondTmpStartPos = 0;
  uint32_t thirdTmpStartPos = 0;
  uint32_t loopRound = 0;
  uint32_t inputTailSize = 0;
  uint32_t inputTailPos = 0;
  uint32_t meanVarTailSize = 0;
  uint32_t meanVarTailPos = 0;
  uint32_t bshCurLength = 0;
  uint32_t shCurLength = 0;
  float firstDimValueBack = 0;
  uint32_t castHalfRepStride = 0;
  uint32_t shCurLengthBlockNum = 0;
  uint32_t castHalfOutRepStride = 0;
};

}  // namespace AscendC::tiling

using AscendC::tiling::BatchNormTiling;
using AscendC::tiling::DeepNormTiling;
using AscendC::tiling::GroupNormTiling;
using AscendC::tiling::LayerNormSeparateTiling;
using AscendC::tiling::LayerNormTiling;
using AscendC::tiling::RmsNormTiling;

namespace opsim::norm {

// The work buffer of CANN's 910B implementations, in floats (one figure for the host helpers and
// the kernel side's check). RmsNorm: per piece of `rows` rows of hLength, the squares (and, for
// half, the float copy) plus the row results rounded up to a block of 8.
inline uint32_t RmsNormWorkFloats(uint32_t rows, uint32_t hLength, uint32_t typeBytes) {
  return rows * hLength * (typeBytes == 4 ? 1 : 2) + (rows + 7) / 8 * 8;
}
// LayerNorm: the half path's float mean and variance (each rounded up to a block of 8) and
// numberOfTmpBuf pieces of oneTmpSize floats.
// DeepNorm and GroupNorm lay their buffers out the same way.
template <typename Tiling>
inline uint32_t LayerNormWorkFloats(const Tiling& t) {
  return t.firstTmpStartPos + t.numberOfTmpBuf * t.oneTmpSize;
}

}  // namespace opsim::norm
