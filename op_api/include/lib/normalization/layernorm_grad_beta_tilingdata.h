// optiling::LayerNormGradBetaTiling: the host side of the LayerNormGradBeta tiling (CANN's
// tiling-data class of that name), field for field the kernel's
// AscendC::tiling::LayerNormGradBetaTiling (opsim/core/layernorm_grad_tiling.h).
#pragma once

#include <cstdint>

#include "register/tilingdata_base.h"

#if defined(OPSIM_KERNEL_TILING)
// A kernel's tiling struct holds the kernel's LayerNormGradBetaTiling, which the API takes.
#include "opsim/core/layernorm_grad_tiling.h"
namespace optiling {
using LayerNormGradBetaTiling = AscendC::tiling::LayerNormGradBetaTiling;
}  // namespace optiling
#else
namespace optiling {

BEGIN_TILING_DATA_DEF(LayerNormGradBetaTiling)
TILING_DATA_FIELD_DEF(uint32_t, stackBufferSize);
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(uint32_t, bshLength);
TILING_DATA_FIELD_DEF(uint32_t, bsLength);
TILING_DATA_FIELD_DEF(uint32_t, oneCalSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bsTailSize);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, bsCurLength);
TILING_DATA_FIELD_DEF(uint32_t, gammaTempTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, betaTempTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, inputDyTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, resForGammaTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;

}  // namespace optiling
#endif
