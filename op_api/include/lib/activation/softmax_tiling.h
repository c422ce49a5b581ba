// CANN's lib/activation/softmax_tiling.h: the host helpers of the SoftMax family
// (docs/ASCENDC.md, "The high-level SoftMax family"): the temporary buffer the kernel-side APIs
// need and the SoftMaxTiling they take, with the figures CANN gives for the 910B (DAV_2201).
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/activation/softmax_tilingdata.h"
#include "opsim/core/softmax_tiling.h"
// SoftmaxGrad's helpers, which CANN declares here.
#include "lib/activation/softmaxgrad_tiling.h"

namespace AscendC {

// SoftMax and SimpleSoftMax. dataTypeSize is the size of the sum/max elements (half = 2).
// srcShape's last dim is srcK (a whole number of 32-byte blocks), the others multiply to srcM.
// Broken arguments print an error naming the helper and the rule and give 0 (the tiling
// functions then write nothing), as CANN's helpers do.
uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                              const bool isReuseSource);
uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                              const bool isReuseSource);
// localWorkSpaceSize: the bytes of the sharedTmpBuffer (or stack) the kernel's call will have;
// splitM is the rows that fit in it. Below GetSoftMaxMinTmpSize it is 0 (and an error is
// printed): the kernel's call then faults.
void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                       const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxTiling);
void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                       const uint32_t localWorkSpaceSize,
                       AscendC::tiling::SoftMaxTiling& softmaxTiling);
// Whether the tiling meets SoftMax's isBasicBlock conditions (srcK a multiple of 64 below 2048
// and at least 256 / dataTypeSize, splitM a multiple of 8).
bool IsBasicBlockInSoftMax(optiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2);
bool IsBasicBlockInSoftMax(AscendC::tiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2);

// SoftmaxFlash (deprecated by CANN for SoftmaxFlashV2): one row / srcM rows of its work buffer,
// and the tiling for localWorkSpaceSize bytes.
uint32_t GetSoftMaxFlashMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                   const bool isUpdate, const bool isReuseSource);
uint32_t GetSoftMaxFlashMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                   const bool isUpdate, const bool isReuseSource);
void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                            const uint32_t localWorkSpaceSize,
                            optiling::SoftMaxTiling& softmaxFlashTiling,
                            const bool isUpdate = false);
void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                            const uint32_t localWorkSpaceSize,
                            AscendC::tiling::SoftMaxTiling& softmaxFlashTiling,
                            const bool isUpdate = false);
// SoftmaxFlashV2: dataTypeSize1 is the data's element size, dataTypeSize2 the sum/max's.
uint32_t GetSoftMaxFlashV2MinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool isUpdate,
                                     const bool isBasicBlock = false,
                                     const bool isFlashOutputBrc = false);
uint32_t GetSoftMaxFlashV2MaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool isUpdate,
                                     const bool isBasicBlock = false,
                                     const bool isFlashOutputBrc = false);
void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              optiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                              const bool isBasicBlock = false, const bool isFlashOutputBrc = false);
void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              AscendC::tiling::SoftMaxTiling& softmaxFlashTiling,
                              const bool isUpdate, const bool isBasicBlock = false,
                              const bool isFlashOutputBrc = false);

// SoftmaxFlashV3: dataTypeSize1 2 (half data), dataTypeSize2 4 (float mean/sum/max); srcK whole
// 32-byte blocks. isBasicBlock is reserved (CANN: keep false).
void GetSoftMaxFlashV3MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                    const uint32_t dataTypeSize2, uint32_t& maxValue,
                                    uint32_t& minValue, const bool isUpdate,
                                    const bool isBasicBlock = false);
void SoftMaxFlashV3TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              optiling::SoftMaxTiling& softmaxFlashV3Tiling, const bool isUpdate,
                              const bool isBasicBlock = false);
void SoftMaxFlashV3TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              AscendC::tiling::SoftMaxTiling& softmaxFlashV3Tiling,
                              const bool isUpdate, const bool isBasicBlock = false);

}  // namespace AscendC
