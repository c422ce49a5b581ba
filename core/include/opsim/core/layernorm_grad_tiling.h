// The LayerNormGrad and LayerNormGradBeta tilings as the kernel reads them (CANN's kernel_tiling.h
// LayerNormGradTiling, LayerNormGradBetaTiling): every field a uint32_t in CANN's documented order,
// the same bytes the host's optiling classes (lib/normalization/layernorm_grad*_tilingdata.h)
// write. lastDimValueBack and lastDimValueBackMulTwo hold the bits of the floats 1/H and 2/H.
#pragma once

#include <cstdint>

namespace AscendC::tiling {

struct LayerNormGradTiling {
  uint32_t stackBufferSize = 0;
  uint32_t bLength = 0;
  uint32_t sLength = 0;
  uint32_t hLength = 0;
  uint32_t originalHLength = 0;
  uint32_t oneCalSize = 0;
  uint32_t nohCalSize = 0;
  uint32_t loopNum = 0;
  uint32_t tailSize = 0;
  uint32_t nohTailSize = 0;
  uint32_t tmpTensorBSHPos = 0;
  uint32_t tmpTensorBSHSize = 0;
  uint32_t pdVarTensorPos = 0;
  uint32_t pdVarTensorSize = 0;
  uint32_t pdMeanTensorPos = 0;
  uint32_t pdMeanTensorSize = 0;
  uint32_t x1TensorPos = 0;
  uint32_t x1TensorSize = 0;
  uint32_t x2TensorPos = 0;
  uint32_t x2TensorSize = 0;
  uint32_t x3TensorPos = 0;
  uint32_t x3TensorSize = 0;
  uint32_t tmpTensorPos = 0;
  uint32_t tmpTensorSize = 0;
  uint32_t tmpTensor1Pos = 0;
  uint32_t tmpTensor1Size = 0;
  uint32_t tmpTensor2Pos = 0;
  uint32_t tmpTensor2Size = 0;
  uint32_t lastDimValueBack = 0;
  uint32_t lastDimValueBackMulTwo = 0;
};

struct LayerNormGradBetaTiling {
  uint32_t stackBufferSize = 0;
  uint32_t bLength = 0;
  uint32_t sLength = 0;
  uint32_t hLength = 0;
  uint32_t originalHLength = 0;
  uint32_t bshLength = 0;
  uint32_t bsLength = 0;
  uint32_t oneCalSize = 0;
  uint32_t numberOfTmpBuf = 0;
  uint32_t loopRound = 0;
  uint32_t inputTailSize = 0;
  uint32_t inputTailPos = 0;
  uint32_t bsTailSize = 0;
  uint32_t bshCurLength = 0;
  uint32_t bsCurLength = 0;
  uint32_t gammaTempTensorPos = 0;
  uint32_t betaTempTensorPos = 0;
  uint32_t inputDyTmpTensorPos = 0;
  uint32_t resForGammaTmpTensorPos = 0;
  uint32_t reserved = 0;
};

}  // namespace AscendC::tiling

using AscendC::tiling::LayerNormGradBetaTiling;
using AscendC::tiling::LayerNormGradTiling;
