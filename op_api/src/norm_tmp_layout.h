// The temporary-buffer plan LayerNorm, DeepNorm and GroupNorm share, under CANN's field names
// (norm_tiling.cc, norm_family_tiling.cc): `size` input elements in rounds of `one`, reduced per
// `unit` elements (a row, or a group), the mean and variance of each unit kept as `stat` floats.
#pragma once

#include <cstdint>

namespace AscendC::norm_tiling {

struct TmpLayout {
  uint32_t size;    // input elements
  uint32_t units;   // rows (or groups): one mean and one variance each
  uint32_t unit;    // elements per row (or group), padded
  uint32_t pieces;  // temporary pieces of `one` elements
  uint32_t stat;    // floats per statistic, aligned
  uint32_t stats;   // where the pieces start (after the statistics a half input keeps)
  uint32_t total;   // floats of the whole buffer
  uint32_t one;     // elements per round
};

// Writes the plan's fields into an optiling LayerNormTiling, DeepNormTiling or GroupNormTiling.
template <typename Tiling>
void SetTmpLayout(Tiling& tiling, const TmpLayout& l) {
  const uint32_t tail = l.size % l.one;
  tiling.set_inputXSize(l.size);
  tiling.set_meanVarSize(l.units);
  tiling.set_numberOfTmpBuf(l.pieces);
  tiling.set_meanTmpTensorPos(0);
  tiling.set_meanTmpTensorSize(l.stat);
  tiling.set_varianceTmpTensorPos(l.stat);
  tiling.set_varianceTmpTensorSize(l.stat);
  tiling.set_tmpBufSize(l.total);
  tiling.set_oneTmpSize(l.one);
  tiling.set_firstTmpStartPos(l.stats);
  tiling.set_secondTmpStartPos(l.stats + l.one);
  tiling.set_thirdTmpStartPos(l.stats + 2 * l.one);
  tiling.set_loopRound(l.size / l.one);
  tiling.set_inputRoundSize(l.one);
  tiling.set_inputTailSize(tail);
  tiling.set_inputTailPos(l.size - tail);
  tiling.set_meanVarRoundSize(l.one / l.unit);
  tiling.set_meanVarTailSize(tail / l.unit);
  tiling.set_meanVarTailPos(l.units - tail / l.unit);
  tiling.set_bshCurLength(l.one);
}

}  // namespace AscendC::norm_tiling
