// SoftmaxGrad's host helpers, which CANN declares in lib/activation/softmax_tiling.h (that header
// includes this one): the work buffer of SoftmaxGrad (isFront false) and SoftmaxGradFront
// (isFront true) and the SoftMaxTiling they take, with CANN's 910B (DAV_2201) figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/activation/softmax_tilingdata.h"
#include "opsim/core/softmax_ext_tiling.h"
#include "opsim/core/softmax_tiling.h"

namespace AscendC {

// Broken arguments print an error naming the helper and the rule and give 0 (the tiling
// functions then write nothing).
uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const bool isFront, const bool isReuseSource);
uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const bool isFront, const bool isReuseSource);
void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                           const uint32_t localWorkSpaceSize,
                           optiling::SoftMaxTiling& softmaxGradTiling, const bool isFront = false);
void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                           const uint32_t localWorkSpaceSize,
                           AscendC::tiling::SoftMaxTiling& softmaxGradTiling,
                           const bool isFront = false);

}  // namespace AscendC
