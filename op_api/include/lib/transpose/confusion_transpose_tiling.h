// CANN's confusion_transpose_tiling.h (adv_api/transpose): the host helpers of the high-level
// Transpose with a ConfusionTransposeTiling (docs/ASCENDC.md, "The high-level Transpose
// (ConfusionTranspose)"), with CANN's figures and fields (opsim/core/confusion_transpose_tiling.h,
// the kernel's check too). srcShape is [B, N, S, H/N] for transposeTypeIn 1 to 6 and [H, W] for 7;
// typeSize 2 or 4. A broken argument prints an error naming the rule; the outputs are left as they
// were when CANN's could not compute either (an unknown scenario, too few dims, typeSize 0 or above
// 32), computed all the same otherwise (CANN's checks nothing). A stackBufferSize under one 16 x 16
// fractal for 1 and 2 prints an error and gives a tiling the kernel refuses (CANN's divides by
// zero). GetTranspose* are CANN's current names, GetConfusionTranspose* its deprecated ones.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/transpose/confusion_transpose_tilingdata.h"
#include "opsim/core/confusion_transpose_tiling.h"

namespace AscendC {

// CANN's adv_api/utils/types.h spelling of a shape.
using TensorShape = ge::Shape;

void GetTransposeMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                               const uint32_t transposeTypeIn, uint32_t& maxValue,
                               uint32_t& minValue);
void GetConfusionTransposeMaxMinTmpSize(const AscendC::TensorShape& srcShape,
                                        const uint32_t typeSize, const uint32_t transposeTypeIn,
                                        uint32_t& maxValue, uint32_t& minValue);
void GetTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                            const uint32_t typeSize, const uint32_t transposeTypeIn,
                            optiling::ConfusionTransposeTiling& tiling);
void GetTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                            const uint32_t typeSize, const uint32_t transposeTypeIn,
                            AscendC::tiling::ConfusionTransposeTiling& tiling);
void GetConfusionTransposeTilingInfo(const AscendC::TensorShape& srcShape,
                                     const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const uint32_t transposeTypeIn,
                                     optiling::ConfusionTransposeTiling& tiling);
void GetConfusionTransposeTilingInfo(const AscendC::TensorShape& srcShape,
                                     const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const uint32_t transposeTypeIn,
                                     AscendC::tiling::ConfusionTransposeTiling& tiling);
// Scenario 7 ([H, W] -> [W, H]) only.
void GetConfusionTransposeOnlyTilingInfo(const AscendC::TensorShape& srcShape,
                                         const uint32_t stackBufferSize, const uint32_t typeSize,
                                         optiling::ConfusionTransposeTiling& tiling);
void GetConfusionTransposeOnlyTilingInfo(const AscendC::TensorShape& srcShape,
                                         const uint32_t stackBufferSize, const uint32_t typeSize,
                                         AscendC::tiling::ConfusionTransposeTiling& tiling);

}  // namespace AscendC
