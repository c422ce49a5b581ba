// CANN's lib/select/selectwithbytesmask_tiling.h: the host helpers of the high-level Select with
// a byte mask (docs/ASCENDC.md, "Select with a byte mask"), and their deprecated
// GetSelectWithBytesMask* names.
#pragma once

#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

// CANN's figures. The scalar operand's shape is {1} (or has no dims); the tensor's last dim and
// the mask's are the rows. Both: max(1024, 2 * n + 512) bytes, n the tensor's elements padded to
// 32 (the minimum caps n at 4096, the size of one pass), plus the packed mask (its n elements of
// maskTypeSize bytes, padded to 32) when the rows differ, isReuseMask is false and the mask's
// rows are longer than 1. A srcTypeSize not 2 or 4 is a warning (it is not used); a maskTypeSize
// not 1, 2 or 4, or neither source nor the mask two-dimensional, is an error, and the figures are
// computed all the same, as CANN's.
uint32_t GetSelectMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                             const uint32_t srcTypeSize, const ge::Shape& maskShape,
                             const uint32_t maskTypeSize, const bool isReuseMask);
uint32_t GetSelectMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                             const uint32_t srcTypeSize, const ge::Shape& maskShape,
                             const uint32_t maskTypeSize, const bool isReuseMask);
void GetSelectMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                            const uint32_t srcTypeSize, const ge::Shape& maskShape,
                            const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                            uint32_t& minValue);
uint32_t GetSelectWithBytesMaskMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                          const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask);
uint32_t GetSelectWithBytesMaskMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                          const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask);
void GetSelectWithBytesMaskMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                         const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                         const uint32_t maskTypeSize, const bool isReuseMask,
                                         uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
