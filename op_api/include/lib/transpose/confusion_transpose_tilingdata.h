// optiling::ConfusionTransposeTiling: the host side of the high-level Transpose's tiling (CANN's
// tiling-data class of that name, adv_api/transpose/confusion_transpose_tilingdata.h), field for
// field the kernel's AscendC::tiling::ConfusionTransposeTiling
// (opsim/core/confusion_transpose_tiling.h).
#pragma once

#include <cstdint>

#include "register/tilingdata_base.h"

#if defined(OPSIM_KERNEL_TILING)
// A kernel's tiling struct holds the kernel's ConfusionTransposeTiling, which Transpose takes.
#include "opsim/core/confusion_transpose_tiling.h"
namespace optiling {
using ConfusionTransposeTiling = AscendC::tiling::ConfusionTransposeTiling;
}  // namespace optiling
#else
namespace optiling {

BEGIN_TILING_DATA_DEF(ConfusionTransposeTiling)
TILING_DATA_FIELD_DEF(uint32_t, param0);
TILING_DATA_FIELD_DEF(uint32_t, param1);
TILING_DATA_FIELD_DEF(uint32_t, param2);
TILING_DATA_FIELD_DEF(uint32_t, param3);
TILING_DATA_FIELD_DEF(uint32_t, param4);
TILING_DATA_FIELD_DEF(uint32_t, param5);
TILING_DATA_FIELD_DEF(uint32_t, param6);
TILING_DATA_FIELD_DEF(uint32_t, param7);
TILING_DATA_FIELD_DEF(uint32_t, param8);
TILING_DATA_FIELD_DEF(uint32_t, param9);
TILING_DATA_FIELD_DEF(uint32_t, param10);
TILING_DATA_FIELD_DEF(uint32_t, param11);
TILING_DATA_FIELD_DEF(uint32_t, param12);
TILING_DATA_FIELD_DEF(uint32_t, param13);
TILING_DATA_FIELD_DEF(uint32_t, param14);
TILING_DATA_FIELD_DEF(uint32_t, param15);
TILING_DATA_FIELD_DEF(uint32_t, param16);
TILING_DATA_FIELD_DEF(uint32_t, param17);
END_TILING_DATA_DEF;

}  // namespace optiling
#endif
