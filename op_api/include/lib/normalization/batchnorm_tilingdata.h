// optiling::BatchNormTiling: the host side of the BatchNorm tiling (CANN's tiling-data class of
// that name), field for field the kernel's AscendC::tiling::BatchNormTiling
// (opsim/core/norm_tiling.h).
#pragma once

#include <cstdint>

#include "register/tilingdata_base.h"

#if defined(OPSIM_KERNEL_TILING)
// A kernel's tiling struct holds the kernel's BatchNormTiling, which the BatchNorm API takes.
#include "opsim/core/norm_tiling.h"
namespace optiling {
using BatchNormTiling = AscendC::tiling::BatchNormTiling;
}  // namespace optiling
#else
namespace optiling {

BEGIN_TILING_DATA_DEF(BatchNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, originalBLength);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, tmpBufSize);
TILING_DATA_FIELD_DEF(uint32_t, oneTmpSize);
TILING_DATA_FIELD_DEF(uint32_t, firstTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, secondTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, thirdTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, shCurLength);
TILING_DATA_FIELD_DEF(float, firstDimValueBack);
TILING_DATA_FIELD_DEF(uint32_t, castHalfRepStride);
TILING_DATA_FIELD_DEF(uint32_t, shCurLengthBlockNum);
TILING_DATA_FIELD_DEF(uint32_t, castHalfOutRepStride);
END_TILING_DATA_DEF;

}  // namespace optiling
#endif
