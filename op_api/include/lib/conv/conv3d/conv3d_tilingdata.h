// optiling::TConv3DApiTiling: the host side of the Conv3D API's tiling (CANN's tiling-data class
// of that name), field for field the kernel's AscendC::tiling::TConv3DApiTiling
// (opsim/core/conv3d_api_tiling.h).
#pragma once

#include <cstdint>

#include "register/tilingdata_base.h"

#if defined(OPSIM_KERNEL_TILING)
#include "opsim/core/conv3d_api_tiling.h"
namespace optiling {
using TConv3DApiTiling = AscendC::tiling::TConv3DApiTiling;
}  // namespace optiling
#else
namespace optiling {

BEGIN_TILING_DATA_DEF(TConv3DApiTiling)
TILING_DATA_FIELD_DEF(uint32_t, groups);
TILING_DATA_FIELD_DEF(uint64_t, singleCoreDo);
TILING_DATA_FIELD_DEF(uint32_t, singleCoreCo);
TILING_DATA_FIELD_DEF(uint64_t, singleCoreM);
TILING_DATA_FIELD_DEF(uint64_t, orgDo);
TILING_DATA_FIELD_DEF(uint32_t, orgCo);
TILING_DATA_FIELD_DEF(uint64_t, orgHo);
TILING_DATA_FIELD_DEF(uint64_t, orgWo);
TILING_DATA_FIELD_DEF(uint32_t, orgCi);
TILING_DATA_FIELD_DEF(uint64_t, orgDi);
TILING_DATA_FIELD_DEF(uint64_t, orgHi);
TILING_DATA_FIELD_DEF(uint64_t, orgWi);
TILING_DATA_FIELD_DEF(uint32_t, kernelD);
TILING_DATA_FIELD_DEF(uint32_t, kernelH);
TILING_DATA_FIELD_DEF(uint32_t, kernelW);
TILING_DATA_FIELD_DEF(uint32_t, strideD);
TILING_DATA_FIELD_DEF(uint32_t, strideH);
TILING_DATA_FIELD_DEF(uint32_t, strideW);
TILING_DATA_FIELD_DEF(uint32_t, dilationD);
TILING_DATA_FIELD_DEF(uint32_t, dilationH);
TILING_DATA_FIELD_DEF(uint32_t, dilationW);
TILING_DATA_FIELD_DEF(uint32_t, padHead);
TILING_DATA_FIELD_DEF(uint32_t, padTail);
TILING_DATA_FIELD_DEF(uint32_t, padUp);
TILING_DATA_FIELD_DEF(uint32_t, padDown);
TILING_DATA_FIELD_DEF(uint32_t, padLeft);
TILING_DATA_FIELD_DEF(uint32_t, padRight);
TILING_DATA_FIELD_DEF(uint32_t, mL0);
TILING_DATA_FIELD_DEF(uint32_t, kL0);
TILING_DATA_FIELD_DEF(uint32_t, nL0);
TILING_DATA_FIELD_DEF(uint32_t, kAL1);
TILING_DATA_FIELD_DEF(uint32_t, kBL1);
TILING_DATA_FIELD_DEF(uint32_t, nBL1);
TILING_DATA_FIELD_DEF(uint32_t, mAL1);
TILING_DATA_FIELD_DEF(uint8_t, al1FullLoad);
TILING_DATA_FIELD_DEF(uint8_t, bl1FullLoad);
TILING_DATA_FIELD_DEF(uint8_t, iterateMNOrder);
TILING_DATA_FIELD_DEF(uint8_t, biasFullLoadFlag);
TILING_DATA_FIELD_DEF_ARR(uint8_t, 4, reserved);
END_TILING_DATA_DEF;

}  // namespace optiling
#endif
