// CANN's lib/quantization/ascend_antiquant_tiling.h: the host helpers of the high-level
// AscendAntiQuant (docs/ASCENDC.md, "AscendAntiQuant").
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "graph/types.h"

namespace AscendC {
// The 910B's figures: half out needs no buffer; bfloat16_t out with a scalar scale 1024 bytes at
// least (all of src as float at most), with a scale tensor of s elements (s + s) * 4 + 64 * K * 4
// bytes (src [K, N]) or 80 * s * 4 (isTranspose, src [N, K]). Inputs int8 or int4, outputs half
// or bfloat16; a broken argument prints an error naming the rule.
void GetAscendAntiQuantMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                     bool isTranspose, ge::DataType inputDataType,
                                     ge::DataType outputDataType, uint32_t& maxValue,
                                     uint32_t& minValue);
uint32_t GetAscendAntiQuantMaxTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                      bool isTranspose, ge::DataType inputDataType,
                                      ge::DataType outputDataType);
uint32_t GetAscendAntiQuantMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                      bool isTranspose, ge::DataType inputDataType,
                                      ge::DataType outputDataType);
// CANN's factors: maxLiveNodeCount 1 for a scalar scale (bfloat16_t out), else extraBuf bytes.
void GetAscendAntiQuantTmpBufferFactorSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                           bool isTranspose, ge::DataType inputDataType,
                                           ge::DataType outputDataType, uint32_t& maxLiveNodeCount,
                                           uint32_t& extraBuf);
}  // namespace AscendC
