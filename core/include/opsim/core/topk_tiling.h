// TopK's tiling as the kernel reads it (CANN's kernel_tiling.h TopkTiling, the fields in CANN's
// documented order, the same bytes optiling::TopkTiling of lib/sort/topk_tilingdata.h writes on
// the host), and the mode and config types host and kernel share (CANN's
// topk_utils_constants.h). In core for the reason TCubeTiling is: the host helpers (op_api) and
// kernels (kernel_tiling/kernel_tiling.h) both need them.
#pragma once

#include <cstdint>

namespace AscendC {

enum class TopKMode {
  TOPK_NORMAL,
  TOPK_NSMALL,
};
enum class TopKAlgo { RADIX_SELECT, MERGE_SORT };
enum class TopKOrder { UNSET, LARGEST, SMALLEST };
struct TopKConfig {
  TopKAlgo algo = TopKAlgo::MERGE_SORT;
  TopKOrder order = TopKOrder::UNSET;
  bool sorted = true;
};

}  // namespace AscendC

namespace AscendC::tiling {

struct TopkTiling {
  int32_t tmpLocalSize = 0;
  int32_t allDataSize = 0;
  int32_t innerDataSize = 0;
  uint32_t sortRepeat = 0;
  int32_t mrgSortRepeat = 0;
  int32_t kAlignFourBytes = 0;
  int32_t kAlignTwoBytes = 0;
  int32_t maskOffset = 0;
  int32_t maskVreducev2FourBytes = 0;
  int32_t maskVreducev2TwoBytes = 0;
  int32_t mrgSortSrc1offset = 0;
  int32_t mrgSortSrc2offset = 0;
  int32_t mrgSortSrc3offset = 0;
  int32_t mrgSortTwoQueueSrc1Offset = 0;
  int32_t mrgFourQueueTailPara1 = 0;
  int32_t mrgFourQueueTailPara2 = 0;
  int32_t srcIndexOffset = 0;
  uint32_t copyUbToUbBlockCount = 0;
  int32_t topkMrgSrc1MaskSizeOffset = 0;
  int32_t topkNSmallSrcIndexOffset = 0;
  uint32_t vreduceValMask0 = 0;
  uint32_t vreduceValMask1 = 0;
  uint32_t vreduceIdxMask0 = 0;
  uint32_t vreduceIdxMask1 = 0;
  uint16_t vreducehalfValMask0 = 0;
  uint16_t vreducehalfValMask1 = 0;
  uint16_t vreducehalfValMask2 = 0;
  uint16_t vreducehalfValMask3 = 0;
  uint16_t vreducehalfValMask4 = 0;
  uint16_t vreducehalfValMask5 = 0;
  uint16_t vreducehalfValMask6 = 0;
  uint16_t vreducehalfValMask7 = 0;
};

}  // namespace AscendC::tiling

using AscendC::tiling::TopkTiling;

namespace opsim::topk {

// The smallest sharedTmpBuffer, in bytes, the 910B's TopK (Sort32 + MrgSort) uses for an
// [outter, inner] source: GetTopKMaxMinTmpSize's figure, which both host helper and the kernel's
// too-small check use. Normal mode: 16 bytes per inner element (two proposal lists), plus the
// generated indices' 4 when the caller gives none. Small mode: 8 per element (one proposal list)
// and GatherMask's 64-byte pattern, plus 4 per element for the negated source (smallest first)
// and 4 for the generated indices.
inline uint32_t MinTmpBytes910B(int32_t inner, int32_t outter, bool init_index,
                                AscendC::TopKMode mode, bool largest) {
  const uint32_t in = static_cast<uint32_t>(inner), out = static_cast<uint32_t>(outter);
  if (mode == AscendC::TopKMode::TOPK_NORMAL) return (init_index ? 16u : 20u) * in;
  uint32_t bytes = in * out * 8 + 64;
  if (!largest) bytes += in * out * 4;
  if (!init_index) bytes += in * out * 4;
  return bytes;
}

}  // namespace opsim::topk
